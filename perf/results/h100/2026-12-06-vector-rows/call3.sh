#!/usr/bin/env bash
# Call 3 (device tool; issue 21's medium rows, 2026-12-06 thirteenth session): CSR-vector as a range of warps with 2
# or 4 rows a group of lanes, their loads interleaved (the table's new vector_rows; impl/row_group_range.hpp's
# RowGroupsInterleavedFunctor), after call 2's profile (csr_vector<4> waited twice as long on loads as cuSPARSE's
# csrmv_v3 on a real-derived matrix of 12 entries a row).
#  1. GPU correctness: aspmv_kernel_tests "[direct]" (the new vector_rows test case among them).
#  2. `aspmv bench --methods csr_vector,cusparse --variant vector_rows=2 --variant vector_rows=4` (double) on the 18
#     real-derived matrices above 1M nonzeros with 8-64 entries a row where a cuSPARSE algorithm beat every aspmv
#     kernel in the 2026-12-06 re-collection, and rand-uniform-r1000000 (16 a row); then on the 62 shared.
#  3. float on the medium ones while time is left.
# Carried: .device/lc/real and .device/lc11 (bin.tar.xz: this tree's h100 aspmv and aspmv_kernel_tests; the lists);
#   DEADLINE_S=380 bash .device/lc11/call3.sh
source perf/device/call_prelude.sh .device/lc11
deadline=${DEADLINE_S:-380}
left() { echo $((deadline - (SECONDS - start))); }
T=.device/lc11/aspmv_kernel_tests
"$B" info > "$R/info.txt" 2>&1
timeout 90 "$T" "[direct]" > "$R/tests_direct.txt" 2>&1
note "[direct] rc $? ($(tail -2 "$R/tests_direct.txt" | tr '\n' ' '))"
mapfile -t med < .device/lc11/medium.txt
mapfile -t shared < .device/lc11/shared.txt
var=(--variant vector_rows=2 --variant vector_rows=4)
run() {  # NAME CAP ARGS...
  local name=$1 t=$2; shift 2
  if (( $(left) < 25 )); then note "$name: not started (time)"; return; fi
  ((t > $(left) - 10)) && t=$(( $(left) - 10 ))
  timeout "$t" "$B" bench --methods csr_vector,cusparse "${var[@]}" --csv "$R/$name.csv" "$@" > "$R/$name.txt" 2>&1
  note "$name rc $? ($(($(wc -l < "$R/$name.csv") - 1)) method rows)"
}
run double-medium 150 "${med[@]}"
run double-shared 100 "${shared[@]}"
run float-medium 100 --float "${med[@]}"
call_finish vector-rows
