#!/usr/bin/env bash
# Call 4 (device machine, the host's 16 cores): (1) does a variant on fewer threads slow the pool's runs of the same
# process (libgomp's idle threads asleep when a full team comes back)? bcsstk13 and QAP15, csr_scalar and oneMKL,
# without and with --variant host_thread_nnz=16384, with the default wait policy and with OMP_WAIT_POLICY=active;
# (2) the per-process answer: the 36 smallest of the 62 at OMP_NUM_THREADS 16, 8, 4 and 2 (every launch of a process
# on the same team), csr_scalar, SELL and oneMKL. Carried as call 1. Run from the repository root:
#   bash perf/results/cpu-x86/2026-12-03-threads/call4.sh
set -u
tar -xJf .device/thr/aspmv-cpu.tar.xz -C .device/thr
bin=.device/thr/aspmv-cpu
for m in bcsstk13 QAP15; do
  for policy in default active; do
    for v in none host_thread_nnz=16384; do
      extra=(); [ "$v" != none ] && extra=(--variant "$v")
      env $([ "$policy" = active ] && echo OMP_WAIT_POLICY=active) OMP_NUM_THREADS=16 OMP_PROC_BIND=spread \
        OMP_PLACES=threads "$bin" bench --copy-mib 16 --methods csr_scalar,mkl "${extra[@]}" .device/cpuavx/m/$m.mtx.xz |
        grep -E "^(csr_scalar|mkl)" | awk -v m=$m -v p=$policy -v v=$v '{print m, "policy", p, "variant", v, $1, $3}'
    done
  done
done | tee "$OUT/wake.txt"
t0=$SECONDS
for m in $(ls -S -r .device/cpuavx/m/* | head -36); do
  for t in 16 8 4 2; do
    if ((SECONDS - t0 > ${SWEEP_S:-300})); then echo "not run (time): $m $t" >> "$OUT/threads.txt"; continue; fi
    OMP_NUM_THREADS=$t OMP_PROC_BIND=spread OMP_PLACES=threads "$bin" bench --copy-mib 16 \
      --methods csr_scalar,sell,mkl --csv "$OUT/threads-$t.csv" "$m" >> "$OUT/threads.txt" 2>&1 ||
      echo "bench failed on $m $t" >> "$OUT/threads.txt"
  done
done
echo "sweep: $((SECONDS - t0)) s, $(grep -c '^best' "$OUT/threads.txt") runs"
