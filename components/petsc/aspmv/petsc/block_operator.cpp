// aspmv::petsc::impl::BlockOperator: see block_operator.hpp.

#include <aspmv/petsc/block_operator.hpp>

#include <petsc/private/petscimpl.h>  // PetscObjectStateGet: PETSc 3.18 declares it here only

#include <cstdint>
#include <exception>
#include <limits>
#include <string>

namespace aspmv::petsc::impl {

namespace {

template <class T>
using Unmanaged = Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

constexpr PetscInt kMaxOrdinal = std::numeric_limits<std::int32_t>::max();

}  // namespace

PetscErrorCode read_snapshot(Mat block, CsrSnapshot* out) {
  const PetscInt *i = nullptr, *j = nullptr;
  PetscScalar* a = nullptr;
  PetscMemType mtype;

  PetscFunctionBegin;
  PetscCall(PetscObjectStateGet(reinterpret_cast<PetscObject>(block), &out->state));
  PetscCall(MatGetSize(block, &out->rows, &out->cols));
  PetscCall(MatSeqAIJGetCSRAndMemType(block, &i, &j, &a, &mtype));
  PetscCheck(PetscMemTypeHost(mtype), PETSC_COMM_SELF, PETSC_ERR_SUP,
             "aspmv::petsc: the block's CSR arrays are not in host memory (aspmv::petsc plans host arrays)");
  out->row_offsets = i;
  out->col_indices = j;
  out->values = a;
  PetscFunctionReturn(0);
}

PetscErrorCode BlockOperator::create(Mat block, const char* role, const PlanOptions& options,
                                     const StockOperations& stock, std::unique_ptr<BlockOperator>* out) {
  PetscFunctionBegin;
  std::unique_ptr<BlockOperator> op(new BlockOperator(block, role, options, stock));
  PetscCall(op->make_current());
  *out = std::move(op);
  PetscFunctionReturn(0);
}

PetscErrorCode BlockOperator::make_current() {
  CsrSnapshot now;

  PetscFunctionBegin;
  PetscCall(read_snapshot(block_, &now));
  if (plan_ && now == planned_) PetscFunctionReturn(0);
  plan_.reset();  // never keep a plan of arrays that changed, even if planning fails below
  PetscCheck(now.rows <= kMaxOrdinal && now.cols <= kMaxOrdinal, PETSC_COMM_SELF, PETSC_ERR_SUP,
             "aspmv::petsc: the %s block is %" PetscInt_FMT " x %" PetscInt_FMT
             "; aspmv takes at most 2^31 - 1 rows and columns",
             role_.c_str(), now.rows, now.cols);
  const PetscInt nnz = now.rows > 0 ? now.row_offsets[now.rows] : 0;
  std::string failure;
  try {
    // A matrix of no rows may come without offsets: aspmv takes an empty view then.
    Unmanaged<const offset_type> offsets(reinterpret_cast<const offset_type*>(now.row_offsets),
                                         now.rows > 0 ? now.rows + 1 : 0);
    PetscInt with_entries = 0;
    for (PetscInt r = 0; r < now.rows; ++r) with_entries += now.row_offsets[r + 1] > now.row_offsets[r] ? 1 : 0;
    compressed_ = now.rows > 0 && with_entries < now.rows - with_entries;
    PetscInt plan_rows = now.rows;
    if (compressed_) {
      compressed_rows_ = Kokkos::View<std::int32_t*, Kokkos::HostSpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "aspmv::petsc::rows"), with_entries);
      compressed_offsets_ = Kokkos::View<offset_type*, Kokkos::HostSpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "aspmv::petsc::offsets"), with_entries + 1);
      compressed_result_ = Kokkos::View<PetscScalar*, Kokkos::HostSpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "aspmv::petsc::result"), with_entries);
      // Rows before the first row with entries are empty: its offset is 0.
      compressed_offsets_(0) = 0;
      PetscInt k = 0;
      for (PetscInt r = 0; r < now.rows; ++r)
        if (now.row_offsets[r + 1] > now.row_offsets[r]) {
          compressed_rows_(k) = static_cast<std::int32_t>(r);
          compressed_offsets_(++k) = static_cast<offset_type>(now.row_offsets[r + 1]);
        }
      offsets = compressed_offsets_;
      plan_rows = with_entries;
    }
    Unmanaged<const PetscScalar> values(now.values, nnz);
    Kokkos::View<const std::int32_t*, Kokkos::HostSpace> columns;
    if constexpr (sizeof(PetscInt) == sizeof(std::int32_t)) {
      columns = Unmanaged<const std::int32_t>(reinterpret_cast<const std::int32_t*>(now.col_indices), nnz);
    } else {
      // aspmv's column indices are int32: copy them (they are < cols <= 2^31 - 1, checked above).
      columns_ = Kokkos::View<std::int32_t*, Kokkos::HostSpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "aspmv::petsc::col_indices"), nnz);
      for (PetscInt k = 0; k < nnz; ++k) columns_(k) = static_cast<std::int32_t>(now.col_indices[k]);
      columns = columns_;
    }
    CsrMatrix<PetscScalar, offset_type, Kokkos::HostSpace> a(
        static_cast<std::int32_t>(plan_rows), static_cast<std::int32_t>(now.cols), offsets, columns, values);
    plan_ = std::make_unique<plan_type>(make_plan(exec_space(), a, options_));
  } catch (const std::exception& e) {
    failure = e.what();
  }
  PetscCheck(failure.empty(), PETSC_COMM_SELF, PETSC_ERR_LIB, "aspmv::petsc: planning the %s block failed: %s",
             role_.c_str(), failure.c_str());
  planned_ = now;
  ++plans_made_;
  PetscFunctionReturn(0);
}

