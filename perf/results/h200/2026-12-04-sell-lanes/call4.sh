#!/usr/bin/env bash
# Call 4 (H200, device tool; 2026-12-04 fifth session, issue 22). SELL as the h100 table now ships it on GPUs
# (lane_entries 4 where padding to groups of 4 stores at most 25 % more, row_lanes 0: sell_row_parts), .device/nc:
# the h100 preset's tool and kernel tests (test_formats.cpp, test_kernels.cpp) of this change.
# (a) kernel tests [sell], [edge], [random] on every space (the table's SELL in [edge] and [random] now takes the
#     new forms), compute-sanitizer memcheck of the format tests.
# (b) aspmv bench, one process a matrix and precision: `sell` (as shipped) against --variant
#     sell_lanes=1,sell_row_lanes=1 (the form before) and cuSPARSE's SELL, on the 62 shared real matrices and 14
#     generated ones.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device/nc && tar -xJf bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
T=.device/nc/aspmv_kernel_tests
timeout 150 $T "[sell],[edge],[random]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [sell],[edge],[random] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
timeout 150 compute-sanitizer --tool memcheck --print-limit 20 $T "[sell]" > "$R/memcheck_sell.txt" 2>&1
note "memcheck [sell] rc $?: $(grep -E 'test cases|ERROR SUMMARY' "$R/memcheck_sell.txt" | tail -2 | tr '\n' ' ')"
G="stencil3d-27pt-100 stencil3d-7pt-128 stencil2d-5pt-1000 band-r1000000-w50-m20-seed1
rand-uniform-r200000-c200000-m20-s10-seed1 rand-normal-r50000-c50000-m30-s5-seed3 rmat-s16-e8-a0.57-b0.19-c0.19-seed2
shortlong-s100000-l10-n5000 lp-r2000-c50000-m10-l20-n5000-seed1 blockdiag-b64-k2000-seed1 stencil3d-27pt-48
band-r100000-w20-m9-seed1 chunglu-r200000-m10-g2.1-seed1 rand-geometric-r20000-c20000-m8-seed4"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in .device/s62/* $G; do
    if (( SECONDS - start > ${DEADLINE_S:-480} )); then note "not run ($prec, time): $m"; continue; fi
    timeout 60 .device/nc/aspmv bench "${flag[@]}" --methods sell,cusparse_sell --variant sell_lanes=1,sell_row_lanes=1 \
      --csv "$R/bench_$prec.csv" "$m" > /dev/null 2>&1 || note "failed: $prec $m"
  done
  note "bench $prec: $(grep -c '' "$R/bench_$prec.csv") lines"
done
(cd "$R" && tar -cJf csv.tar.xz bench_*.csv && rm -f bench_double.csv bench_float.csv)
for f in "$R"/memcheck_sell.txt "$R"/kernel_tests.txt; do tail -40 "$f" > "$f.tail" && rm "$f"; done
cat "$R/summary.txt"
