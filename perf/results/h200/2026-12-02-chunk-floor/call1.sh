#!/usr/bin/env bash
# Call 1 (H200, device tool; issue 21, 2026-12-02, third session): vector_split with the warp's row search by a
# ballot a round (impl/warp_ops.hpp warp_last_not_above: no shuffles) and the table's new split_chunk_floor. The
# [vector_split] and [lrb] kernel tests on every space of the build (Cuda included; the space's shape also with
# chunks of at least 128 entries), compute-sanitizer memcheck over vector_split's kernel tests and over bench of the
# drop-in with the floors on six skewed real matrices; aspmv bench, double, on .device/p1 (the 27 smallest real
# matrices, pattern-only) with the drop-in, lrb, cuSPARSE and --variant split_chunk_floor=64, 128, 256 in the same
# processes; float with vector_split, the 128 floor and cuSPARSE.
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
tar -cJf "$OUT/call1.tar.xz" -C "$OUT" r && rm -rf "$R"
