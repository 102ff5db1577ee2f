# The commands of docs/studies/h200/models-2026-11-29b.md, as run on the 2-core build machine (repository root).
cd "$(git rev-parse --show-toplevel)"
export PYTHONPATH=predictors/train PYTHONUNBUFFERED=1
py=~/.cache/aspmv/venv/bin/python3
M=tuning_data/h200/measurements
date -u +%T
/usr/bin/time -v nice -n 15 $py -m aspmv_train oof --measurements $M/2026-11-28-real-double-a $M/2026-11-28-real-double-b \
    $M/2026-11-29-generated --mixed-methods --max-model-bytes 200000 \
    --eval-measurements $M/2026-11-28-real-double-a $M/2026-11-28-real-double-b \
    --tuning-dir tuning_data/h200 --out-dir /tmp/rt/oof-new
date -u +%T

cd "$(git rev-parse --show-toplevel)"
export PYTHONPATH=predictors/train PYTHONUNBUFFERED=1
py=~/.cache/aspmv/venv/bin/python3
M=tuning_data/h200/measurements
date -u +%T
/usr/bin/time -v nice -n 15 $py docs/studies/h200/oof-2026-11-29b/train_small_runtime.py train --measurements $M/2026-11-28-real-double-a $M/2026-11-28-real-double-b \
    $M/2026-11-29-generated --mixed-methods --max-model-bytes 200000 \
    --arch h200 --tuning-dir tuning_data/h200 --out /tmp/rt/final/model.json --report /tmp/rt/final/models.md
date -u +%T
nice -n 15 $py -m aspmv_train format-table --measurements $M/2026-11-28-real-double-a $M/2026-11-28-real-double-b \
    --arch h200 --table /tmp/rt/final/model.json --out /tmp/rt/final/model-with-formats.json
date -u +%T
