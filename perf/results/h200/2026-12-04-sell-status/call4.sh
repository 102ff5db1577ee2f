#!/usr/bin/env bash
# Call 4 (H200, 2026-12-04 fourth session, issues 21 and 22): the direct range launch's block shrunk where the range
# would not give every SM a block (.device/nb: this change) against the launch before (.device/b: 85d2a89).
# Kernel tests [direct],[edge],[random] of the new build on every space and memcheck over [direct]; then aspmv bench
# of csr_scalar, SELL, vector_split and cuSPARSE's SELL, each binary in its own process, alternating per matrix, on the 62 shared
# real matrices, double and float.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device/b && tar -xJf bin.tar.xz) && (cd .device/nb && tar -xJf bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,uuid,driver_version --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
T=.device/nb/aspmv_kernel_tests
timeout 100 $T "[direct],[edge],[random]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [direct],[edge],[random] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
timeout 60 compute-sanitizer --tool memcheck --print-limit 20 $T "[direct]" > "$R/memcheck_direct.txt" 2>&1
note "memcheck [direct] rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_direct.txt" | tail -1)"
M="csr_scalar,sell,vector_split,cusparse_sell"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in .device/s62/*; do
    for t in new old; do
      B=.device/nb/aspmv; [ $t = old ] && B=.device/b/aspmv
      if (( SECONDS - start > ${DEADLINE_S:-470} )); then note "not run ($prec, $t, time): $m"; continue; fi
      timeout 60 $B bench "${flag[@]}" --methods "$M" --csv "$R/bench_${t}_$prec.csv" "$m" \
        >> "$R/bench_${t}_$prec.txt" 2>&1 || note "failed: $t $prec $m"
    done
  done
  note "bench $prec"
done
cat "$R/summary.txt"
tar -cJf "$OUT/call4.tar.xz" -C "$OUT" r && rm -rf "$R"
