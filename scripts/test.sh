#!/usr/bin/env bash
# Sets up everything and runs every test that needs no GPU, cheapest first:
# the format check (clang-format 14); dependencies for the CPU, CUDA (Hopper)
# and HIP (MI100) builds, oneMKL (x86_64: the CPU comparator) and the Python
# environment; the cpu preset built and
# tested (unit, kernel, hidden-cost, header, downstream find_package, reader
# fuzz, models, collect + report end to end, Python tests, Debian's
# SuiteSparse test matrices read); clang-tidy over the library headers
# (.clang-tidy, zero findings); the unit and kernel tests compiled as C++20
# under ASan + UBSan (OpenMP space; cpu-asan); aspmv on Debian's own
# Kokkos with the Tpetra and PETSc components under mpirun at 1, 2 and 4
# ranks, and their examples (debian-mpi); the h100 and mi100 presets compiled (optimiser off: their
# *-compile-check presets: library, tool and perf programs, no tests); the v100 preset refused at
# configure with one sentence under CUDA 13. Without a CUDA toolkit (nvcc) the
# CUDA steps are skipped with one line. Idempotent; caches in ~/.cache/aspmv
# (the dependencies, and ccache's objects of the host presets).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ASPMV_ROOT"
export PATH="${CUDA_HOME:-/usr/local/cuda}/bin:$PATH"
export OMP_PROC_BIND="${OMP_PROC_BIND:-false}"
export HCC_AMDGPU_TARGET="${HCC_AMDGPU_TARGET:-gfx908}"  # hipcc asks the (absent) GPU otherwise
# ctest runs as many tests at once as there are cores; OpenMP threads of
# concurrent tests then sleep at barriers instead of spinning against each
# other (on 2 cores the ASan stage took 1.7x as long with one test at a time).
# Tests whose OpenMP teams of more than one thread meet at Kokkos' spinning
# team barriers run alone afterwards: beside another test the cores are
# oversubscribed and each barrier waits for a descheduled partner (the
# merge-split shape test took 612 s two at a time, 38 s alone).
test_jobs=$(nproc)
export OMP_WAIT_POLICY="${OMP_WAIT_POLICY:-passive}"
alone_tests='merge-split equals the reference with every launch shape'
run_ctest() {  # PRESET: every test of the preset, the barrier-heavy ones alone
  ctest --preset "$1" -j "$test_jobs" -E "$alone_tests"
  ctest --preset "$1" -R "$alone_tests"
}
t0=$SECONDS
# step MESSAGE: logs MESSAGE and starts timing a step; the steps' times are
# listed at the end (what a run's minutes went to).
step_times=() step_name="" step_t0=$SECONDS
step() {
  [ -n "$step_name" ] && step_times+=("$((SECONDS - step_t0)) s  $step_name")
  step_name=${1%%:*} step_t0=$SECONDS
  log "$1"
}

step "format: clang-format over the tracked C++ files"
"$ASPMV_ROOT/scripts/check_format.sh"

have_cuda=0
if command -v nvcc >/dev/null 2>&1; then
  have_cuda=1
else
  log "no CUDA toolkit (nvcc not in PATH or \$CUDA_HOME/bin): the CUDA (h100) compile check and the v100 refusal check are skipped"
fi
step "dependencies: Kokkos flavors, Debian's Trilinos/PETSc/OpenMPI, the Python environment, SuiteSparse test matrices"
flavors=(openmp hip-gfx908 debian-mpi)
[ $have_cuda -eq 1 ] && flavors+=(cuda-sm90)
"$ASPMV_ROOT/scripts/deps.sh" "${flavors[@]}"
python=$("$ASPMV_ROOT/scripts/python_env.sh")   # the study report's Python (pandas, matplotlib, pytest)
# oneMKL (x86_64), the CPU comparator: the cpu build requires it, so its comparator test runs.
mkl_prefix=$("$ASPMV_ROOT/scripts/mkl.sh")   # empty where oneMKL does not exist (not x86_64)
mkl_flag=(-DASPMV_WITH_MKL=OFF)
[ -n "$mkl_prefix" ] && mkl_flag=(-DASPMV_WITH_MKL=ON)
"$ASPMV_ROOT/scripts/fetch_suitesparse_matrices.sh" >/dev/null   # real test matrices the corpus tests read

step "real corpus: a slice of scripts/fetch_real_corpus.sh, its manifest, a real-derived spec"
slice=$("$ASPMV_ROOT/scripts/fetch_real_corpus.sh" --slice 3)
python3 "$ASPMV_ROOT/scripts/real_corpus_summary.py" --min 15 "$slice/MANIFEST.tsv" >/dev/null
python3 "$ASPMV_ROOT/scripts/real_derived_spec.py" "$slice" --count 12 >"$slice/derived.txt"
[ "$(grep -c '^file ' "$slice/derived.txt")" -eq 12 ] || die "real_derived_spec.py wrote no 12 derived matrices"

