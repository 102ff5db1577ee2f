#!/usr/bin/env bash
# Gathers the project's corpus of real sparse matrices from packages and the
# shared sets, de-duplicated, with a manifest that says where each came from.
#
#   scripts/fetch_real_corpus.sh [--slice N]
#
# Sources, in this order (the first source of a matrix keeps it and its name):
#   shared:real, shared:real2   $ASPMV_SHARED_MATRICES/{real,real2} (default
#                               $ASPMV_ROOT/../shared/matrices); real2's .mtx.xz
#                               are re-compressed to .mtx.gz
#   debian:<package>_<version>  the matrix files inside Debian bookworm's
#                               source packages suitesparse, trilinos, rmatrix
#                               (R's Matrix), metis and scotch (METIS, Chaco and
#                               Scotch graph files converted to Matrix Market)
#   pypi:<package>==<version>   scipy's sdist (the linprog benchmark problems,
#                               numpy .npz files, converted: [A_ub; A_eq]) and
#                               pyamg's wheel (its gallery's .mat files)
# Kept: what aspmv::io::read_matrix reads (checked by the program of
# scripts/matrix_sources.sh), not a vector (1 row or 1 column), at least 1,000
# nonzeros, not dense (under half the entries nonzero), and new: the same
# pattern or its transpose, or the same (min(m,n), max(m,n), nnz) in an
# earlier source, is a copy.
#
# Lands in $ASPMV_CACHE_DIR (default ~/.cache/aspmv):
#   src/, pypi/                   the downloaded packages (kept: later runs, slices included, reuse them)
#   matrices/real-corpus/         the matrices (flat; a stem taken already gets a source prefix), and
#     spec.txt                    "file <name>" per matrix (perf/corpus/spec.hpp), sorted by name
#     MANIFEST.tsv                name group domain source source_path sha256 rows cols nnz conversion
#     skipped.tsv                 the candidate files left out, and why
# --slice N keeps the first N matrices of each source (in path order, the
# files read as they are before the converted ones) and
# writes matrices/real-corpus-slice-N/ instead (a quick check of the script).
# Idempotent: nothing is redone while the sources, the reader, the
# converter and the scripts are unchanged. Prints the output folder.
# scripts/real_corpus_summary.py summarises the manifest.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/matrix_sources.sh"

SRC_DIR="$ASPMV_CACHE_DIR/src"
PYPI_DIR="$ASPMV_CACHE_DIR/pypi"
SHARED_DIR="${ASPMV_SHARED_MATRICES:-$ASPMV_ROOT/../shared/matrices}"
CONVERTER="$ASPMV_ROOT/scripts/matrix_convert.py"

DEBIAN_PACKAGES=(suitesparse trilinos rmatrix metis scotch)
PYPI_SDISTS=(scipy==1.10.1)   # the sdist: scipy's wheels leave the benchmarks out
PYPI_WHEELS=(pyamg==5.4.1)

# The members of each Debian source package that may hold a matrix; what
# they hold is decided by their content (classify below).
debian_members_re() {
  case "$1" in
    # Not its vendored METIS (the metis package supplies those graphs) nor
    # the index of the online collection.
    suitesparse) echo '^[^/]+/([^m]|m[^e]|me[^t]).*\.(mtx|mm|rb|hb|[rpc][urshz][ae]|graph|mat)(\.gz)?$|/RBio/.*\.tar\.gz$' ;;
    trilinos)    echo '/packages/.*\.(mtx|mm|mat|dat|txt|m|rb|hb|[rpc][urshz][ae]|graph)(\.gz)?$' ;;
    rmatrix)     echo '/inst/external/.*\.(mtx|rb|[rpc][urshz][ae])$' ;;
    metis)       echo '/graphs/.*\.(graph|mgraph)$' ;;
    scotch)      echo '/(grf|src/check/data)/.*\.grf(\.gz)?$' ;;
  esac
}
pypi_members_re() {
  case "$1" in
    scipy) echo '/benchmarks/benchmarks/linprog_benchmark_files/.*\.npz$' ;;
    pyamg) echo '^pyamg/gallery/example_data/.*\.mat$' ;;
  esac
}

