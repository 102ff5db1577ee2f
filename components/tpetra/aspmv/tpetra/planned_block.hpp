#pragma once
// aspmv::tpetra::PlannedBlock: one block of a ColumnSplit on the device with
// the aspmv plan made for it. Offsets are 32-bit when the block's nonzeros
// fit, 64-bit otherwise (std::variant over the two).

#include <aspmv/aspmv.hpp>
#include <aspmv/tpetra/column_split.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace aspmv::tpetra {

namespace impl {

// The block's arrays in MemorySpace and its plan, for one offset type.
template <class ExecSpace, class MemorySpace, class Value, class Offset>
class BlockWithOffsets {
 public:
  using plan_type = Plan<ExecSpace, Value, Offset, MemorySpace>;

  BlockWithOffsets(const ExecSpace& exec, const HostBlock<Value>& host, const PlanOptions& options)
      : offsets_(Kokkos::view_alloc(Kokkos::WithoutInitializing, "aspmv::tpetra::row_offsets"),
                 host.row_offsets.size()),
        columns_(Kokkos::view_alloc(Kokkos::WithoutInitializing, "aspmv::tpetra::col_indices"),
                 host.col_indices.size()),
        values_(Kokkos::view_alloc(Kokkos::WithoutInitializing, "aspmv::tpetra::values"), host.values.size()) {
    auto offsets_host = Kokkos::create_mirror_view(offsets_);
    for (std::size_t i = 0; i < host.row_offsets.size(); ++i)
      offsets_host(i) = static_cast<Offset>(host.row_offsets[i]);
    Kokkos::deep_copy(exec, offsets_, offsets_host);
    copy_from_vector(exec, columns_, host.col_indices);
    copy_from_vector(exec, values_, host.values);
    exec.fence();  // the host mirrors go out of scope
    matrix_ = CsrMatrix<Value, Offset, MemorySpace>(host.num_rows, host.num_cols, offsets_, columns_, values_);
    plan_ = std::make_unique<plan_type>(make_plan(exec, matrix_, options));
  }

  template <class XView, class YView>
  void apply(const ExecSpace& exec, Value alpha, const XView& x, Value beta, const YView& y) const {
    plan_->apply(exec, alpha, x, beta, y);
  }

  void refresh_values(const ExecSpace& exec, const HostBlock<Value>& host) {
    copy_from_vector(exec, values_, host.values);
    exec.fence();
    plan_->refresh_values(exec);
  }

  const plan_type& plan() const { return *plan_; }

 private:
  // view = vec (host vector into an existing view); asynchronous on exec:
  // keep vec alive until exec is fenced.
  template <class View, class Vector>
  static void copy_from_vector(const ExecSpace& exec, const View& view, const Vector& vec) {
    using host_view = Kokkos::View<const typename View::non_const_value_type*, Kokkos::HostSpace,
                                   Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
    Kokkos::deep_copy(exec, view, host_view(vec.data(), vec.size()));
  }

  Kokkos::View<Offset*, MemorySpace> offsets_;
  Kokkos::View<std::int32_t*, MemorySpace> columns_;
  Kokkos::View<Value*, MemorySpace> values_;
  CsrMatrix<Value, Offset, MemorySpace> matrix_;
  std::unique_ptr<plan_type> plan_;
};

}  // namespace impl

template <class ExecSpace, class MemorySpace, class Value>
class PlannedBlock {
 public:
  PlannedBlock(const ExecSpace& exec, const HostBlock<Value>& host, const PlanOptions& options)
      : block_(make(exec, host, options)),
        num_rows_(host.num_rows),
        num_cols_(host.num_cols),
        nnz_(host.nnz()),
        empty_rows_(host.empty_rows()) {}

  // y = alpha A x + beta y over the block (x, y: rank-1 or rank-2 LayoutLeft views).
  template <class XView, class YView>
  void apply(const ExecSpace& exec, Value alpha, const XView& x, Value beta, const YView& y) const {
    std::visit([&](const auto& b) { b.apply(exec, alpha, x, beta, y); }, block_);
  }

  void refresh_values(const ExecSpace& exec, const HostBlock<Value>& host) {
    std::visit([&](auto& b) { b.refresh_values(exec, host); }, block_);
  }

  std::int32_t num_rows() const { return num_rows_; }
  std::int32_t num_cols() const { return num_cols_; }
  std::int64_t nnz() const { return nnz_; }
  std::int32_t empty_rows() const { return empty_rows_; }
  bool wide_offsets() const { return block_.index() == 1; }
  const PlanSummary& summary() const {
    return std::visit([](const auto& b) -> const PlanSummary& { return b.plan().summary(); }, block_);
  }
  std::string describe() const {
    return std::visit([](const auto& b) { return b.plan().describe(); }, block_);
  }

 private:
  using narrow = impl::BlockWithOffsets<ExecSpace, MemorySpace, Value, std::int32_t>;
  using wide = impl::BlockWithOffsets<ExecSpace, MemorySpace, Value, std::int64_t>;
  using any_block = std::variant<narrow, wide>;

  static any_block make(const ExecSpace& exec, const HostBlock<Value>& host, const PlanOptions& options) {
    if (host.nnz() <= std::numeric_limits<std::int32_t>::max())
      return any_block(std::in_place_index<0>, exec, host, options);
    return any_block(std::in_place_index<1>, exec, host, options);
  }

  any_block block_;
  std::int32_t num_rows_, num_cols_;
  std::int64_t nnz_;
  std::int32_t empty_rows_;
};

}  // namespace aspmv::tpetra
