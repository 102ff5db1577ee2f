#!/usr/bin/env bash
# One device-machine session: run from the repository root on the GPU
# machine, with the binaries built here copied to .device/ (see
# docs/DEVICE_RUNS.md). Writes everything under $OUT.
#   perf/device/gpu_session.sh tests bench-targets bench-real bench-generated
set -uo pipefail
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export ASPMV_DEMO_DIR=$PWD/.device/demo OMP_PROC_BIND=false
OUT=${OUT:-/tmp/aspmv-out}
mkdir -p "$OUT"
bin=.device
for stage in "$@"; do
  echo "=== $stage ($(date -u +%H:%M:%S))"
  case "$stage" in
    tests)
      nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv | tee "$OUT/nvidia-smi.csv"
      $bin/aspmv info | tee "$OUT/info.txt"
      ASPMV_REAL_MATRICES=$PWD/.device/real $bin/aspmv_unit_tests 2>&1 | tail -3 | tee "$OUT/unit_tests.txt"
      $bin/aspmv_kernel_tests >"$OUT/kernel_tests_full.txt" 2>&1; echo "kernel tests exit $?" | tee -a "$OUT/kernel_tests_full.txt"
      tail -4 "$OUT/kernel_tests_full.txt"
      $bin/aspmv run >"$OUT/run_demo.txt" 2>&1; tail -9 "$OUT/run_demo.txt" ;;
    bench-targets)
      $bin/aspmv bench --csv "$OUT/bench_targets.csv" stencil3d-27pt-130 shortlong-s2000000-l200-n200000-seed1 \
        >"$OUT/bench_targets.txt" 2>&1; grep -E "^best|^stencil|^shortlong|^copy" "$OUT/bench_targets.txt" ;;
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
      grep -cE "^best" "$OUT/bench_real.txt" ;;
    bench-generated)
      $bin/aspmv bench --csv "$OUT/bench_generated.csv" \
        stencil2d-5pt-2000 stencil3d-7pt-150 rand-uniform-r1000000-c1000000-m16-s12-seed5 \
        rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6 rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7 \
        rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9 \
        shortlong-s500000-l50-n50000-seed2 rand-constant-r2000000-c2000000-m3-s0-seed10 \
        >"$OUT/bench_generated.txt" 2>&1; grep -cE "^best" "$OUT/bench_generated.txt" ;;
    *) echo "unknown stage $stage" ;;
  esac
done
