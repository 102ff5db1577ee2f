#!/usr/bin/env bash
# Call 3 (H200, device tool; issue 21, 2026-12-02, second session): call 2's binaries (left on the warm machine by
# call 2) on the 4 largest real matrices (.device/rpb) and 12-18 more (.device/rpa2), pattern-only: aspmv bench,
# double (vector_split, the drop-in, lrb, cuSPARSE, --variant split_warp_rows=4, split_medium_passes=4 and =8 in the
# same processes) and float
# (vector_split, cuSPARSE); memcheck over bench of the drop-in on each.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M=vector_split,aspmv_spmv,lrb,cusparse
V="--variant split_warp_rows=4 --variant split_medium_passes=4 --variant split_medium_passes=8"
for m in .device/rpb/*.mtx.xz .device/rpa2/*.mtx.xz; do
  if (( SECONDS - start > 480 )); then note "not run (time): $m"; continue; fi
  timeout 40 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
  timeout 30 $B bench --float --methods vector_split,cusparse --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
  n=$(basename "$m" .mtx.xz)
  timeout 60 $SAN --tool memcheck --print-limit 20 $B bench --rounds 1 --methods vector_split,aspmv_spmv "$m" > "$R/memcheck_$n.txt" 2>&1
  note "memcheck bench $n rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_$n.txt" | tr '\n' ' ')"
done
note "bench"
for f in "$R"/memcheck_*.txt; do tail -12 "$f" > "$f.tail" && rm "$f"; done
cat "$R/summary.txt"; xz -9 "$R"/bench*
tar -cJf "$OUT/call3.tar.xz" -C "$OUT" r && rm -rf "$R"
