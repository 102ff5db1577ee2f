#!/usr/bin/env bash
# Call 3 (device tool; issue 21, 2026-12-06 fifteenth session): csr_chunks with a kernel a lanes-a-row value
# (the row loop's stride a constant, unrolled), against d712963's team body in the same binary (the experiment
# patch experiment-legacy.patch: ASPMV_CHUNK_FORM=legacy runs it).
#  1. GPU correctness: aspmv_kernel_tests "[csr_chunks]"; compute-sanitizer memcheck over "[csr_chunks]".
#  2. `aspmv bench --methods csr_chunks,csr_vector,cusparse` with chunk_row_lanes 2, 4, 8 as variants, and the
#     legacy body (csr_chunks alone), on the 19 medium-row matrices above 1M nonzeros, double and float; the same
#     on the 62 shared real matrices (double); Nsight Compute (details, source) of both bodies on FFFFF800.
# Carried: .device/lc (matrices) and .device/lc17 (bin.tar.xz):  DEADLINE_S=400 bash .device/lc17/call3.sh
source perf/device/call_prelude.sh .device/lc17
deadline=${DEADLINE_S:-400}
left() { echo $((deadline - (SECONDS - start))); }
T=.device/lc17/aspmv_kernel_tests
"$B" info > "$R/info.txt" 2>&1
timeout 60 "$T" "[csr_chunks]" > "$R/tests.txt" 2>&1
note "[csr_chunks] rc $? ($(tail -2 "$R/tests.txt" | tr '\n' ' '))"
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
timeout 60 "$SAN" --tool memcheck "$T" "[csr_chunks]" > "$R/memcheck.txt" 2>&1
note "memcheck [csr_chunks] rc $? ($(grep -E 'ERROR SUMMARY|All tests|test cases' "$R/memcheck.txt" | tr '\n' ' '))"
mapfile -t med < .device/lc17/medium.txt
mapfile -t shared < .device/lc17/shared.txt
run() {  # NAME CAP ARGS...
  local name=$1 t=$2; shift 2
  if (( $(left) < 25 )); then note "$name: not started (time)"; return; fi
  ((t > $(left) - 10)) && t=$(( $(left) - 10 ))
  timeout "$t" "$B" bench --csv "$R/$name.csv" "$@" > "$R/$name.txt" 2>&1
  note "$name rc $? ($(($(wc -l < "$R/$name.csv") - 1)) method rows)"
}
lanes=(--methods csr_chunks,csr_vector,cusparse --variant chunk_row_lanes=2 --variant chunk_row_lanes=4
  --variant chunk_row_lanes=8)
run double-medium 70 "${lanes[@]}" "${med[@]}"
export ASPMV_CHUNK_FORM=legacy; run legacy-double-medium 30 --methods csr_chunks,cusparse "${med[@]}"; unset ASPMV_CHUNK_FORM
F=.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327
ncu_details chunksC CsrChunks --methods csr_chunks "$F"
export ASPMV_CHUNK_FORM=legacy; ncu_details legacy CsrChunksLegacy --methods csr_chunks "$F"; unset ASPMV_CHUNK_FORM
ncu_source chunksC CsrChunks --methods csr_chunks "$F"
run float-medium 60 "${lanes[@]}" --float "${med[@]}"
export ASPMV_CHUNK_FORM=legacy; run legacy-float-medium 30 --methods csr_chunks,cusparse --float "${med[@]}"; unset ASPMV_CHUNK_FORM
run double-shared 80 "${lanes[@]}" "${shared[@]}"
call_finish chunks-lanes
