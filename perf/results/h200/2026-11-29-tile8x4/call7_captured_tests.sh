#!/usr/bin/env bash
# Call 7: the GPU tests of aspmv::capture_apply after the fix (captures on Graph<Cuda>::capturing_instance(), a
# non-blocking stream; an instance per test), plain and under compute-sanitizer memcheck, and tile8x4's again.
set -u
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gt/tests.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
T=.device/aspmv_kernel_tests
nvidia-smi --query-gpu=name,driver_version --format=csv > "$R/gpu.txt" 2>&1
timeout 150 $T "[captured],[tile8x4]" -s > "$R/tests.txt" 2>&1
echo "tests [captured],[tile8x4] rc $?: $(tail -2 "$R/tests.txt" | tr '\n' ' ')" >> "$R/summary.txt"
grep -o "kernel [a-z_]*: [a-zA-Z ]*graph[^)]*" "$R/tests.txt" | sort | uniq -c >> "$R/summary.txt"
timeout 200 /usr/local/cuda/bin/compute-sanitizer --tool memcheck $T "[captured]" > "$R/memcheck.txt" 2>&1
echo "memcheck [captured] rc $?: $(grep -o 'ERROR SUMMARY: [0-9]* errors' "$R/memcheck.txt") $(grep -o 'All tests passed.*' "$R/memcheck.txt")" >> "$R/summary.txt"
.device/aspmv bench --rounds 1 --graphs --methods csr_scalar,merge_split,gao,csr_adaptive,cusparse_csr stencil2d-5pt-32 \
  > "$R/bench_graphs.txt" 2>&1
echo "bench --graphs rc $?" >> "$R/summary.txt"
cat "$R/summary.txt"; grep -E "@graph|^csr|^merge|^gao|^cusparse" "$R/bench_graphs.txt"
tar -cJf "$OUT/call7.tar.xz" -C "$OUT" r && rm -rf "$R"
