#!/usr/bin/env bash
# Call 2 (H200, device tool; issue 21, 2026-12-02, second session): vector_split with the crowd rule (a unit's
# rows over `medium` entries summed by their own lanes when their passes, length / (lanes x dot_unroll), are at most
# the number of such rows in the unit; the rest by the warp as before; the warp's rows found by ballots). The
# [vector_split] and [lrb] kernel tests on every space of the build (Cuda included) and compute-sanitizer memcheck
# over vector_split's kernel tests; memcheck over bench of the drop-in on six skewed real matrices; aspmv bench,
# double, on .device/rpa1 (46 of the smaller real matrices, pattern-only) with lrb and --variant split_warp_rows=4,
# split_medium_passes=4 and =8 (rows over 4 or 8 passes of their lanes, at least a warp, to the warp; chunks as
# short as that on small matrices)
# in the same processes, float with vector_split and cuSPARSE; the 14 generated of the benchmark set, double.
# Binaries: the h100 preset's aspmv and aspmv_kernel_tests (ASPMV_KERNEL_TEST_FILES="test_vector_split.cpp;
# test_lrb.cpp"), stripped, .device/wr/bin.tar.xz.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf wr/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
B=.device/aspmv
T=.device/aspmv_kernel_tests
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
timeout 120 $T "[vector_split],[lrb]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [vector_split],[lrb] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
timeout 150 $SAN --tool memcheck --print-limit 20 $T "vector_split equals the reference with long and short chunks*" > "$R/memcheck_kernel_tests.txt" 2>&1
note "memcheck vector_split kernel tests rc $?: $(grep -E 'ERROR SUMMARY|assertions' "$R/memcheck_kernel_tests.txt" | tr '\n' ' ')"
for m in web-sk-2005 as-22july06 WOOD1P linux-includes marvel-chars soc-sign-bitcoinalpha; do
  timeout 40 $SAN --tool memcheck --print-limit 20 $B bench --rounds 1 --methods vector_split,aspmv_spmv .device/rpa1/$m.mtx.xz > "$R/memcheck_$m.txt" 2>&1
  note "memcheck bench $m rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_$m.txt" | tr '\n' ' ')"
done
M=vector_split,aspmv_spmv,lrb,cusparse
V="--variant split_warp_rows=4 --variant split_medium_passes=4 --variant split_medium_passes=8"
for m in .device/rpa1/*.mtx.xz; do
  if (( SECONDS - start > 330 )); then note "not run (time): $m"; continue; fi
  timeout 30 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
  timeout 20 $B bench --float --methods vector_split,cusparse --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
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
  timeout 60 $B bench --methods vector_split,cusparse $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench generated"
for f in "$R"/memcheck_*.txt; do tail -12 "$f" > "$f.tail" && rm "$f"; done
cat "$R/summary.txt"; xz -9 "$R"/bench* "$R"/*tests.txt
tar -cJf "$OUT/call2.tar.xz" -C "$OUT" r && rm -rf "$R"
