#!/usr/bin/env bash
# Device calls 5-6 of the H100 collection (issue 21's retraining, 2026-12-02, fifth session): the generated corpus's
# halves with every registered kernel, the output kept on the warm machine so that a call cut by its time limit is
# resumed by the next (the collector skips what done.txt lists):
#   SPECS="a-rest b" LIMIT_S=<seconds a spec> bash perf/results/h100/2026-12-02-real-collect/collect_generated_kept.sh
# Needs .device/rcol/aspmv there (unpacked by collect_part.sh of the same machine's earlier call) and carries
# .device/gcol/spec-<name>.txt. Double, 10 warm-ups, median of 5 batches, no blockwise samples (--blocks-every 0).
set -u
start=$SECONDS
K=.device/gen-kept; mkdir -p "$K"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
[ -x .device/rcol/aspmv ] || { echo "no binary on this machine (.device/rcol/aspmv)"; exit 3; }
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$K/gpu.txt" 2>&1
for S in $SPECS; do
  .device/rcol/aspmv collect --spec ".device/gcol/spec-$S.txt" --out "$K/generated-$S" \
    --time-limit "$LIMIT_S" --blocks-every 0 --batches 5 > "$K/collect_log_$S.txt" 2>&1
  echo "spec $S: collect rc $? after $((SECONDS - start)) s" >> "$K/summary.txt"
  wc -l "$K/generated-$S/done.txt" "$K/generated-$S/failures.csv" >> "$K/summary.txt" 2>&1
  tail -2 "$K/collect_log_$S.txt" >> "$K/summary.txt"
done
cat "$K/summary.txt"
tar -cJf "$OUT/generated-kept.tar.xz" -C "$K" .
