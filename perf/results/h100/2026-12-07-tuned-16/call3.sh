#!/usr/bin/env bash
# Call 3 (2026-12-07 twenty-sixth session; meant for an H100): call 2's binaries (.device/lc37/bin.tar.xz, 79897db's
# tree), the tuned plan at 10,000 expected calls (a tenth of calls 1-2's budget) on the unseen and medium sets.
# Carried: .device/lc (matrices), .device/lc37 (this script, the lists):
#   DEADLINE_S=200 bash .device/lc37/call3.sh
source perf/device/call_prelude.sh .device/lc37
M=csr_vector,csr_vector_team,csr_chunks,lrb,vector_split,merge_path,csr_adaptive,csr_delta,sell,ell,aspmv_auto,aspmv_tuned,cusparse_csr
mapfile -t unseen < .device/lc37/unseen12.txt
mapfile -t medium < .device/lc37/medium.txt
bench_run tuned10k-unseen 80 --tuned 10000 --methods "$M" "${unseen[@]}"
bench_run tuned10k-medium 90 --tuned 10000 --methods "$M" "${medium[@]}"
call_finish call3
