#!/usr/bin/env bash
# Call 6 (H200, device tool; 2026-12-04 second session): CSR-vector re-measured over the h200 corpora now that it runs
# as a range of warps (vector_range 1), for the retraining of the h200 table; csr_scalar (code unchanged since the
# 2026-12-03 re-measurement: the yardstick) and vector_split (unchanged: the drift) beside it.
#   SETS="real-a real-b real-c generated-a generated-b" LIMIT_S=<seconds> \
#     bash perf/results/h200/2026-12-04-row-groups/collect_range.sh
# Carry .device/lc (bin.tar.xz: the h100 preset's aspmv of this change, stripped; real/: the pattern files and specs
# of the real corpus, as perf/device/collect_sets.sh says).
KERNELS=csr_vector,csr_scalar,vector_split NAME=range exec bash perf/device/collect_sets.sh
