#!/usr/bin/env bash
# Call 6: captured applies replayed as CUDA graphs. The GPU tests of aspmv::capture_apply ([captured]) and
# tile8x4; aspmv_launch_floor (a replayed plan.apply through the library); then `aspmv bench --graphs` (every method
# and its @graph twin: aspmv's plans and cuSPARSE alike captured once and replayed) in double on the 42 smallest
# shared real matrices (.device/s54 holding 42 files, the carry limit), smallest first.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gt/tests.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > "$R/gpu.txt" 2>&1
timeout 150 .device/aspmv_kernel_tests "[captured],[tile8x4]" > "$R/tests.txt" 2>&1
echo "tests [captured],[tile8x4] rc $?: $(tail -2 "$R/tests.txt" | tr '\n' ' ')" >> "$R/summary.txt"
timeout 60 .device/aspmv_launch_floor --calls 20000 --repeats 7 > "$R/launch_floor.txt" 2>&1
echo "launch_floor rc $?" >> "$R/summary.txt"
n=0
for m in $(ls -Sr .device/s54/*); do
  if (( SECONDS - start > ${DEADLINE_S:-540} )); then echo "not run (time): $m" >> "$R/summary.txt"; continue; fi
  $B bench --graphs --csv "$R/graphs_double.csv" "$m" >> "$R/graphs_double.txt" 2>&1 || echo "failed: $m" >> "$R/summary.txt"
  n=$((n + 1))
done
echo "bench --graphs double: $n matrices by $((SECONDS - start)) s" >> "$R/summary.txt"
cat "$R/summary.txt" | tail -8
cat "$R/launch_floor.txt"
tar -cJf "$OUT/call6.tar.xz" -C "$OUT" r && rm -rf "$R"
