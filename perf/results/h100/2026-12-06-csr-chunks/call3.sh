#!/usr/bin/env bash
# Call 3 (device tool; issue 21, 2026-12-06 fourteenth session): csr_chunks again, fixed (its scratch-size helper
# was a host function called from the team body: the device compiler dropped the body and call 2's runs did
# nothing; CUDA builds now make that an error), then its collector column.
#  1. GPU correctness: aspmv_kernel_tests "[csr_chunks],[direct]"; compute-sanitizer memcheck over "[csr_chunks]".
#  2. `aspmv bench --methods csr_chunks,csr_vector,lrb,cusparse --variant vector_load=0` (the table's evict-first
#     CSR-vector against plain loads in the same process) on the 19 medium-row matrices and the 62 shared
#     (double); Nsight Compute of csr_chunks on FFFFF800--tile1774x1s327 (details, SASS source counters).
#  3. The collector: call 2's collection of lrb, csr_scalar, csr_vector (csr_chunks) finished on its 290 generated
#     part-b matrices (resumed), then csr_chunks with csr_scalar (the yardstick) over every set, while time is left.
# Carried: .device/lc (bin.tar.xz: this tree's h100 aspmv; resume/2026-12-06-chunks-generated-b) and .device/lc14:
#   DEADLINE_S=540 bash .device/lc14/call3.sh
source perf/device/call_prelude.sh .device/lc14
deadline=${DEADLINE_S:-540}
left() { echo $((deadline - (SECONDS - start))); }
T=.device/lc14/aspmv_kernel_tests
"$B" info > "$R/info.txt" 2>&1
timeout 100 "$T" "[csr_chunks],[direct]" > "$R/tests.txt" 2>&1
note "[csr_chunks],[direct] rc $? ($(tail -2 "$R/tests.txt" | tr '\n' ' '))"
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
timeout 60 "$SAN" --tool memcheck "$T" "[csr_chunks]" > "$R/memcheck.txt" 2>&1
note "memcheck [csr_chunks] rc $? ($(grep -E 'ERROR SUMMARY|All tests|test cases' "$R/memcheck.txt" | tr '\n' ' '))"
mapfile -t med < .device/lc14/medium.txt
mapfile -t shared < .device/lc14/shared.txt
run() {  # NAME CAP ARGS...
  local name=$1 t=$2; shift 2
  if (( $(left) < 25 )); then note "$name: not started (time)"; return; fi
  ((t > $(left) - 10)) && t=$(( $(left) - 10 ))
  timeout "$t" "$B" bench --methods csr_chunks,csr_vector,lrb,cusparse --variant vector_load=0 --csv "$R/$name.csv" "$@" > "$R/$name.txt" 2>&1
  note "$name rc $? ($(($(wc -l < "$R/$name.csv") - 1)) method rows)"
}
run double-medium 70 "${med[@]}"
F=.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327
ncu_details chunks CsrChunks --methods csr_chunks "$F"
ncu_source chunks CsrChunks --methods csr_chunks "$F"
run double-shared 70 "${shared[@]}"
end=$(( $(left) ))
call_finish chunks-fixed
KERNELS=lrb,csr_scalar,csr_vector,csr_chunks SETS="generated-b@290" NAME=2026-12-06-chunks LIMIT_S=60 \
  bash perf/device/collect_sets.sh
KERNELS=csr_chunks,csr_scalar SETS="real-a real-b real-c generated-a generated-b@290" NAME=2026-12-06-chunks2 \
  LIMIT_S=$(( end - 75 )) bash perf/device/collect_sets.sh
