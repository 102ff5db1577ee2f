#!/usr/bin/env bash
# Call 2 (H200, 2026-12-04 fourth session, issue 22): the prototype lanes_bench (lanes/lanes_bench.cu, built with
# `nvcc -O3 -arch=sm_90 -std=c++17 lanes_bench.cu -lcusparse`): SELL-32 with 1, 2 and 4 entries of a row a lane
# and cuSPARSE's SELL, in one process a matrix and precision, on the 62 shared real matrices (.device/s62).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,uuid,driver_version --format=csv > "$R/gpu.txt" 2>&1
echo "matrix,value,method,rows,nnz,stored,time_us,rel_err" > "$R/lanes.csv"
for prec in double float; do
  for m in .device/s62/*; do
    if (( SECONDS - start > ${DEADLINE_S:-420} )); then echo "not run ($prec, time): $m" >> "$R/summary.txt"; continue; fi
    f=/tmp/$(basename "$m" .xz); [ -f "$f" ] || xz -dc "$m" > "$f"
    timeout 60 .device/lanes/lanes_bench "$f" $prec >> "$R/lanes.csv" 2>> "$R/errors.txt" || echo "failed: $prec $m" >> "$R/summary.txt"
  done
  echo "$prec done ($((SECONDS - start)) s)" >> "$R/summary.txt"
done
cat "$R/summary.txt"
