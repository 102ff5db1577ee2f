#!/usr/bin/env bash
# Call 8: the GPU tests of aspmv::capture_apply at a1944a1 (replays alternating two instances wait for the last
# one), plain and under compute-sanitizer memcheck and racecheck.
set -u
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gt/tests.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
T=.device/aspmv_kernel_tests
S=/usr/local/cuda/bin/compute-sanitizer
nvidia-smi --query-gpu=name,driver_version --format=csv > "$R/gpu.txt" 2>&1
timeout 120 $T "[captured]" > "$R/tests.txt" 2>&1
echo "tests [captured] rc $?: $(tail -2 "$R/tests.txt" | tr '\n' ' ')" >> "$R/summary.txt"
for tool in memcheck racecheck; do
  timeout 200 $S --tool $tool $T "[captured]" > "$R/$tool.txt" 2>&1
  echo "$tool [captured] rc $?: $(grep -o 'ERROR SUMMARY: [0-9]* errors' "$R/$tool.txt") $(grep -o 'All tests passed.*' "$R/$tool.txt")" >> "$R/summary.txt"
done
cat "$R/summary.txt"
tar -cJf "$OUT/call8.tar.xz" -C "$OUT" r && rm -rf "$R"
