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

SRC_DIR="$ASPMV_CACHE_DIR/src"
OUT_DIR="$ASPMV_CACHE_DIR/matrices/suitesparse"
CHECKER_DIR="$ASPMV_CACHE_DIR/build/suitesparse-checker"

# Debian's suitesparse source tarball, downloaded once with a private apt
# configuration (Debian's source index; the system's apt sources are untouched).
find_tarball() {
  local f
  for f in "$SRC_DIR"/suitesparse_*.orig.tar.*; do [ -f "$f" ] && { echo "$f"; return 0; }; done
  return 0
}

fetch_source() {
  mkdir -p "$SRC_DIR"
  TARBALL=$(find_tarball)
  [ -n "$TARBALL" ] && return 0
  fetch_debian_source suitesparse "$SRC_DIR"
  TARBALL=$(find_tarball)
  [ -n "$TARBALL" ] || die "apt-get source did not produce $SRC_DIR/suitesparse_*.orig.tar.*"
}

# The checker: reads each file given, prints "ok<TAB>file<TAB>rows<TAB>cols<TAB>nnz<TAB>pattern hash<TAB>
# transposed pattern hash" or "skip<TAB>file<TAB>reason".
CHECKER_SOURCE='
#include <aspmv/io/read_matrix.hpp>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>
namespace {
struct Hash {
  std::uint64_t h = 1469598103934665603ULL;
  void add(std::int64_t v) {
    for (int b = 0; b < 8; ++b) h = (h ^ ((static_cast<std::uint64_t>(v) >> (8 * b)) & 0xff)) * 1099511628211ULL;
  }
};
std::uint64_t pattern_hash(std::int64_t rows, std::int64_t cols, const std::vector<std::int64_t>& off,
                           const std::vector<std::int32_t>& col) {
  Hash h;
  h.add(rows);
  h.add(cols);
  for (auto o : off) h.add(o);
  for (auto c : col) h.add(c);
  return h.h;
}
}  // namespace
int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    try {
      const auto a = aspmv::io::read_matrix(argv[i]);
      std::vector<std::int64_t> off(static_cast<std::size_t>(a.num_cols) + 1, 0);
      for (auto c : a.col_indices) ++off[static_cast<std::size_t>(c) + 1];
      for (std::int32_t j = 0; j < a.num_cols; ++j) off[j + 1] += off[j];
      std::vector<std::int64_t> next(off.begin(), off.end() - 1);
      std::vector<std::int32_t> col(a.col_indices.size());
      for (std::int32_t r = 0; r < a.num_rows; ++r)
        for (auto k = a.row_offsets[r]; k < a.row_offsets[r + 1]; ++k) col[next[a.col_indices[k]]++] = r;
      std::printf("ok\t%s\t%d\t%d\t%lld\t%016llx\t%016llx\n", argv[i], a.num_rows, a.num_cols,
                  static_cast<long long>(a.nnz()),
                  static_cast<unsigned long long>(pattern_hash(a.num_rows, a.num_cols, a.row_offsets, a.col_indices)),
                  static_cast<unsigned long long>(pattern_hash(a.num_cols, a.num_rows, off, col)));
    } catch (const std::exception& e) {
      std::string why = e.what();
      for (auto& c : why) if (c == 9 || c == 10) c = 32;
      std::printf("skip\t%s\t%s\n", argv[i], why.c_str());
    }
  }
  return 0;
}
'

