#pragma once
// aspmv::SpmvHandle: Kokkos Kernels 4.x's handle form of the drop-in.
//
//   KokkosSparse::SPMVHandle<Exec, Crs, XView, YView> h;    // Kokkos Kernels 4.x
//   KokkosSparse::spmv(exec, &h, "N", alpha, A, x, beta, y);
// becomes
//   aspmv::SpmvHandle<Exec, Crs, XView, YView> h;           // same template arguments
//   aspmv::spmv(exec, &h, "N", alpha, A, x, beta, y);
//
// The handle keeps one aspmv::Plan per mode, made on the first call in that
// mode (the analysis: features, models, kernel, device arrays). Later calls
// apply the plan: no allocation and no fence on the instance the plan was
// made on (another instance is fenced first, see plan.hpp). Like Kokkos
// Kernels' handle, one handle serves one matrix: a call with another matrix
// (other views or sizes) throws. A's values may change in place between
// calls: a plan that holds a copy of them (A^T below, or a converted format
// the options force or allow) renews it before every apply.
//
// "T" takes one of two paths, decided at its first call from A's longest
// column and the architecture table (transpose_scatter_max_column_nnz,
// measured: docs/PERF.md): while no column is longer than that, the atomic
// scatter of the drop-in (reads A where it is, builds nothing; atomics
// contend on long columns); else a plan of A^T, built once on the device,
// whose values are refreshed from A before every apply (one extra pass over
// nnz; a caller whose values never change keeps an aspmv::Plan made with
// PlanOptions::mode = Mode::transpose and skips it). Deterministic options
// always take A^T (the scatter's order of additions varies).

#include <aspmv/arch_table.hpp>
#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/features.hpp>
#include <aspmv/mode.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/spmv.hpp>
#include <aspmv/validate.hpp>

#include <Kokkos_Core.hpp>

#include <optional>
#include <type_traits>

namespace aspmv {

// XVector and YVector are accepted for Kokkos Kernels' spelling and unused:
// one handle serves rank-1 and rank-2 views alike.
template <class ExecSpace, class AMatrix, class XVector = void, class YVector = void>
class SpmvHandle {
 public:
  using execution_space = ExecSpace;
  using matrix_type = impl::csr_type_of<AMatrix>;
  using plan_type = Plan<ExecSpace, typename matrix_type::value_type, typename matrix_type::offset_type,
                         typename matrix_type::memory_space>;

  // The options every plan of this handle is made with (mode aside), and the
  // architecture table its plans and its choice for "T" use.
  explicit SpmvHandle(const PlanOptions& options = {}, const ArchTable& table = arch_table())
      : options_(options), table_(table) {}

  // The plan for `mode`, made from `a` on `exec` at the first call.
  const plan_type& plan(const ExecSpace& exec, Mode mode, const matrix_type& a) {
    check_same_matrix(a);
    auto& slot = mode == Mode::transpose ? transposed_ : normal_;
    if (!slot) {
      PlanOptions o = options_;
      o.mode = mode;
      slot.emplace(make_plan(exec, a, o, table_));
    }
    return *slot;
  }

  // Whether "T" calls with `a` scatter (true) or apply a plan of A^T; decided
  // at the first such call (see above), on `exec`.
  bool transpose_by_scatter(const ExecSpace& exec, const matrix_type& a) {
    check_same_matrix(a);
    if (!scatter_) {
      const std::int64_t limit = table_.parameters.transpose_scatter_max_column_nnz;
      if (limit > 0 && !options_.deterministic) {
        // Counting A's columns, and both paths, write where A's column
        // indices point, so A is validated first. When "T" then takes A^T,
        // make_plan validates it again: one more pass, at the first "T" only.
        throw_if_invalid(validate(exec, a), "aspmv::spmv");
        scatter_ = max_column_nnz(exec, a) <= limit;
      } else {
        scatter_ = false;
      }
    }
    return *scatter_;
  }

  // Whether the call in `mode` has been made and made a plan (a "T" that
  // scatters makes none).
  bool has_plan(Mode mode) const { return mode == Mode::transpose ? transposed_.has_value() : normal_.has_value(); }
  // Whether "T" calls scatter; false before the first "T" call.
  bool scatters_transpose() const { return scatter_.value_or(false); }
  const PlanOptions& options() const { return options_; }

 private:
  void check_same_matrix(const matrix_type& a) {
    if (!bound_) {
      matrix_ = a;
      bound_ = true;
      return;
    }
    const bool same = a.num_rows() == matrix_.num_rows() && a.num_cols() == matrix_.num_cols() &&
                      a.nnz() == matrix_.nnz() && a.row_offsets().data() == matrix_.row_offsets().data() &&
                      a.col_indices().data() == matrix_.col_indices().data() &&
                      a.values().data() == matrix_.values().data();
    if (!same)
      throw Error(
          "aspmv::spmv: this handle was made for another matrix (a handle serves the matrix of its first call)");
  }

  PlanOptions options_;
  ArchTable table_;
  matrix_type matrix_;
  bool bound_ = false;
  std::optional<plan_type> normal_, transposed_;
  std::optional<bool> scatter_;  // the path of "T", once decided
};

// y = alpha * op(A) * x + beta * y on `exec` with a handle (Kokkos Kernels
// 4.x's form); the handle's plan for the mode is made at its first call.
template <class ExecSpace, class AMatrix, class XVector, class YVector, class Alpha, class XView, class Beta,
          class YView>
void spmv(const ExecSpace& exec, SpmvHandle<ExecSpace, AMatrix, XVector, YVector>* handle, const char mode[],
          const Alpha& alpha, const AMatrix& A, const XView& x, const Beta& beta, const YView& y) {
  if (handle == nullptr) throw Error("aspmv::spmv: the handle is null");
  using Value = typename impl::csr_type_of<AMatrix>::value_type;
  const Mode m = parse_mode(mode, "aspmv::spmv");
  if (m == Mode::transpose && handle->transpose_by_scatter(exec, impl::as_csr(A))) {
    impl::checked_spmv(exec, m, alpha, A, x, beta, y);
    return;
  }
  const auto& plan = handle->plan(exec, m, impl::as_csr(A));
  if (plan.holds_value_copy() && static_cast<Value>(alpha) != Value(0)) {
    plan.check_vectors(x, y);  // before the copy's values are touched
    plan.refresh_values(exec);
  }
  plan.apply(exec, static_cast<Value>(alpha), x, static_cast<Value>(beta), y);
}

}  // namespace aspmv
