#!/usr/bin/env bash
# The installed aspmv tool uses installed files only. Installs the build into
# a scratch prefix, moves the prefix (so no path of the install step works
# either), checks that nothing installed names the source or build tree, then
# hides both trees (empty tmpfs folders mounted over them in a private mount
# namespace, when unshare allows it; other processes see nothing of it) and,
# from a folder outside them, runs the installed tool: info, run on the demo
# set (its real matrix comes from share/aspmv/demo), collect on a tiny spec,
# report on that run (the Python package from share/aspmv/python), and report
# with a Python that lacks the packages (a message saying what to run, no
# traceback).
#   installed_tool.sh BUILD_DIR SOURCE_DIR PYTHON CMAKE
set -euo pipefail
build=$1 source=$2 python=$3 cmake=$4

fail() { echo "installed_tool: $*" >&2; exit 1; }

if [ "${ASPMV_INSTALL_TEST_WORK:-}" = "" ]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/aspmv-installed-tool.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  "$cmake" --install "$build" --prefix "$work/staged" >/dev/null
  cp -a "$work/staged" "$work/prefix"
  rm -rf "$work/staged"
  cp "$0" "$work/installed_tool.sh"

  [ -x "$work/prefix/bin/aspmv" ] || fail "no bin/aspmv in the install"
  [ -f "$work/prefix/share/aspmv/demo/west0479.rua.gz" ] || fail "no demo matrix in share/aspmv/demo"
  [ -f "$work/prefix/share/aspmv/python/aspmv_report/__main__.py" ] || fail "no report package in share/aspmv/python"
  [ -f "$work/prefix/share/aspmv/python/requirements.txt" ] || fail "no requirements.txt in share/aspmv/python"
  links=$(find "$work/prefix" -type l)
  [ -z "$links" ] || fail "links in the install (they may point into the trees): $links"
  for tree in "$source" "$build"; do
    hits=$(grep -rlF "$tree" "$work/prefix/bin" "$work/prefix/share/aspmv" || true)
    [ -z "$hits" ] || fail "the install names $tree in: $hits"
  done

  hide=()
  if unshare -m true 2>/dev/null; then
    hide=(unshare -m)
  elif unshare -rm true 2>/dev/null; then
    hide=(unshare -rm)
  else
    echo "installed_tool: no private mount namespace here (unshare): the trees stay visible; the checks above still hold"
  fi
  # Build first: when it lies inside the source tree, the second mount hides it anyway.
  export ASPMV_INSTALL_TEST_WORK=$work
  if [ ${#hide[@]} -gt 0 ]; then
    "${hide[@]}" bash -c 'mount -t tmpfs aspmv-hidden "$1" && mount -t tmpfs aspmv-hidden "$2" &&
                          exec bash "$3/installed_tool.sh" "$1" "$2" "$4" "$5" hidden' \
      bash "$build" "$source" "$work" "$python" "$cmake"
  else
    bash "$work/installed_tool.sh" "$build" "$source" "$python" "$cmake"
  fi
  exit $?
fi

# Second phase: from the scratch folder, the trees hidden where possible.
work=$ASPMV_INSTALL_TEST_WORK
cd "$work"
if [ "${5:-}" = hidden ]; then
  [ ! -e "$source/CMakeLists.txt" ] || fail "the source tree is still visible"
  echo "installed_tool: source and build trees hidden (empty folders mounted over $source and $build)"
fi
unset ASPMV_DEMO_DIR ASPMV_REPORT_DIR PYTHONPATH
aspmv=$work/prefix/bin/aspmv

"$aspmv" info >info.txt || { cat info.txt; fail "aspmv info failed"; }
"$aspmv" run >run.txt 2>&1 || { cat run.txt; fail "aspmv run (the demo set) failed"; }
grep -q "west0479 (real) .* ok " run.txt || { cat run.txt; fail "the demo set's real matrix did not run"; }

cat >spec.txt <<EOF
stencil2d-5pt-60x50
rand-uniform-r3000-c3000-m12-s6-seed1
file $work/prefix/share/aspmv/demo/west0479.rua.gz
EOF
"$aspmv" collect --spec spec.txt --out run/ --batches 2 --min-batch-ms 0.2 --blocks-every 2 >collect.txt 2>&1 ||
  { cat collect.txt; fail "aspmv collect failed"; }
grep -q "see run/failures.csv" collect.txt || { cat collect.txt; fail "collect does not name run/failures.csv"; }

# Without the report's packages: a message naming what to run and the
# installed requirements, exit status 3, no traceback.
printf '#!/bin/sh\nexec "%s" -S "$@"\n' "$python" >python-without-packages
chmod +x python-without-packages
if ASPMV_PYTHON=$work/python-without-packages "$aspmv" report --runs run --out report-none 2>none.txt; then
  fail "aspmv report ran without pandas and matplotlib"
fi
grep -q "scripts/python_env.sh" none.txt && grep -qF "$work/prefix/share/aspmv/python/requirements.txt" none.txt &&
  ! grep -q Traceback none.txt || { cat none.txt; fail "aspmv report without its environment: no clear message"; }

if ! "$python" -c "import pandas, matplotlib" 2>/dev/null; then
  echo "installed_tool: $python has no pandas/matplotlib (scripts/python_env.sh): the report itself is not run"
  exit 77
fi
ASPMV_PYTHON=$python "$aspmv" report --runs run --out report >report.txt 2>&1 || { cat report.txt; fail "aspmv report failed"; }
[ -s report/README.md ] || fail "the report wrote no README.md"
grep -q "PLUB" report/README.md || fail "the report has no PLUB table"
echo "installed_tool: info, run (demo set), collect and report ran from the moved install in $work/prefix"
