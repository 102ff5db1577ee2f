#!/usr/bin/env bash
# Call 5 (H200, device tool; issue 21, 2026-12-03 second session): the committed lrb (the TpR rule's lanes on launches
# of at most 4 waves, else the tpr_block model's) beside every class by each TpR rule (`--variant
# tpr_rule=cusp_mean|kokkos_kernels|reguly_sqrt_mean`, new) and pieces of 128 entries (`--variant lrb_long_row=128`),
# vector_split and cuSPARSE: the 8 graphs of .device/mg, generated matrices in pairs around the 4-wave bound (each
# family at a size below and above it at the rule's lanes), and the 8 large generated matrices of call 2, double;
# each lrb plan described (its lanes' source and waves).
# Binary: the h100 preset's aspmv of the working tree that became this commit, stripped, .device/dl5/bin.tar.xz.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf dl5/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M=lrb,vector_split,cusparse
V=(--variant tpr_rule=cusp_mean --variant tpr_rule=kokkos_kernels --variant tpr_rule=reguly_sqrt_mean --variant lrb_long_row=128)
for m in .device/mg/* stencil2d-5pt-300 stencil2d-5pt-500 stencil3d-27pt-30 stencil3d-27pt-40 \
  rand-uniform-r30000-c30000-m16-s12-seed5 rand-uniform-r100000-c100000-m16-s12-seed5 \
  circuit-r60000-m5-d4-c4-seed5 circuit-r200000-m5-d4-c4-seed5 chunglu-r60000-m10-g2.2-seed4 \
  chunglu-r200000-m10-g2.2-seed4 band-r30000-w100-m30-seed7 band-r100000-w100-m30-seed7 \
  rand-normal-r20000-c20000-m60-s20-seed9 rand-normal-r100000-c100000-m60-s20-seed9 \
  stencil2d-5pt-2000 stencil3d-27pt-100 band-r1000000-w100-m30-seed7 rand-uniform-r1000000-c1000000-m16-s12-seed5 \
  rand-normal-r500000-c500000-m60-s20-seed9 circuit-r1000000-m5-d4-c4-seed5 chunglu-r1000000-m10-g2.2-seed4 \
  shortlong-s500000-l50-n50000-seed2; do
  if (( SECONDS - start > 480 )); then note "not run (time): $m"; continue; fi
  timeout 90 $B bench --methods $M "${V[@]}" --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
  echo "== $m" >> "$R/describe.txt"
  timeout 60 $B run --kernel lrb --describe "$m" 2>&1 | grep -E "lrb:|time us|ok " >> "$R/describe.txt"
done
note "bench"
cat "$R/summary.txt"; xz -9 "$R"/*.txt "$R"/*.csv 2>/dev/null
tar -cJf "$OUT/call5.tar.xz" -C "$OUT" r && rm -rf "$R"
