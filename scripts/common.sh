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

# Downloads Debian bookworm's source package PACKAGE into DIR with a private
# apt configuration (Debian's source index in the cache; the system's apt
# sources stay untouched). apt-get source checks the files against the .dsc.
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
  (cd "$dir" && as_root apt-get "${apt_opts[@]}" source --download-only -q "$package" >/dev/null)
}
