#!/usr/bin/env bash
# Call 8 (device tool, nvidia-h100-x1; issues 21 and 22; prepared 2026-12-06 twelfth session, not yet run):
#  1. The h100 table retrained on 2026-12-06 (docs/studies/h100/models-2026-12-06.md) in the library, without a
#     rebuild (ASPMV_MODEL_FILE: call 1's binary of 2026-12-05 carries the 2026-12-02 table compiled in):
#     `aspmv rank --measure` at the plan's format margin 0.5, then `aspmv bench` (every method, double, interleaved;
#     aspmv_auto is the plan of the new table) on the 62 shared real matrices.
#  2. The rest of the generated corpus's part b (281 of 571) by perf/device/collect_sets.sh with the collection's
#     binary and table (no ASPMV_MODEL_FILE: as the 861 already collected), resuming the 290 of 2026-12-06.
# Carried: .device/lc (binary, pattern files; generated/spec-b.txt = tuning_data/h200/measurements/
# 2026-12-02-generated-b/corpus-spec.txt; resume/2026-12-06-generated-b = tuning_data/h100/measurements/
# 2026-12-06-generated-b gunzipped) and .device/lc8 (model.json, shared.txt); from a tree slimmed by
# perf/device/slim_tree.sh hold:
#   DEADLINE_S=580 bash .device/lc8/call8.sh
source perf/device/call_prelude.sh .device/lc
deadline=${DEADLINE_S:-580}
left() { echo $((deadline - (SECONDS - start))); }
if ! grep -q H100 "$R/gpu.txt"; then note "not an H100"; call_finish table-h100; exit 0; fi
mapfile -t shared < .device/lc8/shared.txt
export ASPMV_MODEL_FILE=$PWD/.device/lc8/model.json
"$B" info > "$R/info.txt" 2>&1
timeout 150 "$B" rank --measure --format-margin 0.5 "${shared[@]}" > "$R/rank-table.txt" 2>&1
note "rank --measure rc $?"
tail -1 "$R/rank-table.txt" >> "$R/summary.txt"
timeout 240 "$B" bench --csv "$R/bench.csv" "${shared[@]}" > "$R/bench.txt" 2>&1
note "bench rc $? ($(($(wc -l < "$R/bench.csv") - 1)) method rows)"
unset ASPMV_MODEL_FILE
limit=$(($(left) - 15))
call_finish table-h100
if ((limit > 20)); then
  KERNELS=all SETS=generated-b NAME=2026-12-06 LIMIT_S=$limit bash perf/device/collect_sets.sh
fi
