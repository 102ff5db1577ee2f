#!/usr/bin/env bash
# One device-machine session: run from the repository root on the GPU
# machine, with the binaries built here copied to .device/ (see
# docs/DEVICE_RUNS.md). Writes everything under $OUT.
#   perf/device/gpu_session.sh tests bench-targets bench-real bench-generated
#   perf/device/gpu_session.sh sanitize          (alone: it uses most of a call's 10 minutes)
#   perf/device/gpu_session.sh large-nnz bench-compare
#   perf/device/gpu_session.sh describe-real         (each real matrix's plan, as the models chose it)
#   perf/device/gpu_session.sh tests-forms bench-forms   (transposes and multivectors: tests; against cuSPARSE)
#   perf/device/gpu_session.sh collect-real          (the real corpus, double and float: issue 20)
#   perf/device/gpu_session.sh bench-formats         (csr_delta, sell, ell, jad against CSR and cuSPARSE: issue 22)
#   AB_BINARIES="A B" AB_MATRICES="..." perf/device/gpu_session.sh bench-ab   (builds side by side, interleaved)
#   perf/device/gpu_session.sh calibrate             (strip runtime models, then aspmv rank --measure: issue 22)
#   perf/device/gpu_session.sh cpu-bench             (the host's cores: aspmv against Kokkos Kernels and oneMKL: issue 21)
set -uo pipefail
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export ASPMV_DEMO_DIR=$PWD/.device/demo OMP_PROC_BIND=false
FINAL_OUT=${OUT:-/tmp/aspmv-out}
# The device tool returns at most 8 files: everything goes to $FINAL_OUT/s and
# is packed into session.tar.gz at the end (plus summary.txt).
OUT="$FINAL_OUT/s"
mkdir -p "$OUT"
pack() { tar -czf "$FINAL_OUT/session.tar.gz" -C "$FINAL_OUT" s && rm -rf "$OUT"; }
trap pack EXIT
bin=.device

# The generated half of the benchmark set (bench-real, bench-compare).
GENERATED_BENCH=(stencil2d-5pt-2000 stencil3d-7pt-150 rand-uniform-r1000000-c1000000-m16-s12-seed5
  rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6 rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7
  rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9
  shortlong-s500000-l50-n50000-seed2 rand-constant-r2000000-c2000000-m3-s0-seed10
  rmat-s20-e16-a0.57-b0.19-c0.19-seed3 chunglu-r1000000-m10-g2.2-seed4 circuit-r1000000-m5-d4-c4-seed5
  lp-r200000-c1000000-m20-l20-n50000-seed6 band-r1000000-w100-m30-seed7-perm1)

# The cpu-sweep set: real matrices of the shared sets (skewed graphs, FEM, dense
# rows; .device/real-corpus) and large generated ones (memory-bound regime).
CPU_SWEEP_MATRICES=(.device/real-corpus/soc-Epinions1.mtx .device/real-corpus/BlogCatalog.mtx
  .device/real-corpus/Andrews.mtx .device/real-corpus/delaunay_n16.mtx .device/real-corpus/goodwin.mtx
  .device/real-corpus/offshore.mtx .device/real-corpus/web-sk-2005.mtx .device/real-corpus/deezer-hr.mtx
  stencil3d-27pt-100 rand-uniform-r1000000-c1000000-m16-s12-seed5 rand-zipf-r1000000-c1000000-m4-s1.8-max50000-seed6
  shortlong-s2000000-l200-n200000-seed1 rand-normal-r500000-c500000-m60-s20-seed9)

