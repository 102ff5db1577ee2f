#!/usr/bin/env bash
# Call 3 (H200, device tool; issue 22, 2026-12-04 second session): the range of warps now the default of CSR-vector
# and csr_delta (vector_range 1); the table's new vector_unroll (loads in flight a lane in the range form: 4, the
# default, against 8 as a variant in the same process). Kernel tests [csr_delta],[direct] on every space of the build
# (Cuda included) and compute-sanitizer memcheck over csr_delta's value tests (unroll 8 and the team launch
# included); aspmv bench on the grids, the bands and a uniform random matrix, double and float, one process a
# matrix; then the 62 shared real matrices (double) with the plan, CSR-vector, csr_delta, lrb, vector_split and
# cuSPARSE's CSR. Binaries: the h100 preset's aspmv and aspmv_kernel_tests, stripped, .device/rg/bin.tar.xz.
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
timeout 150 $T "[csr_delta],[direct]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [csr_delta],[direct] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
timeout 60 $SAN --tool memcheck --print-limit 20 $T "csr_delta equals the reference*" > "$R/memcheck.txt" 2>&1
note "memcheck csr_delta value tests rc $?: $(grep -E 'ERROR SUMMARY|assertions' "$R/memcheck.txt" | tr '\n' ' ')"
M="csr_scalar,csr_vector<1>,csr_vector<2>,csr_vector<4>,csr_vector<8>,csr_vector<16>,csr_adaptive,vector_split,lrb,csr_delta<1>,csr_delta<2>,csr_delta<4>,csr_delta<8>,cusparse"
G="stencil3d-27pt-130 band-r1000000-w100-m30-seed7 stencil2d-5pt-2000 stencil3d-7pt-150
   band-r1000000-w100-m30-seed7-perm1 rand-uniform-r1000000-c1000000-m16-s12-seed5"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in $G; do
    if (( SECONDS - start > 330 )); then note "not run ($prec, time): $m"; continue; fi
    timeout 80 $B bench "${flag[@]}" --methods "$M" --variant vector_unroll=8 --csv "$R/bench_gen_$prec.csv" "$m" \
      >> "$R/bench_gen_$prec.txt" 2>&1 || note "failed: $prec $m"
  done
  note "bench generated $prec"
done
for m in .device/cpuavx/m/*.mtx.xz; do
  if (( SECONDS - start > 530 )); then note "not run (time): $m"; continue; fi
  timeout 30 $B bench --methods "aspmv,csr_vector,csr_delta,lrb,vector_split,cusparse_csr" \
    --csv "$R/bench_real.csv" "$m" >> "$R/bench_real.txt" 2>&1 || note "failed: $m"
done
note "bench real"
cat "$R/summary.txt"
tar -cJf "$OUT/call3.tar.xz" -C "$OUT" r && rm -rf "$R"
