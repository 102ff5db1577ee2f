#!/usr/bin/env bash
# Call 2 (device tool; issue 21, 2026-12-06 fifteenth session): csr_chunks in two forms, both with the chunk's
# entries loaded without a branch an entry (call 1's form waited for its row bounds before its entry loads):
#   A (.device/lc16/A/binA.tar.xz, aspmv only): each thread's row bounds loaded one pass ahead;
#   B (.device/lc16/bin.tar.xz, aspmv and aspmv_kernel_tests; the tree's form): the bounds of the chunk's first
#     team + 1 rows staged in team scratch with the entries.
#  1. GPU correctness of B: aspmv_kernel_tests "[csr_chunks]"; compute-sanitizer memcheck over "[csr_chunks]".
#  2. `aspmv bench --methods csr_chunks,csr_vector,cusparse` with chunk_row_lanes 2, 4, 8 as variants on the 19
#     medium-row matrices above 1M nonzeros: B double, A double, B float; Nsight Compute of B on FFFFF800.
# Carried: .device/lc (matrices) and .device/lc16:  DEADLINE_S=330 bash .device/lc16/call2.sh
source perf/device/call_prelude.sh .device/lc16
deadline=${DEADLINE_S:-330}
left() { echo $((deadline - (SECONDS - start))); }
[ -x .device/lc16/A/aspmv ] || (cd .device/lc16/A && tar -xJf binA.tar.xz)
T=.device/lc16/aspmv_kernel_tests
"$B" info > "$R/info.txt" 2>&1
timeout 60 "$T" "[csr_chunks]" > "$R/tests.txt" 2>&1
note "[csr_chunks] rc $? ($(tail -2 "$R/tests.txt" | tr '\n' ' '))"
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
timeout 60 "$SAN" --tool memcheck "$T" "[csr_chunks]" > "$R/memcheck.txt" 2>&1
note "memcheck [csr_chunks] rc $? ($(grep -E 'ERROR SUMMARY|All tests|test cases' "$R/memcheck.txt" | tr '\n' ' '))"
mapfile -t med < .device/lc16/medium.txt
run() {  # BINARY NAME CAP ARGS...
  local bin=$1 name=$2 t=$3; shift 3
  if (( $(left) < 25 )); then note "$name: not started (time)"; return; fi
  ((t > $(left) - 10)) && t=$(( $(left) - 10 ))
  timeout "$t" "$bin" bench --csv "$R/$name.csv" "$@" > "$R/$name.txt" 2>&1
  note "$name rc $? ($(($(wc -l < "$R/$name.csv") - 1)) method rows)"
}
lanes=(--methods csr_chunks,csr_vector,cusparse --variant chunk_row_lanes=2 --variant chunk_row_lanes=4
  --variant chunk_row_lanes=8)
run "$B" B-double-medium 75 "${lanes[@]}" "${med[@]}"
run .device/lc16/A/aspmv A-double-medium 75 "${lanes[@]}" "${med[@]}"
F=.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327
ncu_details chunksB CsrChunks --methods csr_chunks "$F"
run "$B" B-float-medium 70 "${lanes[@]}" --float "${med[@]}"
call_finish chunks-forms
