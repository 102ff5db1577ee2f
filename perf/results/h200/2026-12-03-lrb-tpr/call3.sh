#!/usr/bin/env bash
# Call 3 (H200, device tool; issue 21, 2026-12-03 second session): the committed LRB (class lanes by the rule where
# the launch takes at most 4 waves of the device at the rule's lanes, else by the table's tpr_block model) beside
# `--variant selector=rules` (the rule everywhere), vector_split and cuSPARSE: the 8 graphs of call 1 (.device/mg)
# and the 8 generated matrices of call 2, double; on the graphs also `--variant lrb_long_row=64` and `=128` (rows
# over 64 or 128 entries cut in pieces of that length, where 256 is the default on these); each LRB plan described
# (its lanes' source and waves).
# Binary: the h100 preset's aspmv of the working tree that became this commit, stripped, .device/dl3/bin.tar.xz.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf dl3/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M=lrb,vector_split,aspmv_auto,cusparse
for m in .device/mg/* stencil2d-5pt-2000 stencil3d-27pt-100 band-r1000000-w100-m30-seed7 \
  rand-uniform-r1000000-c1000000-m16-s12-seed5 rand-normal-r500000-c500000-m60-s20-seed9 circuit-r1000000-m5-d4-c4-seed5 \
  chunglu-r1000000-m10-g2.2-seed4 shortlong-s500000-l50-n50000-seed2; do
  if (( SECONDS - start > 420 )); then note "not run (time): $m"; continue; fi
  V=(--variant selector=rules)
  [[ $m == .device/* ]] && V+=(--variant lrb_long_row=64 --variant lrb_long_row=128)
  timeout 90 $B bench --methods $M "${V[@]}" --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
  echo "== $m" >> "$R/describe.txt"
  timeout 60 $B run --kernel lrb --describe "$m" 2>&1 | grep -E "lrb:|time us|ok " >> "$R/describe.txt"
done
note "bench"
cat "$R/summary.txt"; xz -9 "$R"/*.txt "$R"/*.csv 2>/dev/null
tar -cJf "$OUT/call3.tar.xz" -C "$OUT" r && rm -rf "$R"
