#!/usr/bin/env bash
# Call 1 (device tool's nvidia-h200; issue 22): the converted formats whose GPU code changed since the h200 real
# corpus was collected (SELL's 4 entries a lane and 2-8 lanes a row of ffecd8a, which ELL runs too; DIA's faster
# conversion of df8c75b) re-measured, and ELL-BRO (added 2026-12-05, ninth session) measured for the first time,
# over the same 622 matrices (286 real, 328 real-derived, 8 guards), with csr_scalar as the yardstick that puts
# them into the 2026-12-02 folders' units (`aspmv_train remeasure`).
# Carried: .device/lc (bin.tar.xz: the h100 preset's `aspmv` of this commit, stripped; real/: the pattern files of
# perf/device/real_corpus_parts.py named by the committed specs of tuning_data/h200/measurements/2026-12-02-real-double-{a,b,c},
# copied as real/spec-{a,b,c}.txt). Double, the collector's protocol (10 warm-ups, median of 5 batches).
#   LIMIT_S=480 bash perf/results/h200/2026-12-05-formats-recollect/call1.sh
KERNELS=sell,ell,dia,ell_bro,csr_scalar SETS="real-a real-b real-c" NAME=formats LIMIT_S=${LIMIT_S:-480} \
  exec bash perf/device/collect_sets.sh
