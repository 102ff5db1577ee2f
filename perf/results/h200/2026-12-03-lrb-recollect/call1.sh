#!/usr/bin/env bash
# Call 1 (H200, device tool; issue 21, 2026-12-03 third session):
#  0. the kernel tests [lrb],[direct] on the GPU (.device/lc/tests.tar.xz: the h100 preset's aspmv_kernel_tests of
#     test_kernels.cpp and test_lrb.cpp).
#  1. the committed lrb (every class by Kokkos Kernels' TpR rule, impl::lrb_class_rule) beside
#     `--variant tpr_rule=cusp_mean`, vector_split, the plan's choice and cuSPARSE on the 8 power-law graphs of
#     .device/mg, double and float, each lrb plan described (what call 6 of 2026-12-03-lrb-tpr was to run);
#  2. the real corpus's lrb re-measured: `aspmv collect --methods lrb,csr_vector` over the three committed specs
#     of tuning_data/h200/measurements/2026-12-02-real-double-{a,b,c} (csr_vector's six TpRs: the reference, the
#     drift between this machine and that collection's), double, the collector's protocol, no blockwise samples.
# Carries .device/lc/bin.tar.xz (the h100 preset's aspmv of this session's tree, stripped), .device/lc/real/ (the
# pattern files of perf/device/real_corpus_parts.py and the three specs) and .device/mg.
#   LIMIT_S=<seconds for the corpus> bash perf/results/h200/2026-12-03-lrb-recollect/call1.sh
source perf/device/call_prelude.sh .device/lc
if [ -f .device/lc/tests.tar.xz ]; then  # the kernel tests whose code changed: lrb's lanes, the direct range launch
  (cd .device/lc && tar -xJf tests.tar.xz)
  timeout 200 .device/lc/aspmv_kernel_tests "[lrb],[direct]" > "$R/tests.txt" 2>&1
  note "tests [lrb],[direct] rc $?"
  tail -3 "$R/tests.txt" >> "$R/summary.txt"
fi
M=lrb,vector_split,aspmv_auto,cusparse
V=(--variant tpr_rule=cusp_mean)
for m in .device/mg/*; do
  timeout 60 $B bench --methods $M "${V[@]}" --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
  timeout 60 $B bench --float --methods $M "${V[@]}" --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 ||
    note "failed: float $m"
  echo "== $m" >> "$R/describe.txt"
  timeout 60 $B run --kernel lrb --describe "$m" 2>&1 | grep -E "lrb:|time us|ok " >> "$R/describe.txt"
done
note "graphs"
budget=${LIMIT_S:-300}
for P in a b c; do
  left=$((budget - (SECONDS - start)))
  if ((left < 20)); then note "part $P: not started (time)"; continue; fi
  $B collect --spec ".device/lc/real/spec-$P.txt" --out "$R/real-lrb-$P" --methods lrb,csr_vector \
    --time-limit "$left" --blocks-every 0 --batches 5 > "$R/collect_log_$P.txt" 2>&1
  note "part $P: collect rc $?"
  wc -l "$R/real-lrb-$P/done.txt" "$R/real-lrb-$P/failures.csv" >> "$R/summary.txt" 2>&1
  tail -2 "$R/collect_log_$P.txt" >> "$R/summary.txt"
done
call_finish call1