# --- sanitize: compute-sanitizer over the kernel tests' Cuda configurations ---
# The kernel tests are TEMPLATE_LIST_TEST_CASEs named "<name> - Configs - i"
# (Configs: 4 per execution space: double/float x int32/int64) or
# "<name> - [testing::]Spaces - i"; the spaces come host first, so the Cuda
# tests are the last Spaces index and the last four Configs indices.
cuda_tests() {  # TAG_SPEC...: the Cuda tests matching each spec, in order, each once
  local last
  last=$($bin/aspmv_kernel_tests --list-test-names-only |
    awk '$(NF-1) == "-" && $(NF-2) ~ /Spaces$/ && $NF + 0 > m { m = $NF + 0 } END { print m + 0 }')
  for spec in "$@"; do $bin/aspmv_kernel_tests --list-test-names-only "$spec"; done |
    awk -v last="$last" '$(NF-1) == "-" && (($(NF-2) ~ /Spaces$/ && $NF + 0 == last) ||
                         ($(NF-2) ~ /Configs$/ && $NF + 0 >= 4 * last)) && !seen[$0]++'
}
catch_escape() { printf '%s' "$1" | sed -e 's/[][\\,"]/\\&/g'; }  # one exact name as a Catch2 test spec
sanitizer_path() {
  command -v compute-sanitizer 2>/dev/null && return
  local c
  for c in /usr/local/cuda/bin/compute-sanitizer /usr/local/cuda/compute-sanitizer/compute-sanitizer \
           /opt/nvidia/compute-sanitizer/compute-sanitizer; do
    [ -x "$c" ] && { echo "$c"; return; }
  done
  return 1
}
# sanitizer_counts LOG: "ERRORS WARNINGS" that one sanitizer run reported:
# "ERROR SUMMARY: N errors" (memcheck, synccheck), "RACECHECK SUMMARY: ...
# (N errors, M warnings)"; a run cut before its summary: the reports so far.
sanitizer_counts() {
  local f=$1 e w=0
  if grep -q 'RACECHECK SUMMARY' "$f"; then
    e=$(grep 'RACECHECK SUMMARY' "$f" | grep -oE '\([0-9]+ errors?' | grep -oE '[0-9]+' | awk '{ s += $1 } END { print s + 0 }')
    w=$(grep 'RACECHECK SUMMARY' "$f" | grep -oE '[0-9]+ warnings?\)' | grep -oE '[0-9]+' | awk '{ s += $1 } END { print s + 0 }')
  elif grep -q 'ERROR SUMMARY' "$f"; then
    e=$(grep -oE 'ERROR SUMMARY: [0-9]+ errors?' "$f" | grep -oE '[0-9]+' | awk '{ s += $1 } END { print s + 0 }')
  else
    e=$(grep -E '^========= [^ ]' "$f" | grep -cvE 'COMPUTE-SANITIZER|SUMMARY|Target application|This tool')
  fi
  echo "$e $w"
}
sanitizer_unsupported() { grep -qE 'Device not supported|Target application terminated before first instrumented API call' "$1"; }
# sanitize_outcome LOG RC ERRORS: what one sanitizer process came to, in the
# words of both tsv files: "compute-sanitizer could not run here", "cut at the
# budget", "SANITIZER ERRORS", "test failures (exit RC)" or "clean".
sanitize_outcome() {
  if sanitizer_unsupported "$1"; then echo "compute-sanitizer could not run here"
  elif (( $2 == 124 || $2 == 137 || $2 == 130 )); then echo "cut at the budget"
  elif (( $3 > 0 )); then echo "SANITIZER ERRORS"
  elif (( $2 != 0 )); then echo "test failures (exit $2)"
  else echo clean; fi
}
# sanitize_report TOOL ERRORS WARNINGS UNSUPPORTED COVERAGE: the tool's summary line.
sanitize_report() {
  local line="$1: ERROR SUMMARY: $2 errors"
  [ "$1" = racecheck ] && line+=" ($3 warnings)"
  line+="; $5"
  (( $4 )) && line+="; compute-sanitizer does not run on this machine (see $1 log)"
  echo "$line" | tee -a "$FINAL_OUT/summary.txt" "$OUT/sanitize_summary.txt"
}
# sanitize_tool TOOL BUDGET_S SPEC...: for each Catch2 spec in turn (a tag such
# as [edge]), one sanitizer process over that spec's Cuda tests, run with
# Catch2's per-test durations (-d yes) so that a cut at the budget still says
# which tests completed; no new process starts with less than 10 s left.
# Writes sanitize_TOOL.log (all output), sanitize_TOOL.tsv (per test: spec,
# seconds, status; per spec: exit code and sanitizer errors) and one summary line.
sanitize_tool() {
  local tool=$1 budget=$2; shift 2
  local log="$OUT/sanitize_$tool.log" tsv="$OUT/sanitize_$tool.tsv" one="$OUT/sanitize_one.txt"
  local start=$SECONDS errors=0 warnings=0 done_tests=0 cut=0 not_run=0 failed_groups=0 unsupported=0 total=0
  printf 'spec\ttest\tseconds\tstatus\n' >"$tsv"
  : >"$log"
  local spec
  for spec in "$@"; do
    local -a tests
    mapfile -t tests < <(cuda_tests "$spec")
    (( ${#tests[@]} == 0 )) && continue
    total=$((total + ${#tests[@]}))
    local left=$(( budget - (SECONDS - start) )) t
    if (( left < 10 || unsupported )); then
      local why=budget; (( unsupported )) && why="compute-sanitizer could not run here"
      for t in "${tests[@]}"; do printf '%s\t%s\t-\tnot run (%s)\n' "$spec" "$t" "$why" >>"$tsv"; done
      not_run=$((not_run + ${#tests[@]})); continue
    fi
    local joined="" t0=$SECONDS rc e w status
    for t in "${tests[@]}"; do joined+="${joined:+,}$(catch_escape "$t")"; done
    echo "##### $tool $spec: ${#tests[@]} tests, ${left} s left" >>"$log"
    timeout --signal=INT --kill-after=20 "$left" "$SANITIZER" --tool "$tool" --error-exitcode 1 ${SANITIZE_FLAGS:-} \
      $bin/aspmv_kernel_tests -d yes "$joined" >"$one" 2>&1
    rc=$?
    cat "$one" >>"$log"
    read -r e w < <(sanitizer_counts "$one")
    errors=$((errors + e)); warnings=$((warnings + w))
    # Per test: its duration line; when the run was cut, the test that was running
    # is the last with a duration if Catch2 caught the signal ("fatal error
    # condition"), else the first without one.
    local -a secs=()
    local i last_done=-1 cut_index=-1
    for i in "${!tests[@]}"; do
      secs[i]=$(awk -v name="${tests[i]}" 'index($0, " s: ") && substr($0, index($0, " s: ") + 4) == name { print $1 }' "$one" | tail -1)
      [ -n "${secs[i]}" ] && last_done=$i
    done
    if (( rc == 124 || rc == 137 || rc == 130 )); then
      if grep -q 'fatal error condition' "$one" && (( last_done >= 0 )); then cut_index=$last_done; else cut_index=$((last_done + 1)); fi
    fi
    for i in "${!tests[@]}"; do
      if (( i == cut_index )); then status="cut at the budget (partly covered)"; cut=$((cut + 1))
      elif [ -n "${secs[i]}" ]; then status=completed; done_tests=$((done_tests + 1))
      else status="not run"; not_run=$((not_run + 1)); fi
      printf '%s\t%s\t%s\t%s\n' "$spec" "${tests[i]}" "${secs[i]:--}" "$status" >>"$tsv"
    done
    status=$(sanitize_outcome "$one" "$rc" "$e")
    case $status in
      clean | "cut at the budget") ;;
      compute-sanitizer*) unsupported=1; failed_groups=$((failed_groups + 1)) ;;
      *) failed_groups=$((failed_groups + 1)) ;;
    esac
    printf '%s\t(all %d)\t%d\texit %d, %d sanitizer errors: %s\n' "$spec" "${#tests[@]}" $((SECONDS - t0)) "$rc" "$e" "$status" >>"$tsv"
  done
  rm -f "$one"
  sanitize_report "$tool" "$errors" "$warnings" "$unsupported" "$total Cuda tests by '$*': $done_tests completed, \
$cut cut at the budget, $not_run not run; $failed_groups spec(s) with errors or failures; $((SECONDS - start)) s of $budget s"
}

# sanitize_tool_jobs TOOL BUDGET_S JOBS SPEC...: as sanitize_tool, but one
# sanitizer process per Cuda test, JOBS of them at once (measured on the H100,
# 2026-11-25: racecheck processes share the GPU, so several at once finish no
# sooner than one after another; JOBS=1 with SANITIZE_NAME_REGEX picks single
# tests); no test starts with less than 10 s of the budget left; SANITIZE_NAME_REGEX (grep -E) keeps the
# tests whose names match. Same log, tsv and summary line.
sanitize_tool_jobs() {
  local tool=$1 budget=$2 jobs=$3; shift 3
  local log="$OUT/sanitize_$tool.log" tsv="$OUT/sanitize_$tool.tsv" dir="$OUT/sanitize_${tool}_tests"
  local start=$SECONDS deadline=$((SECONDS + budget))
  mkdir -p "$dir"; : >"$log"
  printf 'spec\ttest\tseconds\tstatus\n' >"$tsv"
  local -a tests
  mapfile -t tests < <(cuda_tests "$@" | grep -E -- "${SANITIZE_NAME_REGEX:-.}")
  local i
  for i in "${!tests[@]}"; do
    # Wait for a free slot, then start test i in the background.
    while (( $(jobs -rp | wc -l) >= jobs )); do wait -n; done
    local left=$(( deadline - SECONDS ))
    (( left < 10 )) && continue  # not run: no $i.rc
    (
      t0=$SECONDS
      timeout --signal=INT --kill-after=20 "$left" "$SANITIZER" --tool "$tool" --error-exitcode 1 ${SANITIZE_FLAGS:-} \
        $bin/aspmv_kernel_tests -d yes "$(catch_escape "${tests[i]}")" >"$dir/$i.log" 2>&1
      echo "$? $((SECONDS - t0))" >"$dir/$i.rc"
    ) &
  done
  wait
  local errors=0 warnings=0 done_tests=0 cut=0 not_run=0 failed=0 unsupported=0 e w rc secs status
  for i in "${!tests[@]}"; do
    if [ ! -f "$dir/$i.rc" ]; then
      printf '%s\t%s\t-\tnot run (budget)\n' "$*" "${tests[i]}" >>"$tsv"; not_run=$((not_run + 1)); continue
    fi
    read -r rc secs <"$dir/$i.rc"
    { echo "##### $tool ${tests[i]} (exit $rc, $secs s)"; cat "$dir/$i.log"; } >>"$log"
    read -r e w < <(sanitizer_counts "$dir/$i.log")
    errors=$((errors + e)); warnings=$((warnings + w))
    # One process per test: the outcome is the test's status (per-test words as in sanitize_tool).
    status=$(sanitize_outcome "$dir/$i.log" "$rc" "$e")
    case $status in
      clean) status=completed; done_tests=$((done_tests + 1)) ;;
      "cut at the budget") status+=" (partly covered)"; cut=$((cut + 1)) ;;
      compute-sanitizer*) unsupported=1; failed=$((failed + 1)) ;;
      *) failed=$((failed + 1)) ;;
    esac
    printf '%s\t%s\t%s\t%s (%d errors, %d warnings)\n' "$*" "${tests[i]}" "$secs" "$status" "$e" "$w" >>"$tsv"
  done
  rm -rf "$dir"
  sanitize_report "$tool" "$errors" "$warnings" "$unsupported" "${#tests[@]} Cuda tests by '$*', $jobs processes at \
once: $done_tests completed, $cut cut at the budget, $not_run not run; $failed test(s) with errors or failures; \
$((SECONDS - start)) s of $budget s"
}

for stage in "$@"; do
  echo "=== $stage ($(date -u +%H:%M:%S))"
  case "$stage" in
    tests)
      nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv | tee "$OUT/nvidia-smi.csv"
      $bin/aspmv info | tee "$OUT/info.txt"
      [ -x $bin/aspmv_unit_tests ] && ASPMV_REAL_MATRICES=$PWD/.device/real $bin/aspmv_unit_tests 2>&1 | tail -3 | tee "$OUT/unit_tests.txt"
      $bin/aspmv_kernel_tests >"$OUT/kernel_tests_full.txt" 2>&1; echo "kernel tests exit $?" | tee -a "$OUT/kernel_tests_full.txt"
      tail -4 "$OUT/kernel_tests_full.txt" | tee "$FINAL_OUT/summary.txt"
      if [ -x $bin/aspmv_hidden_cost_tests ]; then
        $bin/aspmv_hidden_cost_tests >"$OUT/hidden_cost_tests.txt" 2>&1; echo "hidden cost tests exit $?" | tee -a "$OUT/hidden_cost_tests.txt"
        tail -3 "$OUT/hidden_cost_tests.txt" | tee -a "$FINAL_OUT/summary.txt"
      fi
      $bin/aspmv run >"$OUT/run_demo.txt" 2>&1; tail -9 "$OUT/run_demo.txt" ;;
    tests-forms)
      # The drop-in forms' kernel and hidden-cost tests alone (transposes, multivectors, the handle).
      $bin/aspmv_kernel_tests "[modes],[multivector],[transpose],[handle]" >"$OUT/kernel_tests_forms.txt" 2>&1
      echo "forms kernel tests exit $?" | tee -a "$OUT/kernel_tests_forms.txt"
      $bin/aspmv_hidden_cost_tests "[forms]" >"$OUT/hidden_cost_forms.txt" 2>&1
      echo "forms hidden-cost tests exit $?" | tee -a "$OUT/hidden_cost_forms.txt"
      tail -n 3 "$OUT/kernel_tests_forms.txt" "$OUT/hidden_cost_forms.txt" | tee -a "$FINAL_OUT/summary.txt" ;;
    bench-targets)
      $bin/aspmv bench --groups --csv "$OUT/bench_targets.csv" \
        --variant nnz_per_wg=1536,workgroup_threads=256,stage_unroll=4 --variant tpr=1 --variant tpr=2 \
        stencil3d-27pt-130 shortlong-s2000000-l200-n200000-seed1 >"$OUT/bench_targets.txt" 2>&1
      $bin/aspmv bench --float --csv "$OUT/bench_targets_float.csv" --variant tpr=1 stencil3d-27pt-130 \
        shortlong-s2000000-l200-n200000-seed1 >"$OUT/bench_targets_float.txt" 2>&1
      grep -E "^best|^stencil|^shortlong|^copy" "$OUT/bench_targets.txt" "$OUT/bench_targets_float.txt" ;;
    collect)
      # COLLECT_SECONDS: stop starting new matrices after this long; the run folder
      # .device/collect/h100 travels back and forth (carry) so the next session resumes.
      mkdir -p .device/collect
      $bin/aspmv collect --spec .device/specs/h100.txt --out .device/collect/h100 \
        --time-limit "${COLLECT_SECONDS:-300}" --blocks-every 8 --batches "${COLLECT_BATCHES:-5}" 2>&1 | tee "$OUT/collect_log.txt"
      tar -czf "$FINAL_OUT/collect_h100.tar.gz" -C .device/collect h100
      wc -l .device/collect/h100/done.txt .device/collect/h100/failures.csv ;;
    collect-real)
      # The real corpus (issue 20): .device/real-corpus/spec-h100${REAL_PART:+-$REAL_PART}.txt
      # (the real matrices, the real-derived ones, the guard matrices; REAL_PART
      # a or b: one of the two halves a call's 64 MiB carries), double, then float.
      # REAL_COLLECT_DOUBLE_S / REAL_COLLECT_FLOAT_S: start no new matrix after
      # this long (0: skip that precision); the folders .device/collect/real-*
      # travel back and forth (carry) so a later call resumes.
      mkdir -p .device/collect
      for prec in double float; do
        limit=REAL_COLLECT_${prec^^}_S
        [ "${!limit:-240}" = 0 ] && continue
        flag=(); [ "$prec" = float ] && flag=(--float)
        part=${REAL_PART:+-$REAL_PART}
        $bin/aspmv collect --spec ".device/real-corpus/spec-h100$part.txt" --out ".device/collect/real-$prec$part" "${flag[@]}" \
          --time-limit "${!limit:-240}" --blocks-every 8 --batches 5 >"$OUT/collect_real_${prec}_log.txt" 2>&1
        tail -n 3 "$OUT/collect_real_${prec}_log.txt"
        tar -czf "$FINAL_OUT/collect_real_$prec$part.tar.gz" -C .device/collect "real-$prec$part"
        wc -l ".device/collect/real-$prec$part/done.txt" ".device/collect/real-$prec$part/failures.csv"
      done ;;
    bench-sweep)
      $bin/aspmv bench --groups --csv "$OUT/bench_sweep.csv" \
        --variant stage_unroll=4 --variant num_rows_stream=1 \
        --variant nnz_per_wg=512,workgroup_threads=64 --variant nnz_per_wg=512,workgroup_threads=64,stage_unroll=4 \
        --variant nnz_per_wg=768,workgroup_threads=128 --variant nnz_per_wg=1024,workgroup_threads=128,stage_unroll=4 \
        --variant nnz_per_wg=2048 --variant nnz_per_wg=2048,stage_unroll=4 \
        --variant tpr=2 --variant tpr=4 --variant teams_per_cu=16 --variant teams_per_cu=32 \
        --variant long_row_split=4096 --variant long_row_split=65536 --variant team_threads=128 \
        stencil3d-27pt-130 shortlong-s2000000-l200-n200000-seed1 rand-uniform-r1000000-c1000000-m16-s12-seed5 \
        rand-normal-r500000-c500000-m60-s20-seed9 rand-zipf-r1000000-c1000000-m4-s1.8-max50000-seed6 \
        >"$OUT/bench_sweep.txt" 2>&1; echo "exit $?"; grep -E "^best" "$OUT/bench_sweep.txt" ;;
    bench-real)
      $bin/aspmv bench --csv "$OUT/bench_real.csv" .device/real/*.mtx.gz >"$OUT/bench_real.txt" 2>&1
      $bin/aspmv bench --csv "$OUT/bench_generated.csv" "${GENERATED_BENCH[@]}" \
        >"$OUT/bench_generated.txt" 2>&1; grep -cE "^best" "$OUT/bench_real.txt" "$OUT/bench_generated.txt" ;;
    bench-real-oof)
      # The shared real sets (real/ and real2/, as the real corpus in
      # .device/real-corpus holds them: MANIFEST.tsv's source shared:real and
      # shared:real2; issue 20) with the table ASPMV_MODEL_FILE names, trained
      # without them (out-of-fold): every kernel, the plan's choice and
      # cuSPARSE, double and float; and what the plan chose and why.
      [ -n "${ASPMV_MODEL_FILE:-}" ] || { echo "bench-real-oof: set ASPMV_MODEL_FILE"; exit 2; }
      mapfile -t shared < <(awk -F'\t' 'NR > 1 && $4 ~ /^shared:real/ { print $1 }' .device/real-corpus/MANIFEST.tsv |
        while read -r n; do ls .device/real-corpus/"$n".* 2>/dev/null | head -n 1; done)
      echo "bench-real-oof: ${#shared[@]} shared real matrices, table $ASPMV_MODEL_FILE"
      $bin/aspmv bench --csv "$OUT/bench_real_oof.csv" "${shared[@]}" >"$OUT/bench_real_oof.txt" 2>&1
      $bin/aspmv bench --float --csv "$OUT/bench_real_oof_float.csv" "${shared[@]}" >"$OUT/bench_real_oof_float.txt" 2>&1
      $bin/aspmv run --describe "${shared[@]}" >"$OUT/describe_real_oof.txt" 2>&1
      echo "bench-real-oof: $(grep -c "^best" "$OUT/bench_real_oof.txt") + $(grep -c "^best" "$OUT/bench_real_oof_float.txt") matrices, $(grep -c "guard:" "$OUT/describe_real_oof.txt") guards fired" |
        tee -a "$FINAL_OUT/summary.txt" ;;
    describe-real)
      # What the model table chose for each real matrix, and why (plan.describe()).
      $bin/aspmv run --describe .device/real/*.mtx.gz >"$OUT/describe_real.txt" 2>&1
      echo "describe-real: exit $?, $(grep -c "aspmv plan:" "$OUT/describe_real.txt") plans, $(grep -c "(model kernel_" "$OUT/describe_real.txt") chosen by a model" |
        tee -a "$FINAL_OUT/summary.txt" ;;
    bench-forms)
      # y = A^T x and Y = A X (4 and 8 vectors) against cuSPARSE on the benchmark
      # set; FORMS_SECONDS: no new matrix after this long (default 420).
      forms_start=$SECONDS; n=0
      for mtx in .device/real/*.mtx.gz "${GENERATED_BENCH[@]}"; do
        if (( SECONDS - forms_start > ${FORMS_SECONDS:-420} )); then echo "not run (time): $mtx" >>"$OUT/bench_forms.txt"; continue; fi
        $bin/aspmv bench-forms --csv "$OUT/bench_forms.csv" "$mtx" >>"$OUT/bench_forms.txt" 2>&1 || echo "bench-forms failed on $mtx" | tee -a "$OUT/bench_forms.txt"
        n=$((n + 1))
      done
      echo "bench-forms: $n matrices in $((SECONDS - forms_start)) s, $(grep -c "FAIL\|ERROR" "$OUT/bench_forms.txt") failed rows" | tee -a "$FINAL_OUT/summary.txt" ;;
    bench-generated)
      $bin/aspmv bench --csv "$OUT/bench_generated.csv" \
        stencil2d-5pt-2000 stencil3d-7pt-150 rand-uniform-r1000000-c1000000-m16-s12-seed5 \
        rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6 rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7 \
        rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9 \
        shortlong-s500000-l50-n50000-seed2 rand-constant-r2000000-c2000000-m3-s0-seed10 \
        >"$OUT/bench_generated.txt" 2>&1; grep -cE "^best" "$OUT/bench_generated.txt" ;;
    cpu-probe)
      LD_LIBRARY_PATH=$PWD/.device/cpu:$LD_LIBRARY_PATH OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads \
        .device/cpu/aspmv bench --rounds 1 --copy-mib 256 rmat-s8-e4.94-a0.519-b0.215-c0.183-seed257 .device/real/EX5.mtx.gz \
        stencil2d-5pt-1000 2>&1 | tee "$OUT/cpu_probe.txt" | grep -E "^best|^copy|csr_scalar |kokkos" ;;
    cpu-collect)
      # The host's cores with the OpenMP build (cpu preset, built on the build machine).
      mkdir -p .device/collect
      LD_LIBRARY_PATH=$PWD/.device/cpu:$LD_LIBRARY_PATH OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads \
        .device/cpu/aspmv collect --spec .device/specs/cpu.txt --out .device/collect/cpu16 \
        --time-limit "${CPU_COLLECT_SECONDS:-100}" --blocks-every 8 --batches 4 --generator-threads 0 2>&1 | tee "$OUT/cpu_collect_log.txt"
      tar -czf "$FINAL_OUT/collect_cpu16.tar.gz" -C .device/collect cpu16 ;;
    cpu-collect-real)
      # The real corpus's half REAL_PART on the host's cores (the OpenMP build of
      # the cpu preset as .device/aspmv-cpu), double then float; no new matrix
      # after CPU_REAL_S (double) / CPU_REAL_FLOAT_S (float; 0 skips) seconds (the
      # real matrices come first in the spec).
      mkdir -p .device/collect
      part=${REAL_PART:+-$REAL_PART}
      for prec in double float; do
        limit=$([ "$prec" = double ] && echo "${CPU_REAL_S:-120}" || echo "${CPU_REAL_FLOAT_S:-0}")
        [ "$limit" = 0 ] && continue
        flag=(); [ "$prec" = float ] && flag=(--float)
        OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads \
          .device/aspmv-cpu collect --spec ".device/real-corpus/spec-h100$part.txt" --out ".device/collect/cpu16-real-$prec$part" \
          "${flag[@]}" --time-limit "$limit" --blocks-every 8 --batches 4 --generator-threads 0 >"$OUT/cpu_collect_real_${prec}_log.txt" 2>&1
        tail -n 2 "$OUT/cpu_collect_real_${prec}_log.txt"
        tar -czf "$FINAL_OUT/collect_cpu16_real_$prec$part.tar.gz" -C .device/collect "cpu16-real-$prec$part"
      done ;;
    ncu-profile)
      # Nsight Compute over single aspmv kernels (issue 21: profile before optimizing):
      # PROFILE_CASES="kernel[/tpr]@matrix ..." (matrix: a file or a generated name),
      # each `aspmv run --kernel K [--tpr N] M` under ncu; of the kernels whose
      # demangled name matches PROFILE_KERNEL_RE (default: the SpMV functors, templated
      # on aspmv::CsrMatrix; not the analysis or Kokkos' own; merge_split's functor
      # takes the space first: PROFILE_KERNEL_RE=MergeSplitFunctor, as a default
      # with an optional group matched nothing on 2026-11-28), the launches after the
      # first PROFILE_SKIP (default 1) up to PROFILE_COUNT (default 2); sections:
      # speed of light, memory workload (L2 hit rate), warp state (stall reasons),
      # launch statistics, occupancy, scheduler; PROFILE_NCU_FLAGS adds ncu options
      # (e.g. --cache-control none --clock-control none: warm caches, boost clocks,
      # as repeated SpMV calls run). Raw CSV per case (ncu --csv --page details);
      # perf/device/ncu_summary.py condenses them.
      NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null) || { echo "ncu-profile: no ncu" | tee -a "$FINAL_OUT/summary.txt"; continue; }
      "$NCU" --version | tail -1 | tee "$OUT/ncu_version.txt"
      for case in ${PROFILE_CASES:-}; do
        kt=${case%@*} mtx=${case#*@}
        k=${kt%/*} tpr=(); [ "$kt" != "$k" ] && tpr=(--tpr "${kt#*/}")
        tag=$(echo "$kt-$(basename "$mtx")" | tr '/<>' '___')
        timeout 120 "$NCU" --csv --page details --kernel-name-base demangled \
          -k "regex:${PROFILE_KERNEL_RE:-Functor<aspmv::CsrMatrix}" ${PROFILE_NCU_FLAGS:-} \
          --launch-skip "${PROFILE_SKIP:-1}" --launch-count "${PROFILE_COUNT:-2}" \
          --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats \
          --section LaunchStats --section Occupancy --section SchedulerStats \
          $bin/aspmv run --kernel "$k" "${tpr[@]}" "$mtx" >"$OUT/ncu_$tag.csv" 2>"$OUT/ncu_$tag.err"
        echo "$case: exit $?, $(grep -c '' "$OUT/ncu_$tag.csv") lines" | tee -a "$OUT/ncu_summary.txt"
      done ;;
    cpu-bench)
      # The CPU targets of issue 21 on the host's cores: every aspmv kernel against
      # Kokkos Kernels' spmv and oneMKL's inspector-executor (the cpu preset built
      # with scripts/mkl.sh's oneMKL, as .device/aspmv-cpu), CSR-scalar's shapes as
      # variants (CPU_BENCH_VARIANTS, default host_shares=1 host_shares=4: runs of rows
      # balanced by nonzeros, per thread; host_simd=1: their rows summed in SIMD lanes),
      # on CPU_BENCH_MATRICES (default: .device/cmp/* and the CPU sweep's generated
      # matrices), one process per matrix; no new matrix after CPU_BENCH_S seconds.
      bench_start=$SECONDS
      : >"$OUT/cpu_bench.txt"
      cpu_variants=()
      for v in ${CPU_BENCH_VARIANTS:-host_shares=1 host_shares=4}; do cpu_variants+=(--variant "$v"); done
      read -r -a cpu_matrices <<<"${CPU_BENCH_MATRICES:-$(ls .device/cmp/* 2>/dev/null | tr '\n' ' ') stencil3d-27pt-100 rand-uniform-r1000000-c1000000-m16-s12-seed5 rand-zipf-r1000000-c1000000-m4-s1.8-max50000-seed6 stencil2d-5pt-2000}"
      for mtx in "${cpu_matrices[@]}"; do
        if (( SECONDS - bench_start > ${CPU_BENCH_S:-480} )); then echo "not run (time): $mtx" >>"$OUT/cpu_bench.txt"; continue; fi
        OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads \
          .device/aspmv-cpu bench --copy-mib 1024 --csv "$OUT/cpu_bench.csv" "${cpu_variants[@]}" "$mtx" >>"$OUT/cpu_bench.txt" 2>&1 || echo "bench failed on $mtx" >>"$OUT/cpu_bench.txt"
      done
      echo "cpu-bench: $(grep -c '^best' "$OUT/cpu_bench.txt") matrices, $((SECONDS - bench_start)) s" | tee -a "$FINAL_OUT/summary.txt" ;;
    cpu-sweep)
      # The cpu-x86 table's kernel parameters on the host's cores (issue 20, item 8):
      # every parameter a CPU kernel reads, a few values around the table's, on real
      # matrices of .device/real-corpus and large generated ones; the OpenMP build of
      # the cpu preset as .device/aspmv-cpu; copy bandwidth of 1 GiB buffers. Kokkos
      # Kernels' spmv runs beside them. No new matrix after CPU_SWEEP_S seconds.
      sweep_start=$SECONDS
      : >"$OUT/cpu_sweep.txt"
      for mtx in "${CPU_SWEEP_MATRICES[@]}"; do
        if (( SECONDS - sweep_start > ${CPU_SWEEP_S:-420} )); then echo "not run (time): $mtx" >>"$OUT/cpu_sweep.txt"; continue; fi
        OMP_NUM_THREADS=$(nproc) OMP_PROC_BIND=spread OMP_PLACES=threads \
          .device/aspmv-cpu bench --copy-mib 1024 --csv "$OUT/cpu_sweep.csv" \
          --variant host_rows_per_chunk=1 --variant host_rows_per_chunk=4 --variant host_rows_per_chunk=16 \
          --variant host_rows_per_chunk=64 --variant host_rows_per_chunk=1024 --variant host_rows_per_chunk=4096 \
          --variant teams_per_cu=1 --variant teams_per_cu=2 --variant teams_per_cu=4 --variant teams_per_cu=32 \
          --variant nnz_per_wg=256 --variant nnz_per_wg=4096 --variant nnz_per_wg=16384 \
          --variant merge_items=1024 --variant merge_items=32768 --variant merge_items=131072 \
          --variant t_long=512 --variant t_long=32768 --variant long_row_split=16384 --variant long_row_split=1048576 \
          "$mtx" >>"$OUT/cpu_sweep.txt" 2>&1 || echo "bench failed on $mtx" >>"$OUT/cpu_sweep.txt"
      done
      echo "cpu-sweep: $(grep -c '^best' "$OUT/cpu_sweep.txt") matrices, $((SECONDS - sweep_start)) s" | tee -a "$FINAL_OUT/summary.txt" ;;
    sanitize)
      # compute-sanitizer memcheck, racecheck, synccheck on the kernel tests' Cuda
      # configurations, one test per process, each tool within a time budget
      # (seconds: SANITIZE_MEMCHECK_S, SANITIZE_RACECHECK_S, SANITIZE_SYNCCHECK_S);
      # the tag specs say which tests each tool takes, in order (SANITIZE_*_TAGS,
      # space-separated Catch2 specs). Extra sanitizer flags: SANITIZE_FLAGS.
      # SANITIZE_JOBS=N: racecheck runs one process per test, N at once,
      # over the tests whose names match SANITIZE_NAME_REGEX (grep -E; default all).
      if ! SANITIZER=$(sanitizer_path); then
        echo "sanitize: compute-sanitizer not found" | tee -a "$FINAL_OUT/summary.txt"; continue
      fi
      "$SANITIZER" --version | tail -2 | tee "$OUT/sanitize_version.txt"
      : >"$OUT/sanitize_summary.txt"
      # shellcheck disable=SC2086
      sanitize_tool memcheck "${SANITIZE_MEMCHECK_S:-230}" \
        ${SANITIZE_MEMCHECK_TAGS:-[edge] [api] [determinism] [instances] [analysis] [large] [random]}
      race_tags=${SANITIZE_RACECHECK_TAGS:-[edge] [determinism] [adaptive] [api]}
      # shellcheck disable=SC2086
      if [ -n "${SANITIZE_JOBS:-}" ]; then
        sanitize_tool_jobs racecheck "${SANITIZE_RACECHECK_S:-140}" "$SANITIZE_JOBS" $race_tags
      else
        sanitize_tool racecheck "${SANITIZE_RACECHECK_S:-140}" $race_tags
      fi
      # shellcheck disable=SC2086
      sanitize_tool synccheck "${SANITIZE_SYNCCHECK_S:-110}" \
        ${SANITIZE_SYNCCHECK_TAGS:-[edge] [determinism] [adaptive] [api]}
      for tool in memcheck racecheck synccheck; do
        echo "-- $tool covered:"; awk -F'\t' 'NR > 1 { printf "   %-10s %-36s %7s s  %s\n", $1, $4, $3, $2 }' "$OUT/sanitize_$tool.tsv"
      done ;;
    large-nnz)
      # More than 2^31 nonzeros (int64 offsets) generated on the GPU, through every
      # kernel (perf/large/large_offsets.cpp); LARGE_NNZ_FLOAT=1 adds the float run.
      nvidia-smi --query-gpu=name,memory.used,memory.total --format=csv,noheader | tee "$OUT/large_offsets_gpu.txt"
      $bin/aspmv_large_offsets --csv "$OUT/large_offsets.csv" >"$OUT/large_offsets.txt" 2>&1
      echo "large offsets (double) exit $?" | tee -a "$OUT/large_offsets.txt" "$FINAL_OUT/summary.txt"
      if [ "${LARGE_NNZ_FLOAT:-0}" = 1 ]; then
        $bin/aspmv_large_offsets --float --csv "$OUT/large_offsets.csv" >"$OUT/large_offsets_float.txt" 2>&1
        echo "large offsets (float) exit $?" | tee -a "$OUT/large_offsets_float.txt" "$FINAL_OUT/summary.txt"
      fi
      grep -hvE "^  " "$OUT"/large_offsets*.txt ;;
    bench-compare)
      # The baseline build (.device/aspmv-old) and this one (.device/aspmv) on the
      # benchmark set (the real matrices and GENERATED_BENCH), interleaved matrix by
      # matrix in ABBA order (old-new, new-old, ...) so drift falls on both; no new
      # matrix is started after COMPARE_SECONDS (default 480). COMPARE_SKIP and
      # COMPARE_COUNT take a slice of the list (to split it over two calls; the CSVs
      # of both concatenate). COMPARE_ROUNDS=N runs the slice N times over (the
      # ABBA order continuing), and the comparison keeps each side's fastest
      # median per (matrix, method): launch-bound calls of a few microseconds
      # vary by more than 3 % from one bench process to the next. Then new/old
      # time ratios per aspmv method (perf/device/bench_compare.py, > 1.03 flagged).
      if [ ! -x $bin/aspmv-old ]; then echo "bench-compare: no $bin/aspmv-old" | tee -a "$FINAL_OUT/summary.txt"; continue; fi
      rm -f "$OUT/compare_old.csv" "$OUT/compare_new.csv"
      : >"$OUT/compare_old.txt"; : >"$OUT/compare_new.txt"; : >"$OUT/compare_matrices.txt"
      cmp_start=$SECONDS; i=0
      # COMPARE_MATRICES: the matrix files to take instead of .device/real/*.mtx.gz.
      if [ -n "${COMPARE_MATRICES:-}" ]; then read -ra cmp_real <<<"$COMPARE_MATRICES"; else cmp_real=(.device/real/*.mtx.gz); fi
      cmp_list=("${cmp_real[@]}" "${GENERATED_BENCH[@]}")
      cmp_slice=("${cmp_list[@]:${COMPARE_SKIP:-0}:${COMPARE_COUNT:-${#cmp_list[@]}}}")
      cmp_runs=()
      for ((round = 0; round < ${COMPARE_ROUNDS:-1}; round++)); do cmp_runs+=("${cmp_slice[@]}"); done
      for mtx in "${cmp_runs[@]}"; do
        if (( SECONDS - cmp_start > ${COMPARE_SECONDS:-480} )); then echo "not run (time): $mtx" >>"$OUT/compare_matrices.txt"; continue; fi
        t0=$SECONDS
        for which in $( (( i % 2 == 0 )) && echo "old new" || echo "new old"); do
          exe=$bin/aspmv; [ "$which" = old ] && exe=$bin/aspmv-old
          $exe bench --copy-mib 256 --csv "$OUT/compare_$which.csv" "$mtx" >>"$OUT/compare_$which.txt" 2>&1 ||
            echo "$which bench failed on $mtx" | tee -a "$OUT/compare_matrices.txt"
        done
        echo "$((SECONDS - t0)) s: $mtx" >>"$OUT/compare_matrices.txt"; i=$((i + 1))
      done
      echo "bench-compare: $i matrices in $((SECONDS - cmp_start)) s" | tee -a "$FINAL_OUT/summary.txt"
      python3 perf/device/bench_compare.py "$OUT/compare_old.csv" "$OUT/compare_new.csv" --out "$OUT/compare_ratios.csv" \
        | tee "$OUT/bench_compare.txt" ;;
    bench-ab)
      # Builds side by side on a few matrices: AB_BINARIES (paths of aspmv builds,
      # e.g. ".device/aspmv-old .device/aspmv"), each run on every AB_MATRICES entry in
      # double and float, AB_ROUNDS times (default 1), the builds' order rotated
      # from one (matrix, precision) to the next so drift falls on all; AB_VARIANTS:
      # table parameter variants passed to every build. One CSV per build
      # (ab_<basename>.csv), compared by perf/device/bench_compare.py when two.
      read -ra ab_bins <<<"${AB_BINARIES:?bench-ab needs AB_BINARIES}"
      read -ra ab_mats <<<"${AB_MATRICES:?bench-ab needs AB_MATRICES}"
      ab_variants=()
      for v in ${AB_VARIANTS:-}; do ab_variants+=(--variant "$v"); done
      ab_start=$SECONDS; i=0
      for ((round = 0; round < ${AB_ROUNDS:-1}; round++)); do
        for mtx in "${ab_mats[@]}"; do
          for prec in double float; do
            flag=; [ "$prec" = float ] && flag=--float
            n=${#ab_bins[@]}
            for ((j = 0; j < n; j++)); do
              exe=${ab_bins[$(((i + j) % n))]}
              $exe bench $flag --copy-mib 256 --csv "$OUT/ab_$(basename "$exe").csv" "${ab_variants[@]}" "$mtx" \
                >>"$OUT/ab_$(basename "$exe").txt" 2>&1 || echo "bench failed: $exe $mtx $prec" | tee -a "$OUT/ab.txt"
            done
            i=$((i + 1))
          done
        done
      done
      echo "bench-ab: ${#ab_bins[@]} builds, $i runs each, $((SECONDS - ab_start)) s" | tee -a "$FINAL_OUT/summary.txt"
      if [ ${#ab_bins[@]} = 2 ]; then
        python3 perf/device/bench_compare.py "$OUT/ab_$(basename "${ab_bins[0]}").csv" "$OUT/ab_$(basename "${ab_bins[1]}").csv" \
          --out "$OUT/ab_ratios.csv" | tee "$OUT/ab_compare.txt"
      fi ;;
    bench-formats)
      # The converted formats (csr_delta, sell, ell) beside every other method and
      # cuSPARSE CSR and SELL, double and float, on FORMAT_MATRICES (default: the
      # matrices of .device/sel/ and the banded/stencil/uniform generated ones);
      # summarized here by perf/device/formats_summary.py (pandas); FORMAT_VARIANTS:
      # table parameter variants (aspmv bench --variant), e.g. "dia_rows=1 dia_rows=4".
      fmt_variants=()
      for v in ${FORMAT_VARIANTS:-}; do fmt_variants+=(--variant "$v"); done
      if [ -n "${FORMAT_MATRICES:-}" ]; then read -ra fmt_list <<<"$FORMAT_MATRICES"; else
        fmt_list=(.device/sel/* stencil3d-27pt-130 band-r1000000-w100-m30-seed7 band-r1000000-w100-m30-seed7-perm1
          stencil2d-5pt-2000 stencil3d-7pt-150 rand-uniform-r1000000-c1000000-m16-s12-seed5); fi
      fmt_start=$SECONDS
      for mtx in "${fmt_list[@]}"; do
        for prec in double float; do
          if (( SECONDS - fmt_start > ${FORMAT_SECONDS:-500} )); then echo "not run (time): $mtx $prec" >>"$OUT/formats.txt"; continue; fi
          flag=; [ "$prec" = float ] && flag=--float
          $bin/aspmv bench $flag --copy-mib 256 --csv "$OUT/bench_formats_$prec.csv" "${fmt_variants[@]}" "$mtx" >>"$OUT/formats.txt" 2>&1 ||
            echo "bench failed on $mtx ($prec)" | tee -a "$OUT/formats.txt"
        done
      done
      echo "bench-formats: ${#fmt_list[@]} matrices in $((SECONDS - fmt_start)) s" | tee -a "$FINAL_OUT/summary.txt" ;;
    calibrate)
      # The strip runtime models (issue 22): aspmv calibrate, double, every
      # distribution (CALIBRATE_ARGS adds options, e.g. --max-nnz), then aspmv rank
      # --measure on RANK_MATRICES (default: the matrices of .device/sel/ and a few
      # generated ones) with the normal models, and with all models on the first.
      cal_start=$SECONDS
      # shellcheck disable=SC2086
      $bin/aspmv calibrate --out "$OUT/strip_models_double.json" ${CALIBRATE_ARGS:-} >"$OUT/calibrate.txt" 2>&1
      echo "calibrate exit $? in $((SECONDS - cal_start)) s" | tee -a "$FINAL_OUT/summary.txt"
      tail -n 20 "$OUT/calibrate.txt"
      if [ -n "${RANK_MATRICES:-}" ]; then read -ra rank_list <<<"$RANK_MATRICES"; else
        rank_list=(.device/sel/* stencil3d-27pt-130 band-r1000000-w100-m30-seed7 rand-uniform-r1000000-c1000000-m16-s12-seed5); fi
      for mtx in "${rank_list[@]}"; do
        if (( SECONDS - cal_start > ${CALIBRATE_SECONDS:-540} )); then echo "not ranked (time): $mtx" >>"$OUT/rank.txt"; continue; fi
        $bin/aspmv rank --measure --strip-models "$OUT/strip_models_double.json" "$mtx" >>"$OUT/rank.txt" 2>&1 ||
          echo "rank failed on $mtx" >>"$OUT/rank.txt"
      done
      grep -c "the predicted best that ran" "$OUT/rank.txt" | sed 's/^/ranked matrices: /' | tee -a "$FINAL_OUT/summary.txt" ;;
    *) echo "unknown stage $stage" ;;
  esac
done
