#!/usr/bin/env bash
# Call 2 (device tool; issue 21, 2026-12-07 nineteenth session): the h100 table retrained in the sixteenth session
# (tuning_data/h100/model.json) against the one it replaced (.device/lc22/h100-replaced.json), each loaded by
# ASPMV_MODEL_FILE into the same tool, on the 44 shared real matrices the eighteenth session's call did not reach
# (.device/lc22/shared_rest.txt; its 18 are in perf/results/h100/2026-12-06-chunks-pipelined/call1): per matrix one
# process a table timing the plan (aspmv_auto), the drop-in and cuSPARSE's CSR algorithms (double). In-sample: both
# tables were trained on the real corpus, these matrices included.
# Carried: .device/lc (matrices) and .device/lc22 (bin.tar.xz, lists, the replaced table): bash .device/lc22/call2.sh
source perf/device/call_prelude.sh .device/lc22
deadline=${DEADLINE_S:-420}
left() { echo $((deadline - (SECONDS - start))); }
"$B" info > "$R/info.txt" 2>&1
mapfile -t rest < .device/lc22/shared_rest.txt
for f in "${rest[@]}"; do
  if (($(left) < 25)); then note "table check not run (time): $f"; continue; fi
  for t in replaced new; do
    j=.device/lc22/h100-replaced.json; [ $t = new ] && j=tuning_data/h100/model.json
    ASPMV_MODEL_FILE=$j timeout 20 "$B" bench --methods aspmv_auto,aspmv_spmv,cusparse_csr \
      --csv "$R/table_$t.csv" "$f" >> "$R/table_$t.txt" 2>&1 || note "failed: $t $f"
  done
done
note "table check"
call_finish table-rest2