# ---------------------------------------------------------------- fetching

fetch_debian() {
  local p
  for p in "${DEBIAN_PACKAGES[@]}"; do fetch_debian_tarball "$p" "$SRC_DIR" >/dev/null; done
}

# The cached PyPI file of a requirement "name==version" ("" when absent).
pypi_file() {
  local name=${1%%==*} version=${1#*==} f
  for f in "$PYPI_DIR/$name-$version.tar.gz" "$PYPI_DIR/$name-$version-"*.whl; do
    [ -f "$f" ] && { echo "$f"; return 0; }
  done
  return 0
}

# pip downloads a sdist only after asking its build backend for the
# metadata, which for meson-python means building the package. This stand-in
# backend answers from the sdist's own PKG-INFO instead; pip still checks
# the file against the index's hash.
PIP_METADATA_SHIM='
import os, shutil
def get_requires_for_build_wheel(config_settings=None):
    return []
def prepare_metadata_for_build_wheel(directory, config_settings=None):
    meta = {}
    with open("PKG-INFO", encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                break
            key, _, value = line.partition(":")
            meta.setdefault(key, value.strip())
    info = "%s-%s.dist-info" % (meta["Name"].replace("-", "_"), meta["Version"])
    os.makedirs(os.path.join(directory, info))
    shutil.copy("PKG-INFO", os.path.join(directory, info, "METADATA"))
    return info
'

fetch_pypi() {
  local req absent=0 py shim
  for req in "${PYPI_SDISTS[@]}" "${PYPI_WHEELS[@]}"; do [ -n "$(pypi_file "$req")" ] || absent=1; done
  [ "$absent" = 1 ] || return 0
  mkdir -p "$PYPI_DIR"
  py=$("$ASPMV_ROOT/scripts/python_env.sh")
  for req in "${PYPI_WHEELS[@]}"; do
    [ -n "$(pypi_file "$req")" ] && continue
    log "downloading $req (wheel) from PyPI"
    "$py" -m pip download -q --no-deps --only-binary :all: -d "$PYPI_DIR" "$req" >&2
  done
  for req in "${PYPI_SDISTS[@]}"; do
    [ -n "$(pypi_file "$req")" ] && continue
    log "downloading $req (sdist) from PyPI"
    shim=$(mktemp -d "${TMPDIR:-/tmp}/aspmv-pipshim.XXXXXX")
    printf '%s' "$PIP_METADATA_SHIM" >"$shim/mesonpy.py"
    PYTHONPATH="$shim" "$py" -m pip download -q --no-deps --no-binary "${req%%==*}" --no-build-isolation \
      -d "$PYPI_DIR" "$req" >&2 || { rm -rf "$shim"; die "pip could not download $req"; }
    rm -rf "$shim"
  done
  for req in "${PYPI_SDISTS[@]}" "${PYPI_WHEELS[@]}"; do
    [ -n "$(pypi_file "$req")" ] || die "pip did not produce $req in $PYPI_DIR"
  done
}

# ---------------------------------------------------------------- what a file is

# Lower-cased text of a file's first bytes (gzip or not).
head_text() {
  case "$1" in
    *.gz) gzip -dc "$1" 2>/dev/null | head -c "${2:-4096}" || true ;;
    *) head -c "${2:-4096}" "$1" ;;
  esac | tr -d '\000' | tr '[:upper:]' '[:lower:]'
}

