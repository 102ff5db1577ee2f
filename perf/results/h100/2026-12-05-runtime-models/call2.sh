#!/usr/bin/env bash
# Call 2 (device tool, nvidia-h100-x1; issues 22 and 21 on the H100): the model table's ranking and the plan's
# format margin measured in the library, then every method against cuSPARSE, on the 62 shared real matrices
# (their pattern files in .device/lc/real: the values do not change a kernel's time).
#  1. `aspmv rank --measure` with the h100 table refitted by after.sh (ASPMV_MODEL_FILE: the binary was built
#     before the refit): every runtime-model CSR configuration and format-model format predicted and timed, the
#     plan's automatic choice (100 calls, conversion allowed) at PlanOptions::format_margin 0.5, then at 0.
#  2. `aspmv bench --csv` (every method, double, 3 interleaved rounds) while time is left.
# Carried: .device/lc (call 1's: the binary and the pattern files) and .device/lc2 (model.json: after.sh's
# tuning_data/h100/model.json; shared.txt: the 62 pattern files of the shared matrices). From a slimmed tree:
#   DEADLINE_S=560 bash .device/lc2/call2.sh      (this file, copied into the carried folder)
source perf/device/call_prelude.sh .device/lc
deadline=${DEADLINE_S:-560}
left() { echo $((deadline - (SECONDS - start))); }
export ASPMV_MODEL_FILE=$PWD/.device/lc2/model.json
mapfile -t shared < .device/lc2/shared.txt
"$B" info > "$R/info.txt" 2>&1
for margin in 0.5 0; do
  timeout 150 "$B" rank --measure --format-margin "$margin" "${shared[@]}" > "$R/rank-table-margin$margin.txt" 2>&1
  note "rank --measure --format-margin $margin rc $?"
  tail -1 "$R/rank-table-margin$margin.txt" >> "$R/summary.txt"
done
if (($(left) > 30)); then
  timeout $(($(left) - 10)) "$B" bench --csv "$R/bench.csv" "${shared[@]}" > "$R/bench.txt" 2>&1
  note "bench rc $? ($(($(wc -l < "$R/bench.csv") - 1)) method rows)"
fi
call_finish table-h100
