#!/usr/bin/env bash
# Call 5 (device tool, nvidia-h100-x1; issues 21 and 22, 2026-12-06 twelfth session):
#  1. call4.sh's comparison: `aspmv bench` (double, interleaved) of lrb, csr_vector, vector_split, csr_scalar and
#     cuSPARSE's COO ALG1 on the 62 shared real matrices, old binary / new / old (old: call 1's, .device/lc; new: the
#     same tree with spread-block.patch, .device/lc4), then the new binary's kernel tests.
#  2. The decision, made here so the rest of the call is not lost: the new binary collects if its aspmv rows'
#     geometric-mean time ratio against the mean of the two old runs is <= 1.0 and its kernel tests pass; otherwise
#     the old binary resumes the 2026-12-05 partial folders (carried gunzipped in .device/lc5/resume).
#  3. `aspmv collect` (every method, double, no blockwise samples) over the real corpus's three parts, then the
#     generated corpus (the 2026-12-02 H100 folders' 1,141 matrices, parts a and b) while time is left.
# Carried: .device/lc, .device/lc4, .device/lc5; from a tree slimmed by perf/device/slim_tree.sh hold:
#   DEADLINE_S=580 bash .device/lc5/call5.sh
source perf/device/call_prelude.sh .device/lc
deadline=${DEADLINE_S:-580}
left() { echo $((deadline - (SECONDS - start))); }
(cd .device/lc4 && tar -xJf bin.tar.xz)
mapfile -t shared < .device/lc4/shared.txt
methods=lrb,csr_vector,vector_split,csr_scalar,cusparse_coo_alg1
for side in old new old2; do
  bin=$B; [ $side = new ] && bin=.device/lc4/aspmv
  timeout 60 "$bin" bench --methods "$methods" --csv "$R/bench-$side.csv" "${shared[@]}" > "$R/bench-$side.txt" 2>&1
  note "bench $side rc $?"
done
timeout 90 .device/lc4/aspmv_kernel_tests "[kernels][edge],[kernels][direct]" > "$R/kernel_tests.txt" 2>&1
tests_rc=$?
note "kernel tests (new) rc $tests_rc"
tail -3 "$R/kernel_tests.txt" >> "$R/summary.txt"
# geometric mean of new / mean(old, old2) over the aspmv rows (matrix, method) present and ok in all three
ratio=$(awk -F, 'FNR == 1 {f++; next} $8 == "aspmv" && $14 == 1 {t[f, $1 "|" $7] = $10; k[$1 "|" $7] = 1}
  END {for (x in k) if ((1, x) in t && (2, x) in t && (3, x) in t) {
         s += log(t[2, x] / ((t[1, x] + t[3, x]) / 2)); n++ }
       if (n) printf "%.4f %d\n", exp(s / n), n; else print "nan 0"}' \
  "$R/bench-old.csv" "$R/bench-new.csv" "$R/bench-old2.csv")
note "new/old geometric mean, aspmv rows: $ratio"
if ! grep -q H100 "$R/gpu.txt"; then  # the collection is the h100 table's: on another GPU the call ends here
  note "not an H100: no collection"; call_finish collect-h100; exit 0
fi
collector=$B out_prefix=all-real
if [ "$tests_rc" = 0 ] && awk -v r="${ratio%% *}" 'BEGIN {exit !(r + 0 > 0 && r + 0 <= 1.0)}'; then
  collector=.device/lc4/aspmv
  note "collecting with the new binary"
else
  for p in a b c; do cp -r .device/lc5/resume/all-real-$p "$R/all-real-$p"; done
  note "collecting with the old binary (resuming the partial folders)"
fi
parts=(real-a real-b real-c gen-a gen-b)
for i in "${!parts[@]}"; do
  S=${parts[$i]}
  case $S in
    real-*) spec=.device/lc/real/spec-${S#real-}.txt; out=$R/$out_prefix-${S#real-}
            share=$(( ($(left) - 20) / (4 - i) )) ;;  # a part needs about 90 s; the rest goes to generated
    gen-a) spec=.device/lc5/gen-a.txt; out=$R/gen-a; share=$(( ($(left) - 15) / 2 )) ;;
    gen-b) spec=.device/lc5/gen-b.txt; out=$R/gen-b; share=$(( $(left) - 15 )) ;;
  esac
  if ((share < 15)); then note "$S: not started (time)"; continue; fi
  "$collector" collect --spec "$spec" --out "$out" --time-limit "$share" --blocks-every 0 --batches 5 \
    > "$R/collect_log_$S.txt" 2>&1
  note "$S: collect rc $? (limit $share s)"
  wc -l "$out/done.txt" >> "$R/summary.txt" 2>&1
done
call_finish collect-h100
