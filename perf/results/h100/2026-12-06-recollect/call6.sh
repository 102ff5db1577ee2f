#!/usr/bin/env bash
# Call 6 (device tool, nvidia-h100-x1; issues 21 and 22, 2026-12-06 twelfth session): the h100 table's
# re-collection. `aspmv collect` (every registered method, double, 10 warm-ups, median of 5 batches, no blockwise
# samples) by call 1's binary (.device/lc: the GPU code of HEAD), resuming the 2026-12-05 partial folders of the
# real corpus (carried gunzipped in .device/lc5/resume), then the generated corpus (the 1,141 matrices of the
# 2026-12-02 H100 folders, parts a and b; a folder of .device/lc5/resume-gen-* resumed where carried) while time is left.
# (call 5's spread-block comparison, on an H200, did not pay: the binary with it is not used.)
# Carried: .device/lc, .device/lc5; from a tree slimmed by perf/device/slim_tree.sh hold:
#   DEADLINE_S=580 bash .device/lc5/call6.sh
source perf/device/call_prelude.sh .device/lc
deadline=${DEADLINE_S:-580}
left() { echo $((deadline - (SECONDS - start))); }
if ! grep -q H100 "$R/gpu.txt"; then note "not an H100: no collection"; call_finish collect-h100; exit 0; fi
for S in real-a real-b real-c gen-a gen-b; do
  case $S in
    real-*) spec=.device/lc/real/spec-${S#real-}.txt; src=.device/lc5/resume/all-real-${S#real-} ;;
    gen-*) spec=.device/lc5/$S.txt; src=.device/lc5/resume-$S ;;
  esac
  out=$R/$S
  [ -d "$src" ] && cp -r "$src" "$out"
  share=$(( $(left) - 15 ))
  if ((share < 15)); then note "$S: not started (time)"; continue; fi
  "$B" collect --spec "$spec" --out "$out" --time-limit "$share" --blocks-every 0 --batches 5 \
    > "$R/collect_log_$S.txt" 2>&1
  note "$S: collect rc $? (limit $share s)"
  wc -l "$out/done.txt" >> "$R/summary.txt" 2>&1
done
call_finish collect-h100
