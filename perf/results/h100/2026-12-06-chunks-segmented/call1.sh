#!/usr/bin/env bash
# Call 1 (device tool; issue 21, 2026-12-06 sixteenth session): csr_chunks' segmented row phase (table parameter
# chunk_row_sum 1: every thread sums its own 8 staged products, rows joined by a segmented suffix sum over the team)
# against the committed thread-a-row / lanes-by-rule phase, and team sizes.
#  1. GPU correctness: aspmv_kernel_tests "[csr_chunks]"; compute-sanitizer memcheck over "[csr_chunks]".
#  2. `aspmv bench --methods csr_chunks,csr_vector,cusparse` with variants chunk_row_sum=1 (where the rule gives one
#     lane), chunk_row_sum=1,chunk_row_lanes=1 (every matrix), team sizes 512 and 128 with it, and 512 without, on
#     the 19 medium-row matrices above 1M nonzeros (double; float with three); the first two on the 62 shared real
#     matrices (double); Nsight Compute details and source of the segmented kernel on FFFFF800--tile.
# Carried: .device/lc (matrices) and .device/lc19 (bin.tar.xz):  DEADLINE_S=450 bash .device/lc19/call1.sh
source perf/device/call_prelude.sh .device/lc19
deadline=${DEADLINE_S:-450}
left() { echo $((deadline - (SECONDS - start))); }
T=.device/lc19/aspmv_kernel_tests
"$B" info > "$R/info.txt" 2>&1
timeout 60 "$T" "[csr_chunks]" > "$R/tests.txt" 2>&1
note "[csr_chunks] rc $? ($(tail -2 "$R/tests.txt" | tr '\n' ' '))"
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
timeout 90 "$SAN" --tool memcheck "$T" "[csr_chunks]" > "$R/memcheck.txt" 2>&1
note "memcheck [csr_chunks] rc $? ($(grep -E 'ERROR SUMMARY|All tests|test cases' "$R/memcheck.txt" | tr '\n' ' '))"
mapfile -t med < .device/lc19/medium.txt
mapfile -t shared < .device/lc19/shared.txt
run() {  # NAME CAP ARGS...
  local name=$1 t=$2; shift 2
  if (( $(left) < 25 )); then note "$name: not started (time)"; return; fi
  ((t > $(left) - 10)) && t=$(( $(left) - 10 ))
  timeout "$t" "$B" bench --csv "$R/$name.csv" "$@" > "$R/$name.txt" 2>&1
  note "$name rc $? ($(($(wc -l < "$R/$name.csv") - 1)) method rows)"
}
seg=(--methods csr_chunks,csr_vector,cusparse --variant chunk_row_sum=1 --variant chunk_row_sum=1,chunk_row_lanes=1)
run double-medium 110 "${seg[@]}" --variant chunk_row_sum=1,team_threads=512 --variant chunk_row_sum=1,team_threads=128 \
  --variant team_threads=512 "${med[@]}"
F=.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327
ncu_details seg CsrChunks --methods "csr_chunks[chunk_row_sum=1]" --variant chunk_row_sum=1 "$F"
ncu_source seg CsrChunks --methods "csr_chunks[chunk_row_sum=1]" --variant chunk_row_sum=1 "$F"
run float-medium 80 "${seg[@]}" --variant chunk_row_sum=1,team_threads=512 --float "${med[@]}"
run double-shared 100 "${seg[@]}" "${shared[@]}"
call_finish chunks-segmented
