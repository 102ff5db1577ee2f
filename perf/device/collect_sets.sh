#!/usr/bin/env bash
# Some kernels' columns collected over the h200 corpora on the device machine (`aspmv collect --methods`), the input
# of `python -m aspmv_train remeasure`. Sourced-free: run from the repository root with
#   KERNELS=k1,k2,... SETS="real-a real-b real-c generated-a generated-b" NAME=<folder prefix> LIMIT_S=<seconds> \
#     [PER_SET_S=<seconds>] bash perf/device/collect_sets.sh
# with `.device/lc` carried (bin.tar.xz: the stripped tool; real/: the pattern files and spec-<part>.txt of
# perf/device/real_corpus_parts.py for the committed specs of tuning_data/h200/measurements/2026-12-02-real-double-*).
# A set: real-<part> (.device/lc/real/spec-<part>.txt) or generated-<part> (.device/lc/generated/spec-<part>.txt
# where carried, else the tracked spec of tuning_data/h200/measurements/2026-12-02-generated-<part>, which
# perf/device/slim_tree.sh holds out of the tree). A folder an earlier call left unfinished is carried as
# .device/lc/resume/<NAME>-<set> and resumed. Double, the collector's protocol (10 warm-ups, median of 5 batches), no
# blockwise samples. Writes $OUT/<NAME>.tar.xz: <NAME>-<set>/ folders, collect logs, summary.txt, gpu.txt.
# CPU=1: the host's cores instead (the cpu preset's tool in .device/lc-cpu/bin.tar.xz; OpenMP on every core,
# OMP_PROC_BIND=spread OMP_PLACES=threads; generation in turn, 4 batches: the CPU collections' protocol);
# KERNELS=all there measures every method. A set written <set>@N takes the first N matrices of its spec only (the
# matrices an earlier collection reached, when a column of it is re-collected); its folder is named by <set>.
if [ "${CPU:-0}" = 1 ]; then
  source perf/device/call_prelude.sh .device/lc-cpu
  export OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads
  protocol=(--batches 4 --generator-threads 0)
  lscpu > "$R/lscpu.txt" 2>&1
else
  source perf/device/call_prelude.sh .device/lc
  protocol=(--batches 5)
fi
: "${KERNELS:?KERNELS=k1,k2,... or all}" "${SETS:?SETS=\"real-a ...\"}" "${NAME:?NAME=<folder prefix>}"
methods=(--methods "$KERNELS")
[ "$KERNELS" = all ] && methods=()
budget=${LIMIT_S:-480}
for SN in $SETS; do
  S=${SN%@*}
  P=${S#*-}
  case $S in
    real-*) spec=.device/lc/real/spec-$P.txt ;;
    generated-*) spec=.device/lc/generated/spec-$P.txt  # carried where the tree is slimmed (slim_tree.sh)
                 [ -f "$spec" ] || spec=tuning_data/h200/measurements/2026-12-02-generated-$P/corpus-spec.txt ;;
    *) note "unknown set $S"; continue ;;
  esac
  if [ "$SN" != "$S" ]; then  # the first N matrices (comment lines kept)
    awk -v n="${SN#*@}" '/^#/ || /^[[:space:]]*$/ {print; next} ++k <= n' "$spec" > "$R/spec-$S-first.txt"
    spec=$R/spec-$S-first.txt
  fi
  [ -d ".device/lc/resume/$NAME-$S" ] && cp -r ".device/lc/resume/$NAME-$S" "$R/"
  left=$((budget - (SECONDS - start)))
  if ((left < 20)); then note "$S: not started (time)"; continue; fi
  if [ -n "${PER_SET_S:-}" ] && ((left > PER_SET_S)); then left=$PER_SET_S; fi  # each set's share of the budget
  $B collect --spec "$spec" --out "$R/$NAME-$S" "${methods[@]}" --time-limit "$left" --blocks-every 0 \
    "${protocol[@]}" > "$R/collect_log_$S.txt" 2>&1
  note "$S: collect rc $?"
  wc -l "$R/$NAME-$S/done.txt" "$R/$NAME-$S/failures.csv" >> "$R/summary.txt" 2>&1
  tail -2 "$R/collect_log_$S.txt" >> "$R/summary.txt"
done
call_finish "$NAME"
