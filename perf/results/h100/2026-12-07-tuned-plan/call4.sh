#!/usr/bin/env bash
# Call 4 (2026-12-07 twenty-fifth session): 88ec391's mends on the GPU. B = .device/lc34/bin.tar.xz (the h100
# preset's aspmv and aspmv_kernel_tests of 88ec391's tree, the kernel tests built with
# ASPMV_KERNEL_TEST_FILES="test_tuned_plan.cpp;test_model_selection.cpp;test_dia.cpp"):
#  1. "[tuned],[models],[dia]" on the GPU (the two tests mended), memcheck of "[tuned]";
#  2. call 1's `aspmv bench --tuned 10000` again: the tuning with the build of candidates inside the budget.
# Carried: .device/lc, .device/lc34 (this script, shared10.txt, medium.txt):
#   DEADLINE_S=240 bash .device/lc34/call4.sh
source perf/device/call_prelude.sh .device/lc34
gpu_tests "[tuned],[models],[dia]" 100 40
M=(csr_vector,csr_vector_team,csr_chunks,lrb,vector_split,merge_path,csr_adaptive,csr_delta,sell,ell,aspmv_auto,aspmv_tuned,cusparse_csr)
mapfile -t medium < .device/lc34/medium.txt
mapfile -t shared < .device/lc34/shared10.txt
bench_run tuned-medium 70 --tuned 10000 --methods "${M[0]}" "${medium[@]}"
bench_run tuned-shared 35 --tuned 10000 --methods "${M[0]}" "${shared[@]}"
call_finish call4
