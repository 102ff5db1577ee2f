#!/usr/bin/env bash
# Call 2 (2026-12-07 twenty-sixth session; meant for an H100). B = .device/lc37/bin.tar.xz (the h100 preset's aspmv
# and aspmv_kernel_tests of 79897db's tree, the kernel tests built with
# ASPMV_KERNEL_TEST_FILES="test_tuned_plan.cpp;test_model_selection.cpp;test_dia.cpp"): call 1 again with the tuning's
# lead call a batch (79897db) and the kernel-model test's details read as suffixes (ff178b2):
#  1. "[tuned],[models],[dia]" on the GPU, memcheck of "[tuned]";
#  2. `aspmv bench --tuned 100000` on unseen12.txt and medium.txt, `--tuned 10000` on shared10.txt (as call 1).
# Carried: .device/lc (matrices), .device/lc37 (this script, the three lists):
#   DEADLINE_S=400 bash .device/lc37/call2.sh
source perf/device/call_prelude.sh .device/lc37
"$B" info > "$R/info.txt" 2>&1
timeout 110 "$dir/aspmv_kernel_tests" "[tuned],[models],[dia]" > "$R/tests.txt" 2>&1
note "[tuned],[models],[dia] rc $? ($(tail -2 "$R/tests.txt" | tr '\n' ' '))"
san=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
timeout 50 "$san" --tool memcheck "$dir/aspmv_kernel_tests" "[tuned]" > "$R/memcheck.txt" 2>&1
note "memcheck [tuned] rc $? ($(grep -E 'ERROR SUMMARY|All tests|test cases' "$R/memcheck.txt" | tr '\n' ' '))"
M=csr_vector,csr_vector_team,csr_chunks,lrb,vector_split,merge_path,csr_adaptive,csr_delta,sell,ell,aspmv_auto,aspmv_tuned,cusparse_csr
mapfile -t unseen < .device/lc37/unseen12.txt
mapfile -t medium < .device/lc37/medium.txt
mapfile -t shared < .device/lc37/shared10.txt
bench_run tuned-unseen 110 --tuned 100000 --methods "$M" "${unseen[@]}"
bench_run tuned-medium 130 --tuned 100000 --methods "$M" "${medium[@]}"
bench_run tuned-shared 35 --tuned 10000 --methods "$M" "${shared[@]}"
call_finish call2
