#!/usr/bin/env bash
# Call 9 (H200, device tool; issue 21, 2026-11-29 third session): lrb's one launch with rows over 8 passes of a warp
# long and the pieces' length chosen per matrix (8 or 16 passes: lrb_long_row 0, the committed default) against
# fixed bounds and pieces of 256 and 512 (the default before this session), in one process per matrix, double:
# 12 generated, the 26 real of .device/lrbm, linux-includes and the 26 real of .device/lrbm2; float: the real ones.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf exp9/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M=csr_adaptive,gao_partitioned,merge_split,lrb,cusparse
V="--variant lrb_long_row=512 --variant lrb_long_row=256"
G="shortlong-s500000-l50-n50000-seed2 rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6
   rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7 rmat-s20-e16-a0.57-b0.19-c0.19-seed3
   chunglu-r1000000-m10-g2.2-seed4 circuit-r1000000-m5-d4-c4-seed5 lp-r200000-c1000000-m20-l20-n50000-seed6
   rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9
   rand-uniform-r1000000-c1000000-m16-s12-seed5 stencil3d-7pt-150 band-r1000000-w100-m30-seed7-perm1"
REAL=".device/lrbm/*.mtx.xz .device/exp9/linux-includes.mtx.xz .device/lrbm2/*.mtx.xz"
for m in $G $REAL; do
  if (( SECONDS - start > 420 )); then note "not run (time): $m"; continue; fi
  timeout 60 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench"
for m in $REAL; do
  if (( SECONDS - start > 540 )); then note "not run (time): float $m"; continue; fi
  timeout 30 $B bench --float --methods lrb,cusparse --variant lrb_long_row=512 --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
done
note "bench float"
tar -cJf "$OUT/call9.tar.xz" -C "$OUT" r && rm -rf "$R"