# Builds the checker when the reader sources or the checker changed.
build_checker() {
  local io="$ASPMV_ROOT/src/aspmv/io"
  local key
  key=$( (printf '%s' "$CHECKER_SOURCE"; cat "$io"/*.hpp "$io"/*.cpp "$ASPMV_ROOT/src/aspmv/host_csr.hpp" \
          "$ASPMV_ROOT/src/aspmv/error.hpp"; g++ --version | head -n 1) | sha256sum | cut -c1-16)
  CHECKER="$CHECKER_DIR/check-$key"
  [ -x "$CHECKER" ] && return 0
  log "building the matrix checker against src/aspmv/io"
  rm -rf "$CHECKER_DIR" && mkdir -p "$CHECKER_DIR"
  printf '%s' "$CHECKER_SOURCE" >"$CHECKER_DIR/check.cpp"
  g++ -std=c++17 -O1 -I"$ASPMV_ROOT/src" "$CHECKER_DIR/check.cpp" "$io"/*.cpp -lz -llzma -o "$CHECKER.tmp" ||
    die "could not build the matrix checker (needs g++ and zlib1g-dev)"
  mv "$CHECKER.tmp" "$CHECKER"
}

# Extracts the candidate files of the tarball into $1 (RBio's test archives
# included), one path per line on stdout, in a stable order.
extract_candidates() {
  local work=$1
  local pattern='/(Matrix|Demo|Tcov|RBio)/.*\.(mtx|mm|rb|hb|[rpc][urshz][ae])(\.gz)?$|/RBio/.*\.tar\.gz$'
  tar -tf "$TARBALL" | grep -E "$pattern" | grep -v '/$' >"$work/members.txt" || die "no matrices in $TARBALL"
  tar -xf "$TARBALL" -C "$work/tree" -T "$work/members.txt"
  # Nested archives (RBio/Tcov/matrices/*.tar.gz): their matrix files only.
  while IFS= read -r m; do
    case "$m" in *.tar.gz)
      local dest="$work/tree/${m%.tar.gz}.d"
      mkdir -p "$dest"
      tar -xzf "$work/tree/$m" -C "$dest" --wildcards '*.rb' '*.rua' '*.rsa' '*.mtx' 2>/dev/null || true ;;
    esac
  done <"$work/members.txt"
  (cd "$work/tree" && find . -type f | grep -E '\.(mtx|mm|rb|hb|[rpc][urshz][ae])(\.gz)?$' | sed 's|^\./||' |
    LC_ALL=C sort)
}

# The file's stem, as spec files name it: "a/b/foo.mtx.gz" -> "foo".
stem_of() {
  local base=${1##*/}
  base=${base%.gz}
  echo "${base%.*}"
}

main() {
  case "${1:-}" in -h|--help) sed -n '2,20p' "$0"; exit 0 ;; esac
  ensure_packages g++ zlib1g-dev xz-utils ca-certificates
  fetch_source
  build_checker
  local stamp
  stamp=$( (basename "$TARBALL"; basename "$CHECKER"; cat "${BASH_SOURCE[0]}") | sha256sum | cut -c1-16)
  if [ -f "$OUT_DIR/.stamp" ] && [ "$(cat "$OUT_DIR/.stamp")" = "$stamp" ] && [ -f "$OUT_DIR/spec.txt" ]; then
    log "the suitesparse matrices are up to date in $OUT_DIR"
    echo "$OUT_DIR"
    return 0
  fi

  WORK=$(mktemp -d "${TMPDIR:-/tmp}/aspmv-suitesparse.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
  local work=$WORK
  mkdir -p "$work/tree" "$work/out"
  log "extracting the test matrices of $(basename "$TARBALL")"
  extract_candidates "$work" >"$work/candidates.txt"
  (cd "$work/tree" && xargs -d '\n' "$CHECKER" <"$work/candidates.txt") >"$work/checked.tsv"

  local version kept=0 skipped=0 repeated=0
  version=$(basename "$TARBALL" | sed -E 's/^suitesparse_(.*)\.orig\.tar\..*$/\1/')
  declare -A seen_pattern=() seen_stem=()
  {
    echo "# Real test matrices of Debian's suitesparse $version source package,"
    echo "# written by scripts/fetch_suitesparse_matrices.sh. Format: perf/corpus/spec.hpp."
  } >"$work/out/spec.txt"
  printf 'file\twhy it was left out\n' >"$work/out/skipped.tsv"
  while IFS=$'\t' read -r status file rows cols nnz hash thash; do
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
