#!/usr/bin/env bash
# Call 3 (H200, 2026-12-04 fourth session, issue 22): Nsight Compute on the library's SELL row kernel in float and
# double (.device/b: 85d2a89's h100-preset aspmv; the SELL code is unchanged since) against the prototype's one-entry
# body (lanes_bench sell_rows<T, 1>) and cuSPARSE's SELL, on two matrices of few long rows: launch shape, registers,
# occupancy, throughput, warp stalls.
set -u
R=$OUT/r; mkdir -p "$R"
(cd .device/b && tar -xJf bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
S=(--section LaunchStats --section SpeedOfLight --section Occupancy --section WarpStateStats --section SchedulerStats)
for m in orani678 mcfe; do
  xz -dc .device/s62/$m.mtx.xz > /tmp/$m.mtx
  for prec in float double; do
    flag=(); [ $prec = float ] && flag=(--float)
    for k in SellRowFunctor:sell sellmv:cusparse_sell; do
      timeout 100 /usr/local/cuda/bin/ncu --kernel-name-base demangled --kernel-name regex:"${k%%:*}" \
        --launch-count 2 "${S[@]}" .device/b/aspmv bench "${flag[@]}" --rounds 1 --methods ${k#*:} \
        .device/s62/$m.mtx.xz > "$R/ncu_${k#*:}_${m}_$prec.txt" 2>&1
      echo "ncu ${k#*:} $m $prec rc $? ($SECONDS s)" >> "$R/summary.txt"
    done
    timeout 120 /usr/local/cuda/bin/ncu --kernel-name regex:"sell_rows" --launch-count 2 "${S[@]}" \
      .device/lanes/lanes_bench /tmp/$m.mtx $prec > "$R/ncu_lanes_${m}_$prec.txt" 2>&1
    echo "ncu lanes $m $prec rc $? ($SECONDS s)" >> "$R/summary.txt"
  done
done
cat "$R/summary.txt"
tar -cJf "$OUT/call3.tar.xz" -C "$OUT" r && rm -rf "$R"
