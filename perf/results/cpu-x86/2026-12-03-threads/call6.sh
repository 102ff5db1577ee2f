#!/usr/bin/env bash
# Call 6 (device machine, the host's 16 cores, OpenMP 16 threads): call 5 in float (every method, one process a
# matrix, the variant host_simd=0 beside the shipped kernels). Carried as call 5.
#   bash perf/results/cpu-x86/2026-12-03-threads/call6.sh
set -u
tar -xJf .device/thr/aspmv-cpu.tar.xz -C .device/thr
bin=.device/thr/aspmv-cpu
t0=$SECONDS
for m in $(ls -S -r .device/cpuavx/m/*); do
  if ((SECONDS - t0 > ${BENCH_S:-330})); then echo "not run (time): $m" >> "$OUT/cpu_bench_float.txt"; continue; fi
  OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads "$bin" bench --float --copy-mib 256 \
    --variant host_simd=0 --csv "$OUT/cpu_bench_float.csv" "$m" >> "$OUT/cpu_bench_float.txt" 2>&1 ||
    echo "bench failed on $m" >> "$OUT/cpu_bench_float.txt"
done
echo "bench: $((SECONDS - t0)) s, $(grep -c '^best' "$OUT/cpu_bench_float.txt") matrices"
