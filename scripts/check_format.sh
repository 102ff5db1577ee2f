#!/usr/bin/env bash
# Checks that every tracked C++ file is formatted as .clang-format says, and
# prints the files that are not.
#
#   scripts/check_format.sh            check (clang-format --dry-run --Werror); exit 1 on any offender
#   scripts/check_format.sh --fix      reformat those files in place
#   scripts/check_format.sh [--fix] FILE...   only these files
#
# The files: `git ls-files '*.cpp' '*.hpp' '*.h'` minus EXCLUDE below. The
# style is clang-format 14's (Debian 12); other versions format a few
# constructs differently, so CI's verdict is the one that counts.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ASPMV_ROOT"

# Not ours to format: fuzzer seed inputs (and, should they appear, vendored or generated code).
EXCLUDE='^(tests/fuzz/corpus/|third_party/|build/)'

fix=0 files=()
for a in "$@"; do
  case "$a" in
    --fix) fix=1 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) files+=("$a") ;;
  esac
done

ensure_packages clang-format
clang_format=${CLANG_FORMAT:-clang-format}
version=$("$clang_format" --version | sed -n 's/.*version \([0-9]*\)\..*/\1/p')
[ "$version" = 14 ] || log "warning: $("$clang_format" --version) is not clang-format 14 (Debian 12); results may differ from CI"

if [ ${#files[@]} -eq 0 ]; then
  mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.h' | grep -Ev "$EXCLUDE")
fi
[ ${#files[@]} -gt 0 ] || die "no C++ files to check"

if [ $fix -eq 1 ]; then
  # clang-format is not always idempotent (#ifdef branches inside an
  # expression settle on the second pass), so apply it until --dry-run agrees.
  for pass in 1 2 3; do
    "$clang_format" -i --style=file "${files[@]}"
    if "$clang_format" --dry-run --Werror --style=file "${files[@]}" 2>/dev/null; then
      log "formatted ${#files[@]} files in $pass pass(es) (git diff shows what changed)"
      exit 0
    fi
  done
  die "clang-format did not settle after 3 passes; run scripts/check_format.sh to see where"
fi

# One clang-format run over all files; its diagnostics name file:line:col.
out=$("$clang_format" --dry-run --Werror --style=file "${files[@]}" 2>&1) && status=0 || status=$?
if [ $status -eq 0 ]; then
  log "format: ${#files[@]} files clean"
  exit 0
fi
offenders=$(printf '%s\n' "$out" | sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' | sort | uniq -c)
if [ -z "$offenders" ]; then
  printf '%s\n' "$out" >&2
  die "clang-format failed (exit $status)"
fi
echo "files not formatted as .clang-format says (count of places):"
printf '%s\n' "$offenders"
log "format: $(printf '%s\n' "$offenders" | wc -l) of ${#files[@]} files need formatting; fix with scripts/check_format.sh --fix"
exit 1
