#!/usr/bin/env bash
# The aspmv tool's command line as a new user meets it: each command's --help
# prints aspmv's usage only (Kokkos' list is --kokkos-help's), every Kokkos
# option the usage advertises is accepted by run and info and an unknown one
# is refused, the tool binds OpenMP threads when the user did not (no Kokkos
# warning) and info says so, info and run tell the hardware parameters from
# the models in one statement, bad --tpr values are refused up front, a failed
# run prints no empty table, no message doubles its prefix, and bench-forms
# checks every form it times.
#   cli.sh ASPMV_BINARY MATRIX_FILE
set -euo pipefail
aspmv=$1 matrix=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/aspmv-cli-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
  echo "FAIL: $*"
  for f in "$work/out" "$work/err"; do [ -s "$f" ] && head -n 8 "$f" | sed 's/^/  | /'; done
  failures=$((failures + 1))
}
# run_tool EXPECTED_STATUS ARGS...: the tool's stdout and stderr in $work/out, $work/err.
run_tool() {
  local want=$1 rc=0
  shift
  "$aspmv" "$@" >"$work/out" 2>"$work/err" || rc=$?
  if [ "$want" = 0 ] && [ $rc -ne 0 ]; then fail "aspmv $* exited with $rc"; return 1; fi
  if [ "$want" = nonzero ] && [ $rc -eq 0 ]; then fail "aspmv $* succeeded"; return 1; fi
  if grep -qE "aspmv( [a-z]+)?: aspmv" "$work/err"; then fail "aspmv $*: doubled prefix"; return 1; fi
  return 0
}
out_has() { grep -qE -- "$1" "$work/out"; }
err_has() { grep -qE -- "$1" "$work/err"; }

# --help: aspmv's usage only, on stdout, before Kokkos starts.
for command in info run bench bench-forms collect report calibrate rank; do
  if run_tool 0 "$command" --help; then
    head -n 1 "$work/out" | grep -q "^usage: aspmv $command" || fail "aspmv $command --help: no usage"
    ! out_has "Kokkos command line arguments" || fail "aspmv $command --help printed Kokkos' options"
  fi
done
run_tool 0 --help && out_has "^usage: aspmv <command>" || fail "aspmv --help: no usage"
run_tool 0 --kokkos-help && out_has "Kokkos command line arguments" || fail "aspmv --kokkos-help: no Kokkos options"

# Every advertised Kokkos option works with run and info; an unknown one is refused.
"$aspmv" --help >"$work/usage"
options=$(grep -oE -- "--kokkos-[a-z-]+(=N)?" "$work/usage" | grep -v -- "--kokkos-help" | sort -u)
[ -n "$options" ] || fail "the usage advertises no Kokkos option"
for option in $options; do
  value=${option/=N/=1}
  [ "$option" = "--kokkos-device-id=N" ] && value=--kokkos-device-id=0
  run_tool 0 info "$value" || true
  run_tool 0 run "$value" "$matrix" && out_has " ok " || fail "aspmv run $value: no checked result"
done
# run takes a generated name as bench does (here with a forced kernel and the plan's description).
run_tool 0 run --kernel csr_vector --tpr 4 --describe stencil2d-5pt-30 &&
  out_has "^stencil2d-5pt-30 +900 +900 .* ok " && out_has "forced" ||
  fail "aspmv run: a generated name was not planned and checked"
# run --allow-conversion: accepted, the plan checked (the format models decide where the table has them).
run_tool 0 run --allow-conversion --calls 1000 stencil2d-5pt-30 && out_has "^stencil2d-5pt-30 +900 +900 .* ok " ||
  fail "aspmv run --allow-conversion: no checked result"
run_tool 0 run --allow-conversion --format-margin 0.2 --calls 1000 stencil2d-5pt-30 &&
  out_has "^stencil2d-5pt-30 +900 +900 .* ok " || fail "aspmv run --format-margin 0.2: no checked result"
