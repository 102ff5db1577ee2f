// aspmv::petsc: y = A x, z = w + A x and y = y + A x through the hooked
// blocks equal PETSc's own products, on random and edge-case matrices.

#include "test_petsc_support.hpp"

#include <aspmv/petsc/attach.hpp>

#include <petscmat.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace aspmv_petsc_test;

namespace {

constexpr double kTolerance = 1e-12;

// The largest relative difference between the hooked and the stock matrix
// over MatMult, MatMultAdd into another vector, and MatMultAdd in place.
double product_difference(Mat hooked, Mat stock) {
  Vec x = make_input(hooked, 11), w = make_output(hooked, 12);
  Vec yh = nullptr, ys = nullptr;
  TEST_PETSC(VecDuplicate(w, &yh));
  TEST_PETSC(VecDuplicate(w, &ys));
  // Poison the outputs: MatMult must overwrite them.
  TEST_PETSC(VecSet(yh, 1e300));
  TEST_PETSC(VecSet(ys, -1e300));
  TEST_PETSC(MatMult(hooked, x, yh));
  TEST_PETSC(MatMult(stock, x, ys));
  double worst = relative_difference(yh, ys);
  TEST_PETSC(MatMultAdd(hooked, x, w, yh));
  TEST_PETSC(MatMultAdd(stock, x, w, ys));
  worst = std::max(worst, relative_difference(yh, ys));
  TEST_PETSC(MatMultAdd(hooked, x, yh, yh));
  TEST_PETSC(MatMultAdd(stock, x, ys, ys));
  worst = std::max(worst, relative_difference(yh, ys));
  for (Vec* v : {&x, &w, &yh, &ys}) TEST_PETSC(VecDestroy(v));
  return worst;
}

struct Case {
  std::string name;
  PetscInt rows, cols, local_rows, local_cols;
  RowEntries entries;
  bool force_mpi = false;
};

// A share of n for each rank but the last, which owns nothing (one rank: all).
PetscInt share_but_last(PetscInt n) {
  const int size = world_size(), rank = world_rank();
  if (size == 1) return n;
  if (rank == size - 1) return 0;
  return n / (size - 1) + (rank < n % (size - 1) ? 1 : 0);
}

std::vector<Case> cases() {
  const PetscInt block = 20, blocks = world_size();
  return {
      {"random 60 x 60", 60, 60, PETSC_DECIDE, PETSC_DECIDE, random_entries(60, 8, 1)},
      {"random 37 x 53", 37, 53, PETSC_DECIDE, PETSC_DECIDE, random_entries(53, 6, 2)},
      {"random 53 x 37", 53, 37, PETSC_DECIDE, PETSC_DECIDE, random_entries(37, 6, 3)},
      {"every third row empty", 60, 60, PETSC_DECIDE, PETSC_DECIDE, random_entries(60, 5, 4, 3)},
      {"long rows among short ones", 64, 64, PETSC_DECIDE, PETSC_DECIDE,
       [](PetscInt row, const std::function<void(PetscInt, PetscScalar)>& emit) {
         const PetscInt length = row % 16 == 0 ? 64 : 1;
         for (PetscInt c = 0; c < length; ++c) emit((row + c) % 64, 1.0 / (1 + row + c));
       }},
      {"the last rank owns no rows", 40, 40, share_but_last(40), PETSC_DECIDE, random_entries(40, 6, 5)},
      {"the last rank owns no rows nor columns", 40, 40, share_but_last(40), share_but_last(40),
       random_entries(40, 6, 6)},
      {"block diagonal: no remote columns", block * blocks, block * blocks, block, block,
       [block](PetscInt row, const std::function<void(PetscInt, PetscScalar)>& emit) {
         const PetscInt first = row / block * block;
         for (PetscInt c = first; c < first + block; c += 3) emit(c, 1.0 + row - c);
       }},
      {"lower band: the first rank has no remote columns", 48, 48, PETSC_DECIDE, PETSC_DECIDE,
       [](PetscInt row, const std::function<void(PetscInt, PetscScalar)>& emit) {
         for (PetscInt c = std::max<PetscInt>(0, row - 5); c <= row; ++c) emit(c, 2.0 - 0.1 * (row - c));
       }},
      {"no entries at all", 30, 30, PETSC_DECIDE, PETSC_DECIDE,
       [](PetscInt, const std::function<void(PetscInt, PetscScalar)>&) {}},
      {"MATMPIAIJ on any rank count", 45, 45, PETSC_DECIDE, PETSC_DECIDE, random_entries(45, 7, 7), true},
  };
}

}  // namespace

TEST_CASE("petsc: hooked products equal PETSc's on random and edge-case matrices", "[petsc]") {
  for (const Case& c : cases()) {
    INFO(c.name << " at " << world_size() << " ranks");
    Mat hooked = make_matrix(c.rows, c.cols, c.local_rows, c.local_cols, c.entries, c.force_mpi);
    Mat stock = nullptr;
    TEST_PETSC(MatDuplicate(hooked, MAT_COPY_VALUES, &stock));  // before attach: PETSc's own products
    TEST_PETSC(aspmv::petsc::attach(hooked));
    CHECK(all_blocks_attached(hooked));
    CHECK(product_difference(hooked, stock) <= kTolerance);
    TEST_PETSC(MatDestroy(&hooked));
    TEST_PETSC(MatDestroy(&stock));
  }
}

TEST_CASE("petsc: the report gives each block's shape and its plan", "[petsc]") {
  const PetscInt n = 10;
  Mat A = make_matrix(n * n * n, n * n * n, PETSC_DECIDE, PETSC_DECIDE, poisson3d_entries(n));
  aspmv::petsc::AttachOptions options;
  options.off_diagonal.expected_calls = 1000;
  TEST_PETSC(aspmv::petsc::attach(A, options));
  std::vector<aspmv::petsc::BlockReport> blocks;
  TEST_PETSC(aspmv::petsc::report(A, &blocks));
  PetscInt first = 0, last = 0;
  TEST_PETSC(MatGetOwnershipRange(A, &first, &last));
  double local_nnz = 0;
  bool ok = blocks.size() == (world_size() > 1 ? 2u : 1u) && blocks[0].role == "diagonal";
  for (const auto& b : blocks) {
    ok = ok && b.attached && b.plans_made == 1 && !b.plan.empty() && b.rows == last - first;
    local_nnz += static_cast<double>(b.nnz);
  }
  if (blocks.size() == 2) {
    const auto& off = blocks[1];
    // A Poisson slab's rows next to a neighbour's slab reach ghost columns;
    // the rows inside have an empty off-diagonal row.
    ok = ok && off.role == "off-diagonal" && off.cols > 0 && off.nnz >= off.cols && off.empty_rows > 0 &&
         off.empty_rows < off.rows;
  }
  MatInfo info;
  TEST_PETSC(MatGetInfo(A, MAT_GLOBAL_SUM, &info));
  double global_nnz = 0;
  MPI_Allreduce(&local_nnz, &global_nnz, 1, MPI_DOUBLE, MPI_SUM, PETSC_COMM_WORLD);
  std::string text;
  TEST_PETSC(aspmv::petsc::describe(A, &text));
  ok = ok && text.find("diagonal block: ") == 0 && text.find("aspmv plan") != std::string::npos;
  CHECK(all_ranks(ok));
  CHECK(global_nnz == info.nz_used);
  TEST_PETSC(MatDestroy(&A));
}
