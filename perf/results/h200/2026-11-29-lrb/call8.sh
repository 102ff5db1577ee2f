#!/usr/bin/env bash
# Call 8 (H200, device tool; issue 21, 2026-11-29 third session): lrb's one launch as a flat range of warps and its
# long rows cut into pieces chosen per matrix (lrb_long_row 0, the new default) against fixed pieces of 512 (the
# previous default), 256 and 128, in one process per matrix; lrb's tests plainly and under memcheck, every kernel
# through make_plan ([edge],[random]); the launch floor.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf exp8/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
SAN=/usr/local/cuda/bin/compute-sanitizer
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
timeout 120 .device/aspmv_kernel_tests "[lrb]" > "$R/tests_lrb.txt" 2>&1
note "tests [lrb] rc $?: $(tail -2 "$R/tests_lrb.txt" | tr '\n' ' ')"
timeout 200 $SAN --tool memcheck --print-limit 20 .device/aspmv_kernel_tests "[lrb]" > "$R/memcheck_lrb.txt" 2>&1
note "memcheck [lrb] rc $?: $(tail -2 "$R/memcheck_lrb.txt" | tr '\n' ' ')"
timeout 110 .device/aspmv_kernel_tests "[edge],[random]" > "$R/tests_all_kernels.txt" 2>&1
note "tests [edge],[random] rc $?: $(tail -2 "$R/tests_all_kernels.txt" | tr '\n' ' ')"
timeout 60 .device/aspmv_launch_floor --calls 20000 --repeats 5 > "$R/launch_floor.txt" 2>&1; note "launch floor $?"
M=csr_adaptive,gao_partitioned,merge_split,lrb,cusparse
V="--variant lrb_long_row=512 --variant lrb_long_row=256 --variant lrb_long_row=128"
G="shortlong-s500000-l50-n50000-seed2 rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6
   rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7 rmat-s20-e16-a0.57-b0.19-c0.19-seed3
   chunglu-r1000000-m10-g2.2-seed4 circuit-r1000000-m5-d4-c4-seed5 lp-r200000-c1000000-m20-l20-n50000-seed6
   rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9
   rand-uniform-r1000000-c1000000-m16-s12-seed5 stencil3d-7pt-150 band-r1000000-w100-m30-seed7-perm1"
for m in $G .device/lrbm/*.mtx.xz .device/exp8/linux-includes.mtx.xz; do
  if (( SECONDS - start > 470 )); then note "not run (time): $m"; continue; fi
  timeout 60 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench"
for m in .device/lrbm/*.mtx.xz .device/exp8/linux-includes.mtx.xz; do
  if (( SECONDS - start > 560 )); then note "not run (time): float $m"; continue; fi
  timeout 30 $B bench --float --methods lrb,cusparse --variant lrb_long_row=512 --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
done
note "bench float"
tar -cJf "$OUT/call8.tar.xz" -C "$OUT" r && rm -rf "$R"
