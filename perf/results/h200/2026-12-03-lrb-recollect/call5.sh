#!/usr/bin/env bash
# Call 5 (H200, device tool; issue 21, 2026-12-03 third session): where lrb's build time goes (0.73-1.15 ms on the
# real corpus, p10-p90, against 51-76 us for vector_split's plan). Nsight Systems' CUDA API summary of one plan and
# check (`aspmv run`) of lrb, and of vector_split and merge_path beside it, on two graphs of .device/mg: the
# difference in cudaMalloc/cudaFree/synchronisation calls and their time is what lrb's build adds. Carries
# .device/lc/bin.tar.xz (as call 1) and .device/mg.
#   bash perf/results/h200/2026-12-03-lrb-recollect/call5.sh
source perf/device/call_prelude.sh .device/lc
NSYS=$(command -v nsys || ls /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems*/bin/nsys 2>/dev/null | head -1)
note "nsys: ${NSYS:-none}"
for m in anybeat web-sk-2005; do
  for k in lrb vector_split merge_path; do
    if [ -n "$NSYS" ]; then
      timeout 120 "$NSYS" profile -t cuda --stats=false -o "$R/$m-$k" $B run --kernel $k ".device/mg/$m.mtx.xz" \
        > "$R/$m-$k.run.txt" 2>&1
      timeout 120 "$NSYS" stats -r cuda_api_sum -f csv -o "$R/$m-$k" "$R/$m-$k.nsys-rep" > /dev/null 2>&1
      rm -f "$R/$m-$k.nsys-rep" "$R/$m-$k.sqlite"
    fi
    note "$m $k"
  done
done
# The build time as the plan reports it, 20 plans in one process (the first pays one-time costs).
for i in 1 2 3; do timeout 60 $B bench --rounds 1 --methods lrb,vector_split,merge_path --csv "$R/setup.csv" \
  .device/mg/anybeat.mtx.xz .device/mg/web-sk-2005.mtx.xz > /dev/null 2>&1; done
note "setup"
call_finish call5
