#!/usr/bin/env bash
# Call 1 (H200, device tool; issue 22, 2026-12-04 second session): csr_delta's rows as a flat range of warps
# (impl/row_group_range.hpp, the table's vector_range -1/1; LRB's form of its short rows) against its team launch
# (vector_range=0) and against the best plain kernel; CSR-vector in the same range form (vector_range=1) beside its
# team launch. Kernel tests [csr_delta],[direct] on every space of the build (Cuda included), compute-sanitizer
# memcheck and synccheck over csr_delta's value tests; aspmv bench on the grids and the band, double and float (one
# process a matrix); Nsight Compute of csr_delta<2> and lrb on the 27-point stencil; the 62 shared real matrices.
# Binaries: the h100 preset's aspmv and aspmv_kernel_tests (ASPMV_KERNEL_TEST_FILES="test_csr_delta.cpp;
# test_kernels.cpp"), stripped, .device/rg/bin.tar.xz; matrices .device/cpuavx/m (the 62 shared real, xz).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf rg/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
NCU=/usr/local/cuda/bin/ncu
B=.device/aspmv
T=.device/aspmv_kernel_tests
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
timeout 150 $T "[csr_delta],[direct]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [csr_delta],[direct] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
timeout 60 $SAN --tool memcheck --print-limit 20 $T "csr_delta equals the reference*" > "$R/memcheck.txt" 2>&1
note "memcheck csr_delta value tests rc $?: $(grep -E 'ERROR SUMMARY|assertions' "$R/memcheck.txt" | tr '\n' ' ')"
timeout 40 $SAN --tool synccheck --print-limit 20 $T "csr_delta equals the reference*" > "$R/synccheck.txt" 2>&1
note "synccheck csr_delta value tests rc $?: $(grep -E 'ERROR SUMMARY|assertions' "$R/synccheck.txt" | tr '\n' ' ')"
M="csr_scalar,csr_vector<1>,csr_vector<2>,csr_vector<4>,csr_vector<8>,csr_adaptive,vector_split,lrb,csr_delta<1>,csr_delta<2>,csr_delta<4>,csr_delta<8>,cusparse"
V="--variant vector_range=0 --variant vector_range=1"
G="stencil3d-27pt-130 band-r1000000-w100-m30-seed7 stencil2d-5pt-2000 stencil3d-7pt-150"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in $G; do
    if (( SECONDS - start > 330 )); then note "not run ($prec, time): $m"; continue; fi
    timeout 70 $B bench "${flag[@]}" --methods "$M" $V --csv "$R/bench_gen_$prec.csv" "$m" >> "$R/bench_gen_$prec.txt" 2>&1 \
      || note "failed: $prec $m"
  done
  note "bench generated $prec"
done
for k in "csr_delta<2>" lrb; do
  n=${k//[<>]/_}
  timeout 50 $NCU --kernel-name-base demangled --kernel-name regex:"RowGroupRange|LrbOneLaunch" --launch-count 1 \
    --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy \
    $B bench --rounds 1 --methods "$k" stencil3d-27pt-130 > "$R/ncu_${n}_stencil3d-27pt-130.txt" 2>&1
  note "ncu $k rc $?"
done
for m in .device/cpuavx/m/*.mtx.xz; do
  if (( SECONDS - start > 540 )); then note "not run (time): $m"; continue; fi
  timeout 30 $B bench --methods "csr_vector,csr_delta,lrb,cusparse_csr" --variant vector_range=1 \
    --csv "$R/bench_real.csv" "$m" >> "$R/bench_real.txt" 2>&1 || note "failed: $m"
done
note "bench real"
cat "$R/summary.txt"
tar -cJf "$OUT/call1.tar.xz" -C "$OUT" r && rm -rf "$R"
