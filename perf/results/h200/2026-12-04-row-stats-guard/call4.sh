#!/usr/bin/env bash
# Call 4 (H200, device tool; 2026-12-04 third session): the row statistics' workspace as committed in 5380b71 (its
# finalize hook registered again after each finalize): the [analysis] kernel tests, compute-sanitizer memcheck of
# them (leak check on: the workspace is freed at Kokkos' finalize) and the hidden-cost tests. Carry .device/rs
# (aspmv_kernel_tests with test_analysis.cpp, aspmv_hidden_cost_tests; h100 preset, stripped).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device/rs && tar -xJf bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
T=.device/rs
timeout 120 $T/aspmv_kernel_tests "[analysis]" > "$R/kernel_tests_analysis.txt" 2>&1
note "kernel tests [analysis] rc $?: $(tail -2 "$R/kernel_tests_analysis.txt" | tr '\n' ' ')"
timeout 200 compute-sanitizer --tool memcheck --leak-check full $T/aspmv_kernel_tests "[analysis]" \
  > "$R/memcheck_analysis.txt" 2>&1
note "memcheck --leak-check full [analysis] rc $?: $(grep -E 'ERROR SUMMARY|LEAK SUMMARY' "$R/memcheck_analysis.txt" | tr '\n' ' ')"
timeout 120 $T/aspmv_hidden_cost_tests > "$R/hidden_cost_tests.txt" 2>&1
note "hidden-cost tests rc $?: $(tail -2 "$R/hidden_cost_tests.txt" | tr '\n' ' ')"
cat "$R/summary.txt"
tar -cJf "$OUT/call4.tar.xz" -C "$OUT" r && rm -rf "$R"
