#!/usr/bin/env bash
# Runs clang-tidy (.clang-tidy's checks) over the library's headers and exits
# non-zero on any finding in them.
#
#   scripts/run_clang_tidy.sh [--per-header] BUILD_DIR [HEADER...]
#
# BUILD_DIR is a configured CPU build (`cmake --preset cpu` gives build/cpu):
# its compile_commands.json supplies the include paths, definitions and
# flags. The library is header-only, so the headers are compiled through a
# generated .cpp that includes them all (in BUILD_DIR/clang-tidy/), with those
# flags; --per-header makes one .cpp per header instead (the same findings,
# but each parses Kokkos again: ~30x the CPU time). Most of the library is
# templates, which many checks look at only where instantiated, so a full run
# also checks tests/kernels/test_kernels.cpp (every kernel on every enabled
# space) and keeps the findings it gives in the library's headers.
# Headers: src/aspmv/**/*.hpp, predictors/*.hpp and the host backends
# (backends/*.hpp, backends/{serial,openmp,host,kokkos_kernels}/; cuda/ and
# hip/ need their SDKs). Findings are reported for those folders only;
# Kokkos comes in through -isystem and is never reported. Output: one line per
# distinct finding (path:line:col: warning: ... [check]) and a count per
# check; the full clang-tidy output is kept in BUILD_DIR/clang-tidy/raw.log.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

