#!/usr/bin/env bash
# Call 1 (H200, device tool; 2026-12-04 fifth session, issue 22). SELL's GPU row body with G = 1, 2 or 4 entries of a
# row side by side a lane (the table's sell_lane_entries; .device/nc: this change, the h100 preset's tool and kernel
# tests built with ASPMV_KERNEL_TEST_FILES="test_formats.cpp;test_kernels.cpp").
# (a) kernel tests [sell] on every space of the build (G = 2 and 4 on CUDA among the geometries), compute-sanitizer
#     memcheck of the format tests, [random] (every kernel on random matrices).
# (b) aspmv bench, one process a matrix and precision: SELL at the table's G (1), --variant sell_lanes=2 and
#     sell_lanes=4, and cuSPARSE's SELL, interleaved, on the 62 shared real matrices (pattern-only, .device/s62).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device/nc && tar -xJf bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
T=.device/nc/aspmv_kernel_tests
timeout 60 $T "[sell]" > "$R/kernel_tests_sell.txt" 2>&1
note "kernel tests [sell] rc $?: $(tail -2 "$R/kernel_tests_sell.txt" | tr '\n' ' ')"
timeout 150 compute-sanitizer --tool memcheck --print-limit 20 $T "sell, ell and jad equal the reference*" \
  > "$R/memcheck_sell.txt" 2>&1
note "memcheck format tests rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_sell.txt" | tail -1)"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in .device/s62/*; do
    if (( SECONDS - start > ${DEADLINE_S:-440} )); then note "not run ($prec, time): $m"; continue; fi
    timeout 60 .device/nc/aspmv bench "${flag[@]}" --methods sell,cusparse_sell --variant sell_lanes=2 \
      --variant sell_lanes=4 --csv "$R/bench_$prec.csv" "$m" > /dev/null 2>&1 || note "failed: $prec $m"
  done
  note "bench $prec: $(grep -c '' "$R/bench_$prec.csv") lines"
done
timeout 90 $T "[random]" > "$R/kernel_tests_random.txt" 2>&1
note "kernel tests [random] rc $?: $(tail -2 "$R/kernel_tests_random.txt" | tr '\n' ' ')"
for f in "$R"/memcheck_sell.txt "$R"/kernel_tests_*.txt; do tail -40 "$f" > "$f.tail" && rm "$f"; done
cat "$R/summary.txt"
