#!/usr/bin/env bash
# Call 2 (H200, device tool; issue 21, 2026-12-03 third session): the generated corpus's lrb re-measured,
# `aspmv collect --methods lrb,csr_vector` over the committed specs of
# tuning_data/h200/measurements/2026-12-02-generated-{a,b} (tracked: no matrix carried; csr_vector's six TpRs are the
# reference, the drift from that collection's machine), double, the collector's protocol, no blockwise samples.
# Carries .device/lc/bin.tar.xz (as call 1) and, to resume, .device/lc/resume/generated-lrb-<part>/ (a folder an
# earlier call left unfinished).
#   LIMIT_S=<seconds> bash perf/results/h200/2026-12-03-lrb-recollect/call2.sh
source perf/device/call_prelude.sh .device/lc
budget=${LIMIT_S:-480}
for P in a b; do
  [ -d ".device/lc/resume/generated-lrb-$P" ] && cp -r ".device/lc/resume/generated-lrb-$P" "$R/"
  left=$((budget - (SECONDS - start)))
  if ((left < 20)); then note "part $P: not started (time)"; continue; fi
  $B collect --spec "tuning_data/h200/measurements/2026-12-02-generated-$P/corpus-spec.txt" \
    --out "$R/generated-lrb-$P" --methods lrb,csr_vector --time-limit "$left" --blocks-every 0 --batches 5 \
    > "$R/collect_log_$P.txt" 2>&1
  note "part $P: collect rc $?"
  wc -l "$R/generated-lrb-$P/done.txt" "$R/generated-lrb-$P/failures.csv" >> "$R/summary.txt" 2>&1
  tail -2 "$R/collect_log_$P.txt" >> "$R/summary.txt"
done
call_finish call2
