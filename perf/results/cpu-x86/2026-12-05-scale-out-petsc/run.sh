#!/usr/bin/env bash
# aspmv inside PETSc with threads in each rank (issue 23), on the 2-core build machine: the trilinos-openmp preset
# with aspmv::petsc on the PETSc 3.18.5 that scripts/deps.sh trilinos-openmp now builds from Debian's petsc source
# without Trilinos (scripts/deps_petsc.sh), beside Tpetra as before: each host's stock operator (PETSc: MATMPIAIJ's
# MatMult, one thread a rank; Tpetra: KokkosSparse::spmv on OpenMP) against `aspmv` (CSR kernels) and
# `aspmv_convert` (the owned / diagonal block with 1000 expected calls and conversion allowed), interleaved in one
# process, at 1 rank x 1 and 2 threads and 2 ranks x 1 thread: the seventh session's loop
# (2026-12-05-scale-out-threads/run.sh), its files written here. Run from the repository root after
#   scripts/deps.sh trilinos-openmp && cmake --preset trilinos-openmp && cmake --build --preset trilinos-openmp
#   bash perf/results/cpu-x86/2026-12-05-scale-out-petsc/run.sh [TAG]   # TAG: scale-out-TAG.csv, describe-TAG-*
RESULTS_DIR=perf/results/cpu-x86/2026-12-05-scale-out-petsc \
  exec bash perf/results/cpu-x86/2026-12-05-scale-out-threads/run.sh "$@"
