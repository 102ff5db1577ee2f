#!/usr/bin/env bash
# Call 1 (device tool; issue 21, written 2026-12-07 twenty-third session; meant for an H100): csr_chunks' and
# CSR-vector's matrix loads plain against evict-first by the product's footprint. B = .device/lc31/bin.tar.xz (the
# h100 preset's aspmv of the working tree: h100 table chunk_load 2 / chunk_load_l2_percent 0 by default, vector_load 2
# / vector_load_l2_percent 0: evict-first at every size, as before), one process a list:
#  1. `--methods csr_chunks,csr_vector,cusparse --variant chunk_load=0 --variant vector_load=0 --variant
#     chunk_load_l2_percent=85,vector_load_l2_percent=85` (plain; evict-first; evict-first above 85 % of the L2, the
#     rule SELL uses) on footprint.txt (71
#     real-derived and generated matrices of 3-70 MB in double, 6 bins of footprint, and 10 real ones of 0.25-1.1M
#     nonzeros), double;
#  2. double on medium.txt (the 19 medium-row matrices above 1M nonzeros, 40-190 MB);
#  3. aspmv_kernel_tests "[csr_chunks],CSR-vector takes*" (the plain and evict-first kernels, the footprint rule),
#     then under compute-sanitizer memcheck;
#  4. float on footprint.txt, as far as the deadline lets it.
# Carried: .device/lc (matrices), .device/lc31: DEADLINE_S=250 bash .device/lc31/call1.sh
source perf/device/call_prelude.sh .device/lc31
"$B" info > "$R/info.txt" 2>&1
mapfile -t fp < .device/lc31/footprint.txt
mapfile -t med < .device/lc31/medium.txt
M="--methods csr_chunks,csr_vector,cusparse --variant chunk_load=0 --variant vector_load=0 --variant chunk_load_l2_percent=85,vector_load_l2_percent=85"
bench_run double 150 $M "${fp[@]}"
bench_run medium 40 $M "${med[@]}"
gpu_tests "[csr_chunks],CSR-vector takes*" 30 45
bench_run float 60 --float $M "${fp[@]}"
call_finish load-footprint1
