#!/usr/bin/env bash
# Call 1 (H200, device tool; 2026-12-04 fourth session). (a) GPU correctness of this session's review mends:
# kernel tests [csr_delta] and [analysis] (csr_delta's one-pass survey; row_stats through the backend's reduction)
# on every space of the build, compute-sanitizer memcheck of csr_delta's value tests and of the row statistics
# tests. (b) Issue 22's SELL target since the direct range launch (2026-12-03): aspmv bench, one process a matrix,
# SELL, ELL and cuSPARSE's SELL (and its CSR algorithms: `cusparse`) on the 62 shared real matrices (pattern-only,
# .device/s62), double then float.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device/b && tar -xJf bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
T=.device/b/aspmv_kernel_tests
timeout 150 $T "[csr_delta],[analysis]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [csr_delta],[analysis] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
timeout 100 compute-sanitizer --tool memcheck --print-limit 20 $T "csr_delta equals the reference*" \
  > "$R/memcheck_csr_delta.txt" 2>&1
note "memcheck csr_delta value tests rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_csr_delta.txt" | tail -1)"
timeout 60 compute-sanitizer --tool memcheck --print-limit 20 $T "row statistics*" > "$R/memcheck_row_stats.txt" 2>&1
note "memcheck row statistics tests rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_row_stats.txt" | tail -1)"
M="sell,ell,cusparse_sell,cusparse"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in .device/s62/*; do
    if (( SECONDS - start > ${DEADLINE_S:-540} )); then note "not run ($prec, time): $m"; continue; fi
    timeout 60 .device/b/aspmv bench "${flag[@]}" --methods "$M" --csv "$R/sell_$prec.csv" "$m" \
      >> "$R/sell_$prec.txt" 2>&1 || note "failed: $prec $m"
  done
  note "bench $prec"
done
cat "$R/summary.txt"
