#!/usr/bin/env bash
# Call 1 (H200, device tool; issue 21, 2026-12-02, second session): the drop-in's shape rules measured in the
# same processes, on the binaries of perf/results/h200/2026-12-02-warp-rows call 3 (h100 preset, ac72976's kernel
# with split_warp_rows 4 as that build's default, so every variant names split_warp_rows=1, the shipped form):
# medium passes 16 (shipped), 32 and 64 (rows of up to 32 x lanes entries summed by their own lanes, not the warp),
# and lane_entries 1 (twice the lanes a row: half the rows a warp). aspmv bench, double, vector_split and cuSPARSE,
# on .device/rpa1 (46 of the smaller real matrices, pattern-only) and the 14 generated of the benchmark set.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf wr/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M=vector_split,cusparse
V="--variant split_warp_rows=1 --variant split_warp_rows=1,split_medium_passes=32
   --variant split_warp_rows=1,split_medium_passes=64 --variant split_warp_rows=1,split_lane_entries=1"
for m in .device/rpa1/*.mtx.xz; do
  if (( SECONDS - start > 250 )); then note "not run (time): $m"; continue; fi
  timeout 30 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench real"
G="stencil2d-5pt-2000 stencil3d-7pt-150 rand-uniform-r1000000-c1000000-m16-s12-seed5
   rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6 rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7
   rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9
   shortlong-s500000-l50-n50000-seed2 rmat-s20-e16-a0.57-b0.19-c0.19-seed3 chunglu-r1000000-m10-g2.2-seed4
   circuit-r1000000-m5-d4-c4-seed5 lp-r200000-c1000000-m20-l20-n50000-seed6 band-r1000000-w100-m30-seed7-perm1
   stencil3d-27pt-130"
for m in $G; do
  if (( SECONDS - start > 530 )); then note "not run (time): $m"; continue; fi
  timeout 60 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench generated"
cat "$R/summary.txt"; xz -9 "$R"/bench*
tar -cJf "$OUT/call1.tar.xz" -C "$OUT" r && rm -rf "$R"