# The kind of a candidate file, in CLASS: mm, hb (read as they are), graph,
# grf, lp-npz, mat (converted), or "" (not a matrix file: code, text, numbers
# without a header). Sets a variable rather than printing: no fork per file.
classify() {
  local f=$1 base=${1##*/} head=""
  base=${base%.gz}
  base=${base,,}
  CLASS=""
  case "${base##*.}" in
    graph|mgraph) CLASS=graph; return ;;
    grf) CLASS=grf; return ;;
    npz) CLASS=lp-npz; return ;;
  esac
  if [[ "$base" =~ \.(rb|hb|[rpc][urshz][ae])$ ]]; then CLASS=hb; return; fi
  case "$f" in
    *.gz) head=$(head_text "$f" 20) ;;
    *) IFS= read -r -n 20 head <"$f" 2>/dev/null || true; head=${head,,} ;;
  esac
  case "$head" in
    %%matrixmarket*) CLASS=mm; return ;;
    "matlab 5.0 mat-file"*) CLASS=mat; return ;;
  esac
  case "$base" in *.mtx|*.mm) CLASS=mm ;; esac   # no banner: the reader says why
}

# The coarse domain of a free text (a manifest's domain, a SuiteSparse
# "kind:", a title, a path): graph mesh fem cfd circuit lp optimization
# chemistry economics power statistics em other.
domain_of_text() {
  local t
  t=$(printf '%s' "$1" | tr '[:upper:]' '[:lower:]')
  if   grep -Eq '(^|[^a-z])lp([^a-z]|$)|linear program' <<<"$t"; then echo lp
  elif grep -Eq 'optimi|(^|[^a-z])qp([^a-z]|$)|quadratic program' <<<"$t"; then echo optimization
  elif grep -Eq 'circuit' <<<"$t"; then echo circuit
  elif grep -Eq 'power (system|network|grid|flow)|admittance|(^|[^a-z])bus([^a-z]|$)' <<<"$t"; then echo power
  elif grep -Eq 'chemi|quantum|molecul' <<<"$t"; then echo chemistry
  elif grep -Eq 'electromag|maxwell|(^|[^a-z])mhd|tokamak|magnet' <<<"$t"; then echo em
  elif grep -Eq 'econom' <<<"$t"; then echo economics
  elif grep -Eq 'statisti|regression|least.squares|covarian' <<<"$t"; then echo statistics
  elif grep -Eq 'meshtying' <<<"$t"; then echo fem
  elif grep -Eq 'mesh|delaunay' <<<"$t"; then echo mesh
  elif grep -Eq 'structur|stiffness|(^|[^a-z])fem([^a-z]|$)|finite.element|elastic|thermal|heat|2d/3d|acoustic|model reduction|materials|semiconductor' <<<"$t"; then echo fem
  elif grep -Eq 'fluid|cfd|navier|stokes|flow|reynolds|reservoir|cavity|nsjac|/lsc_' <<<"$t"; then echo cfd
  elif grep -Eq 'graph|network|(^|[^a-z])web([^a-z]|$)|citation|social|collaboration|internet|co-occurrence|dependenc|thesaurus|protein|gene co-expression|genetic' <<<"$t"; then echo graph
  else echo other; fi
}

# The domain of a file read as it is (Matrix Market: SuiteSparse's "kind:"
# line, else its comments; Harwell-Boeing: its title), with the path as a
# last hint.
# Copies of well-known collections' families, known by their file name
# (Harwell-Boeing's, R-MAT, cage); "" for any other name.
domain_of_name() {
  local name
  name=$(basename "$1" | tr '[:upper:]' '[:lower:]'); name=${name#in_}
  case "$name" in
    bcsstk*|bcsstm*|nos[0-9]*|dwt_*|can_[0-9]*|lund_*|gr_30_30*|wathen*) echo fem ;;
    west[0-9]*|impcol*|fs_[0-9]*) echo chemistry ;;
    sherman*|orsirr*|orsreg*|saylr*|pores_*) echo cfd ;;
    utm[0-9]*) echo em ;;
    bcspwr*|*_bus.*|gemat*) echo power ;;
    rmat_*|cage[0-9]*) echo graph ;;
  esac
}

domain_of_file() {
  local f=$1 kind=$2 path=$3 text d hint
  hint="$(basename "$(dirname "$path")")/$(basename "$path")"   # the folder and the name, not the package
  d=$(domain_of_name "$path")
  [ -n "$d" ] && { echo "$d"; return; }
  case "$kind" in
    mm)
      text=$(head_text "$f" 8192 | grep '^%' | grep -v '^%%matrixmarket' | head -n 40 || true)
      d=$(grep -m1 -E '^%[[:space:]]*kind:' <<<"$text" || true)
      [ -n "$d" ] && { domain_of_text "$d"; return; }
      text="$text $hint" ;;
    hb) text="$(head_text "$f" 80 | head -n 1) $hint" ;;
    *) text=$hint ;;
  esac
  domain_of_text "$text"
}

