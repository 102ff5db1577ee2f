#!/usr/bin/env bash
# Call 1 (2026-12-07 twenty-sixth session; meant for an H100). B = .device/lc36/bin.tar.xz (the h100 preset's aspmv
# and aspmv_kernel_tests of 623862e's tree, the kernel tests built with
# ASPMV_KERNEL_TEST_FILES="test_tuned_plan.cpp;test_model_selection.cpp;test_dia.cpp"):
#  1. "[tuned],[models],[dia]" on the GPU (88ec391's two mended tests, never run on a GPU since), memcheck of "[tuned]";
#  2. `aspmv bench --tuned 100000` (16 candidates) on 12 generated medium-row matrices of seeds and shapes the h100
#     table never saw (unseen12.txt), and on the 19 medium-row matrices of the twenty-fifth session (medium.txt);
#  3. `aspmv bench --tuned 10000` on the 10 small shared real matrices of the twenty-fifth session's call 1.
# and cuobjdump's resource usage of every kernel of the tool (res_usage.txt.xz).
# Carried: .device/lc (matrices), .device/lc36 (this script, the three lists):
#   DEADLINE_S=450 bash .device/lc36/call1.sh
# (call2.sh runs these steps again from another folder: CALL_DIR, CALL_NAME; the resource usage in call 1 only.)
CALL_DIR=${CALL_DIR:-.device/lc36}
CALL_NAME=${CALL_NAME:-call1}
source perf/device/call_prelude.sh "$CALL_DIR"
"$B" info > "$R/info.txt" 2>&1
[ "$CALL_NAME" = call1 ] && {
# Registers and shared memory a thread of every kernel of the tool (csr_chunks' occupancy: 59-60 % achieved on the
# far-reaching medium-row matrices against cuSPARSE's 71 %, perf/results/h100/2026-12-07-medium-profile).
cuobjdump=$(command -v cuobjdump || ls /usr/local/cuda/bin/cuobjdump 2>/dev/null)
"$cuobjdump" -res-usage "$B" 2>&1 | xz > "$R/res_usage.txt.xz"
}
timeout 110 "$dir/aspmv_kernel_tests" "[tuned],[models],[dia]" > "$R/tests.txt" 2>&1
note "[tuned],[models],[dia] rc $? ($(tail -2 "$R/tests.txt" | tr '\n' ' '))"
san=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
timeout 50 "$san" --tool memcheck "$dir/aspmv_kernel_tests" "[tuned]" > "$R/memcheck.txt" 2>&1
note "memcheck [tuned] rc $? ($(grep -E 'ERROR SUMMARY|All tests|test cases' "$R/memcheck.txt" | tr '\n' ' '))"
M=csr_vector,csr_vector_team,csr_chunks,lrb,vector_split,merge_path,csr_adaptive,csr_delta,sell,ell,aspmv_auto,aspmv_tuned,cusparse_csr
mapfile -t unseen < "$CALL_DIR/unseen12.txt"
mapfile -t medium < "$CALL_DIR/medium.txt"
mapfile -t shared < "$CALL_DIR/shared10.txt"
bench_run tuned-unseen 110 --tuned 100000 --methods "$M" "${unseen[@]}"
bench_run tuned-medium 130 --tuned 100000 --methods "$M" "${medium[@]}"
bench_run tuned-shared 35 --tuned 10000 --methods "$M" "${shared[@]}"
call_finish "$CALL_NAME"
