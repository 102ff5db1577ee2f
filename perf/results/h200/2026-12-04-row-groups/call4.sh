#!/usr/bin/env bash
# Call 4 (H200, device tool; issue 22, 2026-12-04 second session): the committed code (call 3's default path; the
# vector_unroll switch of call 3's binary removed). Kernel tests [csr_delta],[direct],[edge] on every space of the
# build (Cuda included), the hidden-cost tests (no allocation, copy or wait per call: the drop-in's CSR-vector now a
# range of warps), compute-sanitizer memcheck over the vector_range test case; aspmv bench on the 27-point stencil
# and the band, double and float, CSR-vector and csr_delta at TpR 4 in both launches (vector_range=0 as a variant),
# lrb, csr_adaptive and cuSPARSE. Binaries: the h100 preset's aspmv, aspmv_kernel_tests and aspmv_hidden_cost_tests,
# stripped, .device/rg/bin.tar.xz.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf rg/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
B=.device/aspmv
T=.device/aspmv_kernel_tests
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
timeout 200 $T "[csr_delta],[direct],[edge]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [csr_delta],[direct],[edge] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
timeout 90 .device/aspmv_hidden_cost_tests > "$R/hidden_cost_tests.txt" 2>&1
note "hidden-cost tests rc $?: $(tail -2 "$R/hidden_cost_tests.txt" | tr '\n' ' ')"
timeout 100 $SAN --tool memcheck --print-limit 20 $T "the kernels that read vector_range*" > "$R/memcheck.txt" 2>&1
note "memcheck vector_range test rc $?: $(grep -E 'ERROR SUMMARY|assertions' "$R/memcheck.txt" | tr '\n' ' ')"
M="csr_vector<4>,csr_delta<4>,lrb,csr_adaptive,cusparse"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in stencil3d-27pt-130 band-r1000000-w100-m30-seed7; do
    timeout 60 $B bench "${flag[@]}" --methods "$M" --variant vector_range=0 --csv "$R/bench_gen_$prec.csv" "$m" \
      >> "$R/bench_gen_$prec.txt" 2>&1 || note "failed: $prec $m"
  done
  note "bench generated $prec"
done
cat "$R/summary.txt"
tar -cJf "$OUT/call4.tar.xz" -C "$OUT" r && rm -rf "$R"
