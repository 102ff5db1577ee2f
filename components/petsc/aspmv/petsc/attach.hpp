#pragma once
// aspmv::petsc: aspmv plans as the local products of a PETSc AIJ matrix.
//
//   PetscCall(aspmv::petsc::attach(A));   // A: assembled MATMPIAIJ or MATSEQAIJ
//   PetscCall(KSPSetOperators(ksp, A, A)); // MatMult now runs aspmv's kernels
//
// A MATMPIAIJ keeps its rows in two MATSEQAIJ blocks: the diagonal block
// (the owned columns) and the off-diagonal block (the ghost columns, in
// PETSc's compacted numbering). attach() plans each block on its own --
// the off-diagonal block, short and skewed with many empty rows, is a
// selection problem of its own -- and replaces the blocks' MatMult and
// MatMultAdd with the plans' applies. MATMPIAIJ's own MatMult is untouched,
// so PETSc still overlaps the ghost scatter with the diagonal block's
// product (scatter begin; diagonal mult; scatter end; off-diagonal multadd).
// A MATSEQAIJ is its own diagonal block.
//
// The plans read PETSc's CSR arrays in place (no copy with 32-bit PetscInt)
// on Kokkos::DefaultHostExecutionSpace. Each product first compares the
// block's PetscObjectState and array pointers with those its plan was made
// for and makes a new plan when they differ, so values or structure set
// again (MatSetValues + assembly, MatSeqAIJGetArray) are never applied
// stale. Things the hook does not follow: new nonzeros in the off-diagonal
// block make MATMPIAIJ rebuild that block, which comes back with PETSc's own
// product (attach again); MatDuplicate copies the blocks' operations but not
// their plans, so a duplicate runs PETSc's product until attached itself.
//
// Kokkos must be initialized before attach() and the first product, and
// finalized only after the matrix is destroyed or detached: the caller's
// job (PetscInitialize, then Kokkos::initialize; finalize in reverse).

#include <aspmv/kernel.hpp>
#include <aspmv/plan_options.hpp>

#include <petscmat.h>

#include <cstdint>
#include <string>
#include <vector>

namespace aspmv::petsc {

struct AttachOptions {
  // The plans' options, one per block. A Krylov solve applies each block
  // once per iteration: raise expected_calls to let the plan spend more on
  // its analysis.
  PlanOptions diagonal;
  PlanOptions off_diagonal;
};

// Plans A's local blocks and makes them A's local products. A: assembled
// MATMPIAIJ or MATSEQAIJ (exactly those types, whose blocks are plain
// MATSEQAIJ on the host); anything else is refused with PETSC_ERR_SUP.
// Attaching again replaces the plans (and the options). Not collective.
PetscErrorCode attach(Mat A, const AttachOptions& options = {});

// Gives A's blocks back PETSc's own MatMult/MatMultAdd and frees the plans.
// A matrix never attached is left as it is. Not collective.
PetscErrorCode detach(Mat A);

// One local block as its plan sees it.
struct BlockReport {
  std::string role;                   // "diagonal" or "off-diagonal"
  bool attached = false;              // false: the block runs PETSc's own product
  std::int64_t rows = 0;              // the block's local rows
  std::int64_t cols = 0;              // owned columns, or ghost columns (compacted)
  std::int64_t nnz = 0;               // stored entries
  std::int64_t empty_rows = 0;        // rows without an entry
  int plans_made = 0;                 // 1 + the plans made again after A changed
  Kernel kernel = Kernel::automatic;  // what the current plan chose
  std::string plan;                   // its Plan::describe()
};

// This rank's blocks (the diagonal block first; a MATSEQAIJ has one).
PetscErrorCode report(Mat A, std::vector<BlockReport>* blocks);

// The report as text: per block its shape and what its plan chose.
PetscErrorCode describe(Mat A, std::string* text);

}  // namespace aspmv::petsc
