# The commands of docs/studies/h100/models-2026-12-06.md, as run on the 2-core build machine (repository root).
# The H100 re-collection of 2026-12-05/06 (eleventh and twelfth sessions): the real corpus (622: 286 real, 328
# real-derived, 8 guards) and 861 of the generated corpus's 1,141 matrices (all of part a, 290 of part b), every
# registered kernel, one binary (call 1's of perf/results/h100/2026-12-05-runtime-models: the GPU code of HEAD) and
# one method list for all five folders (so no --mixed-methods).
cd "$(git rev-parse --show-toplevel)"
export PYTHONPATH=predictors/train PYTHONUNBUFFERED=1
py=~/.cache/aspmv/venv/bin/python3
M=tuning_data/h100/measurements
R=$(printf "$M/2026-12-06-all-real-%s " a b c)
G=$(printf "$M/2026-12-06-generated-%s " a b)
O=${O:-/tmp/rt-h100-06}
# 1. Out of fold on the real corpus (5 group folds, 100 calls, analysis amortized): tables trained without each
#    fold's groups on the five folders, predicting the fold as make_plan asks a table.
nice -n 15 $py -m aspmv_train oof --measurements $R $G --max-model-bytes 200000 --jobs 2 --eval-measurements $R \
    --tuning-dir tuning_data/h100 --out-dir $O/oof-new                                              # new/
# 2. The current table's out-of-fold picks (its configuration's oof of 2026-12-02) scored on the new timings, and
#    the paired comparison (the H200 study's scripts, pointed at tuning_data/h100).
S=docs/studies/h200/oof-2026-12-02
ASPMV_STUDY_TUNING_DIR=tuning_data/h100 PYTHONPATH=predictors/train:$S $py $S/rescore_old.py \
    docs/studies/h100/oof-2026-12-02/new/oof.csv.gz $O/cur-rescored/rescored.csv.gz $R               # cur-rescored/
PYTHONPATH=predictors/train:$S $py $S/compare_new_old.py $O/oof-new/oof.csv $O/cur-rescored/rescored.csv.gz
# 3. The table (the small runtime model, to fit the cap), then the format models of the real corpus added.
$py $S/train_small_runtime.py train --measurements $R $G --max-model-bytes 200000 --arch h100 \
    --tuning-dir tuning_data/h100 --out $O/final/model.json --report $O/final/models.md
$py -m aspmv_train format-table --measurements $R --arch h100 --table $O/final/model.json \
    --out $O/final/model-with-formats.json
