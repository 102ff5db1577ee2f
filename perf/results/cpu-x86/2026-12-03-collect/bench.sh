#!/usr/bin/env bash
# Call 3 (the device machine's 16-core host; issue 21's CPU targets, 2026-12-03 fourth session): `aspmv bench` of the
# cpu preset's tool (.device/lc-cpu/bin.tar.xz) on the 40 matrices of ../shared/matrices/real2 (carried as
# .device/r2), one process a matrix, OpenMP on every core (spread): every method (the kernels, the plan of the
# compiled table: the retrained cpu-x86 table, the drop-in, Kokkos Kernels), then in a second process the plan of the
# table before it (.device/lc-cpu/model.json, ASPMV_MODEL_FILE) with the drop-in and csr_scalar beside it. No new
# matrix after BENCH_S seconds (default 240).
#   bash perf/results/cpu-x86/2026-12-03-collect/bench.sh
source perf/device/call_prelude.sh .device/lc-cpu
export OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads
for m in .device/r2/*.mtx.xz; do
  if ((SECONDS - start > ${BENCH_S:-240})); then note "not run (time): $m"; continue; fi
  $B bench --copy-mib 1024 --csv "$R/cpu_bench.csv" "$m" >> "$R/cpu_bench.txt" 2>&1 || note "bench failed on $m"
  ASPMV_MODEL_FILE=.device/lc-cpu/model.json $B bench --copy-mib 256 --methods aspmv_auto,aspmv_spmv,csr_scalar \
    --csv "$R/cpu_bench_table_before.csv" "$m" >> "$R/cpu_bench_table_before.txt" 2>&1 || note "bench (table before) failed on $m"
done
note "bench done"
call_finish bench
