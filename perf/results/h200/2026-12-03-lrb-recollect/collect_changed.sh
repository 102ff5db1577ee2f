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
# The loop is perf/device/collect_sets.sh's (generalized from this script; calls 3-4 ran it inline here), with the
# folder prefix "changed".
KERNELS=csr_scalar,csr_vector,gao_partitioned,ell,sell,lrb,vector_split,cusparse NAME=changed \
  exec bash perf/device/collect_sets.sh
