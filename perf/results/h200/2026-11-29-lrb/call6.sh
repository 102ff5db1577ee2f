#!/usr/bin/env bash
# Call 6 (H200, device tool), the binaries of calls 4-5: lrb (one launch, and --variant lrb_one_launch=0) against
# the other analysis kernels and cuSPARSE on 26 more real matrices of the shared sets (.device/lrbm2: the 36 of
# the 62 not in .device/lrbm, but for the 10 largest, which did not fit the carry), double and float.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gt/tests.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M=csr_adaptive,gao_partitioned,merge_split,csr_vector_team,lrb,cusparse
for prec in double float; do
  flag=""; [ "$prec" = float ] && flag="--float"
  for m in .device/lrbm2/*.mtx.xz; do
    if (( SECONDS - start > ${DEADLINE_S:-480} )); then note "not run (time): $prec $m"; continue; fi
    timeout 60 $B bench $flag --methods $M --variant lrb_one_launch=0 --csv "$R/bench_$prec.csv" "$m" >> "$R/bench_$prec.txt" 2>&1 || note "failed: $prec $m"
  done
  note "bench $prec"
done
tail -12 "$R/summary.txt"
tar -cJf "$OUT/call6.tar.xz" -C "$OUT" r && rm -rf "$R"
