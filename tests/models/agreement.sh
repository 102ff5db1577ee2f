#!/usr/bin/env bash
# The C++ model evaluator against a Python one, on one model table.
#   agreement.sh trained PYTHON TRAIN_DIR AGREEMENT_BINARY MODEL_JSON WORK_DIR
#     the training pipeline's evaluator: python -m aspmv_train agreement (PYTHONPATH=TRAIN_DIR)
#   agreement.sh fixture PYTHON FIXTURE_SCRIPT AGREEMENT_BINARY WORK_DIR
#     the reference evaluator of make_model_fixture.py on its seeded synthetic table
#   agreement.sh trainer-fixture PYTHON TRAIN_DIR FIXTURE_SCRIPT AGREEMENT_BINARY WORK_DIR
#     the training pipeline's evaluator on make_model_fixture.py's synthetic table (every model,
#     before any table is trained); skipped when predictors/train or its packages are missing
# Exit 77 (skipped) when PYTHON cannot be run.
set -euo pipefail
mode=$1 python=$2
if ! "$python" -c "pass" 2>/dev/null; then
  echo "skipping: cannot run $python (set ASPMV_PYTHON, scripts/python_env.sh)"
  exit 77
fi
case "$mode" in
  trained)
    train=$3 binary=$4 model=$5 work=$6
    mkdir -p "$work"
    csv="$work/agreement.csv"
    rm -f "$csv"
    PYTHONPATH="$train${PYTHONPATH:+:$PYTHONPATH}" "$python" -m aspmv_train agreement --model "$model" \
      --samples 5000 --seed 1 --out "$csv"
    exec "$binary" --model "$model" --csv "$csv"
    ;;
  trainer-fixture)
    train=$3 script=$4 binary=$5 work=$6
    if [ ! -d "$train/aspmv_train" ] || ! "$python" -c "import numpy, pandas" 2>/dev/null; then
      echo "skipping: no $train/aspmv_train, or $python lacks numpy/pandas (scripts/python_env.sh)"
      exit 77
    fi
    mkdir -p "$work"
    "$python" "$script" --table "$work/fixture_table.json" --seed 4
    rm -f "$work/agreement.csv"
    PYTHONPATH="$train${PYTHONPATH:+:$PYTHONPATH}" "$python" -m aspmv_train agreement \
      --model "$work/fixture_table.json" --samples 5000 --seed 1 --out "$work/agreement.csv"
    exec "$binary" --model "$work/fixture_table.json" --csv "$work/agreement.csv"
    ;;
  fixture)
    script=$3 binary=$4 work=$5
    mkdir -p "$work"
    "$python" "$script" --table "$work/fixture_table.json" --csv "$work/fixture_agreement.csv" --samples 2000 --seed 3
    exec "$binary" --model "$work/fixture_table.json" --csv "$work/fixture_agreement.csv"
    ;;
  *) echo "usage: agreement.sh trained|fixture|trainer-fixture ..."; exit 2 ;;
esac
