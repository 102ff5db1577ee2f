#!/usr/bin/env bash
# SELL-C-sigma geometry against cuSPARSE's SELL on the 62 shared real matrices (pattern-only), double then float.
set -u
start=$SECONDS
(cd .device && tar -xJf gd/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > "$OUT/gpu.txt" 2>&1
V=(--variant sell_sigma=1 --variant sell_sigma=256 --variant sell_sigma=8192 --variant sell_c=8,sell_sigma=1
   --variant sell_c=16,sell_sigma=1 --variant sell_c=64,sell_sigma=1)
echo "binary: $(.device/aspmv info 2>&1 | head -3 | tr '\n' ' ')" > "$OUT/summary.txt"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  n=0
  for m in .device/s62/*; do
    if (( SECONDS - start > ${DEADLINE_S:-540} )); then echo "not run ($prec, time): $m" >> "$OUT/summary.txt"; continue; fi
    .device/aspmv bench "${flag[@]}" "${V[@]}" --csv "$OUT/sell_$prec.csv" "$m" >> "$OUT/sell_$prec.txt" 2>&1 || echo "failed: $prec $m" >> "$OUT/summary.txt"
    n=$((n + 1))
  done
  echo "$prec: $n matrices by $((SECONDS - start)) s" >> "$OUT/summary.txt"
done
cat "$OUT/summary.txt" | tail -5