run_tool nonzero run --allow-conversion --format-margin -1 stencil2d-5pt-30 || true
err_has "format-margin .*a fraction >= 0" || fail "aspmv run --format-margin -1: not refused with its reason"
run_tool nonzero rank --format-margin nan stencil2d-5pt-30 || true
err_has "format-margin .*a fraction >= 0" || fail "aspmv rank --format-margin nan: not refused with its reason"
has_openmp=1
"$aspmv" info | grep -q "^OpenMP thread binding: not applicable" && has_openmp=0
if [ $has_openmp -eq 1 ]; then
  run_tool 0 info --kokkos-threads=1 && out_has "^ +1 thread, proc_bind" || fail "info --kokkos-threads=1: not 1 thread"
fi
for command in info run; do
  run_tool nonzero "$command" --kokkos-num-threads=2 "$matrix" &&
    err_has "unknown option '--kokkos-num-threads=2'.*--kokkos-help" || fail "$command --kokkos-num-threads=2: no refusal"
done
run_tool nonzero run --kokkos-threads=x "$matrix" && err_has "expects '=N'" || fail "--kokkos-threads=x: no clear refusal"

# The OpenMP binding: set by the tool when the user set none, no Kokkos warning; the user's kept.
if [ $has_openmp -eq 0 ]; then
  echo "no OpenMP in this build: binding checks skipped"
else
  env -u OMP_PROC_BIND -u OMP_PLACES "$aspmv" info >"$work/out" 2>"$work/err" || fail "info without a binding failed"
  ! err_has "OMP_PROC_BIND" || fail "Kokkos' OMP_PROC_BIND warning without a user binding"
  out_has "^OpenMP thread binding: OMP_PROC_BIND=spread, OMP_PLACES=threads \(set by aspmv" ||
    fail "info does not say that aspmv set the binding"
  out_has "proc_bind spread" || fail "the OpenMP runtime does not apply the binding aspmv set"
  env -u OMP_PLACES OMP_PROC_BIND=close "$aspmv" info >"$work/out" 2>"$work/err" || fail "info with a binding failed"
  out_has "^OpenMP thread binding: OMP_PROC_BIND=close, OMP_PLACES unset \(from the environment\)" &&
    out_has "proc_bind close" || fail "info does not report the user's binding"
fi

# The architecture table: no "0 GB/s" for a value the table does not know.
run_tool 0 info && ! out_has " 0 GB/s" || fail "info prints 0 GB/s"

# The tables in one statement that tells the hardware parameters (the
# architecture table's status) from the models (the model table's), in info,
# run and run --describe; never the bare "table ARCH (STATUS)" that read as if
# the whole table were a placeholder.
statement="^architecture [a-z0-9-]+: hardware parameters (measured|defaults|placeholder)[^,]*, models (of [a-z0-9-]+ )?"
run_tool 0 info && out_has "${statement}(trained|untrained)" || fail "info: no architecture statement"
run_tool 0 run "$matrix" && out_has "${statement}(trained|untrained)" || fail "run: no architecture statement"
! out_has ", table [a-z0-9-]+ \(" || fail "run: the old 'table ARCH (STATUS)' header"
run_tool 0 run --rules "$matrix" && out_has "${statement}not asked \(--rules" || fail "run --rules: models not said unasked"
run_tool 0 run --describe "$matrix" &&
  out_has "^  architecture [a-z0-9-]+: hardware parameters [a-z]+[^;]*; models: [a-z0-9-]+ (trained|untrained)" ||
  fail "run --describe: no architecture statement"
! out_has "^  table: " || fail "run --describe: the old '  table: ARCH (STATUS)' line"

# --tpr: refused up front, with the reason, and no table.
check_refused() {
  local pattern=$1
  shift
  run_tool nonzero run "$@" "$matrix" || return 0
  err_has "$pattern" || fail "aspmv run $*: message does not match '$pattern'"
  ! out_has "^matrix +rows" || fail "aspmv run $*: printed a table after the error"
}
check_refused "--tpr 0: threads per row start at 1" --tpr 0
check_refused "--tpr needs --kernel" --tpr 4
check_refused "csr_scalar takes no threads per row" --kernel csr_scalar --tpr 4
check_refused "power of two" --kernel csr_vector --tpr 3
check_refused "unknown kernel 'nope'" --kernel nope
run_tool 0 run --kernel csr_vector --tpr 4 "$matrix" && out_has "csr_vector<4> .* ok " || fail "csr_vector --tpr 4 did not run"

