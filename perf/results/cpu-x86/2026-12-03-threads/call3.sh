#!/usr/bin/env bash
# Call 3 (device machine, the host's 16 cores, OpenMP 16 threads): calls 1 and 2 ran many methods and variants a
# process, and their processes were bimodal (oneMKL too: 40-170 us on matrices it runs in 8-12 us in a short
# process). Here only csr_scalar, SELL and oneMKL a process, on the 36 smallest of the 62 (up to 200k nonzeros,
# where fewer threads can pay), each matrix in two processes, with host_thread_nnz 4096, 8192 and 16384 beside the
# pool. Carried as call 1. Run from the repository root:  bash perf/results/cpu-x86/2026-12-03-threads/call3.sh
set -u
tar -xJf .device/thr/aspmv-cpu.tar.xz -C .device/thr
bin=.device/thr/aspmv-cpu
t0=$SECONDS
for rep in 1 2; do
  for m in $(ls -S -r .device/cpuavx/m/* | head -36); do
    if ((SECONDS - t0 > ${BENCH_S:-300})); then echo "not run (time): $m" >> "$OUT/cpu_bench.txt"; continue; fi
    OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads "$bin" bench --copy-mib 64 \
      --methods csr_scalar,sell,mkl --variant host_thread_nnz=4096 --variant host_thread_nnz=8192 \
      --variant host_thread_nnz=16384 --csv "$OUT/cpu_bench_rep$rep.csv" "$m" >> "$OUT/cpu_bench.txt" 2>&1 ||
      echo "bench failed on $m" >> "$OUT/cpu_bench.txt"
  done
done
echo "bench: $((SECONDS - t0)) s, $(grep -c '^best' "$OUT/cpu_bench.txt") runs"
