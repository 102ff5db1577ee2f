#!/usr/bin/env bash
# Sets up everything and runs every test that needs no GPU: dependencies for
# the CPU, CUDA (Hopper) and HIP (MI100) builds and the report's Python
# environment; the cpu preset built and tested (unit, kernel, header,
# downstream find_package, reader fuzz, collect + report end to end, report
# unit tests, Debian's SuiteSparse test matrices read);
# the h100 and mi100 presets compiled; the v100 preset refused at configure
# with one sentence under CUDA 13. Idempotent; caches in ~/.cache/aspmv.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ASPMV_ROOT"
export PATH="${CUDA_HOME:-/usr/local/cuda}/bin:$PATH"
export OMP_PROC_BIND="${OMP_PROC_BIND:-false}"
export HCC_AMDGPU_TARGET="${HCC_AMDGPU_TARGET:-gfx908}"  # hipcc asks the (absent) GPU otherwise
t0=$SECONDS

"$ASPMV_ROOT/scripts/deps.sh" openmp cuda-sm90 hip-gfx908
python=$("$ASPMV_ROOT/scripts/python_env.sh")   # the study report's Python (pandas, matplotlib, pytest)
"$ASPMV_ROOT/scripts/fetch_suitesparse_matrices.sh" >/dev/null   # real test matrices the corpus tests read

log "cpu: configure, build, test"
cmake --preset cpu -DASPMV_PYTHON="$python" >/dev/null
cmake --build --preset cpu
ctest --preset cpu

for preset in h100 mi100; do
  log "$preset: configure and build (no GPU here: not run)"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
done

log "v100: must stop at configure with one sentence under CUDA >= 13"
if out=$(cmake --preset v100 2>&1); then
  die "the v100 preset configured under $(nvcc --version | tail -n 1); expected a refusal"
fi
echo "$out" | grep -q "needs a CUDA toolkit of version 12 or older" || { echo "$out"; die "v100 refusal message changed"; }
echo "$out" | grep "aspmv:" | head -n 1

log "all tests passed ($((SECONDS - t0)) s)"
