#!/usr/bin/env bash
# Device calls of the generated corpus's re-collection with vector_split and lrb (2026-12-02, fourth session):
#   PART=<a|b> LIMIT_S=<seconds> bash perf/results/h200/2026-12-02-real-collect/collect_generated.sh
# Carries .device/gcol/bin.tar.xz (the h100 preset's aspmv, stripped; unpacked once, kept while the machine stays
# warm) and .device/gcol/spec-<part>.txt: the 1,141 generated matrices measured on 2026-11-29 (the first 1,141 lines
# of that folder's corpus-spec.txt), halved. Double, every registered kernel and format, 10 warm-ups, median of 5
# batches; no blockwise TpR samples (--blocks-every 0: the device time left did not cover them).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if [ ! -x .device/gcol/aspmv ]; then
  [ -f .device/gcol/bin.tar.xz ] || { echo "no binary on this machine and none carried"; exit 3; }
  (cd .device/gcol && tar -xJf bin.tar.xz)
fi
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
.device/gcol/aspmv collect --spec ".device/gcol/spec-$PART.txt" --out "$R/generated-$PART" \
  --time-limit "$LIMIT_S" --blocks-every 0 --batches 5 > "$R/collect_log.txt" 2>&1
echo "part $PART: collect rc $? after $((SECONDS - start)) s" >> "$R/summary.txt"
wc -l "$R/generated-$PART/done.txt" "$R/generated-$PART/failures.csv" >> "$R/summary.txt" 2>&1
tail -2 "$R/collect_log.txt" >> "$R/summary.txt"
cat "$R/summary.txt"
tar -cJf "$OUT/generated.tar.xz" -C "$R" . && rm -rf "$R"
