#!/usr/bin/env bash
# Call 1 (device tool; issue 21, 2026-12-06 fifteenth session): csr_chunks with each thread's first row bounds
# loaded before the barrier and one row loop for every lanes-a-row setting.
#  1. GPU correctness: aspmv_kernel_tests "[csr_chunks]"; compute-sanitizer memcheck over "[csr_chunks]".
#  2. `aspmv bench --methods csr_chunks,csr_vector,cusparse` with chunk_row_lanes 2, 4, 8 as variants (and
#     csr_chunks alone with team_threads 128 and 512), on the 19 medium-row matrices above 1M nonzeros (double, then float); Nsight Compute of
#     csr_chunks on FFFFF800--tile1774x1s327.
# Carried: .device/lc (matrices) and .device/lc16 (bin.tar.xz: this tree's h100 aspmv and aspmv_kernel_tests):
#   DEADLINE_S=300 bash .device/lc16/call1.sh
source perf/device/call_prelude.sh .device/lc16
deadline=${DEADLINE_S:-300}
left() { echo $((deadline - (SECONDS - start))); }
T=.device/lc16/aspmv_kernel_tests
"$B" info > "$R/info.txt" 2>&1
timeout 60 "$T" "[csr_chunks]" > "$R/tests.txt" 2>&1
note "[csr_chunks] rc $? ($(tail -2 "$R/tests.txt" | tr '\n' ' '))"
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
timeout 60 "$SAN" --tool memcheck "$T" "[csr_chunks]" > "$R/memcheck.txt" 2>&1
note "memcheck [csr_chunks] rc $? ($(grep -E 'ERROR SUMMARY|All tests|test cases' "$R/memcheck.txt" | tr '\n' ' '))"
mapfile -t med < .device/lc16/medium.txt
run() {  # NAME CAP ARGS...
  local name=$1 t=$2; shift 2
  if (( $(left) < 25 )); then note "$name: not started (time)"; return; fi
  ((t > $(left) - 10)) && t=$(( $(left) - 10 ))
  timeout "$t" "$B" bench --csv "$R/$name.csv" "$@" > "$R/$name.txt" 2>&1
  note "$name rc $? ($(($(wc -l < "$R/$name.csv") - 1)) method rows)"
}
lanes=(--methods csr_chunks,csr_vector,cusparse --variant chunk_row_lanes=2 --variant chunk_row_lanes=4
  --variant chunk_row_lanes=8)
run double-medium 80 "${lanes[@]}" "${med[@]}"
run double-teams 50 --methods csr_chunks --variant team_threads=128 --variant team_threads=512 "${med[@]}"
F=.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327
ncu_details chunks CsrChunks --methods csr_chunks "$F"
run float-medium 70 "${lanes[@]}" --float "${med[@]}"
call_finish chunks-bounds