# bench --variant: a value the parameter does not take is refused with the parameter's name and the reason
# (variant_refused VARIANT MESSAGE); a value it takes times the kernels reading it, labelled with the variant
# (variant_timed METHOD VARIANT [ROW]: ROW, the row's label, METHOD[VARIANT] unless given).
variant_refused() {
  run_tool nonzero bench --variant "$1" "$matrix" || return 0
  err_has "variant '$1': $2" || fail "bench --variant $1: not refused with its reason ('$2')"
}
variant_timed() {
  local method=$1 variant=$2 row=${3:-"$1\\[$2\\]"}
  run_tool 0 bench --rounds 1 --methods "$method" --variant "$variant" "$matrix" || return 0
  out_has "^$row .* ok " || fail "bench --methods $method --variant $variant: $method not timed"
}
for key in dia_rows host_sums split_warp_rows; do
  variant_refused "$key=3" "$key takes 1, 2 or 4"
done
variant_refused split_chunk_floor=0 "the value must be positive"
variant_timed vector_split split_chunk_floor=64
variant_refused split_fill_percent=-1 "split_fill_percent takes 0 .off. to 10000"
variant_timed vector_split split_fill_percent=50
variant_refused direct_launch=3 "direct_launch takes 0, 1 or 2"
variant_timed vector_split direct_launch=2
variant_refused host_simd=3 "host_simd takes 0, 1 or 2"
variant_timed csr_scalar host_simd=0
variant_refused host_thread_nnz=-1 "host_thread_nnz takes 0 .every thread. or a count of entries"
variant_timed csr_scalar host_thread_nnz=1000
# On OpenMP with more than one thread that variant says what it does to the rest of the process.
if OMP_NUM_THREADS=2 run_tool 0 bench --rounds 1 --methods csr_scalar --variant host_thread_nnz=1000 "$matrix" &&
  out_has "^aspmv bench on .*\(OpenMP\)"; then
  out_has "^note: variant host_thread_nnz=1000 runs on fewer threads than the pool" ||
    fail "bench --variant host_thread_nnz=1000 on OpenMP: no note about the pool's threads"
fi
variant_refused selector=best "selector takes rules or models"
variant_timed lrb selector=rules
variant_refused tpr_rule=widest "aspmv::parse_tpr_rule: unknown rule 'widest'"
variant_timed lrb tpr_rule=kokkos_kernels
variant_refused tile_mma=2 "tile_mma takes 0 or 1"
variant_timed tile8x4 tile_mma=0 tile8x4

# bench --methods: only the methods of those prefixes are timed; a prefix of no method is refused.
if run_tool 0 bench --rounds 1 --methods csr_scalar,coo "$matrix"; then
  out_has "^csr_scalar .* ok " && out_has "^coo .* ok " || fail "bench --methods csr_scalar,coo: not both timed"
  ! out_has "^merge_path " || fail "bench --methods csr_scalar,coo timed merge_path"
fi
# A prefix that names a method takes it alone: ell is ELL, not ELL-BRO; a prefix of several names takes them all.
if run_tool 0 bench --rounds 1 --methods ell,csr_del "$matrix"; then
  out_has "^ell .* ok " && out_has "^csr_delta<1> .* ok " || fail "bench --methods ell,csr_del: ell or csr_delta not timed"
  ! out_has "^ell_bro " || fail "bench --methods ell timed ell_bro"
fi
# bench --graphs: every method again as <name>@graph; on CPUs the twins say the space has no graphs.
if run_tool 0 bench --rounds 1 --methods csr_scalar --graphs "$matrix"; then
  out_has "^csr_scalar .* ok " || fail "bench --graphs: csr_scalar not timed"
  out_has "^csr_scalar@graph .*(ok |no graphs)" || fail "bench --graphs: no csr_scalar@graph row"
fi
# bench --l2-x: every method again as <name>@l2x; on CPUs the twins say the space has no L2 access policy.
if run_tool 0 bench --rounds 1 --methods csr_scalar --l2-x "$matrix"; then
  out_has "^csr_scalar .* ok " || fail "bench --l2-x: csr_scalar not timed"
  out_has "^csr_scalar@l2x .*(ok |no L2 access policy)" || fail "bench --l2-x: no csr_scalar@l2x row"
