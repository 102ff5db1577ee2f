#!/usr/bin/env bash
# Call 1 (device tool; issue 21/22, 2026-12-06 seventeenth session):
#  1. GPU correctness of csr_chunks with several chunks a team: aspmv_kernel_tests "[csr_chunks]", and
#     compute-sanitizer memcheck over it.
#  2. `aspmv bench --methods csr_chunks,csr_vector,cusparse` with chunk_team_chunks 2, 4 and 8 as variants, and one
#     lane a row with 1, 4 and the rule's (0) chunks a team, and the rule's with the table's lanes, on the 19
#     medium-row matrices (double); Nsight Compute details of chunk_team_chunks=4 on FFFFF800--tile.
#  3. The h100 table retrained in the sixteenth session (tuning_data/h100/model.json) against the one it replaced
#     (.device/lc21/h100-replaced.json), each loaded by ASPMV_MODEL_FILE into the same tool, over the 62 shared real
#     matrices (double): per matrix one process a table timing the plan (aspmv_auto), the drop-in and cuSPARSE's CSR
#     algorithms, for TABLE_S seconds (default 150). In-sample (both tables were trained on the real corpus, these
#     matrices included).
#  4. For what time is left: the variants in float on the 19, Nsight Compute of the table's csr_chunks on
#     FFFFF800--tile, the variants on the 62 shared real matrices (double).
# Carried: .device/lc (matrices) and .device/lc21 (bin.tar.xz, lists, the replaced table): bash .device/lc21/call1.sh
source perf/device/call_prelude.sh .device/lc21
deadline=${DEADLINE_S:-560}
left() { echo $((deadline - (SECONDS - start))); }
"$B" info > "$R/info.txt" 2>&1
gpu_tests "[csr_chunks]" "${TEST_S:-60}" "${SAN_S:-100}"
mapfile -t med < .device/lc21/medium.txt
mapfile -t shared < .device/lc21/shared.txt
m=(--methods csr_chunks,csr_vector,cusparse)
v=(--variant chunk_team_chunks=2 --variant chunk_team_chunks=4 --variant chunk_team_chunks=8)
vl=(--variant chunk_row_lanes=1 --variant chunk_row_lanes=1,chunk_team_chunks=4 --variant chunk_row_lanes=1,chunk_team_chunks=0
    --variant chunk_team_chunks=0)
bench_run double-medium 100 "${m[@]}" "${v[@]}" "${vl[@]}" "${med[@]}"
F=.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327
NCU_S=20 ncu_details k4 CsrChunks --methods "csr_chunks[chunk_team_chunks=4]" --variant chunk_team_chunks=4 "$F"
table_until=$((SECONDS - start + ${TABLE_S:-150}))
for f in "${shared[@]}"; do
  if (( SECONDS - start > table_until || $(left) < 15 )); then note "table check not run (time): $f"; continue; fi
  for t in replaced new; do
    j=.device/lc21/h100-replaced.json; [ $t = new ] && j=tuning_data/h100/model.json
    ASPMV_MODEL_FILE=$j timeout 20 "$B" bench --methods aspmv_auto,aspmv_spmv,cusparse_csr \
      --csv "$R/table_$t.csv" "$f" >> "$R/table_$t.txt" 2>&1 || note "failed: $t $f"
  done
done
note "table check"
bench_run float-medium 50 "${m[@]}" "${v[@]}" --float "${med[@]}"
NCU_S=20 ncu_details k1 CsrChunks --methods csr_chunks "$F"
bench_run double-shared 60 --methods csr_chunks,cusparse "${v[@]}" "${shared[@]}"
call_finish chunks-pipelined1
