#!/usr/bin/env bash
# Call 5 (H200, device tool; issue 22, 2026-12-04): compute-sanitizer racecheck and synccheck over csr_adaptive_delta's
# value tests (its CSR-Stream body stages in shared memory behind team barriers), memcheck over the block encoding's
# test; call 3's binaries (.device/ad/bin.tar.xz, the committed code).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf ad/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
T=.device/aspmv_kernel_tests
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
for tool in racecheck synccheck; do
  timeout 150 $SAN --tool $tool --print-limit 20 $T "csr_adaptive_delta equals*" > "$R/${tool}_kernel_tests.txt" 2>&1
  note "$tool csr_adaptive_delta value tests rc $?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|assertions' "$R/${tool}_kernel_tests.txt" | tr '\n' ' ')"
done
timeout 60 $SAN --tool memcheck --print-limit 20 $T "block deltas give back*" > "$R/memcheck_block_deltas.txt" 2>&1
note "memcheck block deltas rc $?: $(grep -E 'ERROR SUMMARY|assertions' "$R/memcheck_block_deltas.txt" | tr '\n' ' ')"
cat "$R/summary.txt"
tar -cJf "$OUT/call5.tar.xz" -C "$OUT" r && rm -rf "$R"
