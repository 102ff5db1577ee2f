#!/usr/bin/env bash
# Call 1 (H200, device tool; issue 21, 2026-12-02): vector_split with the warp's rows summed side by side
# (split_warp_rows 4; =1 is the previous form, one row after another). The [vector_split] kernel tests on the
# Cuda space (the warp path runs only where a unit has more than one lane) and compute-sanitizer memcheck over
# them; aspmv bench, double, on .device/rpa1 (46 of the smaller real matrices, pattern-only; 4.6 MB: a call carries about 9.8 MiB beside the tree by its blocks)
# with --variant split_warp_rows=1 / =2 and split_medium_passes=8 in the same processes, then float; memcheck over
# bench of the drop-in on six skewed real matrices. Binaries: the h100 preset's aspmv, aspmv_kernel_tests
# (ASPMV_KERNEL_TEST_FILES=test_vector_split.cpp), stripped, .device/wr/bin.tar.xz.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf wr/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
timeout 90 .device/aspmv_kernel_tests "[vector_split]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [vector_split] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
timeout 100 $SAN --tool memcheck --print-limit 20 .device/aspmv_kernel_tests "vector_split equals the reference with long and short chunks*" > "$R/memcheck_kernel_tests.txt" 2>&1
note "memcheck kernel tests rc $?: $(grep -E 'ERROR SUMMARY|assertions' "$R/memcheck_kernel_tests.txt" | tr '\n' ' ')"
for m in web-sk-2005 as-22july06 WOOD1P linux-includes marvel-chars soc-sign-bitcoinalpha; do
  timeout 40 $SAN --tool memcheck --print-limit 20 $B bench --rounds 1 --methods vector_split,aspmv_spmv .device/rpa1/$m.mtx.xz > "$R/memcheck_$m.txt" 2>&1
  note "memcheck bench $m rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_$m.txt" | tr '\n' ' ')"
done
M=vector_split,aspmv_spmv,merge_split,lrb,cusparse
V="--variant split_warp_rows=1 --variant split_warp_rows=2 --variant split_medium_passes=8"
for m in .device/rpa1/*.mtx.xz; do
  if (( SECONDS - start > 420 )); then note "not run (time): $m"; continue; fi
  timeout 30 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench"
for m in .device/rpa1/*.mtx.xz; do
  if (( SECONDS - start > 540 )); then note "not run (time): float $m"; continue; fi
  timeout 20 $B bench --float --methods vector_split,aspmv_spmv,cusparse --variant split_warp_rows=1 --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
done
note "bench float"
for f in "$R"/memcheck_*.txt; do tail -12 "$f" > "$f.tail" && rm "$f"; done
cat "$R/summary.txt"; xz -9 "$R"/bench*.txt "$R"/*tests.txt
tar -cJf "$OUT/call1.tar.xz" -C "$OUT" r && rm -rf "$R"
