#!/usr/bin/env bash
# Call 2 (H200, device tool; issue 21, 2026-12-02): the binaries of call 1 (left on the warm machine; only the
# matrices were carried) on the 4 largest real matrices (.device/rpb, pattern-only), the 12 of .device/rpa2 and the
# 14 generated of the benchmark set (made on the device by name), double, with
# --variant split_warp_rows=1 (the previous form) and =2 in the same processes; the 16 real in float too; memcheck
# over bench of the drop-in on the 16 real; the GPU hidden-cost tests (aspmv_hidden_cost_tests of the same build,
# .device/wr/hid.tar.xz: no allocation, copy or wait in the apply paths, the drop-in's included).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf wr/bin.tar.xz && tar -xJf wr/hid.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
timeout 90 .device/aspmv_hidden_cost_tests > "$R/hidden_cost_tests.txt" 2>&1
note "hidden-cost tests rc $?: $(tail -2 "$R/hidden_cost_tests.txt" | tr '\n' ' ')"
M=vector_split,aspmv_spmv,merge_split,lrb,cusparse
V="--variant split_warp_rows=1 --variant split_warp_rows=2"
for m in .device/rpb/*.mtx.xz .device/rpa2/*.mtx.xz; do
  timeout 40 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
  timeout 30 $B bench --float --methods vector_split,aspmv_spmv,cusparse --variant split_warp_rows=1 --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
  n=$(basename "$m" .mtx.xz)
  timeout 60 $SAN --tool memcheck --print-limit 20 $B bench --rounds 1 --methods vector_split,aspmv_spmv "$m" > "$R/memcheck_$n.txt" 2>&1
  note "memcheck bench $n rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_$n.txt" | tr '\n' ' ')"
done
G="stencil2d-5pt-2000 stencil3d-7pt-150 rand-uniform-r1000000-c1000000-m16-s12-seed5
   rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6 rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7
   rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9
   shortlong-s500000-l50-n50000-seed2 rmat-s20-e16-a0.57-b0.19-c0.19-seed3 chunglu-r1000000-m10-g2.2-seed4
   circuit-r1000000-m5-d4-c4-seed5 lp-r200000-c1000000-m20-l20-n50000-seed6 band-r1000000-w100-m30-seed7-perm1
   stencil3d-27pt-130"
for m in $G; do
  if (( SECONDS - start > 500 )); then note "not run (time): $m"; continue; fi
  timeout 60 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench"
for f in "$R"/memcheck_*.txt; do tail -12 "$f" > "$f.tail" && rm "$f"; done
cat "$R/summary.txt"; xz -9 "$R"/bench*.txt "$R"/*tests.txt
tar -cJf "$OUT/call2.tar.xz" -C "$OUT" r && rm -rf "$R"
