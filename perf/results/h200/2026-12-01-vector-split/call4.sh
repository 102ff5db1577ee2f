#!/usr/bin/env bash
# Call 4 (H200, device tool; issue 21, 2026-12-01): float on the 58 real of .device/rpa with --variant
# split_lane_entries=2 (the default since 3908f74; binary of call 2, 3c938be), and Nsight Compute on web-sk-2005,
# the one real matrix where the drop-in stays below 0.5x cuSPARSE: vector_split with 2 entries a lane against
# cuSPARSE's CSR ALG1 kernel (caches flushed, one launch each).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf vs/aspmv.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
for m in .device/rpa/*.mtx.xz; do
  if (( SECONDS - start > 300 )); then note "not run (time): float $m"; continue; fi
  timeout 20 $B bench --float --methods vector_split,aspmv_spmv,cusparse --variant split_lane_entries=2 --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
done
note "bench float"
W=.device/rpa/web-sk-2005.mtx.xz
timeout 150 $NCU --target-processes all --kernel-name regex:VectorSplit --launch-count 1 --cache-control all \
  --section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis \
  $B bench --rounds 1 --methods "vector_split" --variant split_lane_entries=2 "$W" > "$R/ncu_vector_split.txt" 2>&1
note "ncu vector_split rc $?"
timeout 150 $NCU --target-processes all --kernel-name regex:csr --launch-count 2 --cache-control all \
  --section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis \
  $B bench --rounds 1 --methods cusparse_csr_alg1 "$W" > "$R/ncu_cusparse.txt" 2>&1
note "ncu cusparse rc $?"
xz -9 "$R"/bench*.txt
tar -cJf "$OUT/call4.tar.xz" -C "$OUT" r && rm -rf "$R"
