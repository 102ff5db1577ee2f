// aspmv inside PETSc: KSP CG (Jacobi preconditioner) on the 3-D Poisson
// problem -laplace(u) = f on an n x n x n grid (7-point stencil), with
// aspmv's plans as the MATMPIAIJ blocks' products.
//
//   mpirun -n 2 aspmv_example_petsc_ksp_cg [-n 16] [-ksp_monitor]
//
// The solution is u = 1 (b = A 1); the example exits non-zero unless CG
// converges to it. Each rank prints what its blocks' plans chose.

#include <aspmv/petsc/attach.hpp>

#include <Kokkos_Core.hpp>
#include <petscksp.h>

#include <string>

namespace {

// The 7-point Laplacian on this rank's rows of an n^3 grid, preallocated.
PetscErrorCode assemble_poisson(PetscInt n, Mat* A) {
  const PetscInt rows = n * n * n;
  PetscInt first = 0, last = 0;

  PetscFunctionBeginUser;
  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, PETSC_DECIDE, PETSC_DECIDE, rows, rows));
  PetscCall(MatSetType(*A, MATAIJ));
  PetscCall(MatSeqAIJSetPreallocation(*A, 7, nullptr));
  PetscCall(MatMPIAIJSetPreallocation(*A, 7, nullptr, 6, nullptr));
  PetscCall(MatGetOwnershipRange(*A, &first, &last));
  for (PetscInt row = first; row < last; ++row) {
    const PetscInt i = row % n, j = (row / n) % n, k = row / (n * n);
    PetscInt cols[7];
    PetscScalar vals[7];
    PetscInt m = 0;
    auto add = [&](bool inside, PetscInt col, PetscScalar v) {
      if (!inside) return;
      cols[m] = col;
      vals[m++] = v;
    };
    add(k > 0, row - n * n, -1.0);
    add(j > 0, row - n, -1.0);
    add(i > 0, row - 1, -1.0);
    add(true, row, 6.0);
    add(i < n - 1, row + 1, -1.0);
    add(j < n - 1, row + n, -1.0);
    add(k < n - 1, row + n * n, -1.0);
    PetscCall(MatSetValues(*A, 1, &row, m, cols, vals, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(0);
}

PetscErrorCode run() {
  PetscInt n = 16, iterations = 0;
  Mat A = nullptr;
  Vec u = nullptr, b = nullptr, x = nullptr;
  KSP ksp = nullptr;
  PC pc = nullptr;
  KSPConvergedReason reason;
  PetscReal error = 0;
  PetscMPIInt rank = 0;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCall(PetscOptionsGetInt(nullptr, nullptr, "-n", &n, nullptr));
  PetscCall(assemble_poisson(n, &A));

  // The hook: plans for this rank's diagonal and off-diagonal blocks. CG
  // applies A once per iteration: tell the plans to expect many calls, and
  // let the diagonal block's plan convert it (a grid: DIA on CPUs).
  aspmv::petsc::AttachOptions options;
  options.diagonal.expected_calls = options.off_diagonal.expected_calls = 1000;
  options.diagonal.allow_conversion = true;
  PetscCall(aspmv::petsc::attach(A, options));
  std::string text;
  PetscCall(aspmv::petsc::describe(A, &text));
  PetscCall(PetscSynchronizedPrintf(PETSC_COMM_WORLD, "rank %d:\n%s", rank, text.c_str()));
  PetscCall(PetscSynchronizedFlush(PETSC_COMM_WORLD, PETSC_STDOUT));

  PetscCall(MatCreateVecs(A, &u, &b));
  PetscCall(VecDuplicate(u, &x));
  PetscCall(VecSet(u, 1.0));
  PetscCall(MatMult(A, u, b));  // already aspmv's product

  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPSetType(ksp, KSPCG));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCJACOBI));
  PetscCall(KSPSetTolerances(ksp, 1e-10, PETSC_DEFAULT, PETSC_DEFAULT, 10000));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(KSPGetIterationNumber(ksp, &iterations));
  PetscCall(KSPGetConvergedReason(ksp, &reason));
  PetscCall(VecAXPY(x, -1.0, u));
  PetscCall(VecNorm(x, NORM_INFINITY, &error));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "n = %" PetscInt_FMT ": %s after %" PetscInt_FMT " iterations, max error %g\n", n,
                        KSPConvergedReasons[reason], iterations, static_cast<double>(error)));
  PetscCheck(reason > 0 && error < 1e-6, PETSC_COMM_WORLD, PETSC_ERR_NOT_CONVERGED,
             "CG did not reach u = 1 (reason %s, error %g)", KSPConvergedReasons[reason], static_cast<double>(error));

  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&u));
  PetscCall(VecDestroy(&b));
  PetscCall(VecDestroy(&x));
  PetscCall(MatDestroy(&A));  // frees the plans: before Kokkos is finalized
  PetscFunctionReturn(0);
}

}  // namespace

int main(int argc, char** argv) {
  PetscCall(PetscInitialize(&argc, &argv, nullptr, "KSP CG with aspmv's products"));
  PetscErrorCode code = 0;
  {
    // Kokkos after PETSc (MPI), finalized before it: aspmv's plans run on Kokkos.
    Kokkos::ScopeGuard kokkos(argc, argv);
    code = run();
  }
  // A failed run() has printed its error; PetscFinalize all the same.
  PetscCall(PetscFinalize());
  return code != 0 ? 1 : 0;
}
