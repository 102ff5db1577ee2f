#!/usr/bin/env bash
# The device tool copies the working tree (tracked and untracked files) with the carried paths, 64 MiB in all;
# the tracked tree alone is larger (docs/studies, perf/results, tuning_data/*/measurements: the records no call
# reads). Holds those folders outside the tree for a call and puts them back after:
#   bash perf/device/slim_tree.sh hold      # moves them to $ASPMV_SLIM_HOLD (default /tmp/aspmv-slim-hold)
#   bash perf/device/slim_tree.sh restore   # moves them back (refuses to overwrite anything)
# Keeps perf/results/h200 (where the calls' scripts live) and perf/device. `git status` shows the held folders as
# deleted until restore: never commit in between.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
hold=${ASPMV_SLIM_HOLD:-/tmp/aspmv-slim-hold}
folders=(docs/studies perf/results/h100 perf/results/cpu-x86 perf/results/build-machine)
for m in tuning_data/*/measurements; do folders+=("$m"); done
case ${1:-} in
  hold)
    [ -e "$hold" ] && { echo "slim_tree: $hold exists (restore first)" >&2; exit 1; }
    for f in "${folders[@]}"; do
      [ -d "$f" ] || continue
      mkdir -p "$hold/$(dirname "$f")" && mv "$f" "$hold/$f"
    done
    { git ls-files -z | xargs -0 stat -c %s 2>/dev/null || true; } | awk '{s += $1} END {printf "slim_tree: %.1f MiB tracked left\n", s / 1048576}'
    ;;
  restore)
    [ -d "$hold" ] || { echo "slim_tree: nothing held in $hold" >&2; exit 1; }
    while IFS= read -r -d '' f; do
      rel=${f#"$hold"/}
      [ -e "$rel" ] && { echo "slim_tree: $rel exists in the tree: not overwritten (held copy in $f)" >&2; exit 1; }
      mkdir -p "$(dirname "$rel")" && mv "$f" "$rel"
    done < <(find "$hold" -mindepth 2 -maxdepth 3 -type d \( -path "$hold/docs/studies" -o -path "$hold/perf/results/*" -o -path "$hold/tuning_data/*/measurements" \) -print0)
    find "$hold" -depth -type d -empty -delete
    [ -e "$hold" ] && { echo "slim_tree: $hold not empty after restore" >&2; exit 1; }
    echo "slim_tree: restored"
    ;;
  *) echo "usage: slim_tree.sh hold|restore" >&2; exit 2 ;;
esac
