#!/usr/bin/env bash
# Call 1 (H200, device tool; issue 21, 2026-12-01): vector_split (kernels/vector_split.hpp), the drop-in's new kernel
# for rows of unknown skew. aspmv bench, double, one process per matrix,
# every method of a matrix in that process: vector_split against merge_split (the drop-in's kernel before it),
# the drop-in call itself (aspmv_spmv), lrb, CSR-Adaptive and every cuSPARSE algorithm, on the 62 real matrices of
# the shared sets but the 4 largest (.device/rpa: pattern-only .mtx.xz, values 1: the carry's 64 MiB hold the
# tracked tree, 49.5 MiB, and 14.5 more) and the 14 generated of the benchmark set; float on the real ones as time
# allows. Binary: the h100 preset's aspmv of this session's tree, carried as .device/vs/aspmv.tar.xz.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf vs/aspmv.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M=vector_split,merge_split,aspmv_spmv,lrb,csr_adaptive,cusparse
G="stencil2d-5pt-2000 stencil3d-7pt-150 rand-uniform-r1000000-c1000000-m16-s12-seed5
   rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6 rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7
   rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9
   shortlong-s500000-l50-n50000-seed2 rmat-s20-e16-a0.57-b0.19-c0.19-seed3 chunglu-r1000000-m10-g2.2-seed4
   circuit-r1000000-m5-d4-c4-seed5 lp-r200000-c1000000-m20-l20-n50000-seed6 band-r1000000-w100-m30-seed7-perm1
   stencil3d-27pt-130"
for m in .device/rpa/*.mtx.xz; do
  if (( SECONDS - start > 400 )); then note "not run (time): $m"; continue; fi
  timeout 30 $B bench --methods $M --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
for m in $G; do
  if (( SECONDS - start > 500 )); then note "not run (time): $m"; continue; fi
  timeout 60 $B bench --methods $M --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench"
for m in .device/rpa/*.mtx.xz; do
  if (( SECONDS - start > 545 )); then note "not run (time): float $m"; continue; fi
  timeout 20 $B bench --float --methods vector_split,merge_split,cusparse --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
done
note "bench float"
xz -9 "$R"/bench*.txt
tar -cJf "$OUT/call1.tar.xz" -C "$OUT" r && rm -rf "$R"
