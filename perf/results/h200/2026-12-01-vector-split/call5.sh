#!/usr/bin/env bash
# Call 5 (H200, device tool; issue 21, 2026-12-01): Nsight Compute on web-sk-2005 (call 4's filter matched no
# Kokkos kernel: their function name is Kokkos' launcher, so names are matched demangled here): vector_split with 2
# entries a lane, lrb's one launch, and cuSPARSE CSR ALG1's SpMV kernel (its first two csr kernels are the
# preprocessing's partition), caches flushed, one launch each. Binary of call 2 (3c938be).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf vs/aspmv.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
W=.device/rpa/web-sk-2005.mtx.xz
S="--section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis --section SourceCounters"
timeout 120 $NCU --target-processes all --kernel-name-base demangled --kernel-name regex:VectorSplitFunctor --launch-count 1 \
  --cache-control all $S $B bench --rounds 1 --methods vector_split --variant split_lane_entries=2 "$W" > "$R/ncu_vector_split.txt" 2>&1
note "ncu vector_split rc $?"
timeout 120 $NCU --target-processes all --kernel-name-base demangled --kernel-name regex:LrbOneLaunchFunctor --launch-count 1 \
  --cache-control all $S $B bench --rounds 1 --methods lrb "$W" > "$R/ncu_lrb.txt" 2>&1
note "ncu lrb rc $?"
timeout 120 $NCU --target-processes all --kernel-name regex:csr --launch-skip 2 --launch-count 1 \
  --cache-control all $S $B bench --rounds 1 --methods cusparse_csr_alg1 "$W" > "$R/ncu_cusparse.txt" 2>&1
note "ncu cusparse rc $?"
tar -cJf "$OUT/call5.tar.xz" -C "$OUT" r && rm -rf "$R"
