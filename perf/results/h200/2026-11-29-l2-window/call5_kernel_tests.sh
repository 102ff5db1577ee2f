#!/usr/bin/env bash
# Call 5: the whole kernel test suite on the GPU with Kokkos patch 0007 (every kernel x float/double x int32/int64 x
# {Serial, Cuda} against the reference), to see that the scan's fence and the counters' zeroing broke nothing.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gt/tests.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version --format=csv > "$R/gpu.txt" 2>&1
timeout 540 .device/aspmv_kernel_tests > "$R/kernel_tests.txt" 2>&1
echo "aspmv_kernel_tests rc $? ($((SECONDS - start)) s): $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')" > "$R/summary.txt"
cat "$R/summary.txt"
grep -B3 -A12 "FAILED" "$R/kernel_tests.txt" | head -80
tar -cJf "$OUT/call5.tar.xz" -C "$OUT" r && rm -rf "$R"
