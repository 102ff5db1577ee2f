#!/usr/bin/env bash
# Call 3 (device tool; issue 21, written 2026-12-07 twenty-first session, run in the twenty-second on an H100: call3/): the
# collector's csr_chunks column with the window (the h100 table's csr_chunks.overlap 1 and row_lanes 0) and
# csr_scalar (the yardstick `aspmv_train remeasure` puts it into the 2026-12-06-rule folders' units by) over the real
# corpus (622) and the 861 generated matrices of the 2026-12-06 collections, so that the h100 table can be retrained
# on csr_chunks' times with the window (it learned them without); then the 8 shared matrices call 2's table check
# did not reach.
# Carried: .device/lc (bin.tar.xz: the h100 preset's stripped `aspmv` of 060f00d or later; real/: the pattern files
# of perf/device/real_corpus_parts.py and spec-{a,b,c}.txt, copies of the committed
# tuning_data/h200/measurements/2026-12-02-real-double-{a,b,c}/corpus-spec.txt, the specs of the 2026-12-06 H100
# collections (the same sha256); generated/spec-{a,b}.txt, copies of tuning_data/h200/measurements/
# 2026-12-02-generated-{a,b}/corpus-spec.txt, which slim_tree.sh holds out of the tree) and .device/lc25
# (h100-replaced.json, shared_rest.txt). From the slimmed tree:
#   COLLECT_S=330 DEADLINE_S=450 bash perf/results/h100/2026-12-07-chunk-window/call3.sh
KERNELS=csr_chunks,csr_scalar SETS="real-a real-b real-c generated-a generated-b@290" NAME=2026-12-07-window \
  LIMIT_S=${COLLECT_S:-330} bash perf/device/collect_sets.sh
DEADLINE_S=$((${DEADLINE_S:-450} - SECONDS))  # what the collection left of the call's deadline
source perf/device/call_prelude.sh .device/lc
tail -8 .device/lc25/shared_rest.txt > "$R/table_rest.txt"
table_check .device/lc25/h100-replaced.json "$R/table_rest.txt"
call_finish table-rest
