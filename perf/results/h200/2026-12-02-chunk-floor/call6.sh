#!/usr/bin/env bash
# Call 6 (H200, device tool; issue 21, 2026-12-02, third session; the window search): call 4's binaries on .device/p3 (the 6 largest
# real matrices, pattern-only) as call 2, memcheck over bench of the drop-in on each; then the 14 generated matrices
# of the benchmark set (made on the device by name), double, vector_split, the drop-in, cuSPARSE and the floors.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
V="--variant split_chunk_floor=64 --variant split_chunk_floor=128 --variant split_chunk_floor=256"
for m in .device/p3/*.mtx.xz; do
  timeout 40 $B bench --methods vector_split,aspmv_spmv,lrb,cusparse $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
  timeout 30 $B bench --float --methods vector_split,cusparse --variant split_chunk_floor=128 --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
  n=$(basename "$m" .mtx.xz)
  timeout 60 $SAN --tool memcheck --print-limit 20 $B bench --rounds 1 --methods vector_split,aspmv_spmv --variant split_chunk_floor=128 "$m" > "$R/memcheck_$n.txt" 2>&1
  note "memcheck bench $n rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_$n.txt" | tr '\n' ' ')"
done
note "bench real"
G="stencil2d-5pt-2000 stencil3d-7pt-150 rand-uniform-r1000000-c1000000-m16-s12-seed5
   rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6 rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7
   rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9
   shortlong-s500000-l50-n50000-seed2 rmat-s20-e16-a0.57-b0.19-c0.19-seed3 chunglu-r1000000-m10-g2.2-seed4
   circuit-r1000000-m5-d4-c4-seed5 lp-r200000-c1000000-m20-l20-n50000-seed6 band-r1000000-w100-m30-seed7-perm1
   stencil3d-27pt-130"
for m in $G; do
  if (( SECONDS - start > 540 )); then note "not run (time): $m"; continue; fi
  timeout 60 $B bench --methods vector_split,aspmv_spmv,cusparse $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench generated"
for f in "$R"/memcheck_*.txt; do tail -12 "$f" > "$f.tail" && rm "$f"; done
cat "$R/summary.txt"; xz -9 "$R"/bench*
tar -cJf "$OUT/call6.tar.xz" -C "$OUT" r && rm -rf "$R"
