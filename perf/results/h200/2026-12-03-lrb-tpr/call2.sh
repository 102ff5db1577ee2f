#!/usr/bin/env bash
# Call 2 (H200, device tool; issue 21, 2026-12-03 second session): as call 1 (LRB's class lanes by the h100 table's
# tpr_block model against the rules, `--variant selector=rules`), on matrices that are not power-law graphs: the 6
# shared real ones of .device/m2 (4elt, Gaertner_big, QAP15, STOCFOR3, WOOD1P, bips98_606) and
# 8 generated ones (stencils, band, uniform, normal, circuit, chunglu, shortlong), double; float on the real ones.
# Binary: as call 1 (.device/dl2/bin.tar.xz).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf dl2/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M=lrb,vector_split,aspmv_auto,aspmv_spmv,cusparse
for m in .device/m2/*; do
  timeout 60 $B bench --methods $M --variant selector=rules --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench real double"
for m in .device/m2/*; do
  timeout 40 $B bench --float --methods $M --variant selector=rules --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
done
note "bench real float"
for m in stencil2d-5pt-2000 stencil3d-27pt-100 band-r1000000-w100-m30-seed7 rand-uniform-r1000000-c1000000-m16-s12-seed5 \
  rand-normal-r500000-c500000-m60-s20-seed9 circuit-r1000000-m5-d4-c4-seed5 chunglu-r1000000-m10-g2.2-seed4 \
  shortlong-s500000-l50-n50000-seed2; do
  if (( SECONDS - start > 480 )); then note "not run (time): $m"; continue; fi
  timeout 90 $B bench --methods $M --variant selector=rules --csv "$R/bench_generated.csv" "$m" >> "$R/bench_generated.txt" 2>&1 || note "failed: $m"
done
note "bench generated"
cat "$R/summary.txt"; xz -9 "$R"/*.txt "$R"/*.csv 2>/dev/null
tar -cJf "$OUT/call2.tar.xz" -C "$OUT" r && rm -rf "$R"
