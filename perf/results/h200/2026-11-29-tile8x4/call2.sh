#!/usr/bin/env bash
# Call 2: Nsight Compute on tile8x4's two bodies (matrix units: TileMmaFunctor; one thread a row, --variant
# tile_mma=0: TileRowFunctor) on a 27-point stencil (little padding) and two small real matrices; then every method
# of `aspmv bench` with --variant tile_mma=0 on the 62 shared real matrices (pattern-only), double then float.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gd/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
NCU=/usr/local/cuda/bin/ncu
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > "$R/gpu.txt" 2>&1
for m in stencil3d-27pt-130 .device/s62/4elt.mtx.xz .device/s62/Andrews.mtx.xz; do
  n=$(basename "$m" .mtx.xz)
  timeout 100 $NCU --kernel-name-base demangled --kernel-name regex:"TileMmaFunctor" --launch-count 1 \
    --section LaunchStats --section SpeedOfLight --section Occupancy --section WarpStateStats \
    --section MemoryWorkloadAnalysis $B bench --rounds 1 --methods tile8x4 "$m" > "$R/ncu_mma_$n.txt" 2>&1
  echo "ncu mma $n rc $?" >> "$R/summary.txt"
  timeout 100 $NCU --kernel-name-base demangled --kernel-name regex:"TileRowFunctor" --launch-count 1 \
    --section LaunchStats --section SpeedOfLight --section Occupancy --section WarpStateStats \
    --section MemoryWorkloadAnalysis $B bench --rounds 1 --methods tile8x4 --variant tile_mma=0 "$m" \
    > "$R/ncu_rows_$n.txt" 2>&1
  echo "ncu rows $n rc $?" >> "$R/summary.txt"
done
echo "ncu by $((SECONDS - start)) s" >> "$R/summary.txt"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  n=0
  for m in .device/s62/*; do
    if (( SECONDS - start > ${DEADLINE_S:-560} )); then echo "not run ($prec, time): $m" >> "$R/summary.txt"; continue; fi
    $B bench "${flag[@]}" --variant tile_mma=0 --csv "$R/bench_$prec.csv" "$m" >> "$R/bench_$prec.txt" 2>&1 \
      || echo "failed: $prec $m" >> "$R/summary.txt"
    n=$((n + 1))
  done
  echo "bench $prec: $n matrices by $((SECONDS - start)) s" >> "$R/summary.txt"
done
echo "done by $((SECONDS - start)) s" >> "$R/summary.txt"
cat "$R/summary.txt" | tail -12
tar -cJf "$OUT/call2.tar.xz" -C "$OUT" r && rm -rf "$R"
