#!/usr/bin/env bash
# Call 2 (H200, device tool; issue 22, 2026-12-04 second session): call 1's generated part again (call 1's variant
# vector_range=0 was refused by the bench's parser, fixed: 0 and 1 accepted): csr_delta's rows as a range of warps
# (its default) against its team launch (vector_range=0) and the best plain kernel; CSR-vector's team launch (its
# default) against the range (vector_range=1); the grids, the bands and a uniform random matrix, double and float,
# one process a matrix. Binaries as call 1 but aspmv rebuilt with the parser's fix (.device/rg/bin.tar.xz).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf rg/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M="csr_scalar,csr_vector<1>,csr_vector<2>,csr_vector<4>,csr_vector<8>,csr_vector<16>,csr_adaptive,vector_split,lrb,csr_delta<1>,csr_delta<2>,csr_delta<4>,csr_delta<8>,cusparse"
V="--variant vector_range=0 --variant vector_range=1"
G="stencil3d-27pt-130 band-r1000000-w100-m30-seed7 stencil2d-5pt-2000 stencil3d-7pt-150
   band-r1000000-w100-m30-seed7-perm1 rand-uniform-r1000000-c1000000-m16-s12-seed5"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in $G; do
    if (( SECONDS - start > 520 )); then note "not run ($prec, time): $m"; continue; fi
    timeout 80 $B bench "${flag[@]}" --methods "$M" $V --csv "$R/bench_gen_$prec.csv" "$m" >> "$R/bench_gen_$prec.txt" 2>&1 \
      || note "failed: $prec $m"
  done
  note "bench generated $prec"
done
cat "$R/summary.txt"
tar -cJf "$OUT/call2.tar.xz" -C "$OUT" r && rm -rf "$R"
