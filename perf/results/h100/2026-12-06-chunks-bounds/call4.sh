#!/usr/bin/env bash
# Call 4 (device tool; issue 21, 2026-12-06 fifteenth session): csr_chunks as committed: one lane a row d712963's
# team body (measured fastest in call 3), 2-8 lanes a row a kernel each; chunk_row_lanes 0 chooses by the rule
# (8 lanes where the mean row length is at least 24 or the longest row at least 384, else 1).
#  1. GPU correctness: aspmv_kernel_tests "[csr_chunks]"; compute-sanitizer memcheck over "[csr_chunks]".
#  2. `aspmv bench --methods csr_chunks,csr_vector,cusparse --variant chunk_row_lanes=0 --variant chunk_row_lanes=8`
#     (the table's 1 lane as the base) on the 19 medium-row matrices and the 62 shared real matrices, double and
#     float.
# Carried: .device/lc (matrices) and .device/lc18 (bin.tar.xz):  DEADLINE_S=330 bash .device/lc18/call4.sh
source perf/device/call_prelude.sh .device/lc18
deadline=${DEADLINE_S:-330}
left() { echo $((deadline - (SECONDS - start))); }
T=.device/lc18/aspmv_kernel_tests
"$B" info > "$R/info.txt" 2>&1
timeout 60 "$T" "[csr_chunks]" > "$R/tests.txt" 2>&1
note "[csr_chunks] rc $? ($(tail -2 "$R/tests.txt" | tr '\n' ' '))"
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
timeout 60 "$SAN" --tool memcheck "$T" "[csr_chunks]" > "$R/memcheck.txt" 2>&1
note "memcheck [csr_chunks] rc $? ($(grep -E 'ERROR SUMMARY|All tests|test cases' "$R/memcheck.txt" | tr '\n' ' '))"
mapfile -t med < .device/lc18/medium.txt
mapfile -t shared < .device/lc18/shared.txt
run() {  # NAME CAP ARGS...
  local name=$1 t=$2; shift 2
  if (( $(left) < 25 )); then note "$name: not started (time)"; return; fi
  ((t > $(left) - 10)) && t=$(( $(left) - 10 ))
  timeout "$t" "$B" bench --csv "$R/$name.csv" "$@" > "$R/$name.txt" 2>&1
  note "$name rc $? ($(($(wc -l < "$R/$name.csv") - 1)) method rows)"
}
lanes=(--methods csr_chunks,csr_vector,cusparse --variant chunk_row_lanes=0 --variant chunk_row_lanes=8)
run double-medium 55 "${lanes[@]}" "${med[@]}"
run double-shared 75 "${lanes[@]}" "${shared[@]}"
run float-medium 50 "${lanes[@]}" --float "${med[@]}"
run float-shared 75 "${lanes[@]}" --float "${shared[@]}"
call_finish chunks-rule
