#!/usr/bin/env bash
# Call 2 (device tool; issue 21, 2026-12-06 fourteenth session): the new kernel csr_chunks (chunks of 2,048 nonzeros
# a team of 256, products staged in scratch, rows summed by the chunk they start in; kernels/csr_chunks.hpp) and the
# h100 table's vector_load 2 (CSR-vector's loads evict-first, call 1), then the collector's columns of the kernels
# changed since the 2026-12-06 re-collection.
#  1. GPU correctness: aspmv_kernel_tests "[csr_chunks],[direct]"; compute-sanitizer memcheck over "[csr_chunks]".
#  2. `aspmv bench --methods csr_chunks,csr_vector,lrb,cusparse` on the 19 medium-row matrices (double) and the 62
#     shared (double); Nsight Compute of csr_chunks on FFFFF800--tile1774x1s327 (details, SASS source counters).
#  3. The collector (perf/device/collect_sets.sh, .device/lc: this binary) with KERNELS=lrb,csr_scalar,csr_vector,
#     csr_chunks over the real corpus's parts and the generated matrices of the h100 folders, while time is left.
# Carried: .device/lc (bin.tar.xz: this tree's h100 aspmv; the real corpus's patterns and specs) and .device/lc13
# (bin.tar.xz: aspmv and aspmv_kernel_tests; the lists):
#   DEADLINE_S=560 bash .device/lc13/call2.sh
source perf/device/call_prelude.sh .device/lc13
deadline=${DEADLINE_S:-560}
left() { echo $((deadline - (SECONDS - start))); }
T=.device/lc13/aspmv_kernel_tests
"$B" info > "$R/info.txt" 2>&1
timeout 120 "$T" "[csr_chunks],[direct]" > "$R/tests.txt" 2>&1
note "[csr_chunks],[direct] rc $? ($(tail -2 "$R/tests.txt" | tr '\n' ' '))"
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
timeout 60 "$SAN" --tool memcheck "$T" "[csr_chunks]" > "$R/memcheck.txt" 2>&1
note "memcheck [csr_chunks] rc $? ($(grep -E 'ERROR SUMMARY|All tests|test cases' "$R/memcheck.txt" | tr '\n' ' '))"
mapfile -t med < .device/lc13/medium.txt
mapfile -t shared < .device/lc13/shared.txt
run() {  # NAME CAP ARGS...
  local name=$1 t=$2; shift 2
  if (( $(left) < 25 )); then note "$name: not started (time)"; return; fi
  ((t > $(left) - 10)) && t=$(( $(left) - 10 ))
  timeout "$t" "$B" bench --methods csr_chunks,csr_vector,lrb,cusparse --csv "$R/$name.csv" "$@" > "$R/$name.txt" 2>&1
  note "$name rc $? ($(($(wc -l < "$R/$name.csv") - 1)) method rows)"
}
run double-medium 70 "${med[@]}"
F=.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327
ncu_details chunks CsrChunks --methods csr_chunks "$F"
ncu_source chunks CsrChunks --methods csr_chunks "$F"
run double-shared 110 "${shared[@]}"
call_finish chunks
export KERNELS=lrb,csr_scalar,csr_vector,csr_chunks SETS="real-a real-b real-c generated-a generated-b@290"
NAME=2026-12-06-chunks LIMIT_S=$(( $(left) - 15 )) bash perf/device/collect_sets.sh