# The output extension of a file read as it is.
output_ext() {
  local f=$1 kind=$2 gz="" base=${1##*/} type
  case "$base" in *.gz) gz=.gz; base=${base%.gz} ;; esac
  if [ "$kind" = mm ]; then echo ".mtx$gz"; return; fi
  case "${base##*.}" in
    hb|HB)
      # Harwell-Boeing under its type's name (RUA -> .rua): the reader takes both.
      type=$(head_text "$f" 400 | sed -n '3p' | cut -c1-3)
      if printf '%s' "$type" | grep -Eq '^[rpc][urshz][ae]$'; then echo ".$type$gz"; else echo ".rb$gz"; fi ;;
    *) echo ".$(printf '%s' "${base##*.}" | tr '[:upper:]' '[:lower:]')$gz" ;;
  esac
}

# A spec-safe stem: letters, digits and . _ + - only, no "--", no "-T" at the end.
safe_stem() {
  local s
  s=$(printf '%s' "$1" | tr -c 'A-Za-z0-9._+-' '_' | sed -E 's/-{2,}/-/g; s/-T$/_T/')
  echo "${s:-matrix}"
}

# ---------------------------------------------------------------- the corpus

# The candidates of one source, "kind<TAB>path" (path below $WORK/tree/<id>/,
# or absolute for the shared sets): the files read as they are, then those
# to convert, each in path order.
list_candidates() {
  local id=$1 f dir
  case "$id" in
    real)
      for f in "$SHARED_DIR/real/"*.mtx.gz; do [ -f "$f" ] && printf 'mm\t%s\n' "$f"; done ;;
    real2)
      for f in "$SHARED_DIR/real2/"*.mtx.xz; do [ -f "$f" ] && printf 'xz\t%s\n' "$f"; done ;;
    *)
      dir="$WORK/tree/$id"
      mkdir -p "$dir"
      case "$id" in
        scipy|pyamg)
          f=$(pypi_file "$(pypi_requirement "$id")")
          case "$f" in
            *.whl) unzip -Z1 "$f" | grep -E "$(pypi_members_re "$id")" >"$dir.members" || true
                   [ -s "$dir.members" ] && xargs -d '\n' unzip -q -o "$f" -d "$dir" <"$dir.members" ;;
            *) tar -tzf "$f" | grep -E "$(pypi_members_re "$id")" >"$dir.members" || true
               tar -xzf "$f" -C "$dir" -T "$dir.members" ;;
          esac ;;
        *)
          extract_candidates "$(find_debian_tarball "$id" "$SRC_DIR")" "$(debian_members_re "$id")" "$dir.x" \
            '.' >/dev/null
          rm -rf "$dir" && mv "$dir.x/tree" "$dir" && mv "$dir.x/members.txt" "$dir.members" && rm -rf "$dir.x" ;;
      esac
      # Files read as they are first, then those converted (the original wins over a conversion).
      (cd "$dir" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) | while IFS= read -r f; do
        classify "$dir/$f"
        case "$CLASS" in
          mm|hb) printf '0\t%s\t%s\n' "$CLASS" "$f" ;;
          ?*) printf '1\t%s\t%s\n' "$CLASS" "$f" ;;
        esac
      done | LC_ALL=C sort -s -t$'\t' -k1,1 | cut -f2- ;;
  esac
  return 0
}

pypi_requirement() {
  local r
  for r in "${PYPI_SDISTS[@]}" "${PYPI_WHEELS[@]}"; do [ "${r%%==*}" = "$1" ] && { echo "$r"; return 0; }; done
}

