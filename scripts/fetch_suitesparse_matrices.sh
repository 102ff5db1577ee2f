#!/usr/bin/env bash
# Fetches the small real test matrices of Debian's `suitesparse` source
# package (Matrix Market and Harwell-Boeing / Rutherford-Boeing files of its
# Matrix/, Demo/, Tcov/ and RBio folders) for the project's tests and studies.
#
#   scripts/fetch_suitesparse_matrices.sh
#
# Lands in $ASPMV_CACHE_DIR (default ~/.cache/aspmv):
#   src/                       the Debian source package (as scripts/deps.sh fetches trilinos)
#   matrices/suitesparse/      the matrices aspmv reads, and spec.txt listing them ("file <name>")
# Kept: files that aspmv::io::read_matrix reads without error (checked by a
# tiny program built against src/aspmv/io), that are not empty, and whose
# pattern is new: the same matrix in another format, or its transpose, is
# dropped (the corpus derives transposes itself, and a train/test split must
# not see a matrix twice). Complex matrices and the intentionally malformed
# test inputs (SPQR/Matrix, CHOLMOD/Tcov, Mongoose/Tests) fail the reader.
# The files left out, and why, are listed in matrices/suitesparse/skipped.tsv
# (one summary line in the log). Idempotent: nothing is redone while the
# package, the reader and this script are unchanged. Prints the matrix folder.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# The checker, the source fetch and the candidate extraction are shared with
# scripts/fetch_real_corpus.sh.
source "$(dirname "${BASH_SOURCE[0]}")/matrix_sources.sh"

SRC_DIR="$ASPMV_CACHE_DIR/src"
OUT_DIR="$ASPMV_CACHE_DIR/matrices/suitesparse"

# The candidates: the matrix files of these folders, and RBio's test archives.
CANDIDATES='/(Matrix|Demo|Tcov|RBio)/.*\.(mtx|mm|rb|hb|[rpc][urshz][ae])(\.gz)?$|/RBio/.*\.tar\.gz$'

main() {
  case "${1:-}" in -h|--help) sed -n '2,20p' "$0"; exit 0 ;; esac
  ensure_packages g++ zlib1g-dev xz-utils ca-certificates
  TARBALL=$(fetch_debian_tarball suitesparse "$SRC_DIR")
  build_checker
  local stamp
  stamp=$( (basename "$TARBALL"; basename "$CHECKER"; cat "${BASH_SOURCE[0]}" "$ASPMV_ROOT/scripts/matrix_sources.sh") |
          sha256sum | cut -c1-16)
  cached_output "$OUT_DIR" "$stamp" spec.txt "the suitesparse matrices" && return 0

  WORK=$(mktemp -d "${TMPDIR:-/tmp}/aspmv-suitesparse.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
  local work=$WORK
  mkdir -p "$work/tree" "$work/out"
  log "extracting the test matrices of $(basename "$TARBALL")"
  extract_candidates "$TARBALL" "$CANDIDATES" "$work" >"$work/candidates.txt"
  (cd "$work/tree" && xargs -d '\n' "$CHECKER" <"$work/candidates.txt") >"$work/checked.tsv"

  local version kept=0 skipped=0 repeated=0
  version=$(basename "$TARBALL" | sed -E 's/^suitesparse_(.*)\.orig\.tar\..*$/\1/')
  declare -A seen_pattern=() seen_stem=()
  {
    echo "# Real test matrices of Debian's suitesparse $version source package,"
    echo "# written by scripts/fetch_suitesparse_matrices.sh. Format: perf/corpus/spec.hpp."
  } >"$work/out/spec.txt"
  printf 'file\twhy it was left out\n' >"$work/out/skipped.tsv"
  while IFS=$'\t' read -r status file rows cols nnz hash thash _; do
    if [ "$status" != ok ]; then
      printf '%s\t%s\n' "$file" "$rows" >>"$work/out/skipped.tsv"
      skipped=$((skipped + 1)); continue
    fi
    if [ "$nnz" -eq 0 ]; then
      printf '%s\t%s\n' "$file" "no nonzeros (${rows}x${cols})" >>"$work/out/skipped.tsv"
      skipped=$((skipped + 1)); continue
    fi
    if [ -n "${seen_pattern[$hash]:-}" ] || [ -n "${seen_pattern[$thash]:-}" ]; then
      printf '%s\t%s\n' "$file" "same pattern as ${seen_pattern[$hash]:-${seen_pattern[$thash]}} (or its transpose)" \
        >>"$work/out/skipped.tsv"
      repeated=$((repeated + 1)); continue
    fi
    # Flat names; a stem already taken gets the SuiteSparse package as prefix.
    local base=${file##*/} stem package
    stem=$(stem_of "$file")
    package=${file#*/}; package=${package%%/*}
    if [ -n "${seen_stem[$stem]:-}" ]; then base="${package}_$base"; stem="${package}_$stem"; fi
    [ -z "${seen_stem[$stem]:-}" ] || die "two matrices named $stem"
    seen_stem[$stem]=1
    seen_pattern[$hash]=$file
    seen_pattern[$thash]=$file
    cp "$work/tree/$file" "$work/out/$base"
    printf 'file %-28s # %s, %sx%s, %s nonzeros\n' "$base" "${file#*/}" "$rows" "$cols" "$nnz" >>"$work/out/spec.txt"
    kept=$((kept + 1))
  done <"$work/checked.tsv"
  [ "$kept" -gt 0 ] || die "no matrix of $(basename "$TARBALL") could be read"

  rm -rf "$OUT_DIR"
  mkdir -p "$(dirname "$OUT_DIR")"
  mv "$work/out" "$OUT_DIR"
  echo "$stamp" >"$OUT_DIR/.stamp"
  log "kept $kept matrices in $OUT_DIR ($skipped unreadable or empty, $repeated repeated patterns: which and why in skipped.tsv)"
  echo "$OUT_DIR"
}

main "$@"
