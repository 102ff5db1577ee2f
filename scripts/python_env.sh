#!/usr/bin/env bash
# Makes the Python environment of the study-report pipeline (perf/report) and
# the model-training pipeline (predictors/train) and prints its interpreter's
# path on stdout; everything else goes to stderr.
# The venv lives in $ASPMV_CACHE_DIR/venv (default ~/.cache/aspmv/venv);
# perf/report/requirements.txt and predictors/train/requirements.txt are
# installed into it (one pip call) whenever the sha256 of the two files'
# sha256 lines differs from the stamp of the last successful install.
# LightGBM's wheel needs libgomp (Debian's libgomp1). Idempotent.
# Debian's python3-venv is installed (with sudo when not root) if
# `python3 -m venv` cannot make a venv.
#
#   py="$(scripts/python_env.sh)"
#   PYTHONPATH=perf/report "$py" -m aspmv_report --runs RUN_DIR --out OUT_DIR
#   PYTHONPATH=predictors/train "$py" -m aspmv_train train --measurements DIR --arch ARCH ...
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

requirements=("$ASPMV_ROOT/perf/report/requirements.txt" "$ASPMV_ROOT/predictors/train/requirements.txt")
venv="$ASPMV_CACHE_DIR/venv"
stamp="$venv/.requirements.sha256"

for r in "${requirements[@]}"; do [ -f "$r" ] || die "missing $r"; done
command -v python3 >/dev/null 2>&1 || ensure_packages python3
ensure_packages libgomp1

make_venv() {
  rm -rf "$venv"
  mkdir -p "$ASPMV_CACHE_DIR"
  python3 -m venv "$venv" >&2
}

# A venv whose interpreter no longer runs (python3 upgraded or removed) is made anew.
if [ -x "$venv/bin/python" ] && ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
  log "python venv at $venv is broken: making it anew"
  rm -rf "$venv"
fi

if [ ! -x "$venv/bin/python" ]; then
  log "python venv: creating $venv"
  if ! make_venv; then
    log "python3 -m venv failed: installing Debian's python3-venv"
    ensure_packages python3-venv
    make_venv || die "python3 -m venv $venv failed even with python3-venv installed"
  fi
fi

want="$(cd "$ASPMV_ROOT" && sha256sum "${requirements[@]#"$ASPMV_ROOT/"}" | sha256sum | cut -d' ' -f1)"
have="$(cat "$stamp" 2>/dev/null || true)"
if [ "$want" != "$have" ]; then
  log "python venv: installing ${requirements[*]#"$ASPMV_ROOT/"} (sha256 ${want:0:12})"
  pip_args=()
  for r in "${requirements[@]}"; do pip_args+=(-r "$r"); done
  "$venv/bin/python" -m pip install --disable-pip-version-check -q "${pip_args[@]}" >&2
  printf '%s\n' "$want" >"$stamp"
else
  log "python venv: $venv up to date"
fi

printf '%s\n' "$venv/bin/python"