# The manifest's source, and the group of a file (its source package and sub-collection).
source_label() {
  case "$1" in
    real|real2) echo "shared:$1" ;;
    scipy|pyamg) echo "pypi:$(pypi_requirement "$1")" ;;
    *) echo "debian:${1}_$(debian_source_version "$1" "$SRC_DIR")" ;;
  esac
}
group_of() {
  local id=$1 path=$2 domain=$3 sub
  case "$id" in
    real|real2) echo "$id/$domain" ;;
    trilinos) sub=${path#*/packages/}; echo "trilinos/${sub%%/*}" ;;
    suitesparse) sub=${path#*/}; echo "suitesparse/${sub%%/*}" ;;
    rmatrix) echo "rmatrix/external" ;;
    metis) echo "metis/graphs" ;;
    scotch) case "$path" in */grf/*) echo scotch/grf ;; *) echo scotch/check ;; esac ;;
    scipy) case "$path" in */infeasible/*) echo pypi-scipy/linprog-infeasible ;; *) echo pypi-scipy/linprog ;; esac ;;
    pyamg) echo pypi-pyamg/gallery ;;
  esac
}

# The shared sets' domain text, by file name, from their MANIFEST.tsv.
shared_domain_text() {
  local set=$1 file=$2
  awk -F'\t' -v want="$file" -v set="$set" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { key = ("file" in col) ? $col["file"] : $col["name"] ".mtx.xz"
      if (key == want) { print $col["domain"]; exit } }' "$SHARED_DIR/$set/MANIFEST.tsv"
}

SOURCES=(real real2 "${DEBIAN_PACKAGES[@]}" scipy pyamg)

main() {
  local slice=0
  while [ $# -gt 0 ]; do
    case "$1" in
      --slice)
        if [ $# -lt 2 ] || ! [ "$2" -gt 0 ] 2>/dev/null; then die "--slice needs a positive count"; fi
        slice=$2; shift 2 ;;
      -h|--help) sed -n '2,/^# scripts\/real_corpus_summary/p' "$0"; exit 0 ;;
      *) die "unknown argument '$1' (see --help)" ;;
    esac
  done
  local out_dir="$ASPMV_CACHE_DIR/matrices/real-corpus"
  [ "$slice" -gt 0 ] && out_dir="$ASPMV_CACHE_DIR/matrices/real-corpus-slice-$slice"
  if ! [ -f "$SHARED_DIR/real/MANIFEST.tsv" ] || ! [ -f "$SHARED_DIR/real2/MANIFEST.tsv" ]; then
    die "no shared matrix sets in $SHARED_DIR (set ASPMV_SHARED_MATRICES)"
  fi

  ensure_packages g++ zlib1g-dev xz-utils gzip unzip ca-certificates
  fetch_debian
  fetch_pypi
  build_checker
  local stamp req p
  stamp=$( (for p in "${DEBIAN_PACKAGES[@]}"; do basename "$(find_debian_tarball "$p" "$SRC_DIR")"
                                                debian_source_version "$p" "$SRC_DIR"; done
            for req in "${PYPI_SDISTS[@]}" "${PYPI_WHEELS[@]}"; do basename "$(pypi_file "$req")"; done
            sha256sum "$SHARED_DIR/real/MANIFEST.tsv" "$SHARED_DIR/real2/MANIFEST.tsv" | cut -c1-64
            (cd "$SHARED_DIR" && find real real2 -maxdepth 1 -type f -printf '%s %p\n' | LC_ALL=C sort)
            basename "$CHECKER"; echo "slice $slice"
            cat "${BASH_SOURCE[0]}" "$ASPMV_ROOT/scripts/matrix_sources.sh" "$CONVERTER") | sha256sum | cut -c1-16)
  cached_output "$out_dir" "$stamp" MANIFEST.tsv "the real-corpus matrices" && return 0

  WORK=$(mktemp -d "${TMPDIR:-/tmp}/aspmv-real-corpus.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
  mkdir -p "$WORK/out" "$WORK/tree" "$WORK/conv"
  local py=""
  : >"$WORK/manifest.body"
  : >"$WORK/files.tsv"
  printf 'file\twhy it was left out\n' >"$WORK/out/skipped.tsv"

  declare -A seen_pattern=() seen_offdiag=() seen_size=() taken=()
  local id kept total_kept=0 total_skipped=0 label
  for id in "${SOURCES[@]}"; do
    label=$(source_label "$id")
    log "$label: listing the candidates"
    list_candidates "$id" >"$WORK/candidates-$id.tsv"
    kept=0
    local kind path file conv how status rows cols nnz hash thash why
    while IFS=$'\t' read -r kind path; do
      [ "$slice" -gt 0 ] && [ "$kept" -ge "$slice" ] && break
      local shown=$path src_path=$path
      case "$id" in
        real|real2) shown="$id/${path##*/}"; src_path=$shown; file=$path ;;
        *) file="$WORK/tree/$id/$path"
           # A file of a nested archive (RBio's test matrices): "archive.tar.gz:inner/path".
           if [[ "$path" =~ ^(.*)\.d/(.*)$ ]] && grep -Fxq "${BASH_REMATCH[1]}.tar.gz" "$WORK/tree/$id.members"; then
             src_path="${BASH_REMATCH[1]}.tar.gz:${BASH_REMATCH[2]}"; shown=$src_path
           fi ;;
      esac
      conv=none
      case "$kind" in
        xz)
          file="$WORK/conv/$id-${path##*/}"; file="${file%.xz}.gz"
          xz -dc "$path" | gzip -n >"$file"
          conv="xz -> gzip (the same Matrix Market text)" ;;
        graph|grf|lp-npz|mat)
          [ -n "$py" ] || py=$("$ASPMV_ROOT/scripts/python_env.sh")
          local target="$WORK/conv/$id/${path%.gz}.mtx.gz"
          mkdir -p "$(dirname "$target")"
          if how=$("$py" -W ignore "$CONVERTER" "$kind" "$file" "$target"); then
            file=$target; conv=$how
          else
            printf '%s:%s\t%s\n' "$label" "$shown" "${how:-the converter failed}" >>"$WORK/out/skipped.tsv"
            total_skipped=$((total_skipped + 1)); continue
          fi ;;
      esac
      IFS=$'\t' read -r status _ rows cols nnz hash thash off_nnz ohash othash < <("$CHECKER" "$file")
      why=""
      if [ "$status" != ok ]; then why=${rows//"$file:"/line }; why=${why//"$file"/$shown}
      elif [ "$nnz" -eq 0 ]; then why="no nonzeros (${rows}x${cols})"
      elif [ "$rows" -eq 1 ] || [ "$cols" -eq 1 ]; then why="vector (${rows}x${cols})"
      elif [ "$nnz" -lt 1000 ]; then why="under 1,000 nonzeros ($nnz, ${rows}x${cols})"
      elif [ $((2 * nnz)) -ge $((rows * cols)) ]; then why="dense ($nnz of ${rows}x${cols} entries nonzero)"
      elif [ "$off_nnz" -eq 0 ]; then why="diagonal ($nnz nonzeros, none off the diagonal)"
      elif [ -n "${seen_pattern[$hash]:-}" ] || [ -n "${seen_pattern[$thash]:-}" ]; then
        why="same pattern as ${seen_pattern[$hash]:-${seen_pattern[$thash]}} (or its transpose)"
      elif [ -n "${seen_offdiag[$ohash]:-}" ] || [ -n "${seen_offdiag[$othash]:-}" ]; then
        why="same pattern off the diagonal as ${seen_offdiag[$ohash]:-${seen_offdiag[$othash]}} (or its transpose)"
      else
        local size_key
        if [ "$rows" -le "$cols" ]; then size_key="$rows $cols $nnz"; else size_key="$cols $rows $nnz"; fi
        if [ -n "${seen_size[$size_key]:-}" ] && [ "${seen_size[$size_key]#*|}" != "$id" ]; then
          why="a copy of ${seen_size[$size_key]%|*} (same min(m,n), max(m,n), nnz: $size_key)"
        fi
      fi
      if [ -n "$why" ]; then
        printf '%s:%s\t%s\n' "$label" "$shown" "$why" >>"$WORK/out/skipped.tsv"
        total_skipped=$((total_skipped + 1)); continue
      fi

      # The name: the stem, else prefixed by the source, its sub-collection, the folder; else numbered.
      local domain group stem ext name sub parent n
      if [ "$id" = real ] || [ "$id" = real2 ]; then
        domain=$(domain_of_text "$(shared_domain_text "$id" "${path##*/}")")
      elif [ "$conv" != none ]; then
        case "$kind" in
          graph|grf) domain=mesh ;;   # the partitioners' test graphs: finite-element meshes
          lp-npz) domain="lp" ;;
          *) domain=$(domain_of_name "$path")
             # pyamg's gallery: finite-element problems, one of them a recirculating flow.
             if [ "$id" = pyamg ]; then case "$path" in *flow*) domain=cfd ;; *) domain=fem ;; esac; fi
             [ -n "$domain" ] || domain=other ;;
        esac
      else
        domain=$(domain_of_file "$file" "$kind" "$path")
      fi
      group=$(group_of "$id" "$path" "$domain")
      stem=$(safe_stem "$(stem_of "${path%.xz}")")
      sub=$(safe_stem "${group#*/}")
      parent=$(safe_stem "$(basename "$(dirname "$path")")")
      if [ "$conv" = none ] || [ "$kind" = xz ]; then ext=$(output_ext "$file" "$kind"); else ext=.mtx.gz; fi
      [ "$kind" = xz ] && ext=.mtx.gz
      name=""
      for n in "$stem" "${id}_$stem" "${id}_${sub}_$stem" "${id}_${sub}_${parent}_$stem"; do
        [ -z "${taken[$n]:-}" ] && { name=$n; break; }
      done
      if [ -z "$name" ]; then
        n=2; while [ -n "${taken[${id}_${sub}_${stem}_$n]:-}" ]; do n=$((n + 1)); done
        name="${id}_${sub}_${stem}_$n"
      fi
      taken[$name]=1
      seen_pattern[$hash]=$name
      seen_pattern[$thash]=$name
      seen_offdiag[$ohash]=$name
      seen_offdiag[$othash]=$name
      seen_size[$size_key]="$name|$id"
      cp "$file" "$WORK/out/$name$ext"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$group" "$domain" "$label" "$src_path" \
        "$(sha256sum "$WORK/out/$name$ext" | cut -c1-64)" "$rows" "$cols" "$nnz" "$conv" >>"$WORK/manifest.body"
      printf '%s\t%s\n' "$name" "$name$ext" >>"$WORK/files.tsv"
      kept=$((kept + 1))
    done <"$WORK/candidates-$id.tsv"
    log "$label: kept $kept"
    total_kept=$((total_kept + kept))
    rm -rf "${WORK:?}/tree/$id" "${WORK:?}/conv/$id"
  done
  [ "$total_kept" -gt 0 ] || die "no matrix was kept"

  {
    printf 'name\tgroup\tdomain\tsource\tsource_path\tsha256\trows\tcols\tnnz\tconversion\n'
    LC_ALL=C sort -t$'\t' -k1,1 "$WORK/manifest.body"
  } >"$WORK/out/MANIFEST.tsv"
  {
    echo "# Real sparse matrices gathered by scripts/fetch_real_corpus.sh from Debian source packages,"
    echo "# PyPI packages and the shared sets; MANIFEST.tsv says where each came from. Format: perf/corpus/spec.hpp."
    LC_ALL=C sort -t$'\t' -k1,1 "$WORK/files.tsv" | cut -f2 | sed 's/^/file /'
  } >"$WORK/out/spec.txt"

  rm -rf "$out_dir"
  mkdir -p "$(dirname "$out_dir")"
  mv "$WORK/out" "$out_dir"
  echo "$stamp" >"$out_dir/.stamp"
  log "kept $total_kept matrices in $out_dir ($total_skipped candidates left out: which and why in skipped.tsv)"
  echo "$out_dir"
}

main "$@"