per_header=0
[ "${1:-}" = --per-header ] && { per_header=1; shift; }
[ $# -ge 1 ] || { sed -n '2,18p' "$0"; exit 2; }
build_dir=$(cd "$1" && pwd) || die "no build folder $1"
shift
[ -f "$build_dir/compile_commands.json" ] ||
  die "$build_dir/compile_commands.json is missing: configure with CMAKE_EXPORT_COMPILE_COMMANDS=ON (the presets do)"
cd "$ASPMV_ROOT"

ensure_packages clang-tidy libomp-dev   # libomp-dev: clang's omp.h, which Kokkos' OpenMP headers include
clang_tidy=${CLANG_TIDY:-clang-tidy}

instantiate=1
if [ $# -gt 0 ]; then
  headers=("$@") instantiate=0
else
  mapfile -t headers < <(git ls-files 'src/aspmv/*.hpp' 'predictors/*.hpp' 'backends/*.hpp' |
                         grep -Ev '^backends/(cuda|hip)/')
fi
[ ${#headers[@]} -gt 0 ] || die "no headers to check"

work="$build_dir/clang-tidy"
rm -rf "$work" && mkdir -p "$work/tu" "$work/out"

# The translation units, and a compilation database for them with the flags
# of the build's own sources (those of the kernel tests when there: they also
# define the vendor comparators' macros).
python3 - "$ASPMV_ROOT" "$build_dir" "$work" "$per_header" "$instantiate" "${headers[@]}" <<'EOF'
import json, os, re, shlex, sys
root, build, work = sys.argv[1], sys.argv[2], sys.argv[3]
per_header, instantiate, headers = sys.argv[4] == "1", sys.argv[5] == "1", sys.argv[6:]
entries = json.load(open(os.path.join(build, "compile_commands.json")))
def args(e):
    return e["arguments"] if "arguments" in e else shlex.split(e["command"])
def rank(e):
    f = e["file"]
    if "/tests/kernels/" in f: return 0
    if f.endswith("/src/aspmv/plan_summary.cpp"): return 1
    return 2 if "-I" + os.path.join(root, "src") in args(e) else 3
best = min(entries, key=rank)
if rank(best) == 3:
    sys.exit("aspmv: no compile command in %s/compile_commands.json includes src/" % build)
a = args(best)
flags, skip = [a[0]], False
for x in a[1:]:
    if skip: skip = False; continue
    if x in ("-o", "-c", "-MF", "-MT", "-MQ"): skip = True; continue
    if x == best["file"] or x.startswith("-M"): continue
    flags.append(x)
def include_lines(h):
    if h.startswith("src/"): inc = h[len("src/"):]
    elif h.startswith(("backends/", "predictors/")): inc = h   # the source root is an include directory
    else: sys.exit("aspmv: %s is not a library header (src/, backends/, predictors/)" % h)
    # backends/<space>/traits.hpp specialize the template backends/traits.hpp declares (and includes them).
    pre = ["#include <backends/traits.hpp>"] if re.match(r"backends/[^/]+/traits\.hpp$", h) else []
    return pre + ["#include <%s>" % inc]
units = [(h.replace("/", "__") + ".cpp", include_lines(h)) for h in headers] if per_header else \
        [("all_headers.cpp", list(dict.fromkeys(l for h in headers for l in include_lines(h))))]
db = []
for name, lines in units:
    tu = os.path.join(work, "tu", name)
    with open(tu, "w") as f:
        f.write("\n".join(lines) + "\n")
    db.append({"directory": build, "file": tu, "arguments": flags + ["-c", tu]})
if instantiate:
    db += [e for e in entries if e["file"].endswith("/tests/kernels/test_kernels.cpp")]
json.dump(db, open(os.path.join(work, "compile_commands.json"), "w"), indent=1)
with open(os.path.join(work, "units.txt"), "w") as f:
    f.write("".join(e["file"] + "\n" for e in db))
EOF

# Findings in our folders only (generated headers under <build>/include are not ours to lint).
re_escape() { printf '%s' "$1" | sed 's/[][\.|$(){}?+*^]/\\&/g'; }
root_re=$(re_escape "$ASPMV_ROOT")
header_filter="^$root_re/(src/aspmv|backends|predictors)/"

jobs=${ASPMV_JOBS:-1}
log "clang-tidy: ${#headers[@]} headers, $(wc -l <"$work/units.txt") translation units, $jobs jobs ($("$clang_tidy" --version | sed -n 's/.*LLVM version /LLVM /p'))"
t0=$SECONDS
tr '\n' '\0' <"$work/units.txt" |
  xargs -0 -P "$jobs" -I{} sh -c '"$1" -p "$2" --quiet --header-filter="$3" "$4" >"$2/out/$(basename "$4").log" 2>&1; echo $? >"$2/out/$(basename "$4").rc"' \
    sh "$clang_tidy" "$work" "$header_filter" {}
cat "$work"/out/*.log >"$work/raw.log"
# A unit that does not compile hides every finding behind it: that is a failure, not a pass.
if grep -q 'error: .*\[clang-diagnostic-error\]' "$work/raw.log"; then
  grep 'error: .*\[clang-diagnostic-error\]' "$work/raw.log" | sort -u | head -n 20
  die "clang-tidy could not compile the headers (above); full output: $work/raw.log"
fi

# Distinct findings in the library, with paths relative to the repository.
sed -n -E 's/^(.*):([0-9]+):([0-9]+): (warning|error): (.*)$/\1:\2:\3: \4: \5/p' "$work/raw.log" |
  sed -E "s#^$root_re/##" |
  { grep -E '^(src/aspmv|backends|predictors)/' || true; } |
  sort -u -t: -k1,1 -k2,2n -k3,3n -k4 >"$work/findings.txt"
failed_tus=$({ grep -L '^0$' "$work"/out/*.rc || true; } | wc -l)
count=$(wc -l <"$work/findings.txt")
if [ "$count" -gt 0 ]; then
  cat "$work/findings.txt"
  echo
  echo "findings per check:"
  sed -n -E 's/.*\[([^]]+)\]$/\1/p' "$work/findings.txt" | sort | uniq -c | sort -rn
fi
log "clang-tidy: $count findings in ${#headers[@]} headers ($((SECONDS - t0)) s); full output: $work/raw.log"
[ "$count" -eq 0 ] || exit 1
[ "$failed_tus" -eq 0 ] || die "clang-tidy failed on $failed_tus translation units without a finding line; see $work/raw.log"