PetscErrorCode BlockOperator::apply(Vec x, PetscScalar beta, Vec y) {
  PetscInt nx = 0, ny = 0;
  const PetscScalar* xa = nullptr;
  PetscScalar* ya = nullptr;

  PetscFunctionBegin;
  PetscCall(make_current());
  PetscCall(VecGetLocalSize(x, &nx));
  PetscCall(VecGetLocalSize(y, &ny));
  PetscCheck(nx == planned_.cols && ny == planned_.rows, PETSC_COMM_SELF, PETSC_ERR_ARG_SIZ,
             "aspmv::petsc: the %s block is %" PetscInt_FMT " x %" PetscInt_FMT " but x has %" PetscInt_FMT
             " and y %" PetscInt_FMT " local entries",
             role_.c_str(), planned_.rows, planned_.cols, nx, ny);
  PetscCall(VecGetArrayRead(x, &xa));
  // beta == 0 overwrites y without reading it: PETSc need not bring its values up to date.
  if (beta == PetscScalar(0))
    PetscCall(VecGetArrayWrite(y, &ya));
  else
    PetscCall(VecGetArray(y, &ya));
  std::string failure;
  try {
    const exec_space exec;
    const Unmanaged<const PetscScalar> xv(xa, nx);
    const Unmanaged<PetscScalar> yv(ya, ny);
    if (compressed_) {
      // The rows with entries into the k-row result, then added into y
      // (set first when beta is 0); the rows are distinct.
      const auto t = compressed_result_;
      const auto rows = compressed_rows_;
      plan_->apply(exec, PetscScalar(1), xv, PetscScalar(0), t);
      if (beta == PetscScalar(0)) Kokkos::deep_copy(exec, yv, PetscScalar(0));
      Kokkos::parallel_for(
          "aspmv::petsc::add_rows", Kokkos::RangePolicy<exec_space>(exec, 0, rows.extent(0)),
          KOKKOS_LAMBDA(const std::size_t i) { yv(rows(i)) += t(i); });
    } else {
      plan_->apply(exec, PetscScalar(1), xv, beta, yv);
    }
    exec.fence();  // apply is asynchronous; PETSc reads y as soon as we return
  } catch (const std::exception& e) {
    failure = e.what();
  }
  PetscCall(VecRestoreArrayRead(x, &xa));
  if (beta == PetscScalar(0))
    PetscCall(VecRestoreArrayWrite(y, &ya));
  else
    PetscCall(VecRestoreArray(y, &ya));
  PetscCheck(failure.empty(), PETSC_COMM_SELF, PETSC_ERR_LIB, "aspmv::petsc: the %s block's product failed: %s",
             role_.c_str(), failure.c_str());
  PetscCall(PetscLogFlops(2.0 * static_cast<PetscLogDouble>(plan_->matrix().nnz())));
  PetscFunctionReturn(0);
}

PetscErrorCode BlockOperator::mult(Vec x, Vec y) {
  PetscFunctionBegin;
  PetscCall(apply(x, PetscScalar(0), y));
  PetscFunctionReturn(0);
}

PetscErrorCode BlockOperator::mult_add(Vec x, Vec y, Vec z) {
  PetscFunctionBegin;
  if (z != y) PetscCall(VecCopy(y, z));
  PetscCall(apply(x, PetscScalar(1), z));
  PetscFunctionReturn(0);
}

void BlockOperator::fill_report(BlockReport* r) const {
  r->attached = plan_ != nullptr;
  r->plans_made = plans_made_;
  if (!plan_) return;
  r->kernel = plan_->summary().kernel;
  r->plan = plan_->describe();
}

}  // namespace aspmv::petsc::impl