# The host presets (cpu, cpu-asan, debian-mpi: g++) compile through ccache,
# its cache beside the dependencies' ($ASPMV_CACHE_DIR/ccache; paths taken
# relative to the clone, so any clone of the same tree hits): a run repeats
# only the compiles of what changed since the cache last saw it. Not the GPU
# presets: nvcc_wrapper and hipcc are not compilers ccache knows, and a
# change inside device-only code could hit a stale host-preprocessed entry.
ensure_packages ccache
export CCACHE_DIR="$ASPMV_CACHE_DIR/ccache" CCACHE_BASEDIR="$ASPMV_ROOT" CCACHE_NOHASHDIR=1
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-8G}"
ccache --zero-stats >/dev/null
launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

# The kernel tests stamped over Serial here and over OpenMP in the cpu-asan
# build below: each host space once.
step "cpu build: configure and build every target (tests stamped over Serial)"
cmake --preset cpu -DASPMV_PYTHON="$python" -DASPMV_TESTS_SPACES=Serial "${mkl_flag[@]}" "${launcher[@]}" >/dev/null
cmake --build --preset cpu
step "cpu tests: every CPU test"
run_ctest cpu

step "clang-tidy: the library headers, with the cpu build's flags"
"$ASPMV_ROOT/scripts/run_clang_tidy.sh" build/cpu

# One build for both the sanitizers and C++20 (the cpu build is C++17): a
# separate C++20 build of the same tests cost another 290 s of the 50 minutes.
# Where this CPU has AVX2 it is compiled for it (x86-64-v3), so the CPU
# kernels' vectorized row sums (host_row_simd; the portable cpu build sums
# in order) are tested too, under the sanitizers.
asan_arch=()
grep -qw avx2 /proc/cpuinfo 2>/dev/null && asan_arch=(-DASPMV_HOST_ARCH=x86-64-v3)
step "cpu-asan build: unit and kernel tests (OpenMP space) as C++20 under AddressSanitizer + UndefinedBehaviorSanitizer${asan_arch:+, for x86-64-v3}"
cmake --preset cpu-asan "${asan_arch[@]}" "${launcher[@]}" >/dev/null
cmake --build --preset cpu-asan
step "cpu-asan tests: run"
run_ctest cpu-asan

step "debian-mpi build: aspmv on Debian's own Kokkos, aspmv::tpetra and aspmv::petsc, their MPI tests and examples"
cmake --preset debian-mpi "${launcher[@]}" >/dev/null
cmake --build --preset debian-mpi
step "debian-mpi tests: the components under mpirun at 1, 2 and 4 ranks, the examples"
ctest --preset debian-mpi   # one at a time: a test of 4 ranks fills both cores twice over
ccache_stats=$(ccache --print-stats | awk -F'\t' '$1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { h += $2 }
  $1 == "cache_miss" { m = $2 } END { printf "%d of %d host compiles from ccache", h, h + m }')
log "$ccache_stats"

# The GPU presets' code compiled as their *-compile-check twins: what the
# presets ship (library, tool, perf programs) from the same sources,
# architecture and toolchain, with the host optimiser off (HIP: host and
# device) and without the test suite: those two were most of the compile
# time. No GPU runs them; the device machine runs binaries of the presets
# themselves, their tests built from the h100 preset.
gpu_presets=(mi100)
[ $have_cuda -eq 1 ] && gpu_presets=(h100 mi100)
for preset in "${gpu_presets[@]}"; do
  step "$preset build: configure and build the library, tool and perf programs, optimiser off (${preset}-compile-check; no GPU here: not run)"
  cmake --preset "$preset-compile-check" >/dev/null
  cmake --build --preset "$preset-compile-check"
done

if [ $have_cuda -eq 1 ]; then
  step "v100 refusal: must stop at configure with one sentence under CUDA >= 13"
  if out=$(cmake --preset v100 2>&1); then
    die "the v100 preset configured under $(nvcc --version | tail -n 1); expected a refusal"
  fi
  echo "$out" | grep -q "needs a CUDA toolkit of version 12 or older" || { echo "$out"; die "v100 refusal message changed"; }
  echo "$out" | grep "aspmv:" | head -n 1
fi

step "done"
for t in "${step_times[@]}"; do log "  $t"; done
log "all tests passed ($((SECONDS - t0)) s)"
