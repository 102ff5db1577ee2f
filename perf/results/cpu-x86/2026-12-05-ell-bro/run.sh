#!/usr/bin/env bash
# ELL-BRO on the CPU against csr_scalar, SELL, DIA and oneMKL (aspmv bench), and its packing (bits a stored entry,
# bytes against CSR's, from the plan's description) on generated grids and bands and 10 shared real matrices:
#     bash perf/results/cpu-x86/2026-12-05-ell-bro/run.sh [BUILD]   # BUILD: a cpu-preset build (default build/cpu)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
build=${1:-$root/build/cpu}
shared=${ASPMV_SHARED_MATRICES:-$root/../shared/matrices}
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)}
matrices=(stencil3d-27pt-60 stencil3d-7pt-100 stencil2d-5pt-1000 band-r1000000-w100-m30-seed7
  "$shared"/real/{Andrews,bcsstk25,delaunay_n16,ct2010,soc-Epinions1,EX5,mhd4800a,poly_chain.1024,rail_20209_A,QAP15}.mtx.gz)
{
  echo "commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- src apps || echo -dirty)"
  echo "host $(hostname), $(nproc) CPUs, OMP_NUM_THREADS=$OMP_NUM_THREADS, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
} > "$here/build.txt"
rm -f "$here/bench.csv"
"$build/apps/aspmv" bench --methods csr_scalar,sell,dia,ell_bro,mkl --variant host_simd=0 --csv "$here/bench.csv" "${matrices[@]}" > "$here/bench.txt"
for m in "${matrices[@]}"; do
  printf '%s: ' "$(basename "$m")"
  "$build/apps/aspmv" run --kernel ell_bro --describe "$m" | grep -o 'ELL-BRO: .* bytes' || echo "refused"
done > "$here/packing.txt"
cat "$here/packing.txt"
