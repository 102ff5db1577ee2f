#pragma once
// aspmv::DeviceCsr: a CSR matrix that owns its Kokkos views, made from a
// HostCsr by copying to a memory space. view() gives the non-owning
// CsrMatrix the rest of the library takes.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/host_csr.hpp>

#include <Kokkos_Core.hpp>

#include <string>

namespace aspmv {

template <class Value, class Offset, class MemorySpace>
class DeviceCsr {
 public:
  using matrix_type = CsrMatrix<Value, Offset, MemorySpace>;

  DeviceCsr() = default;

  // Copies `a` (any value/offset type; converted, with an error when nnz does
  // not fit Offset) into MemorySpace, using `exec` for the copies.
  template <class ExecSpace, class HostValue, class HostOffset>
  DeviceCsr(const ExecSpace& exec, const HostCsr<HostValue, HostOffset>& a,
            const std::string& label = "aspmv::DeviceCsr") {
    const auto b = convert<Value, Offset>(a, label);
    using HostOffsets = Kokkos::View<const Offset*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;
    using HostIndices = Kokkos::View<const std::int32_t*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;
    using HostValues = Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;
    Kokkos::View<Offset*, MemorySpace> offsets(
        Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, label + "::row_offsets"), b.row_offsets.size());
    Kokkos::View<std::int32_t*, MemorySpace> cols(
        Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, label + "::col_indices"), b.col_indices.size());
    Kokkos::View<Value*, MemorySpace> vals(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, label + "::values"),
                                           b.values.size());
    Kokkos::deep_copy(exec, offsets, HostOffsets(b.row_offsets.data(), b.row_offsets.size()));
    Kokkos::deep_copy(exec, cols, HostIndices(b.col_indices.data(), b.col_indices.size()));
    Kokkos::deep_copy(exec, vals, HostValues(b.values.data(), b.values.size()));
    exec.fence();  // the host buffers of `b` die with this scope
    matrix_ = matrix_type(b.num_rows, b.num_cols, offsets, cols, vals);
  }

  const matrix_type& view() const { return matrix_; }
  std::int32_t num_rows() const { return matrix_.num_rows(); }
  std::int32_t num_cols() const { return matrix_.num_cols(); }
  std::int64_t nnz() const { return matrix_.nnz(); }

 private:
  matrix_type matrix_;
};

}  // namespace aspmv
