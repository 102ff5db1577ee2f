#!/usr/bin/env bash
# Call 7 (H200, device tool; issue 21, 2026-12-02, third session): the committed form. Calls 4-6's kernel took 40
# registers on sm_90 (32 before the window: 75 % of the warps resident instead of all); the committed form runs one
# inlined search after the window (36 registers, no spills; the same answers). The [vector_split] and [lrb] kernel
# tests on every space, memcheck over vector_split's kernel tests and over bench of the drop-in on three skewed real
# matrices, and aspmv bench (double: vector_split, the drop-in, lrb, cuSPARSE) on .device/p1.
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
  timeout 60 $SAN --tool memcheck --print-limit 20 $B bench --rounds 1 --methods vector_split,aspmv_spmv .device/p1/$m.mtx.xz > "$R/memcheck_$m.txt" 2>&1
  note "memcheck bench $m rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_$m.txt" | tr '\n' ' ')"
done
for m in .device/p1/*.mtx.xz; do
  if (( SECONDS - start > 300 )); then note "not run (time): $m"; continue; fi
  timeout 30 $B bench --methods vector_split,aspmv_spmv,lrb,cusparse --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench real"
for f in "$R"/memcheck_*.txt; do tail -12 "$f" > "$f.tail" && rm "$f"; done
cat "$R/summary.txt"; xz -9 "$R"/bench* "$R"/*tests.txt
tar -cJf "$OUT/call7.tar.xz" -C "$OUT" r && rm -rf "$R"
