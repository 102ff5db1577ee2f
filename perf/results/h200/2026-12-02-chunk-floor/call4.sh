#!/usr/bin/env bash
# Call 4 (H200, device tool; issue 21, 2026-12-02, third session): as call 1, the chunk units' search now starting
# from a window of a warp's consecutive row offsets around the row the mean length guesses (impl/warp_ops.hpp
# warp_last_not_above_near: on a regular matrix one coalesced load, then the ballot search on what the window leaves),
# the new [vector_split] test of that search on every space included.
# Binaries: the h100 preset's aspmv and aspmv_kernel_tests (ASPMV_KERNEL_TEST_FILES="test_vector_split.cpp;
# test_lrb.cpp"), stripped, .device/wr/bin.tar.xz.
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
timeout 150 $T "[vector_split],[lrb]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [vector_split],[lrb] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
timeout 200 $SAN --tool memcheck --print-limit 20 $T "vector_split equals the reference with long and short chunks*" > "$R/memcheck_kernel_tests.txt" 2>&1
note "memcheck vector_split kernel tests rc $?: $(grep -E 'ERROR SUMMARY|assertions' "$R/memcheck_kernel_tests.txt" | tr '\n' ' ')"
for m in as-22july06 WOOD1P soc-sign-bitcoinalpha; do
  timeout 60 $SAN --tool memcheck --print-limit 20 $B bench --rounds 1 --methods vector_split,aspmv_spmv --variant split_chunk_floor=128 .device/p1/$m.mtx.xz > "$R/memcheck_$m.txt" 2>&1
  note "memcheck bench $m rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_$m.txt" | tr '\n' ' ')"
done
V="--variant split_chunk_floor=64 --variant split_chunk_floor=128 --variant split_chunk_floor=256"
for m in .device/p1/*.mtx.xz; do
  if (( SECONDS - start > 420 )); then note "not run (time): $m"; continue; fi
  timeout 30 $B bench --methods vector_split,aspmv_spmv,lrb,cusparse $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
  timeout 20 $B bench --float --methods vector_split,cusparse --variant split_chunk_floor=128 --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
done
note "bench real"
for f in "$R"/memcheck_*.txt; do tail -12 "$f" > "$f.tail" && rm "$f"; done
cat "$R/summary.txt"; xz -9 "$R"/bench* "$R"/*tests.txt
tar -cJf "$OUT/call4.tar.xz" -C "$OUT" r && rm -rf "$R"
