#!/usr/bin/env bash
# Call 3 (H200, device tool; 2026-12-04 third session): the retrained h200 table (tuning_data/h200/model.json of
# this commit) against the one it replaces (2026-12-03, carried as .device/vf/h200-2026-12-03.json), each loaded by
# ASPMV_MODEL_FILE into the same tool (the h100 preset's aspmv of this change, .device/vf/bin.tar.xz: the arch
# parameters every h200 collection ran), over the 62 shared real matrices (.device/cpuavx/m), double: per matrix one
# process a table, each timing the plan (aspmv_auto: make_plan's automatic choice, its time in setup), the drop-in,
# vector_split and cuSPARSE's CSR algorithms, interleaved. In-sample: both tables were trained on the real corpus,
# these matrices included (the out-of-fold figures are docs/studies/h200/models-2026-12-04b.md's).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device/vf && tar -xJf bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/vf/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
for m in .device/cpuavx/m/*.mtx.xz; do
  if (( SECONDS - start > 520 )); then note "not run (time): $m"; continue; fi
  for t in old new; do
    f=.device/vf/h200-2026-12-03.json; [ $t = new ] && f=tuning_data/h200/model.json
    ASPMV_MODEL_FILE=$f timeout 30 $B bench --methods "aspmv_auto,aspmv_spmv,vector_split,cusparse_csr" \
      --csv "$R/bench_$t.csv" "$m" >> "$R/bench_$t.txt" 2>&1 || note "failed: $t $m"
  done
done
note "bench real, both tables"
cat "$R/summary.txt"
tar -cJf "$OUT/call3.tar.xz" -C "$OUT" r && rm -rf "$R"
