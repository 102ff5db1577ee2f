#!/usr/bin/env bash
# Call 5 (2026-11-28, sixth session): SELL and ELL loading 4 entries at a time (the h100 table's
# gpu_format_unroll 4) against 1 (--variant sell_unroll=1, the body before) and cuSPARSE's SELL, the 62 shared
# real matrices, double then float; Nsight Compute on the 4-at-a-time body; memcheck.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gd/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
$B info > "$R/info.txt" 2>&1
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  n=0
  for m in .device/s62/*; do
    if (( SECONDS - start > ${AB_DEADLINE_S:-300} )); then echo "not run ($prec, time): $m" >> "$R/summary.txt"; continue; fi
    $B bench "${flag[@]}" --methods sell,ell,cusparse_sell --variant sell_unroll=1 --csv "$R/unroll_$prec.csv" "$m" \
      >> "$R/unroll_$prec.txt" 2>&1 || echo "failed: $prec $m" >> "$R/summary.txt"
    n=$((n + 1))
  done
  echo "unroll $prec: $n matrices by $((SECONDS - start)) s" >> "$R/summary.txt"
done
for m in mcfe bcsstk16 Andrews; do
  timeout 100 /usr/local/cuda/bin/ncu --kernel-name-base demangled --kernel-name regex:"SellRowFunctor" \
    --launch-count 2 --section LaunchStats --section SpeedOfLight --section Occupancy --section WarpStateStats \
    $B bench --rounds 1 --methods sell .device/s62/$m.mtx.xz > "$R/ncu_$m.txt" 2>&1
  echo "ncu $m rc $?" >> "$R/summary.txt"
done
for k in sell ell; do
  /usr/local/cuda/bin/compute-sanitizer --tool memcheck $B run --kernel $k .device/s62/bcsstk13.mtx.xz \
    .device/s62/mcfe.mtx.xz stencil2d-5pt-33 > "$R/memcheck_$k.txt" 2>&1
  echo "memcheck $k: rc $? $(grep -o 'ERROR SUMMARY: [0-9]* errors' "$R/memcheck_$k.txt")" >> "$R/summary.txt"
  /usr/local/cuda/bin/compute-sanitizer --tool memcheck $B run --float --kernel $k .device/s62/WOOD1P.mtx.xz \
    > "$R/memcheck_${k}_float.txt" 2>&1
  echo "memcheck $k float: rc $? $(grep -o 'ERROR SUMMARY: [0-9]* errors' "$R/memcheck_${k}_float.txt")" >> "$R/summary.txt"
done
echo "done by $((SECONDS - start)) s" >> "$R/summary.txt"
tar -cJf "$OUT/call5.tar.xz" -C "$OUT" r && rm -rf "$R"
