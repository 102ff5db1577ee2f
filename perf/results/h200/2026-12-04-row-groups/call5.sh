#!/usr/bin/env bash
# Call 5 (H200, device tool; 2026-12-04 second session): the hidden-cost tests with their fix (the kernels counted
# where Kokkos launches them, the call's region where the backend does: kernels_through_kokkos), and the kernel
# tests over the random matrices ([random]: every kernel, CSR-vector and csr_delta as a range of warps) on every
# space of the build, Cuda included. Binaries: call 4's aspmv_kernel_tests, the rebuilt aspmv_hidden_cost_tests.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf rg/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
timeout 120 .device/aspmv_hidden_cost_tests > "$R/hidden_cost_tests.txt" 2>&1
note "hidden-cost tests rc $?: $(tail -2 "$R/hidden_cost_tests.txt" | tr '\n' ' ')"
timeout 300 .device/aspmv_kernel_tests "[random]" > "$R/kernel_tests_random.txt" 2>&1
note "kernel tests [random] rc $?: $(tail -2 "$R/kernel_tests_random.txt" | tr '\n' ' ')"
cat "$R/summary.txt"
tar -cJf "$OUT/call5.tar.xz" -C "$OUT" r && rm -rf "$R"
