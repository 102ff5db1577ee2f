#!/usr/bin/env bash
# Call 2 (H200, device tool; issue 21, 2026-12-03): the direct range launch (table parameter direct_launch:
# backends/range_launch.hpp) on the GPU. Kernel tests of the kernels that read direct_launch, at 1 (CUDA runtime API)
# and 2 (driver API), plain and under compute-sanitizer memcheck; aspmv_launch_floor with the direct launches beside
# Kokkos'.
# Binaries: the h100 preset's aspmv_launch_floor and aspmv_kernel_tests (ASPMV_KERNEL_TEST_FILES=test_kernels.cpp),
# stripped, .device/dl/bin1.tar.xz.
# Usage: bash call2.sh [NAME] (NAME: the archive under $OUT, call2 by default; call4 reran it after the block-size fix).
set -u
NAME=${1:-call2}
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf dl/bin1.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
T=.device/aspmv_kernel_tests
L=.device/aspmv_launch_floor
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
timeout 200 $T "[direct]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [direct] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
timeout 250 $SAN --tool memcheck --print-limit 20 $T "[direct]" > "$R/memcheck_kernel_tests.txt" 2>&1
note "memcheck [direct] rc $?: $(grep -E 'ERROR SUMMARY|assertions' "$R/memcheck_kernel_tests.txt" | tr '\n' ' ')"
for i in 1 2; do
  timeout 120 $L --calls 20000 --repeats 7 > "$R/launch_floor_$i.txt" 2>&1
  note "launch floor $i rc $?"
done
tail -c 3000 "$R/memcheck_kernel_tests.txt" > "$R/memcheck_kernel_tests.tail" && rm "$R/memcheck_kernel_tests.txt"
cat "$R/summary.txt" "$R"/launch_floor_1.txt; xz -9 "$R"/kernel_tests.txt
tar -cJf "$OUT/$NAME.tar.xz" -C "$OUT" r && rm -rf "$R"
