#!/usr/bin/env bash
# The retraining workflow of the README, end to end on the CPU with a tiny
# corpus: aspmv collect -> python -m aspmv_train train -> the new table in use
# (ASPMV_MODEL_FILE; a site rebuilds with it as tuning_data/<arch>/model.json)
# -> aspmv info shows its provenance and aspmv run's plans cite its models.
#   retrain.sh ASPMV_BINARY CORPUS WORK_DIR PYTHON TRAIN_DIR TUNING_DIR
set -euo pipefail
aspmv=$1 spec=$2 work=$3 python=$4 train_dir=$5 tuning=$6
rm -rf "$work" && mkdir -p "$work"
if ! "$python" -c "import sklearn, xgboost, lightgbm, pandas" 2>/dev/null; then
  echo "skipping: $python lacks the training packages (run scripts/python_env.sh)"
  exit 77
fi

# 1. Collect.
"$aspmv" collect --spec "$spec" --out "$work/run" --batches 2 --min-batch-ms 0.2 --blocks-every 2 \
  --generator-threads 2
entries=$(grep -cvE '^\s*(#|$)' "$spec")
[ "$(($(wc -l <"$work/run/features.csv") - 1))" -eq "$entries" ] || { echo "features.csv: one row per matrix"; exit 1; }

# 2. Train (the quick candidate grid; three group folds for a corpus this small). The models carry their
#    training support, which the library reads (docs/MODEL_TABLES.md, "support").
PYTHONPATH="$train_dir" "$python" -m aspmv_train train --measurements "$work/run" --arch retrain-test \
  --out "$work/model.json" --tuning-dir "$tuning" --quick --folds 3 --quiet
PYTHONPATH="$train_dir" "$python" -m aspmv_train validate "$work/model.json"
"$python" -c 'import json,sys; m=json.load(open(sys.argv[1]))["models"]; sys.exit(0 if m and all("support" in v for v in m.values()) else 1)' \
  "$work/model.json" || { echo "the trained models carry no support"; exit 1; }
trained_at=$("$python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["provenance"]["trained_at"])' \
  "$work/model.json")

# 3. aspmv info shows the new table and its provenance.
ASPMV_MODEL_FILE="$work/model.json" "$aspmv" info >"$work/info.txt"
grep -q "model table retrain-test (trained), ASPMV_MODEL_FILE=$work/model.json" "$work/info.txt" ||
  { echo "aspmv info does not show the new table:"; cat "$work/info.txt"; exit 1; }
grep -q "trained_at: $trained_at" "$work/info.txt" || { echo "aspmv info lacks trained_at $trained_at"; exit 1; }
if grep -q "warning" "$work/info.txt"; then echo "aspmv info warns:"; cat "$work/info.txt"; exit 1; fi

# 4. The plans ask the new table: each model verdict matches the Python
#    evaluator's answer for the same features.
ASPMV_MODEL_FILE="$work/model.json" "$aspmv" run --describe >"$work/run.txt"
grep -q "models: retrain-test trained" "$work/run.txt" || { echo "plans do not use the new table:"; cat "$work/run.txt"; exit 1; }
grep -qE "^    (kernel_known|kernel_gathered) \(" "$work/run.txt" || { echo "no kernel model answered:"; cat "$work/run.txt"; exit 1; }
"$aspmv" run --describe >"$work/run-compiled.txt"
if grep -q "retrain-test" "$work/run-compiled.txt"; then echo "the compiled-in table should answer without ASPMV_MODEL_FILE"; exit 1; fi

# The collector's own record of the automatic choice under the new table
# agrees with the Python evaluator on the collected features.
ASPMV_MODEL_FILE="$work/model.json" "$aspmv" collect --spec "$spec" --out "$work/run2" --batches 1 \
  --min-batch-ms 0.1 --generator-threads 2 --limit 4 >/dev/null
PYTHONPATH="$train_dir" "$python" - "$work/model.json" "$work/run2/features.csv" "$tuning/arch.json" \
  "$work/run2/run.json" <<'PY'
import json
import sys
import pandas as pd
from aspmv_train import evaluate, features, train
table = evaluate.load(sys.argv[1])
# The plan's row-lanes guard (planner/selection_guards.hpp): on a CPU table of host_row_simd 2 a CSR-vector pick
# with TpR > 1 runs csr_scalar where the CPU has AVX-512 and rows average 5+ nonzeros (train.lanes_guard mirrors
# it); the CPU's AVX-512 is the library's to see, so either kernel is accepted there.
lanes = train.lanes_guard_on(json.load(open(sys.argv[3])), is_gpu=False)
models = table["models"]
df = pd.read_csv(sys.argv[2])
# The device facts the library's device features divide by: the architecture table's hardware, the run's
# value size (src/aspmv/feature_set.hpp's DeviceFacts).
hw = json.load(open(sys.argv[3])).get("hardware", {})
facts = {"compute_units": hw.get("compute_units", 0), "simd_width": hw.get("simd_width", 0),
         "l2_cache_bytes": hw.get("l2_cache_bytes", 0),
         "value_bytes": features.value_bytes(json.load(open(sys.argv[4])).get("precision", "double"))}
bad = 0
for _, row in df.iterrows():
    v = {**row.to_dict(), **facts}
    v["calls"] = 100.0
    gathered = True
    if "gather" in models:
        gathered = evaluate.predict(models["gather"], evaluate.feature_vector(models["gather"], v)) == "gathered"
        # The plan's guard (planner/model_selection.hpp): a known-feature answer outside the
        # kernel_known model's training support is not trusted; the plan gathers instead.
        if not gathered and "kernel_known" in models and evaluate.outside_support(models["kernel_known"], v):
            gathered = True
    name = "kernel_gathered" if gathered else "kernel_known"
    if name not in models or row["nnz"] == 0:
        continue
    label = evaluate.predict(models[name], evaluate.feature_vector(models[name], v))
    kernel = label.split("/")[0]
    guarded = train.lanes_guard(label, row["rows"], row["nnz"]) if lanes else None
    if row["auto_kernel"] != kernel and row["auto_kernel"] != guarded:
        print(f"{row['matrix']}: the plan ran {row['auto_kernel']}, the table says {label} ({name})")
        bad += 1
sys.exit(1 if bad else 0)
PY
echo "retraining workflow: $entries matrices collected, table trained at $trained_at, in use by aspmv info and run"
