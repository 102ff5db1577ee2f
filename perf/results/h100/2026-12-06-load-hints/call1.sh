#!/usr/bin/env bash
# Call 1 (device tool; issue 21's medium rows, 2026-12-06 fourteenth session): the cache hint of CSR-vector's
# matrix loads (the table's new vector_load; backends/load_hint.hpp: 1 read-only .nc, 2 streaming .cs, 3 .nc without
# L1 allocation, 4 that and L2 evict-first), after the profile of 2026-12-06 (csr_vector<4> waits 17.8 cycles a warp
# on L1TEX between issues against cuSPARSE csrmv_v3's 8.6 on a 12-a-row matrix, the same DRAM bytes).
#  1. GPU correctness: aspmv_kernel_tests "[direct]" (the vector_load test case among them).
#  2. `aspmv bench --methods csr_vector<2..16>,cusparse --variant vector_load=1..4` on the 19 medium-row matrices of
#     2026-12-06-vector-rows (double, then float) and the 62 shared (double).
#  3. Nsight Compute on FFFFF800--tile1774x1s327: details of csr_vector<4> with hints 0, 2, 3 and of cuSPARSE's
#     CSR ALG1; the SASS source counters of csr_vector<4> and of cuSPARSE's csrmv_v3 (its load instructions).
# Carried: .device/lc/real and .device/lc12 (bin.tar.xz: this tree's h100 aspmv and aspmv_kernel_tests; the lists);
#   DEADLINE_S=420 bash .device/lc12/call1.sh
source perf/device/call_prelude.sh .device/lc12
deadline=${DEADLINE_S:-420}
left() { echo $((deadline - (SECONDS - start))); }
T=.device/lc12/aspmv_kernel_tests
"$B" info > "$R/info.txt" 2>&1
timeout 90 "$T" "[direct]" > "$R/tests_direct.txt" 2>&1
note "[direct] rc $? ($(tail -2 "$R/tests_direct.txt" | tr '\n' ' '))"
mapfile -t med < .device/lc12/medium.txt
mapfile -t shared < .device/lc12/shared.txt
var=(--variant vector_load=1 --variant vector_load=2 --variant vector_load=3 --variant vector_load=4)
M="csr_vector<2>,csr_vector<4>,csr_vector<8>,csr_vector<16>,cusparse"
run() {  # NAME CAP ARGS...
  local name=$1 t=$2; shift 2
  if (( $(left) < 25 )); then note "$name: not started (time)"; return; fi
  ((t > $(left) - 10)) && t=$(( $(left) - 10 ))
  timeout "$t" "$B" bench --methods "$M" "${var[@]}" --csv "$R/$name.csv" "$@" > "$R/$name.txt" 2>&1
  note "$name rc $? ($(($(wc -l < "$R/$name.csv") - 1)) method rows)"
}
run double-medium 100 "${med[@]}"
F=.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327
ncu_details vector4 RowGroupRange --methods "csr_vector<4>" "$F"
ncu_details vector4-hint2 'RowGroupRange.*LoadHint.?2' --methods "csr_vector<4>[vector_load=2]" --variant vector_load=2 "$F"
ncu_details vector4-hint3 'RowGroupRange.*LoadHint.?3' --methods "csr_vector<4>[vector_load=3]" --variant vector_load=3 "$F"
ncu_details cusparse-alg1 'cusparse::' --methods cusparse_csr_alg1 "$F"
ncu_source vector4 RowGroupRange --methods "csr_vector<4>" "$F"
ncu_source cusparse-alg1 'csrmv' --methods cusparse_csr_alg1 "$F"
run double-shared 130 "${shared[@]}"
run float-medium 80 --float "${med[@]}"
call_finish load-hints
