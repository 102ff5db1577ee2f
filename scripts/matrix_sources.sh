# shellcheck shell=bash
# Shared helpers of the scripts that gather real matrices from packages
# (scripts/fetch_suitesparse_matrices.sh, scripts/fetch_real_corpus.sh).
# Source it after common.sh; do not run it.
#
#   build_checker                        sets CHECKER: the reader checker, rebuilt when src/aspmv/io changes
#   find_debian_tarball PKG DIR          prints DIR/PKG_*.orig.tar.* (nothing when absent)
#   debian_source_version PKG DIR        prints the Debian version of the fetched source ("13.2.0-4")
#   fetch_debian_tarball PKG DIR         fetches the source package once; prints its .orig tarball
#   extract_candidates TARBALL RE WORK [FILES_RE]
#                                        extracts the members matching RE into WORK/tree; prints the matrix files
#   stem_of PATH                         "a/b/foo.mtx.gz" -> "foo", as spec files name a file

# The checker: reads each file given, prints "ok<TAB>file<TAB>rows<TAB>cols<TAB>nnz<TAB>pattern hash<TAB>
# transposed pattern hash<TAB>off-diagonal nonzeros<TAB>off-diagonal pattern hash<TAB>its transpose's"
# or "skip<TAB>file<TAB>reason". The off-diagonal hashes find a graph and
# the same graph with its diagonal (a Laplacian, a mesh's matrix).
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
// The pattern without its diagonal: hash and count.
std::uint64_t off_diagonal_hash(std::int64_t rows, std::int64_t cols, const std::vector<std::int64_t>& off,
                                const std::vector<std::int32_t>& col, long long* count) {
  std::vector<std::int64_t> o(1, 0);
  std::vector<std::int32_t> c;
  for (std::int64_t r = 0; r < rows; ++r) {
    for (auto k = off[r]; k < off[r + 1]; ++k)
      if (col[k] != r) c.push_back(col[k]);
    o.push_back(static_cast<std::int64_t>(c.size()));
  }
  *count = static_cast<long long>(c.size());
  return pattern_hash(rows, cols, o, c);
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
      long long off_nnz = 0, off_nnz_t = 0;
      const auto off_hash = off_diagonal_hash(a.num_rows, a.num_cols, a.row_offsets, a.col_indices, &off_nnz);
      const auto off_hash_t = off_diagonal_hash(a.num_cols, a.num_rows, off, col, &off_nnz_t);
      std::printf("ok\t%s\t%d\t%d\t%lld\t%016llx\t%016llx\t%lld\t%016llx\t%016llx\n", argv[i], a.num_rows,
                  a.num_cols, static_cast<long long>(a.nnz()),
                  static_cast<unsigned long long>(pattern_hash(a.num_rows, a.num_cols, a.row_offsets, a.col_indices)),
                  static_cast<unsigned long long>(pattern_hash(a.num_cols, a.num_rows, off, col)), off_nnz,
                  static_cast<unsigned long long>(off_hash), static_cast<unsigned long long>(off_hash_t));
    } catch (const std::exception& e) {
      std::string why = e.what();
      for (auto& c : why) if (c == 9 || c == 10) c = 32;
      std::printf("skip\t%s\t%s\n", argv[i], why.c_str());
    }
  }
  return 0;
}
'

# The file names the reader takes for matrices (read_matrix.cpp), as an ERE suffix.
MATRIX_FILE_RE='\.(mtx|mm|rb|hb|[rpc][urshz][ae])(\.gz)?$'