fi
# bench --csv: a method refused (ELL's padding guard on a power-law graph) says why in its detail column.
if run_tool 0 bench --rounds 1 --methods csr_scalar,ell --csv "$work/refused.csv" rmat-s14-e8-a0.57-b0.19-c0.19-seed2; then
  grep -q ',ell,aspmv,.*,0,.*,ERROR .*ELL conversion is refused' "$work/refused.csv" ||
    fail "bench --csv: the refused ell row does not say why"
  [ "$(grep -c '' "$work/refused.csv")" -ge 3 ] || fail "bench --csv: rows missing"
fi
run_tool nonzero bench --methods nope "$matrix" || true
err_has "no method of this build starts with" || fail "bench --methods nope: not refused with its reason"

# A run whose every matrix fails: the messages, exit status 1, no empty table.
run_tool nonzero run "$work/no-such-matrix.mtx" || true
err_has "no-such-matrix.mtx: cannot open" || fail "run on a missing file: no message"
! out_has "^matrix +rows" || fail "run on a missing file printed an empty table"

# bench-forms: every form checked against the reference; a bad --vectors refused.
if run_tool 0 bench-forms --rounds 1 --vectors 3 --csv "$work/forms.csv" "$matrix"; then
  for method in "transposed plan.apply" "drop-in \"T\" \(scatter\)" "handle \"T\"" "drop-in multivector"; do
    out_has "$method.* ok " || fail "bench-forms: no checked row for $method"
  done
  ! out_has "FAIL|ERROR" || fail "bench-forms: a form failed its check"
  [ "$(wc -l <"$work/forms.csv")" -ge 8 ] || fail "bench-forms: the CSV lacks rows"
fi
run_tool nonzero bench-forms --vectors x "$matrix" || true
err_has "'x' is not a count" || fail "bench-forms --vectors x: not refused with its reason"

# calibrate (tiny strips so that it runs in seconds) writes models that rank
# reads; rank lists every calibrated alternative, with --measure timed ones.
if run_tool 0 calibrate --distribution normal --strips 1,2,3 --pnz 4,8,16 --strip-rows 64 --vector-strip-rows 32 \
  --out "$work/strip.json" && [ -s "$work/strip.json" ]; then
  for model in csr_scalar "csr_vector/tpr=[0-9]+" ell jad sell; do
    out_has "^$model +normal" || fail "calibrate: no fitted model $model"
  done
  if run_tool 0 rank --strip-models "$work/strip.json" --measure stencil2d-5pt-30; then
    [ "$(grep -cE '^[1-5] ' "$work/out")" -eq 5 ] || fail "rank: not five ranked alternatives"
    out_has "the predicted best that ran" || fail "rank --measure: no ranking summary"
  fi
  # A label whose TpR is not a whole number (a hand-edited file) is refused with its reason.
  sed 's#"csr_vector/tpr=\([0-9]*\)"#"csr_vector/tpr=\1x"#' "$work/strip.json" >"$work/bad-tpr.json"
  run_tool nonzero rank --strip-models "$work/bad-tpr.json" stencil2d-5pt-30 || true
  err_has "tpr=[0-9]+x' is not <kernel> or <kernel>/tpr=<power of two>" || fail "rank on a label with TpR 16x: not refused with its reason"
  # ELL-BRO is calibrated when named.
  if run_tool 0 calibrate --kernels csr_scalar,ell_bro --distribution normal --strips 1,2 --pnz 4,8 --strip-rows 64 \
    --vector-strip-rows 32 --out "$work/bro.json"; then
    out_has "^ell_bro +normal" || fail "calibrate --kernels csr_scalar,ell_bro: no fitted ELL-BRO model"
  fi
  run_tool nonzero rank --strip-models "$work/strip.json" --float stencil2d-5pt-30 || true
  err_has "holds double models" || fail "rank --float on double models: not refused with its reason"
  # --features prices a collector's features.csv (900 rows of the 5-point 30 x 30 grid: 4,380 nonzeros, mode and
  # longest row 5) without the matrix: each alternative at the time rank predicts from the matrix itself.
  printf 'matrix,family,rows,nnz,mode,max\nstencil2d-5pt-30,stencil2d,900,4380,5,5\n' >"$work/features.csv"
  if run_tool 0 rank --strip-models "$work/strip.json" --features "$work/features.csv"; then
    cp "$work/out" "$work/priced.csv"
    [ "$(grep -c '^stencil2d-5pt-30,' "$work/priced.csv")" -eq 5 ] || fail "rank --features: not five priced alternatives"
    if run_tool 0 rank --strip-models "$work/strip.json" stencil2d-5pt-30; then
      awk -F, 'NR == FNR { if (FNR > 1) want[$2] = sprintf("%.2f", $8 * 1e6); next }
               $3 == "normal" && ($2 in want) { seen++; if ($6 != want[$2]) bad = bad " " $2 ":" $6 "!=" want[$2] }
               END { if (seen != 5 || bad != "") { print "mismatch" bad; exit 1 } }' \
        "$work/priced.csv" <(tr -s ' ' <"$work/out" | sed 's/ /,/g') ||
        fail "rank --features: not the predictions rank makes from the matrix itself"
    fi
  fi
  printf 'matrix,rows,mode,max\nx,10,1,1\n' >"$work/no-nnz.csv"
  run_tool nonzero rank --strip-models "$work/strip.json" --features "$work/no-nnz.csv" || true
  err_has "no-nnz.csv: no column 'nnz'" || fail "rank --features without an nnz column: not refused with its reason"
  printf 'matrix,rows,nnz,mode,max\nx,10,-3,1,1\n' >"$work/bad-count.csv"
  run_tool nonzero rank --strip-models "$work/strip.json" --features "$work/bad-count.csv" || true
  err_has "bad-count.csv:2: nnz '-3' is not a count" || fail "rank --features on a negative count: not refused"
  run_tool nonzero rank --features "$work/features.csv" || true
  err_has "pass --strip-models FILE" || fail "rank --features without strip models: not refused with the way out"
