#!/usr/bin/env bash
# Call 1 (device machine, the host's 16 cores, OpenMP 16 threads): the 62 shared real matrices, smallest first,
# one process a matrix: csr_scalar, SELL, DIA, the plan and the drop-in against Kokkos Kernels and oneMKL, with
# variants in the same process: fewer threads for small matrices (host_thread_nnz: one thread per that many
# entries), the OpenMP backend's own launch on every thread (direct_launch=1), and the portable loops (host_simd=0:
# DIA's block loop before its AVX-512 form). Carried: .device/thr/aspmv-cpu.tar.xz (the cpu preset's aspmv with
# oneMKL, portable: cmake --preset cpu -B build/cpu-gen -DASPMV_ENABLE_TESTS=OFF -DASPMV_WITH_MKL=ON
# -DASPMV_HOST_ARCH=), .device/cpuavx/m (the 62 matrices as xz). Run from the repository root:
#   bash perf/results/cpu-x86/2026-12-03-threads/call1.sh
set -u
tar -xJf .device/thr/aspmv-cpu.tar.xz -C .device/thr
bin=.device/thr/aspmv-cpu
lscpu > "$OUT/lscpu.txt"
"$bin" info > "$OUT/info.txt" 2>&1
t0=$SECONDS
for m in $(ls -S -r .device/cpuavx/m/*); do
  if ((SECONDS - t0 > ${BENCH_S:-470})); then echo "not run (time): $m" >> "$OUT/cpu_bench.txt"; continue; fi
  OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads "$bin" bench --copy-mib 256 \
    --methods csr_scalar,sell,dia,aspmv,kokkos,mkl --variant host_thread_nnz=2048 --variant host_thread_nnz=4096 \
    --variant host_thread_nnz=8192 --variant host_thread_nnz=16384 --variant host_thread_nnz=32768 \
    --variant direct_launch=1 --variant host_simd=0 --csv "$OUT/cpu_bench.csv" "$m" >> "$OUT/cpu_bench.txt" 2>&1 ||
    echo "bench failed on $m" >> "$OUT/cpu_bench.txt"
done
echo "bench: $((SECONDS - t0)) s, $(grep -c '^best' "$OUT/cpu_bench.txt") matrices"
