# The commands of docs/studies/cpu-x86/models-2026-12-03.md, as run on the 2-core build machine (repository root),
# with tuning_data/cpu-x86/arch.json's skew guard at 65,536 passes (dddcb6b); guard32/ holds the same steps' reports
# run before that commit (the guard at its default of 32 passes).
cd "$(git rev-parse --show-toplevel)"
export PYTHONPATH=predictors/train PYTHONUNBUFFERED=1
py=~/.cache/aspmv/venv/bin/python3
M=tuning_data/cpu-x86/measurements
NEW="$M/2026-12-03-real-double-a-gpu-host-16-cores $M/2026-12-03-real-double-b-gpu-host-16-cores $M/2026-12-03-real-double-c-gpu-host-16-cores"
OLD="$M/2026-11-26-real-double-a $M/2026-11-26-real-double-b"
W=${W:-/tmp/cpu4}
# 1. Out of fold, the new table's configuration: trained on the 2026-12-03 folders, scored on them (5-6 min).
$py -m aspmv_train oof --measurements $NEW --jobs 2 --eval-measurements $NEW --tuning-dir tuning_data/cpu-x86 \
    --out-dir $W/oof-new
# 2. Out of fold, the current table's: trained on its 2026-11-26 folders (the same real corpus timed with the launch
#    shapes of that day), scored on the 2026-12-03 timings (3 min).
$py -m aspmv_train oof --measurements $OLD --jobs 2 --eval-measurements $NEW --tuning-dir tuning_data/cpu-x86 \
    --out-dir $W/oof-cur
# 3. Paired comparison (group bootstrap).
$py docs/studies/h200/oof-2026-12-02/compare_new_old.py $W/oof-new/oof.csv $W/oof-cur/oof.csv
# 4. The table.
$py -m aspmv_train train --measurements $NEW --arch cpu-x86 --tuning-dir tuning_data/cpu-x86 \
    --out tuning_data/cpu-x86/model.json --report docs/studies/cpu-x86/models.md
