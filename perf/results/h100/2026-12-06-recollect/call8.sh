#!/usr/bin/env bash
# Call 8 (device tool, nvidia-h100-x1; issues 21 and 22; prepared 2026-12-06 twelfth session, not yet run):
#  1. The h100 table retrained on 2026-12-06 (docs/studies/h100/models-2026-12-06.md) in the library, without a
#     rebuild (ASPMV_MODEL_FILE: call 1's binary of 2026-12-05 carries the 2026-12-02 table compiled in):
#     `aspmv rank --measure` at the plan's format margin 0.5, then `aspmv bench` (every method, double, interleaved;
#     aspmv_auto is the plan of the new table) on the 62 shared real matrices.
#  2. The rest of the generated corpus's part b (281 of 571) by the collection's binary and table (no
#     ASPMV_MODEL_FILE: as the 861 already collected), resuming the 290 of 2026-12-06 (.device/lc8/resume-gen-b).
# Carried: .device/lc (binary, pattern files), .device/lc8; from a tree slimmed by perf/device/slim_tree.sh hold:
#   DEADLINE_S=580 bash .device/lc8/call8.sh
source perf/device/call_prelude.sh .device/lc
deadline=${DEADLINE_S:-580}
left() { echo $((deadline - (SECONDS - start))); }
if ! grep -q H100 "$R/gpu.txt"; then note "not an H100"; call_finish table-h100; exit 0; fi
mapfile -t shared < .device/lc8/shared.txt
ASPMV_MODEL_FILE=$PWD/.device/lc8/model.json "$B" info > "$R/info.txt" 2>&1
ASPMV_MODEL_FILE=$PWD/.device/lc8/model.json timeout 150 "$B" rank --measure --format-margin 0.5 "${shared[@]}" \
  > "$R/rank-table.txt" 2>&1
note "rank --measure rc $?"
tail -1 "$R/rank-table.txt" >> "$R/summary.txt"
ASPMV_MODEL_FILE=$PWD/.device/lc8/model.json timeout 240 "$B" bench --csv "$R/bench.csv" "${shared[@]}" \
  > "$R/bench.txt" 2>&1
note "bench rc $? ($(($(wc -l < "$R/bench.csv") - 1)) method rows)"
cp -r .device/lc8/resume-gen-b "$R/gen-b"
share=$(( $(left) - 15 ))
if ((share > 15)); then
  "$B" collect --spec .device/lc8/gen-b.txt --out "$R/gen-b" --time-limit "$share" --blocks-every 0 --batches 5 \
    > "$R/collect_log_gen-b.txt" 2>&1
  note "gen-b: collect rc $? (limit $share s)"
  wc -l "$R/gen-b/done.txt" >> "$R/summary.txt"
fi
call_finish table-h100
