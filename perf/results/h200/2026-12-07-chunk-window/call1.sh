#!/usr/bin/env bash
# Call 1 (device tool; issue 21, 2026-12-07 twentieth session): csr_chunks with the window past each chunk staged
# (chunk_overlap 1: each thread loads and stages one entry more, the team the team-size entries past the chunk's
# end, so that a row running that little past its chunk is summed from scratch, not read on from A after the
# barrier by the one thread the team waits for).
#  1. GPU correctness: aspmv_kernel_tests "[csr_chunks]", then compute-sanitizer memcheck over it.
#  2. `aspmv bench --methods csr_chunks,csr_vector,cusparse` on the 19 medium-row matrices (double): the window with
#     the table's lanes (the rule), with one lane a row, with teams of 512 (a window of 512); the table's form beside.
#  3. Nsight Compute on FFFFF800--tile: the shared-memory wavefronts and bank conflicts of both forms' loads, then
#     their details (is the row phase's thread-a-row reading of the stage conflict-bound?).
#  4. Float on the 19; the 62 shared real matrices (double) with the window beside the table's form.
# Carried: .device/lc (matrices) and .device/lc23 (bin.tar.xz: the h100 preset's tools of 7a06a34, lists). Ran as
# `TEST_S=35 SAN_S=40 DEADLINE_S=240 bash .device/lc23/call1.sh` on an NVIDIA H200 (the tool's fourteenth try; written
# for an H100, hence the h100 preset): call1/.
source perf/device/call_prelude.sh .device/lc23
deadline=${DEADLINE_S:-540}
left() { echo $((deadline - (SECONDS - start))); }
"$B" info > "$R/info.txt" 2>&1
gpu_tests "[csr_chunks]" "${TEST_S:-40}" "${SAN_S:-60}"
mapfile -t med < .device/lc23/medium.txt
mapfile -t shared < .device/lc23/shared.txt
m=(--methods csr_chunks,csr_vector,cusparse)
v=(--variant chunk_overlap=1 --variant chunk_overlap=1,chunk_row_lanes=1 --variant chunk_row_lanes=1
   --variant chunk_overlap=1,team_threads=512)
bench_run double-medium 100 "${m[@]}" "${v[@]}" "${med[@]}"
F=.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327
shared_metrics() {  # TAG BENCH_ARGS...: the stage's shared-memory loads, their wavefronts and bank conflicts
  local tag=$1; shift
  if (($(left) < 30)); then note "ncu shared $tag: not started (time)"; return; fi
  timeout 20 "$NCU" --csv --page raw --kernel-name-base demangled -k regex:CsrChunks --launch-skip 2 --launch-count 1 \
    --metrics smsp__inst_executed_op_shared_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__cycles_active.avg,gpu__time_duration.sum \
    "$B" bench --rounds 1 "$@" > "$R/ncu_shared_$tag.csv" 2> "$R/ncu_shared_$tag.err"
  note "ncu shared $tag rc $?"
}
shared_metrics window --methods "csr_chunks[chunk_overlap=1]" --variant chunk_overlap=1 "$F"
shared_metrics team --methods csr_chunks "$F"
shared_metrics team-lane1 --methods "csr_chunks[chunk_row_lanes=1]" --variant chunk_row_lanes=1 "$F"
NCU_S=20 ncu_details window CsrChunks --methods "csr_chunks[chunk_overlap=1]" --variant chunk_overlap=1 "$F"
NCU_S=20 ncu_details team CsrChunks --methods csr_chunks "$F"
bench_run float-medium 60 "${m[@]}" --variant chunk_overlap=1 --variant chunk_overlap=1,chunk_row_lanes=1 \
  --variant chunk_row_lanes=1 --float "${med[@]}"
bench_run double-shared 100 --methods csr_chunks,csr_vector,cusparse --variant chunk_overlap=1 "${shared[@]}"
call_finish chunk-window1
