# The commands of docs/studies/h100/models-2026-12-02.md, as run on the 2-core build machine (repository root).
# The H100 re-collection of 2026-12-02 (fifth session): the real corpus (622: 286 real, 328 real-derived, 8 guards)
# and the generated corpus's 1,141 matrices of the H200 re-collection, every registered kernel (vector_split and lrb
# included), one binary and method list for all ten folders (so no --mixed-methods).
cd "$(git rev-parse --show-toplevel)"
export PYTHONPATH=predictors/train PYTHONUNBUFFERED=1
py=~/.cache/aspmv/venv/bin/python3
M=tuning_data/h100/measurements
R=$(printf "$M/2026-12-02-real-double-%s " a1 a2 b1 b2 c1 c2)
G=$(printf "$M/2026-12-02-generated-%s " a a-rest b b-rest)
O=${O:-/tmp/rt-h100}
# 1. Out of fold on the real corpus (5 group folds, 100 calls, analysis amortized).
date -u +%T
/usr/bin/time -v nice -n 15 $py -m aspmv_train oof --measurements $R $G \
    --max-model-bytes 200000 --jobs 2 --eval-measurements $R \
    --tuning-dir tuning_data/h100 --out-dir $O/oof-new
date -u +%T
# 2. The table: trained on all ten folders (the small runtime model of docs/studies/h200/models-2026-11-29b.md,
#    so that the table fits the 1.5 MB cap), then the format models of the real corpus added.
/usr/bin/time -v nice -n 15 $py docs/studies/h200/oof-2026-12-02/train_small_runtime.py train --measurements $R $G \
    --max-model-bytes 200000 --arch h100 --tuning-dir tuning_data/h100 \
    --out $O/final/model.json --report $O/final/models.md
date -u +%T
nice -n 15 $py -m aspmv_train format-table --measurements $R --arch h100 --table $O/final/model.json \
    --out $O/final/model-with-formats.json
date -u +%T
# 3. The previous table's out-of-fold picks (docs/studies/h100/oof/oof-double.csv.gz, the 2026-11-26 study) scored on
#    the new timings, and the paired comparison (the H200 study's scripts, pointed at tuning_data/h100).
S=docs/studies/h200/oof-2026-12-02
ASPMV_STUDY_TUNING_DIR=tuning_data/h100 PYTHONPATH=predictors/train:$S $py $S/rescore_old.py \
    docs/studies/h100/oof/oof-double.csv.gz $O/old-rescored.csv $R
$py $S/compare_new_old.py $O/oof-new/oof.csv $O/old-rescored.csv
