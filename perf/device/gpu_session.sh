#!/usr/bin/env bash
# One device-machine session: run from the repository root on the GPU
# machine, with the binaries built here copied to .device/ (see
# docs/DEVICE_RUNS.md). Writes everything under $OUT.
#   perf/device/gpu_session.sh tests bench-targets bench-real bench-generated
set -uo pipefail
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export ASPMV_DEMO_DIR=$PWD/.device/demo OMP_PROC_BIND=false
FINAL_OUT=${OUT:-/tmp/aspmv-out}
# The device tool returns at most 8 files: everything goes to $FINAL_OUT/s and
# is packed into session.tar.gz at the end (plus summary.txt).
OUT="$FINAL_OUT/s"
mkdir -p "$OUT"
pack() { tar -czf "$FINAL_OUT/session.tar.gz" -C "$FINAL_OUT" s && rm -rf "$OUT"; }
trap pack EXIT
bin=.device
for stage in "$@"; do
  echo "=== $stage ($(date -u +%H:%M:%S))"
  case "$stage" in
    tests)
      nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv | tee "$OUT/nvidia-smi.csv"
      $bin/aspmv info | tee "$OUT/info.txt"
      ASPMV_REAL_MATRICES=$PWD/.device/real $bin/aspmv_unit_tests 2>&1 | tail -3 | tee "$OUT/unit_tests.txt"
      $bin/aspmv_kernel_tests >"$OUT/kernel_tests_full.txt" 2>&1; echo "kernel tests exit $?" | tee -a "$OUT/kernel_tests_full.txt"
      tail -4 "$OUT/kernel_tests_full.txt" | tee "$FINAL_OUT/summary.txt"
      $bin/aspmv run >"$OUT/run_demo.txt" 2>&1; tail -9 "$OUT/run_demo.txt" ;;
    bench-targets)
      $bin/aspmv bench --groups --csv "$OUT/bench_targets.csv" \
        --variant nnz_per_wg=1536,workgroup_threads=256,stage_unroll=4 --variant tpr=1 --variant tpr=2 \
        stencil3d-27pt-130 shortlong-s2000000-l200-n200000-seed1 >"$OUT/bench_targets.txt" 2>&1
      $bin/aspmv bench --float --csv "$OUT/bench_targets_float.csv" --variant tpr=1 stencil3d-27pt-130 \
        shortlong-s2000000-l200-n200000-seed1 >"$OUT/bench_targets_float.txt" 2>&1
      grep -E "^best|^stencil|^shortlong|^copy" "$OUT/bench_targets.txt" "$OUT/bench_targets_float.txt" ;;
    collect)
      # COLLECT_SECONDS: stop starting new matrices after this long; the run folder
      # .device/collect/h100 travels back and forth (carry) so the next session resumes.
      mkdir -p .device/collect
      $bin/aspmv collect --spec .device/specs/h100.txt --out .device/collect/h100 \
        --time-limit "${COLLECT_SECONDS:-300}" --blocks-every 8 --batches 4 2>&1 | tee "$OUT/collect_log.txt"
      tar -czf "$FINAL_OUT/collect_h100.tar.gz" -C .device/collect h100
      wc -l .device/collect/h100/done.txt .device/collect/h100/failures.csv ;;
    bench-sweep)
      $bin/aspmv bench --groups --csv "$OUT/bench_sweep.csv" \
        --variant stage_unroll=4 --variant num_rows_stream=1 \
        --variant nnz_per_wg=512,workgroup_threads=64 --variant nnz_per_wg=512,workgroup_threads=64,stage_unroll=4 \
        --variant nnz_per_wg=768,workgroup_threads=128 --variant nnz_per_wg=1024,workgroup_threads=128,stage_unroll=4 \
        --variant nnz_per_wg=2048 --variant nnz_per_wg=2048,stage_unroll=4 \
        --variant tpr=2 --variant tpr=4 --variant teams_per_cu=16 --variant teams_per_cu=32 \
        --variant long_row_split=4096 --variant long_row_split=65536 --variant team_threads=128 \
        stencil3d-27pt-130 shortlong-s2000000-l200-n200000-seed1 rand-uniform-r1000000-c1000000-m16-s12-seed5 \
        rand-normal-r500000-c500000-m60-s20-seed9 rand-zipf-r1000000-c1000000-m4-s1.8-max50000-seed6 \
        >"$OUT/bench_sweep.txt" 2>&1; echo "exit $?"; grep -E "^best" "$OUT/bench_sweep.txt" ;;
    bench-real)
      $bin/aspmv bench --csv "$OUT/bench_real.csv" .device/real/*.mtx.gz >"$OUT/bench_real.txt" 2>&1
      $bin/aspmv bench --csv "$OUT/bench_generated.csv" \
        stencil2d-5pt-2000 stencil3d-7pt-150 rand-uniform-r1000000-c1000000-m16-s12-seed5 \
        rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6 rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7 \
        rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9 \
        shortlong-s500000-l50-n50000-seed2 rand-constant-r2000000-c2000000-m3-s0-seed10 \
        rmat-s20-e16-a0.57-b0.19-c0.19-seed3 chunglu-r1000000-m10-g2.2-seed4 circuit-r1000000-m5-d4-c4-seed5 \
        lp-r200000-c1000000-m20-l20-n50000-seed6 band-r1000000-w100-m30-seed7-perm1 \
        >"$OUT/bench_generated.txt" 2>&1; grep -cE "^best" "$OUT/bench_real.txt" "$OUT/bench_generated.txt" ;;
    bench-generated)
      $bin/aspmv bench --csv "$OUT/bench_generated.csv" \
        stencil2d-5pt-2000 stencil3d-7pt-150 rand-uniform-r1000000-c1000000-m16-s12-seed5 \
        rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6 rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7 \
        rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9 \
        shortlong-s500000-l50-n50000-seed2 rand-constant-r2000000-c2000000-m3-s0-seed10 \
        >"$OUT/bench_generated.txt" 2>&1; grep -cE "^best" "$OUT/bench_generated.txt" ;;
    cpu-probe)
      LD_LIBRARY_PATH=$PWD/.device/cpu:$LD_LIBRARY_PATH OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads \
        .device/cpu/aspmv bench --rounds 1 --copy-mib 256 rmat-s8-e4.94-a0.519-b0.215-c0.183-seed257 .device/real/EX5.mtx.gz \
        stencil2d-5pt-1000 2>&1 | tee "$OUT/cpu_probe.txt" | grep -E "^best|^copy|csr_scalar |kokkos" ;;
    cpu-collect)
      # The host's cores with the OpenMP build (cpu preset, built on the build machine).
      mkdir -p .device/collect
      LD_LIBRARY_PATH=$PWD/.device/cpu:$LD_LIBRARY_PATH OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads \
        .device/cpu/aspmv collect --spec .device/specs/cpu.txt --out .device/collect/cpu16 \
        --time-limit "${CPU_COLLECT_SECONDS:-100}" --blocks-every 8 --batches 4 --generator-threads 0 2>&1 | tee "$OUT/cpu_collect_log.txt"
      tar -czf "$FINAL_OUT/collect_cpu16.tar.gz" -C .device/collect cpu16 ;;
    *) echo "unknown stage $stage" ;;
  esac
done
