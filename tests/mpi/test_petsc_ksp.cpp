// aspmv::petsc under KSP CG: a 3-D Poisson problem and a real mesh's
// Laplacian solve in as many iterations as with PETSc's own products, with
// residual histories that agree to rounding; a real stiffness matrix (where
// rounding steers CG) converges alike.

#include "suitesparse_spd.hpp"
#include "test_petsc_support.hpp"

#include <aspmv/io/read_matrix.hpp>
#include <aspmv/petsc/attach.hpp>

#include <petscksp.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

using namespace aspmv_petsc_test;

namespace {

struct Solve {
  PetscInt iterations = 0;
  KSPConvergedReason reason = KSP_CONVERGED_ITERATING;
  std::vector<PetscReal> history;  // the residual norm of each iteration (global: the same on all ranks)
  Vec x = nullptr;
};

Solve solve_cg(Mat A, PCType pc_type) {
  constexpr PetscInt kMaxIterations = 5000;
  Solve s;
  KSP ksp = nullptr;
  PC pc = nullptr;
  std::vector<PetscReal> history(kMaxIterations + 1);
  TEST_PETSC(KSPCreate(PETSC_COMM_WORLD, &ksp));
  TEST_PETSC(KSPSetOperators(ksp, A, A));
  TEST_PETSC(KSPSetType(ksp, KSPCG));
  TEST_PETSC(KSPGetPC(ksp, &pc));
  TEST_PETSC(PCSetType(pc, pc_type));
  TEST_PETSC(KSPSetTolerances(ksp, 1e-10, 1e-300, PETSC_DEFAULT, kMaxIterations));
  TEST_PETSC(KSPSetResidualHistory(ksp, history.data(), static_cast<PetscInt>(history.size()), PETSC_TRUE));
  Vec b = make_output(A, 61);
  TEST_PETSC(MatCreateVecs(A, &s.x, nullptr));
  TEST_PETSC(VecSet(s.x, 0.0));
  TEST_PETSC(KSPSolve(ksp, b, s.x));
  TEST_PETSC(KSPGetIterationNumber(ksp, &s.iterations));
  TEST_PETSC(KSPGetConvergedReason(ksp, &s.reason));
  const PetscReal* recorded = nullptr;
  PetscInt count = 0;
  TEST_PETSC(KSPGetResidualHistory(ksp, &recorded, &count));
  s.history.assign(recorded, recorded + count);
  TEST_PETSC(VecDestroy(&b));
  TEST_PETSC(KSPDestroy(&ksp));
  return s;
}

// Solves with PETSc's products and with aspmv's on copies of A, and checks
// the two solves agree.
void compare_solves(Mat A, PCType pc_type) {
  Mat hooked = nullptr;
  TEST_PETSC(MatDuplicate(A, MAT_COPY_VALUES, &hooked));
  aspmv::petsc::AttachOptions options;
  options.diagonal.expected_calls = options.off_diagonal.expected_calls = 1000;  // a solve's worth
  TEST_PETSC(aspmv::petsc::attach(hooked, options));
  Solve stock = solve_cg(A, pc_type);
  Solve mine = solve_cg(hooked, pc_type);
  INFO("PC " << pc_type << " at " << world_size() << " ranks: " << stock.iterations << " iterations (stock), "
             << mine.iterations << " (aspmv)");
  CHECK(all_blocks_attached(hooked));
  CHECK(stock.reason > 0);
  CHECK(mine.reason > 0);
  CHECK(mine.iterations == stock.iterations);
  const bool same_length = mine.history.size() == stock.history.size();
  CHECK(all_ranks(same_length));
  double worst = 0;
  if (same_length)
    for (std::size_t i = 0; i < stock.history.size(); ++i)
      worst = std::max(worst, std::abs(mine.history[i] - stock.history[i]) / stock.history[i]);
  CHECK(max_over_ranks(worst) <= 1e-8);
  CHECK(relative_difference(mine.x, stock.x) <= 1e-8);
  TEST_PETSC(VecDestroy(&stock.x));
  TEST_PETSC(VecDestroy(&mine.x));
  TEST_PETSC(MatDestroy(&hooked));
}

}  // namespace

TEST_CASE("petsc: KSP CG on a 3-D Poisson problem matches PETSc's own products", "[petsc][ksp]") {
  const PetscInt n = 12;
  Mat A = make_matrix(n * n * n, n * n * n, PETSC_DECIDE, PETSC_DECIDE, poisson3d_entries(n));
  compare_solves(A, PCNONE);
  compare_solves(A, PCJACOBI);
  TEST_PETSC(MatDestroy(&A));
}

TEST_CASE("petsc: KSP CG on a real mesh's Laplacian matches PETSc's own products", "[petsc][ksp]") {
  const auto csr = aspmv::testing::mesh_laplacian();
  if (!csr) {
    WARN("no jagmesh7.mtx in " << aspmv::testing::suitesparse_folder().string()
                               << ": run scripts/fetch_suitesparse_matrices.sh; skipping");
    return;
  }
  Mat A = make_matrix(csr->num_rows, csr->num_cols, PETSC_DECIDE, PETSC_DECIDE, csr_entries(*csr));
  compare_solves(A, PCNONE);
  TEST_PETSC(MatDestroy(&A));
}

TEST_CASE("petsc: KSP CG on a real stiffness matrix converges like PETSc's own products", "[petsc][ksp]") {
  const auto csr = aspmv::testing::stiffness();
  if (!csr) {
    WARN("no bcsstk01.rsa in " << aspmv::testing::suitesparse_folder().string()
                               << ": run scripts/fetch_suitesparse_matrices.sh; skipping");
    return;
  }
  Mat A = make_matrix(csr->num_rows, csr->num_cols, PETSC_DECIDE, PETSC_DECIDE, csr_entries(*csr));
  // Ill-conditioned even with Jacobi: rounding (another summation order)
  // may end CG one iteration apart; the solutions agree to what the
  // residual tolerance gives.
  Mat hooked = nullptr;
  TEST_PETSC(MatDuplicate(A, MAT_COPY_VALUES, &hooked));
  TEST_PETSC(aspmv::petsc::attach(hooked));
  Solve stock = solve_cg(A, PCJACOBI);
  Solve mine = solve_cg(hooked, PCJACOBI);
  INFO(stock.iterations << " iterations (stock), " << mine.iterations << " (aspmv)");
  CHECK(stock.reason > 0);
  CHECK(mine.reason > 0);
  CHECK(std::abs(mine.iterations - stock.iterations) <= 1);
  CHECK(relative_difference(mine.x, stock.x) <= 1e-5);
  TEST_PETSC(VecDestroy(&stock.x));
  TEST_PETSC(VecDestroy(&mine.x));
  TEST_PETSC(MatDestroy(&hooked));
  TEST_PETSC(MatDestroy(&A));
}
