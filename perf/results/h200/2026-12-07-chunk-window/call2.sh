#!/usr/bin/env bash
# Call 2 (device tool; issue 21, written 2026-12-07 twentieth session, not yet run; meant for an H100, its results to
# perf/results/h100/<date>-chunk-window): the window past each chunk (the h100 table's csr_chunks.overlap 1 since
# c4a494e) on the H100, against the form without it (--variant chunk_overlap=0), then the retrained h100 table in the
# library against the one it replaced (the nineteenth session's call 2, never run).
#  1. `aspmv bench --methods csr_chunks,csr_vector,cusparse` on the 19 medium-row matrices, double and float, and on
#     the 62 shared real matrices (double), the form without the window beside the table's.
#  1b. (below) csr_chunks under a register budget, a second tool (bounds.tar.xz), on the 19 medium-row matrices.
#  2. Per matrix of the 44 shared ones the eighteenth session did not reach (shared_rest.txt), one process each for
#     the model table of tuning_data/h100/model.json and the replaced one (h100-replaced.json, ASPMV_MODEL_FILE):
#     the plan (aspmv_auto), the drop-in and cuSPARSE's CSR algorithms (double). In-sample: both tables were trained on
#     the real corpus, these matrices included.
# Carried: .device/lc (matrices) and .device/lc24 (bin.tar.xz: the h100 preset's aspmv and aspmv_kernel_tests of
# c4a494e or later; medium.txt, shared.txt, shared_rest.txt, h100-replaced.json): bash .device/lc24/call2.sh
source perf/device/call_prelude.sh .device/lc24
"$B" info > "$R/info.txt" 2>&1
mapfile -t med < .device/lc24/medium.txt
mapfile -t shared < .device/lc24/shared.txt
m=(--methods csr_chunks,csr_vector,cusparse --variant chunk_overlap=0)
# 1b. csr_chunks under a register budget (bounds.tar.xz: the h100 preset's aspmv built with register-budget.patch
#     applied (on 0a80ba6; not in the library): csr_chunks launched under launch bounds of 2 blocks of 1,024
#     threads: 32 registers a thread, 8 teams of 256 an SM where 40 registers allowed 6),
#     against the tool of bin.tar.xz, each in its process, through the cuSPARSE yardstick of its run; Nsight Compute
#     on FFFFF800--tile with each (occupancy, registers, time).
if [ -f .device/lc24/bounds.tar.xz ]; then
  [ -x .device/lc24/bounds/aspmv ] || (mkdir -p .device/lc24/bounds && cd .device/lc24/bounds && tar -xJf ../bounds.tar.xz)
  B_MAIN=$B
  bench_run bounds-main 50 --methods csr_chunks,cusparse "${med[@]}"
  B=.device/lc24/bounds/aspmv
  bench_run bounds-new 50 --methods csr_chunks,cusparse "${med[@]}"
  NCU_S=20 ncu_details bounds-new CsrChunks --methods csr_chunks "${med[0]}"
  B=$B_MAIN
  NCU_S=20 ncu_details bounds-main CsrChunks --methods csr_chunks "${med[0]}"
fi
bench_run double-medium 100 "${m[@]}" "${med[@]}"
bench_run double-shared 150 "${m[@]}" "${shared[@]}"
bench_run float-medium 60 "${m[@]}" --float "${med[@]}"
table_check .device/lc24/h100-replaced.json .device/lc24/shared_rest.txt
call_finish chunk-window2
