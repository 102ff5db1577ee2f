#!/usr/bin/env bash
# Call 6 (H200, device tool; issue 21, 2026-12-03 second session): the committed lrb (every class by Kokkos Kernels'
# TpR rule) beside `--variant tpr_rule=cusp_mean`, vector_split, the plan's choice and cuSPARSE: the 8 graphs of
# .device/mg in double and float, and generated matrices around and past 4 waves of the device, double; each lrb
# plan described.
# Binary: the h100 preset's aspmv of the commit that took the rule, stripped, .device/dl6/bin.tar.xz.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf dl6/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M=lrb,vector_split,aspmv_auto,cusparse
V=(--variant tpr_rule=cusp_mean)
for m in .device/mg/*; do
  timeout 60 $B bench --methods $M "${V[@]}" --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
  timeout 60 $B bench --float --methods $M "${V[@]}" --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
  echo "== $m" >> "$R/describe.txt"
  timeout 60 $B run --kernel lrb --describe "$m" 2>&1 | grep -E "lrb:|time us|ok " >> "$R/describe.txt"
done
note "graphs"
for m in stencil2d-5pt-300 stencil3d-27pt-30 stencil3d-27pt-40 band-r30000-w100-m30-seed7 band-r100000-w100-m30-seed7 \
  circuit-r200000-m5-d4-c4-seed5 chunglu-r200000-m10-g2.2-seed4 stencil2d-5pt-2000 band-r1000000-w100-m30-seed7 \
  circuit-r1000000-m5-d4-c4-seed5 chunglu-r1000000-m10-g2.2-seed4; do
  if (( SECONDS - start > 420 )); then note "not run (time): $m"; continue; fi
  timeout 90 $B bench --methods $M "${V[@]}" --csv "$R/bench_generated.csv" "$m" >> "$R/bench_generated.txt" 2>&1 || note "failed: $m"
  echo "== $m" >> "$R/describe.txt"
  timeout 60 $B run --kernel lrb --describe "$m" 2>&1 | grep -E "lrb:|time us|ok " >> "$R/describe.txt"
done
note "generated"
cat "$R/summary.txt"; xz -9 "$R"/*.txt "$R"/*.csv 2>/dev/null
tar -cJf "$OUT/call6.tar.xz" -C "$OUT" r && rm -rf "$R"
