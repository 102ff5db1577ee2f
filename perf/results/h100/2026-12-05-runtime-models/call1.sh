#!/usr/bin/env bash
# Call 1 (device tool, nvidia-h100-x1; issue 22's H100 study, docs/studies/h100/runtime-models.md): the strip models
# calibrated and their kernels timed, with one binary, on the matrices the study predicts.
#  1. `aspmv calibrate` (double, the constant, normal and uniform benchmark rows; csr_scalar, csr_vector, ell, jad,
#     sell and ell_bro; benchmark matrices up to 2^24 nonzeros, as 2026-11-27's).
#  2. `aspmv collect --methods csr_scalar,csr_vector,ell,jad,sell,ell_bro,dia` over the real corpus (286 real,
#     328 real-derived, 8 guards: the three parts of tuning_data/h200/measurements/2026-12-02-real-double-*), then
#     over the generated held-out fold (heldout_spec.py: 229 matrices no model is trained on) while time is left.
#  3. `aspmv rank --features` of each collection: every strip model's prediction beside what was measured.
#  4. `aspmv_kernel_tests "[ell_bro]"` (ELL-BRO's one-pass survey, d7ac68c, not yet run on a GPU) if time is left.
# Carried: .device/lc (bin.tar.xz: the h100 preset's aspmv and aspmv_kernel_tests of this commit, stripped; real/:
# spec-{a,b,c}.txt and the pattern files of perf/device/real_corpus_parts.py; heldout.txt: heldout_spec.py's output),
# run from a tree slimmed by perf/device/slim_tree.sh hold:
#   DEADLINE_S=570 bash .device/lc/call1.sh      (this file, copied into the carried folder)
source perf/device/call_prelude.sh .device/lc
deadline=${DEADLINE_S:-570}
left() { echo $((deadline - (SECONDS - start))); }
"$B" info > "$R/info.txt" 2>&1
timeout 180 "$B" calibrate --kernels csr_scalar,csr_vector,ell,jad,sell,ell_bro --max-nnz 16777216 \
  --out "$R/strip_models_double.json" > "$R/calibrate.txt" 2>&1
note "calibrate rc $?"
methods=csr_scalar,csr_vector,ell,jad,sell,ell_bro,dia
per_real=$(( ($(left) - 150) / 3 ))  # a part's share; 150 s kept for the held-out fold and the tests
for S in real-a real-b real-c heldout; do
  case $S in
    real-*) spec=.device/lc/real/spec-${S#real-}.txt; share=$per_real ;;
    heldout) spec=.device/lc/heldout.txt; share=$(( $(left) - 60 )) ;;
  esac
  if ((share < 20)); then note "$S: not started (time)"; continue; fi
  "$B" collect --spec "$spec" --out "$R/strip-$S" --methods "$methods" --time-limit "$share" --blocks-every 0 \
    --batches 5 > "$R/collect_log_$S.txt" 2>&1
  note "$S: collect rc $?"
  wc -l "$R/strip-$S/done.txt" "$R/strip-$S/failures.csv" >> "$R/summary.txt" 2>&1
  if [ -s "$R/strip_models_double.json" ] && [ -f "$R/strip-$S/features.csv" ]; then
    "$B" rank --strip-models "$R/strip_models_double.json" --distribution all --features "$R/strip-$S/features.csv" \
      > "$R/predicted-$S.csv" 2> "$R/predicted-$S.err"
    note "$S: rank --features rc $?"
  fi
done
if (($(left) > 40)) && [ -x .device/lc/aspmv_kernel_tests ]; then
  timeout $(($(left) - 10)) .device/lc/aspmv_kernel_tests "[ell_bro]" > "$R/kernel_tests_ell_bro.txt" 2>&1
  note "kernel tests [ell_bro] rc $?"
  tail -4 "$R/kernel_tests_ell_bro.txt" >> "$R/summary.txt"
fi
call_finish strip-h100