fi
# Without strip models rank asks the build's model table: its runtime model's CSR configurations (and its format
# models' formats where it has them), each measured with --measure, and the plan's automatic choice beside them;
# a table that cannot rank (untrained, or no runtime or format model) is refused with the way out.
if run_tool 0 rank --measure stencil2d-5pt-30 "$matrix"; then
  [ "$(grep -cE '^1 +[a-z_]+(/tpr=[0-9]+)? +runtime ' "$work/out")" -eq 2 ] || fail "rank: no runtime model ranking"
  [ "$(grep -c "the plan's automatic choice" "$work/out")" -eq 2 ] || fail "rank: no plan's choice"
  out_has "^over 2 matrices: within 5 % of the measured best" || fail "rank --measure on two matrices: no tally"
  out_has "conversion allowed, format margin 0.5\)" || fail "rank: the plan's format margin not said"
  run_tool 0 rank --format-margin 0.2 stencil2d-5pt-30 && out_has "format margin 0.2\)" ||
    fail "rank --format-margin 0.2: not the plan's margin"
else
  err_has "rank with --strip-models FILE" || fail "rank on a table that cannot rank: no reason"
fi
printf '{"schema": "aspmv-models/1", "arch": "x", "status": "untrained", "provenance": {"summary": "s"}, "models": {}}\n' \
  >"$work/untrained.json"
ASPMV_MODEL_FILE="$work/untrained.json" run_tool nonzero rank stencil2d-5pt-30 || true
err_has "cannot rank here \\(.*untrained: rules decide\\): rank with --strip-models FILE" ||
  fail "rank on an untrained table: not refused with its reason"
! out_has "stencil2d-5pt-30" || fail "rank on an untrained table: refused per matrix, not up front"
printf '{"schema": "aspmv-strip-models/1", "device": "d", "arch": "a", "value": "double", "compute_units": 1,\n "threads_per_unit": 1, "command": "c", "models": [], "extra": 1}\n' >"$work/bad.json"
run_tool nonzero rank --strip-models "$work/bad.json" stencil2d-5pt-30 || true
err_has "bad.json:2: extra: unknown member" || fail "rank on a bad model file: no located error"

[ $failures -eq 0 ] || { echo "$failures check(s) failed"; exit 1; }
echo "aspmv command line: all checks passed"
