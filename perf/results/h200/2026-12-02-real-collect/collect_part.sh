#!/usr/bin/env bash
# Device calls of the real corpus's collection (issue 21's retraining, 2026-12-02, fourth session):
#   PARTS="a" LIMIT_S=<seconds a part> bash perf/results/h200/2026-12-02-real-collect/collect_part.sh
# Carries (ignored paths): .device/rcol/bin.tar.xz (the h100 preset's aspmv, stripped; unpacked once, kept while
# the machine stays warm) and .device/rcol/<part>/ (perf/device/real_corpus_parts.py --budget-mib 6.7: pattern
# files and spec-h100-<part>.txt). Double only (the kernel models train on double), every registered kernel and
# format, the collector's protocol (10 warm-ups, median of 5 batches, blockwise TpR samples of every 8th matrix).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if [ ! -x .device/rcol/aspmv ]; then
  [ -f .device/rcol/bin.tar.xz ] || { echo "no binary on this machine and none carried"; exit 3; }
  (cd .device/rcol && tar -xJf bin.tar.xz)
fi
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
for PART in $PARTS; do
  .device/rcol/aspmv collect --spec ".device/rcol/$PART/spec-h100-$PART.txt" --out "$R/real-double-$PART" \
    --time-limit "$LIMIT_S" --blocks-every 8 --batches 5 > "$R/collect_log_$PART.txt" 2>&1
  echo "part $PART: collect rc $? after $((SECONDS - start)) s" >> "$R/summary.txt"
  wc -l "$R/real-double-$PART/done.txt" "$R/real-double-$PART/failures.csv" >> "$R/summary.txt" 2>&1
  tail -2 "$R/collect_log_$PART.txt" >> "$R/summary.txt"
done
cat "$R/summary.txt"
tar -cJf "$OUT/real-double.tar.xz" -C "$R" . && rm -rf "$R"
