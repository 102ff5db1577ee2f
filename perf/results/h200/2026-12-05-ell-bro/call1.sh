#!/usr/bin/env bash
# Call 1 (device tool, one GPU: nvidia-h200 or an H100; issue 22): ELL-BRO (src/aspmv/kernels/ell_bro.hpp, added
# 2026-12-05, ninth session) on a GPU for the first time.
# Carried: .device/bro (bin.tar.xz: the h100 preset's `aspmv` and `aspmv_kernel_tests` built with
# ASPMV_KERNEL_TEST_FILES="test_ell_bro.cpp;test_formats.cpp;test_kernels.cpp", stripped) and .device/s62 (the 62
# shared real matrices, .mtx.xz); run from a tree slimmed by `perf/device/slim_tree.sh hold`.
# (a) its kernel tests on every space of the build ([ell_bro]; [edge] and [random] run every kernel, ELL-BRO too)
#     and compute-sanitizer memcheck of [ell_bro];
# (b) aspmv bench, one process a matrix, double then float: ell_bro against csr_scalar, csr_delta (the compressed
#     CSR), sell (the same slices without packing) and cuSPARSE, on grids, bands and the 62 shared real matrices.
#   DEADLINE_S=480 bash perf/results/h200/2026-12-05-ell-bro/call1.sh
# shellcheck source=perf/device/call_prelude.sh
source perf/device/call_prelude.sh .device/bro
T=.device/bro/aspmv_kernel_tests
timeout 150 "$T" "[ell_bro],[edge],[random]" > "$R/kernel_tests.txt" 2>&1
note "kernel tests [ell_bro],[edge],[random] rc $?: $(tail -2 "$R/kernel_tests.txt" | tr '\n' ' ')"
timeout 120 compute-sanitizer --tool memcheck --print-limit 20 "$T" "[ell_bro]" > "$R/memcheck.txt" 2>&1
note "memcheck [ell_bro] rc $?: $(grep -E 'test cases|ERROR SUMMARY' "$R/memcheck.txt" | tail -2 | tr '\n' ' ')"
G="stencil3d-27pt-130 stencil3d-27pt-60 stencil3d-7pt-128 stencil2d-5pt-2000 stencil2d-5pt-1000
band-r1000000-w100-m30-seed7 band-r100000-w20-m9-seed1 rand-uniform-r200000-c200000-m20-s10-seed1
rmat-s16-e8-a0.57-b0.19-c0.19-seed2 chunglu-r200000-m10-g2.1-seed1"
for prec in double float; do
  flag=(); [ "$prec" = float ] && flag=(--float)
  for m in $G .device/s62/*; do
    if (( SECONDS - start > ${DEADLINE_S:-480} )); then note "not run ($prec, time): $m"; continue; fi
    timeout 60 "$B" bench "${flag[@]}" --methods ell_bro,csr_scalar,csr_delta,sell,cusparse \
      --csv "$R/bench_$prec.csv" "$m" > /dev/null 2>&1 || note "failed: $prec $m"
  done
  note "bench $prec: $(grep -c '' "$R/bench_$prec.csv") lines"
done
for f in "$R"/memcheck.txt "$R"/kernel_tests.txt; do tail -40 "$f" > "$f.tail" && rm "$f"; done
call_finish ell_bro
