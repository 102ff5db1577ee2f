# The commands of docs/studies/cpu-x86/models-2026-12-03b.md, as run on the 2-core build machine (repository root).
cd "$(git rev-parse --show-toplevel)"
export PYTHONPATH=predictors/train PYTHONUNBUFFERED=1
py=~/.cache/aspmv/venv/bin/python3
M=tuning_data/cpu-x86/measurements
NEW="$M/2026-12-03-avx512-real-double-a-gpu-host-16-cores $M/2026-12-03-avx512-real-double-b-gpu-host-16-cores $M/2026-12-03-avx512-real-double-c-gpu-host-16-cores"
CUR="$M/2026-12-03-real-double-a-gpu-host-16-cores $M/2026-12-03-real-double-b-gpu-host-16-cores $M/2026-12-03-real-double-c-gpu-host-16-cores"
W=${W:-/tmp/cpu6}
# 1. Out of fold, the retrained configuration: trained on the AVX-512 collection (call 4), scored on it.
$py -m aspmv_train oof --measurements $NEW --jobs 2 --eval-measurements $NEW --tuning-dir tuning_data/cpu-x86 \
    --out-dir $W/oof-new
# 2. Out of fold, the current table's: trained on its own data (the collection before the lanes), scored on call 4's.
$py -m aspmv_train oof --measurements $CUR --jobs 2 --eval-measurements $NEW --tuning-dir tuning_data/cpu-x86 \
    --out-dir $W/oof-cur
# 3. Paired comparison (group bootstrap).
$py docs/studies/h200/oof-2026-12-02/compare_new_old.py $W/oof-new/oof.csv $W/oof-cur/oof.csv
