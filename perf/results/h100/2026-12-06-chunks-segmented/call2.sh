#!/usr/bin/env bash
# Call 2 as run (device tool; issue 21, 2026-12-06 sixteenth session; the device tool's budget cut to a third by
# machines that did not start): csr_chunks' segmented row phase with its registers bounded (call 1's took 96 a
# thread: two teams a multiprocessor). chunk_row_sum=1: five teams of 256 a multiprocessor (48 registers, no
# spills); chunk_row_sum=2 (experiment patch experiment-six.patch): six (40 registers, 32 bytes spilled).
#  1. GPU correctness: aspmv_kernel_tests "[csr_chunks]"; compute-sanitizer memcheck over "[csr_chunks]".
#  2. `aspmv bench --methods csr_chunks,csr_vector,cusparse` with chunk_row_sum=1 and =2 on the 19 medium-row
#     matrices (double, then float), Nsight Compute details of chunk_row_sum=1 on FFFFF800--tile, then chunk_row_sum=1
#     on the 62 shared real matrices (double) for what time is left.
# Carried: .device/lc (matrices) and .device/lc20 (bin.tar.xz):  DEADLINE_S=230 bash .device/lc20/call2b.sh
source perf/device/call_prelude.sh .device/lc20
deadline=${DEADLINE_S:-230}
left() { echo $((deadline - (SECONDS - start))); }
T=.device/lc20/aspmv_kernel_tests
"$B" info > "$R/info.txt" 2>&1
timeout 40 "$T" "[csr_chunks]" > "$R/tests.txt" 2>&1
note "[csr_chunks] rc $? ($(tail -2 "$R/tests.txt" | tr '\n' ' '))"
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
timeout 70 "$SAN" --tool memcheck "$T" "[csr_chunks]" > "$R/memcheck.txt" 2>&1
note "memcheck [csr_chunks] rc $? ($(grep -E 'ERROR SUMMARY|All tests|test cases' "$R/memcheck.txt" | tr '\n' ' '))"
mapfile -t med < .device/lc20/medium.txt
mapfile -t shared < .device/lc20/shared.txt
run() {  # NAME CAP ARGS...
  local name=$1 t=$2; shift 2
  if (( $(left) < 25 )); then note "$name: not started (time)"; return; fi
  ((t > $(left) - 10)) && t=$(( $(left) - 10 ))
  timeout "$t" "$B" bench --csv "$R/$name.csv" "$@" > "$R/$name.txt" 2>&1
  note "$name rc $? ($(($(wc -l < "$R/$name.csv") - 1)) method rows)"
}
m=(--methods csr_chunks,csr_vector,cusparse)
run double-medium 55 "${m[@]}" --variant chunk_row_sum=1 --variant chunk_row_sum=2 "${med[@]}"
run float-medium 40 "${m[@]}" --variant chunk_row_sum=1 --variant chunk_row_sum=2 --float "${med[@]}"
F=.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327
NCU_S=20 ncu_details seg CsrChunks --methods "csr_chunks[chunk_row_sum=1]" --variant chunk_row_sum=1 "$F"
run double-shared 60 "${m[@]}" --variant chunk_row_sum=1 "${shared[@]}"
call_finish chunks-segmented2
