#!/usr/bin/env bash
# The out-of-fold scoring of docs/studies/cpu-x86/lanes-guard.md (evidence 2), as run on the 2-core build machine
# (repository root, 5.3-11.6 min): the current cpu-x86 table's configuration trained on its own data (the fourth
# session's collection, before the AVX-512 lanes) and scored on the AVX-512 collection, as
# docs/studies/cpu-x86/oof-2026-12-03b/commands.sh step 2, now with the row-lanes guard in the trainer's scoring.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
export PYTHONPATH=predictors/train PYTHONUNBUFFERED=1
py=~/.cache/aspmv/venv/bin/python3
M=tuning_data/cpu-x86/measurements
NEW="$M/2026-12-03-avx512-real-double-a-gpu-host-16-cores $M/2026-12-03-avx512-real-double-b-gpu-host-16-cores $M/2026-12-03-avx512-real-double-c-gpu-host-16-cores"
CUR="$M/2026-12-03-real-double-a-gpu-host-16-cores $M/2026-12-03-real-double-b-gpu-host-16-cores $M/2026-12-03-real-double-c-gpu-host-16-cores"
W=${W:-/tmp/cpu7}
# shellcheck disable=SC2086
$py -m aspmv_train oof --measurements $CUR --jobs 2 --eval-measurements $NEW --tuning-dir tuning_data/cpu-x86 \
    --out-dir "$W/oof-cur-lanes"
cp "$W/oof-cur-lanes/oof.md" "$W/oof-cur-lanes/oof.json" docs/studies/cpu-x86/oof-2026-12-05-lanes/
gzip -c "$W/oof-cur-lanes/oof.csv" > docs/studies/cpu-x86/oof-2026-12-05-lanes/oof.csv.gz
