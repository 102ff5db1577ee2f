#!/usr/bin/env bash
# Call 2 (2026-11-28, sixth session): SELL/ELL partial sums against cuSPARSE's SELL on the 62 shared real
# matrices; the h200 table's format models choosing on the GPU; compute-sanitizer over the new SELL/ELL bodies.
set -u
start=$SECONDS
(cd .device && tar -xJf gd/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
$B info > "$OUT/info.txt" 2>&1
nvidia-smi --query-gpu=name,driver_version --format=csv > "$OUT/gpu.txt" 2>&1
V=(--variant sell_sums=1 --variant sell_c=16,sell_sums=1 --variant sell_c=16)
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  n=0
  for m in .device/s62/*; do
    if (( SECONDS - start > ${AB_DEADLINE_S:-300} )); then echo "not run ($prec, time): $m" >> "$OUT/summary.txt"; continue; fi
    $B bench "${flag[@]}" --methods sell,ell,jad,cusparse_sell "${V[@]}" --csv "$OUT/ab_$prec.csv" "$m" \
      >> "$OUT/ab_$prec.txt" 2>&1 || echo "failed: $prec $m" >> "$OUT/summary.txt"
    n=$((n + 1))
  done
  echo "ab $prec: $n matrices by $((SECONDS - start)) s" >> "$OUT/summary.txt"
done
G=(stencil2d-5pt-2000 stencil3d-7pt-150 stencil3d-27pt-130 band-r1000000-w100-m30-seed7
   rand-uniform-r1000000-c1000000-m16-s12-seed5)
export ASPMV_MODEL_FILE=tuning_data/h200/model.json
$B run --calls 1000 --describe "${G[@]}" > "$OUT/run_generated.txt" 2>&1
$B run --calls 1000 --allow-conversion --describe "${G[@]}" > "$OUT/run_generated_allow.txt" 2>&1
$B run --calls 1000 .device/s62/* > "$OUT/run_real.txt" 2>&1
$B run --calls 1000 --allow-conversion --describe .device/s62/* > "$OUT/run_real_allow.txt" 2>&1
echo "runs by $((SECONDS - start)) s" >> "$OUT/summary.txt"
unset ASPMV_MODEL_FILE
for k in sell ell; do
  /usr/local/cuda/bin/compute-sanitizer --tool memcheck $B run --kernel $k .device/s62/bcsstk13.mtx.xz \
    .device/s62/rajat01.mtx.xz stencil2d-5pt-33 > "$OUT/memcheck_$k.txt" 2>&1
  echo "memcheck $k: rc $? $(grep -o 'ERROR SUMMARY: [0-9]* errors' "$OUT/memcheck_$k.txt")" >> "$OUT/summary.txt"
  /usr/local/cuda/bin/compute-sanitizer --tool memcheck $B run --float --kernel $k .device/s62/bcsstk13.mtx.xz \
    > "$OUT/memcheck_${k}_float.txt" 2>&1
  echo "memcheck $k float: rc $? $(grep -o 'ERROR SUMMARY: [0-9]* errors' "$OUT/memcheck_${k}_float.txt")" >> "$OUT/summary.txt"
done
echo "done by $((SECONDS - start)) s" >> "$OUT/summary.txt"
cat "$OUT/summary.txt" | tail -12
