#!/usr/bin/env bash
# Call 2 (H200, device tool; issue 22, 2026-12-04): as call 1, csr_adaptive_delta with the delta loaded beside its
# segment's base (call 1: after it, behind the base's test). Its and csr_delta's kernel tests on every space of the build (Cuda included),
# compute-sanitizer memcheck over csr_adaptive_delta's; aspmv bench on the grids and bands of the benchmark set with
# every CSR kernel, csr_delta, csr_adaptive_delta and cuSPARSE, double and float (one process a matrix); Nsight
# Compute of csr_adaptive<u4> and csr_adaptive_delta<u4> on the 27-point stencil and the band; the 62 shared real
# matrices with csr_adaptive, csr_adaptive_delta, vector_split and cuSPARSE's CSR, double.
# Binaries: the h100 preset's aspmv and aspmv_kernel_tests (ASPMV_KERNEL_TEST_FILES="test_csr_delta.cpp;
# test_kernels.cpp"), stripped, .device/ad/bin.tar.xz; matrices .device/cpuavx/m (the 62 shared real, xz).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf ad/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
NCU=/usr/local/cuda/bin/ncu
B=.device/aspmv
T=.device/aspmv_kernel_tests
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
timeout 150 $T "[csr_delta],[csr_adaptive_delta]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [csr_delta],[csr_adaptive_delta] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
timeout 150 $SAN --tool memcheck --print-limit 20 $T "csr_adaptive_delta equals*" > "$R/memcheck_kernel_tests.txt" 2>&1
note "memcheck csr_adaptive_delta tests rc $?: $(grep -E 'ERROR SUMMARY|assertions' "$R/memcheck_kernel_tests.txt" | tr '\n' ' ')"
M=csr_scalar,csr_vector,csr_adaptive,merge_split,vector_split,lrb,csr_delta,cusparse
G="stencil3d-27pt-130 band-r1000000-w100-m30-seed7 stencil2d-5pt-2000 stencil3d-7pt-150
   band-r1000000-w100-m30-seed7-perm1 rand-uniform-r1000000-c1000000-m16-s12-seed5"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in $G; do
    if (( SECONDS - start > 300 )); then note "not run ($prec, time): $m"; continue; fi
    timeout 60 $B bench "${flag[@]}" --methods $M --csv "$R/bench_gen_$prec.csv" "$m" >> "$R/bench_gen_$prec.txt" 2>&1 \
      || note "failed: $prec $m"
  done
  note "bench generated $prec"
done
for m in stencil3d-27pt-130 band-r1000000-w100-m30-seed7; do
  for k in "csr_adaptive_delta<u4>"; do
    n=${k//[<>]/_}
    timeout 60 $NCU --kernel-name-base demangled --kernel-name regex:"CsrAdaptiveFunctor" --launch-count 1 \
      --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy \
      $B bench --rounds 1 --methods "$k" "$m" > "$R/ncu_${n}_$m.txt" 2>&1
    note "ncu $k $m rc $?"
  done
done
for m in .device/cpuavx/m/*.mtx.xz; do
  if (( SECONDS - start > 520 )); then note "not run (time): $m"; continue; fi
  timeout 30 $B bench --methods csr_adaptive,vector_split,cusparse_csr --csv "$R/bench_real.csv" "$m" >> "$R/bench_real.txt" 2>&1 \
    || note "failed: $m"
done
note "bench real"
cat "$R/summary.txt"
tar -cJf "$OUT/call2.tar.xz" -C "$OUT" r && rm -rf "$R"
