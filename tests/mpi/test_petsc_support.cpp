// Support for the aspmv::petsc tests: see test_petsc_support.hpp.

#include "test_petsc_support.hpp"

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace aspmv_petsc_test {

int world_size() {
  int size = 1;
  MPI_Comm_size(PETSC_COMM_WORLD, &size);
  return size;
}

int world_rank() {
  int rank = 0;
  MPI_Comm_rank(PETSC_COMM_WORLD, &rank);
  return rank;
}

bool all_ranks(bool ok) {
  int mine = ok ? 1 : 0, all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, PETSC_COMM_WORLD);
  return all == 1;
}

double max_over_ranks(double value) {
  double all = 0;
  MPI_Allreduce(&value, &all, 1, MPI_DOUBLE, MPI_MAX, PETSC_COMM_WORLD);
  return all;
}

std::int64_t min_over_ranks(std::int64_t value) {
  std::int64_t all = 0;
  MPI_Allreduce(&value, &all, 1, MPI_INT64_T, MPI_MIN, PETSC_COMM_WORLD);
  return all;
}

Mat make_matrix(PetscInt rows, PetscInt cols, PetscInt local_rows, PetscInt local_cols, const RowEntries& entries,
                bool force_mpi) {
  Mat A = nullptr;
  TEST_PETSC(MatCreate(PETSC_COMM_WORLD, &A));
  TEST_PETSC(MatSetSizes(A, local_rows, local_cols, rows, cols));
  TEST_PETSC(MatSetType(A, force_mpi ? MATMPIAIJ : MATAIJ));
  // Generous preallocation; the generators' rows are short. Whichever of
  // the two applies to A's type is used.
  TEST_PETSC(MatSeqAIJSetPreallocation(A, 64, nullptr));
  TEST_PETSC(MatMPIAIJSetPreallocation(A, 64, nullptr, 64, nullptr));
  TEST_PETSC(MatSetOption(A, MAT_NEW_NONZERO_ALLOCATION_ERR, PETSC_FALSE));
  set_entries(A, entries);
  return A;
}

void set_entries(Mat A, const RowEntries& entries) {
  PetscInt first = 0, last = 0;
  TEST_PETSC(MatGetOwnershipRange(A, &first, &last));
  std::vector<PetscInt> columns;
  std::vector<PetscScalar> values;
  for (PetscInt row = first; row < last; ++row) {
    columns.clear();
    values.clear();
    entries(row, [&](PetscInt col, PetscScalar v) {
      columns.push_back(col);
      values.push_back(v);
    });
    if (!columns.empty())
      TEST_PETSC(MatSetValues(A, 1, &row, static_cast<PetscInt>(columns.size()), columns.data(), values.data(),
                              INSERT_VALUES));
  }
  TEST_PETSC(MatAssemblyBegin(A, MAT_FINAL_ASSEMBLY));
  TEST_PETSC(MatAssemblyEnd(A, MAT_FINAL_ASSEMBLY));
}

RowEntries random_entries(PetscInt cols, int max_per_row, std::uint32_t seed, int empty_every) {
  return [=](PetscInt row, const std::function<void(PetscInt, PetscScalar)>& emit) {
    if (empty_every > 0 && row % empty_every == 0) return;
    std::mt19937 rng(seed * 1000003u + static_cast<std::uint32_t>(row));
    const int count = std::uniform_int_distribution<int>(1, max_per_row)(rng);
    std::uniform_int_distribution<PetscInt> column(0, cols - 1);
    std::uniform_real_distribution<double> value(-1.0, 1.0);
    for (int k = 0; k < count; ++k) {
      const PetscInt c = column(rng);
      emit(c, value(rng));
    }
  };
}

RowEntries poisson3d_entries(PetscInt n) {
  return [=](PetscInt row, const std::function<void(PetscInt, PetscScalar)>& emit) {
    const PetscInt i = row % n, j = (row / n) % n, k = row / (n * n);
    if (k > 0) emit(row - n * n, -1.0);
    if (j > 0) emit(row - n, -1.0);
    if (i > 0) emit(row - 1, -1.0);
    emit(row, 6.0);
    if (i < n - 1) emit(row + 1, -1.0);
    if (j < n - 1) emit(row + n, -1.0);
    if (k < n - 1) emit(row + n * n, -1.0);
  };
}

RowEntries csr_entries(const aspmv::HostCsr<double, std::int64_t>& a) {
  return [&a](PetscInt row, const std::function<void(PetscInt, PetscScalar)>& emit) {
    for (auto k = a.row_offsets[row]; k < a.row_offsets[row + 1]; ++k) emit(a.col_indices[k], a.values[k]);
  };
}

namespace {

// Values drawn from (seed, global index): the same on any rank count.
void fill_random(Vec x, std::uint32_t seed) {
  PetscInt first = 0, last = 0;
  TEST_PETSC(VecGetOwnershipRange(x, &first, &last));
  PetscScalar* values = nullptr;
  TEST_PETSC(VecGetArrayWrite(x, &values));
  for (PetscInt i = first; i < last; ++i) {
    std::mt19937 rng(seed * 7919u + static_cast<std::uint32_t>(i));
    values[i - first] = std::uniform_real_distribution<double>(-1.0, 1.0)(rng);
  }
  TEST_PETSC(VecRestoreArrayWrite(x, &values));
}

}  // namespace

Vec make_input(Mat A, std::uint32_t seed) {
  Vec x = nullptr;
  TEST_PETSC(MatCreateVecs(A, &x, nullptr));
  fill_random(x, seed);
  return x;
}

Vec make_output(Mat A, std::uint32_t seed) {
  Vec y = nullptr;
  TEST_PETSC(MatCreateVecs(A, nullptr, &y));
  fill_random(y, seed);
  return y;
}

double relative_difference(Vec a, Vec b) {
  Vec d = nullptr;
  PetscReal diff = 0, scale = 0;
  TEST_PETSC(VecDuplicate(a, &d));
  TEST_PETSC(VecWAXPY(d, -1.0, b, a));
  TEST_PETSC(VecNorm(d, NORM_INFINITY, &diff));
  TEST_PETSC(VecNorm(b, NORM_INFINITY, &scale));
  TEST_PETSC(VecDestroy(&d));
  return max_over_ranks(diff / std::max(scale, PetscReal(1e-300)));
}

bool all_blocks_attached(Mat A) {
  std::vector<aspmv::petsc::BlockReport> blocks;
  TEST_PETSC(aspmv::petsc::report(A, &blocks));
  bool ok = !blocks.empty();
  for (const auto& b : blocks) ok = ok && b.attached;
  return all_ranks(ok);
}

}  // namespace aspmv_petsc_test
