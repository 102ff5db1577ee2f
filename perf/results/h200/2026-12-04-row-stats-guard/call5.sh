#!/usr/bin/env bash
# Call 5 (H200, device tool; 2026-12-04 third session, issue 22): csr_delta's row-relative form (every entry within
# 127 or 32,767 of its row: signed distances from the row index, no per-row base) against the per-row bases, on the
# grids and the band whose compressed-index target is 1.15x the best plain CSR kernel. Kernel tests [csr_delta] on
# every space of the build (Cuda included) and compute-sanitizer memcheck of csr_delta's value tests; then aspmv
# bench, one process a matrix, double and float, with the new tool (.device/d2: this change) and the committed one
# (.device/vf: 93c6db5, per-row bases), each timing csr_delta, CSR-vector, lrb, CSR-Adaptive and cuSPARSE in its
# process.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device/d2 && tar -xJf bin.tar.xz) && (cd .device/vf && tar -xJf bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
T=.device/d2/aspmv_kernel_tests
timeout 150 $T "[csr_delta]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [csr_delta] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
timeout 120 compute-sanitizer --tool memcheck --print-limit 20 $T "csr_delta equals the reference*" \
  > "$R/memcheck.txt" 2>&1
note "memcheck csr_delta value tests rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck.txt" | tail -1)"
M="csr_vector<2>,csr_vector<4>,csr_vector<8>,csr_adaptive,lrb,csr_delta<1>,csr_delta<2>,csr_delta<4>,csr_delta<8>,cusparse"
G="stencil3d-27pt-130 band-r1000000-w100-m30-seed7 stencil2d-5pt-2000 stencil3d-7pt-150"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in $G; do
    for t in new old; do
      B=.device/d2/aspmv; [ $t = old ] && B=.device/vf/aspmv
      if (( SECONDS - start > 540 )); then note "not run ($prec, $t, time): $m"; continue; fi
      timeout 90 $B bench "${flag[@]}" --methods "$M" --csv "$R/bench_${t}_$prec.csv" "$m" \
        >> "$R/bench_${t}_$prec.txt" 2>&1 || note "failed: $t $prec $m"
    done
  done
  note "bench $prec"
done
cat "$R/summary.txt"
tar -cJf "$OUT/call5.tar.xz" -C "$OUT" r && rm -rf "$R"
