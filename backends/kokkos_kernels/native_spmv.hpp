#pragma once
// Kokkos Kernels' native KokkosSparse::spmv on an aspmv::CsrMatrix, as a
// comparator: the views are shared (no copy) through a KokkosSparse::CrsMatrix.

#include <aspmv/csr_matrix.hpp>

#include <KokkosSparse_CrsMatrix.hpp>
#include <KokkosSparse_spmv.hpp>
#include <Kokkos_Core.hpp>

namespace aspmv::backends::kokkos_kernels {

template <class ExecSpace, class Value, class Offset>
class NativeSpmv {
 public:
  using Mem = typename ExecSpace::memory_space;
  using Device = Kokkos::Device<ExecSpace, Mem>;
  using Crs = KokkosSparse::CrsMatrix<Value, std::int32_t, Device, void, Offset>;
  using Vector = Kokkos::View<Value*, Mem>;

  explicit NativeSpmv(const CsrMatrix<Value, Offset, Mem>& a)
      : crs_("aspmv::kokkos_kernels", a.num_rows(), a.num_cols(), static_cast<Offset>(a.nnz()),
             typename Crs::values_type(const_cast<Value*>(a.values().data()), a.values().extent(0)),
             typename Crs::row_map_type::non_const_type(const_cast<Offset*>(a.row_offsets().data()),
                                                        a.row_offsets().extent(0)),
             typename Crs::index_type::non_const_type(const_cast<std::int32_t*>(a.col_indices().data()),
                                                      a.col_indices().extent(0))) {}

  // KokkosSparse::spmv runs on the views' default execution space instance.
  void apply(Value alpha, const Vector& x, Value beta, const Vector& y) const {
    KokkosSparse::spmv("N", alpha, crs_, x, beta, y);
  }

 private:
  Crs crs_;
};

}  // namespace aspmv::backends::kokkos_kernels
