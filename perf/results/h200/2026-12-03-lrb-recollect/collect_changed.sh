#!/usr/bin/env bash
# Calls 3-4 (H200, device tool; issue 21, 2026-12-03 third session): the kernels whose code changed since the
# 2026-12-02 collections (binary of e6a76fe) re-measured over the same corpora, so that the tables can be retrained
# on times of today's code: csr_scalar, csr_vector, gao_partitioned (its TpR-1 blocks), ell, sell, lrb and
# vector_split (the direct range launch of ed9aa38/7a59d87/61835d6, lrb's lanes of 377b449); cuSPARSE's CSR (code
# unchanged) beside them as the reference for the drift between this machine and the collections' machines.
#   SETS="real-a real-b real-c generated-a generated-b" LIMIT_S=<seconds> \
#     bash perf/results/h200/2026-12-03-lrb-recollect/collect_changed.sh
# A set: real-<part> (the pattern files and specs of .device/lc/real, carried, as call 1) or generated-<part> (the
# tracked spec of tuning_data/h200/measurements/2026-12-02-generated-<part>). A folder an earlier call left
# unfinished is carried as .device/lc/resume/changed-<set> and resumed. Double, the collector's protocol (10
# warm-ups, median of 5 batches), no blockwise samples.
source perf/device/call_prelude.sh .device/lc
KERNELS=csr_scalar,csr_vector,gao_partitioned,ell,sell,lrb,vector_split,cusparse
budget=${LIMIT_S:-480}
for S in $SETS; do
  P=${S#*-}
  case $S in
    real-*) spec=.device/lc/real/spec-$P.txt ;;
    generated-*) spec=tuning_data/h200/measurements/2026-12-02-generated-$P/corpus-spec.txt ;;
    *) note "unknown set $S"; continue ;;
  esac
  [ -d ".device/lc/resume/changed-$S" ] && cp -r ".device/lc/resume/changed-$S" "$R/"
  left=$((budget - (SECONDS - start)))
  if ((left < 20)); then note "$S: not started (time)"; continue; fi
  $B collect --spec "$spec" --out "$R/changed-$S" --methods $KERNELS --time-limit "$left" --blocks-every 0 \
    --batches 5 > "$R/collect_log_$S.txt" 2>&1
  note "$S: collect rc $?"
  wc -l "$R/changed-$S/done.txt" "$R/changed-$S/failures.csv" >> "$R/summary.txt" 2>&1
  tail -2 "$R/collect_log_$S.txt" >> "$R/summary.txt"
done
call_finish changed
