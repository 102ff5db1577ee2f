# Shared helpers for the project's scripts. Source it; do not run it.
# Every script prints what it does, stops on the first error, and keeps what it
# builds (dependencies, build folders) outside the tracked files.

set -euo pipefail

ASPMV_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ASPMV_CACHE_DIR="${ASPMV_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/aspmv}"
ASPMV_JOBS="${ASPMV_JOBS:-$(nproc)}"
export ASPMV_ROOT ASPMV_CACHE_DIR ASPMV_JOBS

# Bold only on a terminal: logs redirected to files stay plain text.
if [ -t 2 ]; then
  log() { printf '\033[1m[aspmv]\033[0m %s\n' "$*" >&2; }
else
  log() { printf '[aspmv] %s\n' "$*" >&2; }
fi
die() { printf '[aspmv] error: %s\n' "$*" >&2; exit 1; }

# Runs a command as root: directly when we are root, through sudo otherwise.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root (or sudo) for: $*"; fi
}

# Installs the Debian packages that are missing, in one apt call.
ensure_packages() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing Debian packages: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
}

# Whether DIR holds PACKAGE's .dsc and every upstream (.orig) tarball it
# names, each with the SHA-256 the .dsc gives.
upstream_tarballs_verified() {
  local dir=$1 package=$2 dsc="" f sum size name found=0
  for f in "$dir/${package}"_*.dsc; do [ -f "$f" ] && dsc=$f && break; done
  [ -n "$dsc" ] || return 1
  while read -r sum size name; do
    case "$name" in *.orig.tar.*) ;; *.orig-*.tar.*) ;; *) continue ;; esac
    case "$name" in *.asc) continue ;; esac
    [ -f "$dir/$name" ] && [ "$(sha256sum "$dir/$name" | cut -d' ' -f1)" = "$sum" ] || return 1
    found=1
  done < <(sed -n '/^Checksums-Sha256:/,/^[^ ]/{/^ /p}' "$dsc")
  [ "$found" -eq 1 ]
}

# Downloads Debian bookworm's source package PACKAGE into DIR with a private
# apt configuration (Debian's source index in the cache; the system's apt
# sources stay untouched). apt-get source checks the files against the .dsc.
# Only the upstream tarballs are used: when apt-get fails on the packaging
# tarball alone (a mirror answered 404 for rmatrix_1.5-3-1.debian.tar.xz on
# 2026-11-27), the fetch stands if the .dsc and the upstream tarballs it
# names are here with their SHA-256.
fetch_debian_source() {
  local package=$1 dir=$2
  local apt_dir="$ASPMV_CACHE_DIR/apt"
  mkdir -p "$apt_dir/lists/partial" "$dir"
  cat >"$apt_dir/sources.list" <<EOS
deb-src ${ASPMV_DEBIAN_MIRROR:-http://deb.debian.org/debian} bookworm main
EOS
  local apt_opts=(-o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Etc::SourceList=$apt_dir/sources.list"
                  -o "Dir::Etc::SourceParts=/nonexistent" -o "APT::Sandbox::User=root")
  log "fetching Debian's $package source package"
  as_root apt-get "${apt_opts[@]}" update -q >/dev/null
  if ! (cd "$dir" && as_root apt-get "${apt_opts[@]}" source --download-only -q "$package" >/dev/null); then
    upstream_tarballs_verified "$dir" "$package" ||
      die "apt-get source $package failed, and no upstream tarball matching its .dsc is in $dir"
    log "apt-get source $package failed on Debian's packaging files; its upstream tarball(s) match the .dsc's SHA-256 (the packaging is not used)"
  fi
}
