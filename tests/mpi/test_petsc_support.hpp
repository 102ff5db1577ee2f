#pragma once
// Support for the aspmv::petsc tests: matrices built on PETSC_COMM_WORLD,
// and verdicts reduced over all ranks (every CHECK is on a value all ranks
// share, so they agree and none is left waiting in a collective).

#include <aspmv/host_csr.hpp>
#include <aspmv/petsc/attach.hpp>

#include <petscmat.h>

#include <cstdint>
#include <functional>
#include <string>

namespace aspmv_petsc_test {

// A PETSc error in a test aborts all ranks (MPI_Abort): a failed call
// cannot leave the other ranks in a collective.
#define TEST_PETSC(...) PetscCallAbort(PETSC_COMM_WORLD, (__VA_ARGS__))

int world_size();
int world_rank();
bool all_ranks(bool ok);              // true where every rank's ok is
double max_over_ranks(double value);  // the largest of the ranks' values
std::int64_t min_over_ranks(std::int64_t value);

// The global entries of a matrix: entry(row, emit) calls emit(col, value)
// for each stored entry of global row `row` (the test's own generator).
using RowEntries = std::function<void(PetscInt row, const std::function<void(PetscInt, PetscScalar)>& emit)>;

// An assembled AIJ matrix (MATAIJ: SEQAIJ on one rank, MPIAIJ otherwise;
// force_mpi makes it MPIAIJ on one rank too) of global size rows x cols.
// local_rows/local_cols: this rank's share, or PETSC_DECIDE.
Mat make_matrix(PetscInt rows, PetscInt cols, PetscInt local_rows, PetscInt local_cols, const RowEntries& entries,
                bool force_mpi = false);

// Sets A's entries again (INSERT_VALUES) and assembles A.
void set_entries(Mat A, const RowEntries& entries);

// Random sparse entries: each row has up to max_per_row entries at columns
// and values drawn from (seed, row); rows with row % empty_every == 0 are
// empty when empty_every > 0.
RowEntries random_entries(PetscInt cols, int max_per_row, std::uint32_t seed, int empty_every = 0);

// The 7-point Laplacian on an n x n x n grid (Dirichlet boundary).
RowEntries poisson3d_entries(PetscInt n);

// The entries of a host CSR matrix (all ranks hold all of it).
RowEntries csr_entries(const aspmv::HostCsr<double, std::int64_t>& a);

// A vector of A's column (right) layout with values drawn from seed and the
// global index (the same on any rank count).
Vec make_input(Mat A, std::uint32_t seed);

// A vector of A's row (left) layout, likewise.
Vec make_output(Mat A, std::uint32_t seed);

// || a - b ||_inf / max(|| b ||_inf, tiny), over all ranks.
double relative_difference(Vec a, Vec b);

// Whether every block of A on every rank is attached.
bool all_blocks_attached(Mat A);

}  // namespace aspmv_petsc_test
