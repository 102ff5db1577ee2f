// aspmv::petsc refuses what it cannot hook with a PETSc error code, not an
// abort: matrices of other types, and matrices not assembled.

#include "test_petsc_support.hpp"

#include <aspmv/petsc/attach.hpp>

#include <petscmat.h>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace aspmv_petsc_test;

namespace {

// The error code of f() with PETSc's error handler returning it quietly.
template <class F>
PetscErrorCode quietly(F f) {
  TEST_PETSC(PetscPushErrorHandler(PetscReturnErrorHandler, nullptr));
  const PetscErrorCode code = f();
  TEST_PETSC(PetscPopErrorHandler());
  return code;
}

}  // namespace

TEST_CASE("petsc: attach refuses a MATDENSE matrix with PETSC_ERR_SUP", "[petsc]") {
  Mat D = nullptr;
  TEST_PETSC(MatCreateDense(PETSC_COMM_WORLD, PETSC_DECIDE, PETSC_DECIDE, 8, 8, nullptr, &D));
  TEST_PETSC(MatAssemblyBegin(D, MAT_FINAL_ASSEMBLY));
  TEST_PETSC(MatAssemblyEnd(D, MAT_FINAL_ASSEMBLY));
  CHECK(all_ranks(quietly([&] { return aspmv::petsc::attach(D); }) == PETSC_ERR_SUP));
  std::vector<aspmv::petsc::BlockReport> blocks;
  CHECK(all_ranks(quietly([&] { return aspmv::petsc::report(D, &blocks); }) == PETSC_ERR_SUP));
  // The refused matrix still works as before.
  Vec x = make_input(D, 71), y = nullptr;
  TEST_PETSC(MatCreateVecs(D, nullptr, &y));
  TEST_PETSC(VecSet(x, 1.0));
  TEST_PETSC(MatMult(D, x, y));
  PetscReal norm = -1;
  TEST_PETSC(VecNorm(y, NORM_INFINITY, &norm));
  CHECK(max_over_ranks(norm) == 0.0);
  for (Vec* v : {&x, &y}) TEST_PETSC(VecDestroy(v));
  TEST_PETSC(MatDestroy(&D));
}

TEST_CASE("petsc: attach refuses a matrix not assembled", "[petsc]") {
  Mat A = nullptr;
  TEST_PETSC(MatCreate(PETSC_COMM_WORLD, &A));
  TEST_PETSC(MatSetSizes(A, PETSC_DECIDE, PETSC_DECIDE, 12, 12));
  TEST_PETSC(MatSetType(A, MATAIJ));
  TEST_PETSC(MatSetUp(A));
  CHECK(all_ranks(quietly([&] { return aspmv::petsc::attach(A); }) == PETSC_ERR_ARG_WRONGSTATE));
  TEST_PETSC(MatDestroy(&A));
}

TEST_CASE("petsc: detach of a matrix never attached changes nothing", "[petsc]") {
  Mat A = make_matrix(20, 20, PETSC_DECIDE, PETSC_DECIDE, random_entries(20, 4, 81));
  CHECK(all_ranks(quietly([&] { return aspmv::petsc::detach(A); }) == 0));
  std::vector<aspmv::petsc::BlockReport> blocks;
  TEST_PETSC(aspmv::petsc::report(A, &blocks));
  bool none_attached = !blocks.empty();
  for (const auto& b : blocks) none_attached = none_attached && !b.attached && b.plans_made == 0;
  CHECK(all_ranks(none_attached));
  TEST_PETSC(MatDestroy(&A));
}
