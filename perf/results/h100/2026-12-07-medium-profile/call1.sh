#!/usr/bin/env bash
# Call 1 (device tool; issue 21, written 2026-12-07 twenty-fourth session; meant for an H100): what bounds the
# medium-row matrices (8-64 nonzeros a row above 1M nonzeros; target 85 % of copy) whose entries reach far from the
# diagonal, against a banded control that meets it. B = .device/lc32/bin.tar.xz (the h100 preset's aspmv of
# 3bec56e or later), one process a step:
#  1. `aspmv bench --methods csr_chunks,csr_vector,cusparse_csr` (double) on the four matrices below: the times and
#     % of copy the profile is read against;
#  2. Nsight Compute (ncu_details: speed of light, memory workload with L1/L2 hit rates and the L2's throughput,
#     warp states, occupancy) of csr_chunks and cuSPARSE's CSR ALG1 on each: is the L2 (sectors of gathered x) or
#     DRAM the limit?
# Matrices: FFFFF800--tile1774x1s327 and NotreDame_www--tile4x3s255 (real-derived, 11.9 and 8.6 a row, farthest
# entry 0.97 and 1.0 of the columns from the diagonal; in the H100 window collection the best of every kernel 80 %
# of copy (cuSPARSE's CSR ALG1) and 70 % (csr_chunks)), rand-uniform-r1000000-c1000000-m16-s4-seed1 (16 a row,
# columns uniform over 1M), band-r1000000-w100-m30-seed7 (30 a row within 100 of the diagonal: the control).
# Carried: .device/lc (matrices), .device/lc32 (with a copy of this script):
#   DEADLINE_S=200 bash .device/lc32/medium-profile1.sh
source perf/device/call_prelude.sh .device/lc32
"$B" info > "$R/info.txt" 2>&1
M=(.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327 .device/lc/real/NotreDame_www.mtx.xz--tile4x3s255
  rand-uniform-r1000000-c1000000-m16-s4-seed1 band-r1000000-w100-m30-seed7)
bench_run times 60 --methods csr_chunks,csr_vector,cusparse_csr "${M[@]}"
for i in "${!M[@]}"; do
  NCU_S=30 ncu_details "m$i" "CsrChunks|cusparse" --methods csr_chunks,cusparse_csr_alg1 "${M[$i]}"
done
call_finish medium-profile1
