#!/usr/bin/env bash
# Call 3 (H200, device tool; issue 21, 2026-12-02): vector_split as committed: the warp's rows of up to
# warp x dot_unroll (128) entries split_warp_rows (4) side by side, a group of 8 lanes a row (4 loads in flight a
# lane as before), longer ones one at a time, that functor under launch bounds of 32 registers; split_warp_rows=1
# launches the previous form's functor unchanged (32 registers, no bounds). Calls 1-2 ran a first form (4 rows x 4
# passes a lane: 72 registers). The [vector_split] and [lrb] kernel tests on every space of the build (Cuda
# included; lrb's and vector_split's long rows now combine through impl/row_pieces.hpp) and compute-sanitizer
# memcheck over vector_split's and lrb's kernel tests; memcheck over bench of the drop-in on six skewed real
# matrices; aspmv bench, double, on .device/rpa1 (46 of the smaller real matrices, pattern-only) with --variant
# split_warp_rows=1 / =2 in the same processes, then float with split_warp_rows=1. Binaries: the h100 preset's
# aspmv and aspmv_kernel_tests (ASPMV_KERNEL_TEST_FILES="test_vector_split.cpp;test_lrb.cpp"), stripped,
# .device/wr/bin.tar.xz.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf wr/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
B=.device/aspmv
T=.device/aspmv_kernel_tests
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
timeout 120 $T "[vector_split],[lrb]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [vector_split],[lrb] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
timeout 100 $SAN --tool memcheck --print-limit 20 $T "vector_split equals the reference with long and short chunks*" > "$R/memcheck_kernel_tests.txt" 2>&1
note "memcheck vector_split kernel tests rc $?: $(grep -E 'ERROR SUMMARY|assertions' "$R/memcheck_kernel_tests.txt" | tr '\n' ' ')"
timeout 100 $SAN --tool memcheck --print-limit 20 $T "[lrb]" > "$R/memcheck_lrb_tests.txt" 2>&1
note "memcheck lrb kernel tests rc $?: $(grep -E 'ERROR SUMMARY|assertions' "$R/memcheck_lrb_tests.txt" | tr '\n' ' ')"
for m in web-sk-2005 as-22july06 WOOD1P linux-includes marvel-chars soc-sign-bitcoinalpha; do
  timeout 40 $SAN --tool memcheck --print-limit 20 $B bench --rounds 1 --methods vector_split,aspmv_spmv,lrb .device/rpa1/$m.mtx.xz > "$R/memcheck_$m.txt" 2>&1
  note "memcheck bench $m rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_$m.txt" | tr '\n' ' ')"
done
M=vector_split,aspmv_spmv,merge_split,lrb,cusparse
V="--variant split_warp_rows=1 --variant split_warp_rows=2"
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
tar -cJf "$OUT/call3.tar.xz" -C "$OUT" r && rm -rf "$R"
