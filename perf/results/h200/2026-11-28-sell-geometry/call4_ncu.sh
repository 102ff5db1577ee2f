#!/usr/bin/env bash
# Call 4: Nsight Compute on aspmv's SELL body against cuSPARSE's SELL (launch, occupancy, throughput, stalls).
set -u
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gd/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
for m in mcfe bcsstk16 Andrews; do
  timeout 150 /usr/local/cuda/bin/ncu --kernel-name-base demangled --kernel-name regex:"SellRowFunctor|sellmv" \
    --launch-count 6 --section LaunchStats --section SpeedOfLight --section Occupancy \
    --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats \
    .device/aspmv bench --rounds 1 --methods sell,cusparse_sell .device/s62/$m.mtx.xz > "$R/ncu_$m.txt" 2>&1
  echo "ncu $m rc $?" >> "$R/summary.txt"
done
tar -cJf "$OUT/call4.tar.xz" -C "$OUT" r && rm -rf "$R"
