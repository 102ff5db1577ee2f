#!/usr/bin/env bash
# Call 2 (H200, device tool; issue 21, 2026-12-01): vector_split as committed in 3c938be (one search a chunk unit,
# chunks of about nnz / the device's warps between `medium` and split_chunk 4096), the same bench as call 1 with
# the shape's table parameters varied in the same process (--variant split_lane_entries=2 / =8,
# split_medium_passes=8, split_chunk=1024), then compute-sanitizer memcheck over `aspmv bench` of vector_split and
# the drop-in on five skewed real matrices, then float. Matrices: .device/rpa (58 real, pattern-only) and the 14
# generated of the benchmark set. Binary: the h100 preset's aspmv of 3c938be, .device/vs/aspmv.tar.xz.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf vs/aspmv.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
for m in as-22july06 WOOD1P linux-includes soc-sign-bitcoinalpha marvel-chars; do
  timeout 40 $SAN --tool memcheck --print-limit 20 $B bench --rounds 1 --methods vector_split,aspmv_spmv .device/rpa/$m.mtx.xz > "$R/memcheck_$m.txt" 2>&1
  note "memcheck bench $m rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_$m.txt" | tr '\n' ' ')"
done
M=vector_split,merge_split,aspmv_spmv,lrb,csr_adaptive,cusparse
V="--variant split_lane_entries=2 --variant split_lane_entries=8 --variant split_medium_passes=8 --variant split_chunk=1024"
G="stencil2d-5pt-2000 stencil3d-7pt-150 rand-uniform-r1000000-c1000000-m16-s12-seed5
   rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6 rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7
   rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9
   shortlong-s500000-l50-n50000-seed2 rmat-s20-e16-a0.57-b0.19-c0.19-seed3 chunglu-r1000000-m10-g2.2-seed4
   circuit-r1000000-m5-d4-c4-seed5 lp-r200000-c1000000-m20-l20-n50000-seed6 band-r1000000-w100-m30-seed7-perm1
   stencil3d-27pt-130"
for m in .device/rpa/*.mtx.xz; do
  if (( SECONDS - start > 380 )); then note "not run (time): $m"; continue; fi
  timeout 30 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
for m in $G; do
  if (( SECONDS - start > 500 )); then note "not run (time): $m"; continue; fi
  timeout 60 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench"
for m in .device/rpa/*.mtx.xz; do
  if (( SECONDS - start > 550 )); then note "not run (time): float $m"; continue; fi
  timeout 20 $B bench --float --methods vector_split,merge_split,aspmv_spmv,cusparse --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
done
note "bench float"
for f in "$R"/memcheck_*.txt; do tail -12 "$f" > "$f.tail" && rm "$f"; done
xz -9 "$R"/bench*.txt
tar -cJf "$OUT/call2.tar.xz" -C "$OUT" r && rm -rf "$R"
