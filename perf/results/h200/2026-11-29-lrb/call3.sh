#!/usr/bin/env bash
# Call 3 (H200, device tool): lrb with each class's TpR from the planner (af40d5e) and in one launch (the long rows in pieces
# of a warp, the last piece adding them): its tests plainly and under memcheck, the kernel tests that run every
# kernel through make_plan ([edge],[random]); then `aspmv bench` of lrb (one launch), lrb[lrb_one_launch=0] (a
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
  if (( SECONDS - start > ${DEADLINE_S:-520} )); then note "not run (time): $m"; continue; fi
  timeout 60 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench"
tail -12 "$R/summary.txt"
tar -cJf "$OUT/call3.tar.xz" -C "$OUT" r && rm -rf "$R"
