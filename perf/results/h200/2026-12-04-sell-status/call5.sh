#!/usr/bin/env bash
# Call 5 (H200, 2026-12-04 fourth session, issue 22): SELL's GPU row body with the slice height as a compile-time
# constant (32) and immediate-offset loads (.device/nc: this change) against the run-time height (.device/b: 85d2a89).
# aspmv bench of SELL and cuSPARSE's SELL, each binary in its own process, alternating per matrix, on the 62 shared
# real matrices, both precisions per matrix (as far as 190 s allow: the session's device time is nearly spent); then the new
# build's kernel tests [edge] on every space. Results written straight to $OUT (no archive: a cut call keeps them).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device/b && tar -xJf bin.tar.xz) && (cd .device/nc && tar -xJf bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,uuid,driver_version --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M="sell,cusparse_sell"
for m in .device/s62/*; do
  for prec in double float; do
    flag=(); [ $prec = float ] && flag=(--float)
    for t in new old; do
      B=.device/nc/aspmv; [ $t = old ] && B=.device/b/aspmv
      if (( SECONDS - start > ${DEADLINE_S:-190} )); then continue; fi
      timeout 60 $B bench "${flag[@]}" --methods "$M" --csv "$R/bench_${t}_$prec.csv" "$m" \
        > /dev/null 2>&1 || note "failed: $t $prec $m"
    done
  done
done
note "bench: $(grep -c '' "$R/bench_new_double.csv") lines new double, $(grep -c '' "$R/bench_new_float.csv") new float"
T=.device/nc/aspmv_kernel_tests
timeout 45 $T "[edge]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [edge] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
cat "$R/summary.txt"
