#!/usr/bin/env bash
# Call 4 (H200, device tool; issue 21, 2026-12-02): the binaries of call 3 (left on the machine by call 3) on the
# 4 largest real matrices (.device/rpb) and 12 more (.device/rpa2), pattern-only, and the 14 generated of the
# benchmark set (made on the device by name), double, with --variant split_warp_rows=1 / =2 in the same
# processes; the 16 real in float too; memcheck over bench of the drop-in on the 16 real; Nsight Compute on
# web-sk-2005 (vector_split with 4 and 1 rows side by side, caches flushed).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf wr/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
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
  if (( SECONDS - start > 480 )); then note "not run (time): $m"; continue; fi
  timeout 60 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench"
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
S="--section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats"
W=.device/rpa1/web-sk-2005.mtx.xz
# The side-by-side functor (template flag true) and the previous form's (false), each the first launch of its kind.
for form in true false; do
  if (( SECONDS - start > 540 )); then note "not run (time): ncu $form"; continue; fi
  timeout 40 $NCU --target-processes all --kernel-name-base demangled --kernel-name "regex:VectorSplitFunctor.*$form" \
    --launch-count 1 --cache-control all $S $B bench --rounds 1 --methods vector_split --variant split_warp_rows=1 "$W" \
    > "$R/ncu_websk_$form.txt" 2>&1
  note "ncu web-sk-2005 side-by-side $form rc $?"
done
for f in "$R"/memcheck_*.txt; do tail -12 "$f" > "$f.tail" && rm "$f"; done
cat "$R/summary.txt"; xz -9 "$R"/bench*.txt
tar -cJf "$OUT/call4.tar.xz" -C "$OUT" r && rm -rf "$R"
