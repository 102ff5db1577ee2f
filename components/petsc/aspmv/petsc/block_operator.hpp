#pragma once
// aspmv::petsc::BlockOperator (internal): one MATSEQAIJ block of an
// attached matrix, its aspmv plan, and the block's products through it.
// attach.cpp keeps one on each block (a PetscContainer composed on it) and
// routes the block's MatMult/MatMultAdd here.

#include <aspmv/petsc/attach.hpp>
#include <aspmv/plan.hpp>

#include <Kokkos_Core.hpp>
#include <petscmat.h>

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>

namespace aspmv::petsc::impl {

static_assert(std::is_same<PetscScalar, double>::value || std::is_same<PetscScalar, float>::value,
              "aspmv::petsc needs a real PETSc (PetscScalar double or float)");

// PETSc's own products of a block, kept to give them back (detach) and to
// serve a block that carries the hook without a plan (a MatDuplicate copy).
struct StockOperations {
  PetscErrorCode (*mult)(Mat, Vec, Vec) = nullptr;
  PetscErrorCode (*mult_add)(Mat, Vec, Vec, Vec) = nullptr;
};

// The block's CSR arrays as PETSc holds them, and the state they were read
// at: a plan is current while all of these are unchanged.
struct CsrSnapshot {
  PetscObjectState state = 0;
  PetscInt rows = 0, cols = 0;
  const PetscInt* row_offsets = nullptr;
  const PetscInt* col_indices = nullptr;
  const PetscScalar* values = nullptr;
  bool operator==(const CsrSnapshot& o) const {
    return state == o.state && rows == o.rows && cols == o.cols && row_offsets == o.row_offsets &&
           col_indices == o.col_indices && values == o.values;
  }
};

// Reads the block's snapshot (host arrays only; an error otherwise).
PetscErrorCode read_snapshot(Mat block, CsrSnapshot* out);

class BlockOperator {
 public:
  using exec_space = Kokkos::DefaultHostExecutionSpace;
  // PETSc's offsets as they are; columns as aspmv's int32 (copied when
  // PetscInt is 64-bit).
  using offset_type = std::conditional_t<sizeof(PetscInt) == 4, std::int32_t, std::int64_t>;
  using plan_type = Plan<exec_space, PetscScalar, offset_type, Kokkos::HostSpace>;

  // Plans `block` (not referenced: the operator lives on the block).
  static PetscErrorCode create(Mat block, const char* role, const PlanOptions& options, const StockOperations& stock,
                               std::unique_ptr<BlockOperator>* out);

  PetscErrorCode mult(Vec x, Vec y);             // y = A x
  PetscErrorCode mult_add(Vec x, Vec y, Vec z);  // z = y + A x (z may be y)

  const StockOperations& stock() const { return stock_; }
  // Fills the report's plan fields (the shape comes from the block itself).
  void fill_report(BlockReport* r) const;

 private:
  BlockOperator(Mat block, const char* role, const PlanOptions& options, const StockOperations& stock)
      : block_(block), role_(role), options_(options), stock_(stock) {}

  // Makes a plan for the block's arrays unless the current one is for them.
  PetscErrorCode make_current();
  // y = A x + beta y with the current plan (beta 0 or 1; 0 never reads y).
  PetscErrorCode apply(Vec x, PetscScalar beta, Vec y);

  Mat block_;
  std::string role_;
  PlanOptions options_;
  StockOperations stock_;
  CsrSnapshot planned_;                                     // what plan_ was made for
  Kokkos::View<std::int32_t*, Kokkos::HostSpace> columns_;  // the int32 copy (64-bit PetscInt only)
  // A block with more empty rows than rows with entries (the off-diagonal
  // block, mostly) is planned over its rows with entries only: offsets of
  // those rows (a subsequence of PETSc's: the entries between them are
  // contiguous), their indices, and the product's k-row result, added into y.
  Kokkos::View<offset_type*, Kokkos::HostSpace> compressed_offsets_;
  Kokkos::View<std::int32_t*, Kokkos::HostSpace> compressed_rows_;
  Kokkos::View<PetscScalar*, Kokkos::HostSpace> compressed_result_;
  bool compressed_ = false;
  std::unique_ptr<plan_type> plan_;
  int plans_made_ = 0;
};

}  // namespace aspmv::petsc::impl
