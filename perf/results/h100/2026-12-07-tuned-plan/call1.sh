#!/usr/bin/env bash
# Call 1 (device tool; issue 22 and 21, written 2026-12-07 twenty-fifth session; meant for an H100). B =
# .device/lc33/bin.tar.xz (the h100 preset's aspmv and aspmv_kernel_tests of c2d2be5's tree, the kernel tests built
# with ASPMV_KERNEL_TEST_FILES="test_tuned_plan.cpp;test_model_selection.cpp"), one process a step:
#  1. `aspmv_kernel_tests "[tuned],[models]"` on the GPU, compute-sanitizer memcheck of "[tuned]";
#  2. `aspmv bench --tuned 10000` (double) on the 19 medium-row real-derived matrices of
#     ../2026-12-06-vector-rows/medium.txt and 10 shared real ones (shared10.txt): the tuned plan against the
#     automatic plan and the kernels it may pick, with its tuning time (setup) and report (the CSV's detail);
#  3. the medium-row profile of ../2026-12-07-medium-profile (its call1.sh, unchanged but for the binary):
#     csr_chunks, CSR-vector and cuSPARSE's CSR timed on four matrices, then Nsight Compute of csr_chunks and
#     cuSPARSE's CSR ALG1 on each.
# Carried: .device/lc (matrices), .device/lc33 (with copies of this script and the two lists):
#   DEADLINE_S=560 bash .device/lc33/call1.sh
source perf/device/call_prelude.sh .device/lc33
"$B" info > "$R/info.txt" 2>&1
gpu_tests "[tuned],[models]" 90 100
M=(csr_vector,csr_vector_team,csr_chunks,lrb,vector_split,merge_path,csr_adaptive,csr_delta,sell,ell,aspmv_auto,aspmv_tuned,cusparse_csr)
mapfile -t medium < .device/lc33/medium.txt
mapfile -t shared < .device/lc33/shared10.txt
bench_run tuned-medium 170 --tuned 10000 --methods "${M[0]}" "${medium[@]}"
bench_run tuned-shared 60 --tuned 10000 --methods "${M[0]}" "${shared[@]}"
P=(.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327 .device/lc/real/NotreDame_www.mtx.xz--tile4x3s255
  rand-uniform-r1000000-c1000000-m16-s4-seed1 band-r1000000-w100-m30-seed7)
bench_run profile-times 50 --methods csr_chunks,csr_vector,cusparse_csr "${P[@]}"
for i in "${!P[@]}"; do
  NCU_S=30 ncu_details "m$i" "CsrChunks|cusparse" --methods csr_chunks,cusparse_csr_alg1 "${P[$i]}"
done
call_finish call1
