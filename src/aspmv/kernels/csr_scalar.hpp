#pragma once
// CSR-scalar: one thread per row.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>

#include <Kokkos_Core.hpp>

namespace aspmv::impl {

template <class Matrix, class XView, class YView>
struct CsrScalarFunctor {
  using Value = typename Matrix::value_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;

  KOKKOS_FUNCTION void operator()(const std::int64_t row) const {
    // A plain loop: in thread-per-row code, unrolled predicated loads measured
    // slower on the H100 (perf/results/h100/2026-11-21-run2).
    write_row(y, row, alpha, row_sum<Value>(offsets, cols, vals, x, row), beta);
  }
};

// The step of a plan that runs CSR-scalar on every row.
template <class ExecSpace, class Matrix>
class CsrScalarStep {
 public:
  CsrScalarStep(const Matrix& a, std::int64_t chunk) : a_(a), chunk_(chunk) {}

  template <class XView, class YView>
  void run(const ExecSpace& exec, typename Matrix::value_type alpha, const XView& x,
           typename Matrix::value_type beta, const YView& y) const {
    if (a_.num_rows() == 0) return;
    CsrScalarFunctor<Matrix, XView, YView> f{a_.row_offsets(), a_.col_indices(), a_.values(), x, y, alpha, beta};
    Kokkos::parallel_for("aspmv::spmv::csr_scalar",
                         RangePolicy<ExecSpace>(exec, 0, a_.num_rows(), Kokkos::ChunkSize(chunk_)), f);
  }

 private:
  Matrix a_;
  std::int64_t chunk_;
};

}  // namespace aspmv::impl
