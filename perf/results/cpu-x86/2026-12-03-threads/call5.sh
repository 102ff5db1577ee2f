#!/usr/bin/env bash
# Call 5 (device machine, the host's 16 cores, OpenMP 16 threads): the library as committed (host_thread_nnz 0: every
# launch on the whole pool; DIA's blocks in AVX-512 lanes), every method on the 62 shared real matrices, one process
# a matrix, with one variant that keeps the pool (host_simd=0: the portable loops of csr_scalar, SELL and DIA); and
# the per-call floor at 16 threads (aspmv_launch_floor: omp parallel, Kokkos' launch, the backend's own launch,
# plan.apply, the drop-in). Carried: .device/thr/aspmv-cpu.tar.xz (aspmv and aspmv_launch_floor of the cpu preset
# with oneMKL, portable: cmake --preset cpu -B build/cpu-gen -DASPMV_ENABLE_TESTS=OFF -DASPMV_WITH_MKL=ON
# -DASPMV_HOST_ARCH=; ninja aspmv_cli aspmv_launch_floor), .device/cpuavx/m (the 62 matrices as xz).
#   bash perf/results/cpu-x86/2026-12-03-threads/call5.sh
set -u
tar -xJf .device/thr/aspmv-cpu.tar.xz -C .device/thr
bin=.device/thr/aspmv-cpu
lscpu > "$OUT/lscpu.txt"
"$bin" info > "$OUT/info.txt" 2>&1
OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads .device/thr/aspmv-launch-floor --calls 5000 \
  --repeats 7 > "$OUT/launch_floor.txt" 2>&1
t0=$SECONDS
for m in $(ls -S -r .device/cpuavx/m/*); do
  if ((SECONDS - t0 > ${BENCH_S:-420})); then echo "not run (time): $m" >> "$OUT/cpu_bench.txt"; continue; fi
  OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads "$bin" bench --copy-mib 256 \
    --variant host_simd=0 --csv "$OUT/cpu_bench.csv" "$m" >> "$OUT/cpu_bench.txt" 2>&1 ||
    echo "bench failed on $m" >> "$OUT/cpu_bench.txt"
done
echo "bench: $((SECONDS - t0)) s, $(grep -c '^best' "$OUT/cpu_bench.txt") matrices"
