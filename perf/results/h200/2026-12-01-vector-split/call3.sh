#!/usr/bin/env bash
# Call 3 (H200, device tool; issue 21, 2026-12-01): the 4 largest real matrices of the shared sets (.device/rpb:
# Andrews, deezer-hr, offshore, soc-Epinions1; pattern-only), which did not fit calls 1-2's carry, with the binary
# of call 2 (3c938be, split_lane_entries 4) and --variant split_lane_entries=2 (the default since 3908f74), double
# and float; memcheck of the drop-in on them.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf vs/aspmv.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M=vector_split,merge_split,aspmv_spmv,lrb,csr_adaptive,cusparse
for m in .device/rpb/*.mtx.xz; do
  timeout 40 $B bench --methods $M --variant split_lane_entries=2 --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
  timeout 30 $B bench --float --methods vector_split,merge_split,aspmv_spmv,cusparse --variant split_lane_entries=2 --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
  n=$(basename "$m" .mtx.xz)
  timeout 60 $SAN --tool memcheck --print-limit 20 $B bench --rounds 1 --methods vector_split --variant split_lane_entries=2 "$m" > "$R/memcheck_$n.txt" 2>&1
  note "memcheck bench $n rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_$n.txt" | tr '\n' ' ')"
done
note "done"
for f in "$R"/memcheck_*.txt; do tail -12 "$f" > "$f.tail" && rm "$f"; done
xz -9 "$R"/bench*.txt
tar -cJf "$OUT/call3.tar.xz" -C "$OUT" r && rm -rf "$R"
