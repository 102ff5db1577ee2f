#!/usr/bin/env bash
# Call 1 (device tool; issue 21, 2026-12-06 nineteenth session): csr_chunks with a chunk a warp (chunk_warp_slices 1:
# every warp of a team loads, stages and sums a chunk of 256 nonzeros of its own, synchronised by __syncwarp).
#  1. GPU correctness: aspmv_kernel_tests "[csr_chunks]", then compute-sanitizer memcheck over it.
#  2. `aspmv bench --methods csr_chunks,csr_vector,cusparse` on the 19 medium-row matrices (double) with the slices as
#     variants: the table's lanes, one lane a row, teams of 128 and 512; the team form with one lane a row beside.
#  3. Nsight Compute of the slices on FFFFF800--tile (and of the team form for the same-machine comparison).
#  4. Float on the 19; the 62 shared real matrices (double) with the slices beside the table's form.
# Carried: .device/lc (matrices) and .device/lc22 (bin.tar.xz, lists): bash .device/lc22/call1.sh
source perf/device/call_prelude.sh .device/lc22
deadline=${DEADLINE_S:-560}
left() { echo $((deadline - (SECONDS - start))); }
"$B" info > "$R/info.txt" 2>&1
gpu_tests "[csr_chunks]" "${TEST_S:-40}" "${SAN_S:-50}"
mapfile -t med < .device/lc22/medium.txt
mapfile -t shared < .device/lc22/shared.txt
m=(--methods csr_chunks,csr_vector,cusparse)
v=(--variant chunk_warp_slices=1 --variant chunk_warp_slices=1,chunk_row_lanes=1 --variant chunk_warp_slices=1,team_threads=128
   --variant chunk_warp_slices=1,team_threads=512 --variant chunk_row_lanes=1)
bench_run double-medium 110 "${m[@]}" "${v[@]}" "${med[@]}"
F=.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327
NCU_S=20 ncu_details slices CsrChunks --methods "csr_chunks[chunk_warp_slices=1]" --variant chunk_warp_slices=1 "$F"
NCU_S=20 ncu_details team CsrChunks --methods csr_chunks "$F"
bench_run float-medium 60 "${m[@]}" --variant chunk_warp_slices=1 --variant chunk_warp_slices=1,chunk_row_lanes=1 \
  --float "${med[@]}"
bench_run double-shared 90 --methods csr_chunks,csr_vector,cusparse --variant chunk_warp_slices=1 "${shared[@]}"
call_finish warp-slices1
