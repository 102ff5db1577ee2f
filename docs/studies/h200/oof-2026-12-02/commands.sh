# The commands of docs/studies/h200/models-2026-12-02.md, as run on the 2-core build machine (repository root).
# 1. Out-of-fold: the kernel classifiers retrained with vector_split and lrb among the labels (the real corpus
#    re-collected on 2026-12-02 with every registered kernel) and the generated corpus of 2026-11-29 (no
#    vector_split or lrb timings: with --mixed-methods the kernel models train on the 622 matrices with every label).
cd "$(git rev-parse --show-toplevel)"
export PYTHONPATH=predictors/train PYTHONUNBUFFERED=1
py=~/.cache/aspmv/venv/bin/python3
M=tuning_data/h200/measurements
R="$M/2026-12-02-real-double-a $M/2026-12-02-real-double-b $M/2026-12-02-real-double-c"
date -u +%T
/usr/bin/time -v nice -n 15 $py -m aspmv_train oof --measurements $R $M/2026-11-29-generated --mixed-methods \
    --max-model-bytes 200000 --jobs 2 --eval-measurements $R \
    --tuning-dir tuning_data/h200 --out-dir /tmp/rt2/oof-new
date -u +%T

# 2. The same with the generated corpus re-collected on 2026-12-02 with vector_split and lrb (the 1,141 matrices of
#    2026-11-29; one binary and method list for all five folders, so no --mixed-methods): every kernel model trains on
#    all 1,763 matrices with every label.
G="$M/2026-12-02-generated-a $M/2026-12-02-generated-b"
date -u +%T
/usr/bin/time -v nice -n 15 $py -m aspmv_train oof --measurements $R $G \
    --max-model-bytes 200000 --jobs 2 --eval-measurements $R \
    --tuning-dir tuning_data/h200 --out-dir /tmp/rt2/oof-new-gen
date -u +%T

# 3. The adopted table: trained on all five folders (the small runtime model of models-2026-11-29b.md, so that the
#    table fits the 1.5 MB cap), then the format models of the re-collected real corpus added.
date -u +%T
/usr/bin/time -v nice -n 15 $py docs/studies/h200/oof-2026-12-02/train_small_runtime.py train --measurements $R $G \
    --max-model-bytes 200000 --arch h200 --tuning-dir tuning_data/h200 \
    --out /tmp/rt2/final/model.json --report /tmp/rt2/final/models.md
date -u +%T
nice -n 15 $py -m aspmv_train format-table --measurements $R --arch h200 --table /tmp/rt2/final/model.json \
    --out /tmp/rt2/final/model-with-formats.json
date -u +%T
