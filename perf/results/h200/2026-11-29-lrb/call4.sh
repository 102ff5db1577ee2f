#!/usr/bin/env bash
# Call 4 (H200, device tool): as call 3, after every policy took Kokkos' light-weight hint (no constant-memory launches) and
# lrb's one launch sums a class of one lane a row in order: lrb's tests plainly and under memcheck, the kernel
# tests that run every kernel through make_plan ([edge],[random]); then `aspmv bench` of lrb (one launch), lrb[lrb_one_launch=0] (a
# launch per TpR, af40d5e's), the forced TpR 1 of both, against CSR-Adaptive, Gao's partition, merge_split,
# CSR-vector(-team) and cuSPARSE, double, on the same 12 generated and 26 real matrices as call 2.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gt/tests.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
SAN=/usr/local/cuda/bin/compute-sanitizer
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
timeout 120 .device/aspmv_kernel_tests "[lrb]" > "$R/tests_lrb.txt" 2>&1
note "tests [lrb] rc $?: $(tail -2 "$R/tests_lrb.txt" | tr '\n' ' ')"
timeout 200 $SAN --tool memcheck --print-limit 20 .device/aspmv_kernel_tests "[lrb]" > "$R/memcheck_lrb.txt" 2>&1
note "memcheck [lrb] rc $?: $(tail -2 "$R/memcheck_lrb.txt" | tr '\n' ' ')"
timeout 110 .device/aspmv_kernel_tests "[edge],[random]" > "$R/tests_all_kernels.txt" 2>&1
note "tests [edge],[random] rc $?: $(tail -2 "$R/tests_all_kernels.txt" | tr '\n' ' ')"
M=csr_adaptive,gao_partitioned,merge_split,csr_vector_team,lrb,cusparse
V="--variant lrb_one_launch=0 --variant tpr=1 --variant lrb_one_launch=0,tpr=1"
G="shortlong-s500000-l50-n50000-seed2 rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6
   rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7 rmat-s20-e16-a0.57-b0.19-c0.19-seed3
   chunglu-r1000000-m10-g2.2-seed4 circuit-r1000000-m5-d4-c4-seed5 lp-r200000-c1000000-m20-l20-n50000-seed6
   rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9
   rand-uniform-r1000000-c1000000-m16-s12-seed5 stencil3d-7pt-150 band-r1000000-w100-m30-seed7-perm1"
for m in $G .device/lrbm/*.mtx.xz; do
  if (( SECONDS - start > ${DEADLINE_S:-440} )); then note "not run (time): $m"; continue; fi
  timeout 60 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench"
# Nsight Compute on rand-uniform (rows of 4-28, random columns): the one launch's kernel and the launch-per-TpR
# form's flat range (TpR 1 in both at the model's choice in call 3), one launch each, the clocks left alone.
NCU=/usr/local/cuda/bin/ncu; command -v ncu >/dev/null && NCU=ncu
U=rand-uniform-r1000000-c1000000-m16-s12-seed5
for k in "LrbOneLaunch:" "LrbScalar:--variant lrb_one_launch=0"; do
  name=${k%%:*}; var=${k#*:}
  if (( SECONDS - start > ${NCU_DEADLINE_S:-500} )); then note "ncu not run (time): $name"; continue; fi
  timeout 90 $NCU --clock-control none --kernel-name-base demangled --kernel-name regex:$name --launch-skip 3 --launch-count 1 \
    --section SpeedOfLight --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis \
    --section WarpStateStats $B bench --methods lrb $var $U > "$R/ncu_$name.txt" 2>&1
  note "ncu $name rc $?"
done
tail -12 "$R/summary.txt"
tar -cJf "$OUT/call4.tar.xz" -C "$OUT" r && rm -rf "$R"