# Builds the checker into $ASPMV_CACHE_DIR/build/matrix-checker when the
# reader sources or the checker changed; sets CHECKER to its path (its name
# carries the key, so that a stamp over it notices a new reader).
build_checker() {
  local io="$ASPMV_ROOT/src/aspmv/io" dir="$ASPMV_CACHE_DIR/build/matrix-checker"
  local key
  key=$( (printf '%s' "$CHECKER_SOURCE"; cat "$io"/*.hpp "$io"/*.cpp "$ASPMV_ROOT/src/aspmv/host_csr.hpp" \
          "$ASPMV_ROOT/src/aspmv/error.hpp"; g++ --version | head -n 1) | sha256sum | cut -c1-16)
  CHECKER="$dir/check-$key"
  [ -x "$CHECKER" ] && return 0
  log "building the matrix checker against src/aspmv/io"
  rm -rf "$dir" && mkdir -p "$dir"
  printf '%s' "$CHECKER_SOURCE" >"$dir/check.cpp"
  # zlib always; liblzma once the reader reads .xz files.
  local libs=(-lz)
  if grep -q '<lzma.h>' "$io"/*.cpp "$io"/*.hpp; then
    ensure_packages liblzma-dev
    libs+=(-llzma)
  fi
  g++ -std=c++17 -O1 -I"$ASPMV_ROOT/src" "$dir/check.cpp" "$io"/*.cpp "${libs[@]}" -o "$CHECKER.tmp" ||
    die "could not build the matrix checker (needs g++, zlib1g-dev and, for .xz, liblzma-dev)"
  mv "$CHECKER.tmp" "$CHECKER"
}

# cached_output OUT_DIR STAMP MARKER WHAT: true (and OUT_DIR printed) when
# OUT_DIR holds a finished build of STAMP: its .stamp says STAMP and the file
# MARKER exists; WHAT names it in the log line ("the ... matrices").
cached_output() {
  [ -f "$1/.stamp" ] && [ "$(cat "$1/.stamp")" = "$2" ] && [ -f "$1/$3" ] || return 1
  log "$4 are up to date in $1"
  echo "$1"
}

find_debian_tarball() {
  local f
  for f in "$2/$1"_*.orig.tar.*; do
    case "$f" in *.asc) continue ;; esac
    [ -f "$f" ] && { echo "$f"; return 0; }
  done
  return 0
}

debian_source_version() {
  local f
  for f in "$2/$1"_*.dsc; do
    [ -f "$f" ] || continue
    f=${f##*/}; f=${f#"$1"_}; echo "${f%.dsc}"; return 0
  done
  echo unknown
}

# Debian's source package, downloaded once with common.sh's private apt
# configuration (apt-get source checks the files against the .dsc).
fetch_debian_tarball() {
  local package=$1 dir=$2 tarball
  mkdir -p "$dir"
  tarball=$(find_debian_tarball "$package" "$dir")
  if [ -z "$tarball" ]; then
    fetch_debian_source "$package" "$dir" >&2
    tarball=$(find_debian_tarball "$package" "$dir")
    [ -n "$tarball" ] || die "apt-get source did not produce $dir/${package}_*.orig.tar.*"
  fi
  echo "$tarball"
}

# Extracts the members of TARBALL whose path matches the ERE RE into
# WORK/tree (nested *.tar.gz members that match are unpacked beside
# themselves, into NAME.d/, their matrix files only), and prints the files
# below WORK/tree whose name matches FILES_RE (default MATRIX_FILE_RE), one
# relative path per line, in a stable order. WORK/members.txt keeps the
# member list.
extract_candidates() {
  local tarball=$1 pattern=$2 work=$3 files_re=${4:-$MATRIX_FILE_RE}
  mkdir -p "$work/tree"
  tar -tf "$tarball" | grep -E "$pattern" | grep -v '/$' >"$work/members.txt" || die "no matrices in $tarball"
  tar -xf "$tarball" -C "$work/tree" -T "$work/members.txt"
  local m dest
  while IFS= read -r m; do
    case "$m" in *.tar.gz)
      dest="$work/tree/${m%.tar.gz}.d"
      mkdir -p "$dest"
      tar -xzf "$work/tree/$m" -C "$dest" --wildcards '*.rb' '*.rua' '*.rsa' '*.mtx' 2>/dev/null || true ;;
    esac
  done <"$work/members.txt"
  (cd "$work/tree" && find . -type f | grep -E "$files_re" | sed 's|^\./||' | LC_ALL=C sort)
}

# The file's stem, as spec files name it: "a/b/foo.mtx.gz" -> "foo".
stem_of() {
  local base=${1##*/}
  base=${base%.gz}
  echo "${base%.*}"
}
