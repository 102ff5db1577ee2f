#!/usr/bin/env bash
# EXPERIMENT call 7 (issue 21, 2026-11-29 third session): lrb's one launch over a range policy (lrb_one_launch=2)
# against the team one (1) and the launch-per-TpR form (0); the long-row bound / piece size 128 and 256 against 512
# (ASPMV_EXP_LRB_LONG_ROW, separate processes); Nsight Compute: the range form on rand-uniform (L1), lrb and
# cuSPARSE's COO on the small skewed matrices where cuSPARSE wins (device time per kernel, stalls).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf exp/tool.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
timeout 60 .device/aspmv_launch_floor --calls 20000 --repeats 5 > "$R/launch_floor_1.txt" 2>&1; note "launch floor 1 $?"
M=csr_adaptive,gao_partitioned,merge_split,lrb,cusparse
G="shortlong-s500000-l50-n50000-seed2 rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6
   rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7 rmat-s20-e16-a0.57-b0.19-c0.19-seed3
   chunglu-r1000000-m10-g2.2-seed4 circuit-r1000000-m5-d4-c4-seed5 lp-r200000-c1000000-m20-l20-n50000-seed6
   rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9
   rand-uniform-r1000000-c1000000-m16-s12-seed5 stencil3d-7pt-150 band-r1000000-w100-m30-seed7-perm1"
SMALL=".device/lrbm/*.mtx.xz .device/exp/linux-includes.mtx.xz"
for m in $G $SMALL; do
  if (( SECONDS - start > 230 )); then note "not run (time): $m"; continue; fi
  timeout 60 $B bench --methods $M --variant lrb_one_launch=0 --variant lrb_one_launch=2 --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note bench
for L in 128 256; do
  for m in $SMALL shortlong-s500000-l50-n50000-seed2 rmat-s20-e16-a0.57-b0.19-c0.19-seed3 lp-r200000-c1000000-m20-l20-n50000-seed6; do
    if (( SECONDS - start > 360 )); then note "not run (time): L$L $m"; continue; fi
    ASPMV_EXP_LRB_LONG_ROW=$L timeout 40 $B bench --methods lrb --variant lrb_one_launch=2 --csv "$R/long_row_$L.csv" "$m" >> "$R/long_row_$L.txt" 2>&1 || note "failed: L$L $m"
  done
  note "long_row $L"
done
NCU="ncu --clock-control none --kernel-name-base demangled"
S="--section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis"
timeout 60 $NCU --kernel-name "regex:LrbOneLaunchFunctor.*RangePolicy" --launch-skip 3 --launch-count 1 $S \
  $B bench --methods lrb --variant lrb_one_launch=2 rand-uniform-r1000000-c1000000-m16-s12-seed5 > "$R/ncu_range_rand_uniform.txt" 2>&1
note "ncu range $?"
for m in .device/lrbm/anybeat.mtx.xz .device/lrbm/web-sk-2005.mtx.xz .device/exp/linux-includes.mtx.xz; do
  b=$(basename $m .mtx.xz)
  if (( SECONDS - start > 470 )); then note "not run (time): ncu $b"; continue; fi
  timeout 40 $NCU --kernel-name "regex:LrbOneLaunchFunctor" --launch-skip 3 --launch-count 1 $S \
    $B bench --methods lrb $m > "$R/ncu_lrb_$b.txt" 2>&1
  note "ncu lrb $b $?"
  timeout 40 $NCU --kernel-name "regex:cusparse" --launch-skip 6 --launch-count 3 --section SpeedOfLight --section LaunchStats \
    $B bench --methods cusparse_coo_alg1 $m > "$R/ncu_coo_$b.txt" 2>&1
  note "ncu coo $b $?"
done
(( SECONDS - start < 530 )) && timeout 40 .device/aspmv_launch_floor --calls 20000 --repeats 5 > "$R/launch_floor_2.txt" 2>&1; note "launch floor 2 $?"
tar -cJf "$OUT/call7.tar.xz" -C "$OUT" r && rm -rf "$R"
