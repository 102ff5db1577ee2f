#!/usr/bin/env bash
# Call 6 (H200, device tool; 2026-12-04 third session): csr_delta (from the row index where every entry is within
# reach of its row, 4596b49) and csr_scalar (the yardstick) collected over the real and generated corpora for the
# next retraining of the h200 table. Carry .device/lc (bin.tar.xz: the h100 preset's aspmv of 4596b49, stripped;
# real/: the real corpus's pattern files and specs).
KERNELS=csr_delta,csr_scalar SETS="real-a real-b real-c generated-a generated-b" NAME=reldelta LIMIT_S=570 \
  exec bash perf/device/collect_sets.sh
