#!/usr/bin/env bash
# Call 3 (device machine, the host's 16 cores): (1) csr_scalar, sell and the drop-in measured again over the real
# corpus with the AVX-512 row lanes and SELL-8 slices the cpu-x86 table now ships, merge_path (unchanged code) as the
# yardstick of `aspmv_train remeasure`; (2) the 62 shared real matrices in float, every method, against Kokkos
# Kernels and oneMKL. Carried: .device/lc/real (the real corpus' pattern files and spec-<part>.txt),
# .device/lc-cpu/bin.tar.xz (the cpu preset's aspmv with oneMKL, portable: cmake --preset cpu -B build/cpu-gen
# -DASPMV_ENABLE_TESTS=OFF -DASPMV_WITH_MKL=ON -DASPMV_HOST_ARCH=). Run from the repository root:
#   bash perf/results/cpu-x86/2026-12-03-avx512/call3.sh
set -u
here=perf/results/cpu-x86/2026-12-03-avx512
CPU=1 KERNELS=csr_scalar,sell,aspmv_spmv,merge_path SETS="real-a real-b real-c" NAME=avx LIMIT_S=${COLLECT_S:-330} \
  PER_SET_S=${PER_SET_S:-115} bash perf/device/collect_sets.sh
mkdir -p "$OUT/float"
t0=$SECONDS
for m in $(cat $here/shared-real-62.txt); do
  if ((SECONDS - t0 > ${FLOAT_S:-170})); then echo "not run (time): $m" >> "$OUT/float/cpu_bench_float.txt"; continue; fi
  OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads .device/lc-cpu/aspmv bench --float --copy-mib 1024 \
    --csv "$OUT/float/cpu_bench_float.csv" ".device/lc/real/$m" >> "$OUT/float/cpu_bench_float.txt" 2>&1 ||
    echo "bench failed on $m" >> "$OUT/float/cpu_bench_float.txt"
done
echo "float bench: $(grep -c '^best' "$OUT/float/cpu_bench_float.txt") matrices, $((SECONDS - t0)) s"
