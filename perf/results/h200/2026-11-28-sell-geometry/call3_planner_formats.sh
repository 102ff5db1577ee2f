#!/usr/bin/env bash
# Call 3 (2026-11-28, sixth session): the h200 table's format models choosing on the GPU (plans with and
# without --allow-conversion at 1000 calls); SELL against cuSPARSE's SELL under Nsight Compute; memcheck of
# the SELL/ELL bodies. Everything lands in one tar (the device tool returns few files).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gd/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
$B info > "$R/info.txt" 2>&1
nvidia-smi --query-gpu=name,driver_version --format=csv > "$R/gpu.txt" 2>&1
G=(stencil2d-5pt-2000 stencil3d-7pt-150 stencil3d-27pt-130 band-r1000000-w100-m30-seed7
   rand-uniform-r1000000-c1000000-m16-s12-seed5)
export ASPMV_MODEL_FILE=tuning_data/h200/model.json
$B run --calls 1000 --describe "${G[@]}" > "$R/run_generated.txt" 2>&1; echo "run_generated rc $?" >> "$R/summary.txt"
$B run --calls 1000 --allow-conversion --describe "${G[@]}" > "$R/run_generated_allow.txt" 2>&1
echo "run_generated_allow rc $?" >> "$R/summary.txt"
$B run --calls 1000 --describe .device/s62/* > "$R/run_real.txt" 2>&1; echo "run_real rc $?" >> "$R/summary.txt"
$B run --calls 1000 --allow-conversion --describe .device/s62/* > "$R/run_real_allow.txt" 2>&1
echo "run_real_allow rc $?" >> "$R/summary.txt"
$B run --float --calls 1000 --allow-conversion --describe "${G[@]}" > "$R/run_generated_allow_float.txt" 2>&1
echo "run_generated_allow_float rc $? by $((SECONDS - start)) s" >> "$R/summary.txt"
unset ASPMV_MODEL_FILE
for k in sell ell; do
  /usr/local/cuda/bin/compute-sanitizer --tool memcheck $B run --kernel $k .device/s62/bcsstk13.mtx.xz \
    .device/s62/mcfe.mtx.xz stencil2d-5pt-33 > "$R/memcheck_$k.txt" 2>&1
  echo "memcheck $k: rc $? $(grep -o 'ERROR SUMMARY: [0-9]* errors' "$R/memcheck_$k.txt")" >> "$R/summary.txt"
done
for m in MIT8 mcfe Andrews; do
  timeout 120 /usr/local/cuda/bin/ncu --kernel-name regex:"[Ss]ell|SELL|sliced|Sliced" --launch-count 8 \
    --section LaunchStats --section SpeedOfLight --section Occupancy --section MemoryWorkloadAnalysis \
    $B bench --rounds 1 --methods sell,cusparse_sell .device/s62/$m.mtx.xz > "$R/ncu_$m.txt" 2>&1
  echo "ncu $m rc $? by $((SECONDS - start)) s" >> "$R/summary.txt"
done
echo "done by $((SECONDS - start)) s" >> "$R/summary.txt"
tar -cJf "$OUT/call3.tar.xz" -C "$OUT" r && rm -rf "$R"
tar -tJf "$OUT/call3.tar.xz" | wc -l
