#!/usr/bin/env bash
# End to end on the CPU: a collector run over a tiny corpus, interrupted
# (--limit) and resumed, then the study report over its output.
#   collect_report.sh ASPMV_BINARY SPEC WORK_DIR PYTHON
set -euo pipefail
aspmv=$1 spec=$2 work=$3 python=$4
rm -rf "$work" && mkdir -p "$work"
entries=$(grep -cvE '^\s*(#|$)' "$spec")
opts=(--batches 2 --min-batch-ms 0.2 --blocks-every 2 --generator-threads 2)

"$aspmv" collect --spec "$spec" --out "$work/run" --limit 3 "${opts[@]}"
[ "$(wc -l <"$work/run/done.txt")" -eq 3 ] || { echo "expected 3 matrices after --limit 3"; exit 1; }
"$aspmv" collect --spec "$spec" --out "$work/run" "${opts[@]}"   # resumes: measures the rest only
[ "$(wc -l <"$work/run/done.txt")" -eq "$entries" ] || { echo "expected $entries matrices in done.txt"; exit 1; }
[ "$(($(wc -l <"$work/run/features.csv") - 1))" -eq "$entries" ] || { echo "features.csv: one row per matrix"; exit 1; }
grep -q "resumed" "$work/run/sessions.txt" || { echo "sessions.txt does not record the resume"; exit 1; }
if awk -F, 'NR > 1 && $8 != 1 { bad = 1 } END { exit !bad }' "$work/run/runtimes.csv"; then
  echo "a configuration failed its check:"; awk -F, 'NR > 1 && $8 != 1' "$work/run/runtimes.csv"; exit 1
fi
[ "$(($(wc -l <"$work/run/blocks.csv") - 1))" -gt 0 ] || { echo "no blockwise samples"; exit 1; }

# --methods: only those kernel columns measured and listed in run.json; resuming with another list, or a name the
# build does not have, is refused.
"$aspmv" collect --spec "$spec" --out "$work/only" --methods lrb,csr_vector --limit 2 "${opts[@]}"
measured=$(awk -F, 'NR > 1 { print $2 }' "$work/only/runtimes.csv" | sort -u | tr '\n' ' ')
[ "$measured" = "csr_vector lrb " ] || { echo "collect --methods lrb,csr_vector measured: $measured"; exit 1; }
[ "$(grep -c '"kernel":' "$work/only/run.json")" -eq 2 ] || { echo "run.json lists other methods than the two"; exit 1; }
if "$aspmv" collect --spec "$spec" --out "$work/only" --methods lrb "${opts[@]}" 2>"$work/err"; then
  echo "collect resumed a folder with another method list"; exit 1
fi
grep -q "another method list" "$work/err" || { echo "no reason for the refused resume:"; cat "$work/err"; exit 1; }
if "$aspmv" collect --spec "$spec" --out "$work/nope" --methods lrb,nope "${opts[@]}" 2>"$work/err"; then
  echo "collect --methods nope succeeded"; exit 1
fi
grep -q "no method 'nope' in this build" "$work/err" || { echo "no reason for --methods nope:"; cat "$work/err"; exit 1; }

if ! "$python" -c "import pandas, matplotlib" 2>/dev/null; then
  echo "skipping the report: $python has no pandas/matplotlib (run scripts/python_env.sh)"
  exit 77
fi
ASPMV_PYTHON="$python" "$aspmv" report --runs "$work/run" --out "$work/report"
[ -s "$work/report/README.md" ] || { echo "no report"; exit 1; }
grep -q "PLUB" "$work/report/README.md" || { echo "the report has no PLUB table"; exit 1; }
find "$work/report/figures" -name "*.png" | grep -q . || { echo "no figures"; exit 1; }
echo "collect + report: $entries matrices, $(($(wc -l <"$work/run/runtimes.csv") - 1)) runtimes, report in $work/report"
