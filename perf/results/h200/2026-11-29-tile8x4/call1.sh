#!/usr/bin/env bash
# Call 1: tile8x4 on the H200 -- its GPU tests (and the format tests, whose refresh test covers it) plain and
# under compute-sanitizer memcheck, then `aspmv bench` on generated matrices: tile8x4 on the matrix units, its
# one-thread-a-row body (--variant tile_mma=0), ELL, SELL, the CSR kernels and cuSPARSE, double then float.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gt/tests.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
T=.device/aspmv_kernel_tests
S=/usr/local/cuda/bin/compute-sanitizer
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > "$R/gpu.txt" 2>&1
$B info > "$R/info.txt" 2>&1
timeout 150 $T "[tile8x4],[sell]" > "$R/tests.txt" 2>&1
echo "tests [tile8x4],[sell] rc $?: $(tail -2 "$R/tests.txt" | tr '\n' ' ')" >> "$R/summary.txt"
timeout 200 $S --tool memcheck $T "[tile8x4]" > "$R/memcheck_tests.txt" 2>&1
echo "memcheck [tile8x4] rc $?: $(grep -o 'ERROR SUMMARY: [0-9]* errors' "$R/memcheck_tests.txt") $(grep -o 'All tests passed.*' "$R/memcheck_tests.txt")" >> "$R/summary.txt"
G="stencil2d-5pt-2000 stencil3d-7pt-150 stencil3d-27pt-130 rand-uniform-r1000000-c1000000-m16-s12-seed5 band-r1000000-w100-m30-seed7"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in $G; do
    if (( SECONDS - start > ${DEADLINE_S:-540} )); then echo "not run ($prec, time): $m" >> "$R/summary.txt"; continue; fi
    $B bench "${flag[@]}" --methods tile8x4,ell,sell,csr_scalar,csr_vector,csr_adaptive,cusparse \
      --variant tile_mma=0 --csv "$R/bench_gen_$prec.csv" "$m" >> "$R/bench_gen_$prec.txt" 2>&1 \
      || echo "failed: $prec $m" >> "$R/summary.txt"
  done
  echo "bench generated $prec by $((SECONDS - start)) s" >> "$R/summary.txt"
done
echo "done by $((SECONDS - start)) s" >> "$R/summary.txt"
cat "$R/summary.txt" | tail -12
tar -cJf "$OUT/call1.tar.xz" -C "$OUT" r && rm -rf "$R"
