#!/usr/bin/env bash
# Call 5 (H200, device tool; issue 21, 2026-12-02, third session; the window search): call 4's binaries (left on the warm machine) on
# .device/p2 (the next 29 real matrices by size, pattern-only): aspmv bench as call 1 (double: vector_split, the
# drop-in, lrb, cuSPARSE, --variant split_chunk_floor=64, 128, 256; float: vector_split, the 128 floor, cuSPARSE);
# memcheck over bench of vector_split and the drop-in (and the 128 floor) on the skewed graphs among them.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
for m in web-sk-2005 linux-includes marvel-chars loc-brightkite; do
  timeout 60 $SAN --tool memcheck --print-limit 20 $B bench --rounds 1 --methods vector_split,aspmv_spmv --variant split_chunk_floor=128 .device/p2/$m.mtx.xz > "$R/memcheck_$m.txt" 2>&1
  note "memcheck bench $m rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_$m.txt" | tr '\n' ' ')"
done
V="--variant split_chunk_floor=64 --variant split_chunk_floor=128 --variant split_chunk_floor=256"
for m in .device/p2/*.mtx.xz; do
  if (( SECONDS - start > 500 )); then note "not run (time): $m"; continue; fi
  timeout 30 $B bench --methods vector_split,aspmv_spmv,lrb,cusparse $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
  timeout 20 $B bench --float --methods vector_split,cusparse --variant split_chunk_floor=128 --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
done
note "bench real"
for f in "$R"/memcheck_*.txt; do tail -12 "$f" > "$f.tail" && rm "$f"; done
cat "$R/summary.txt"; xz -9 "$R"/bench*
tar -cJf "$OUT/call5.tar.xz" -C "$OUT" r && rm -rf "$R"
