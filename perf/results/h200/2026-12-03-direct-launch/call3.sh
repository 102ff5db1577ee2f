#!/usr/bin/env bash
# Call 3 (H200, device tool; issue 21, 2026-12-03): the direct range launch against Kokkos' parallel_for in the same
# processes: aspmv bench --variant direct_launch=1 (CUDA runtime API) and =2 (driver API) beside the table's default
# (0, Kokkos) for the kernels that read it (csr_scalar, sell, ell, lrb, vector_split), csr_vector, the drop-in and
# cuSPARSE, on the 14 shared real matrices where the best aspmv kernel trailed the best cuSPARSE algorithm or DASP in
# the H100 collection of 2026-12-02 (perf/results/h100/2026-12-02-real-collect/targets.csv.gz) and 3 large generated
# ones, double; float on the real ones.
# Binary: the h100 preset's aspmv, stripped, .device/dl/bin2.tar.xz; matrices .device/m$PART/ (copied from
# ../shared/matrices/real and real2, the .gz ones recompressed as .xz), in three parts (a, b, c: one call each, what
# travels to the device being limited to about 5.8 MB beside the tracked tree); the generated ones with part c.
# Usage: bash call3.sh a|b|c [NAME] (NAME: call3 by default; call5 reran it after the block-size fix).
set -u
PART=${1:?part a, b or c}
NAME=${2:-call3}
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf dl/bin2.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M=csr_scalar,sell,ell,lrb,vector_split,csr_vector,aspmv_spmv,cusparse
V="--variant direct_launch=1 --variant direct_launch=2"
for m in .device/m$PART/*; do
  timeout 40 $B bench --methods $M $V --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
done
note "bench real double"
for m in .device/m$PART/*; do
  if (( SECONDS - start > 400 )); then note "not run (time): float $m"; continue; fi
  timeout 30 $B bench --float --methods $M $V --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
done
note "bench real float"
[[ $PART == c ]] && for m in stencil2d-5pt-2000 chunglu-r200000-m10-g2.2-seed4 band-r200000-w100-m30-seed7; do
  if (( SECONDS - start > 500 )); then note "not run (time): $m"; continue; fi
  timeout 60 $B bench --methods lrb,vector_split,sell,cusparse $V --csv "$R/bench_generated.csv" "$m" >> "$R/bench_generated.txt" 2>&1 || note "failed: $m"
done
note "bench generated"
cat "$R/summary.txt"; xz -9 "$R"/bench*
tar -cJf "$OUT/$NAME$PART.tar.xz" -C "$OUT" r && rm -rf "$R"
