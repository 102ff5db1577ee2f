#pragma once
// aspmv::Plan: the analysis of one matrix, paid once, and its apply().
//
//   auto plan = aspmv::make_plan(exec, A, options);
//   plan.apply(exec, alpha, x, beta, y);   // y = alpha*A*x + beta*y
//
// make_plan gathers the features it needs, chooses a kernel (options, rules,
// later trained models), partitions the rows, and builds the device arrays
// of each dispatch group. apply() is asynchronous on `exec`: no host
// synchronization and no allocation, a handful of dispatches.

#include <aspmv/arch_table.hpp>
#include <aspmv/backends/traits.hpp>
#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/features.hpp>
#include <aspmv/impl/plan_steps.hpp>
#include <aspmv/kernels/scale.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/validate.hpp>

#include <Kokkos_Core.hpp>

#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace aspmv {

template <class ExecSpace, class Value, class Offset, class MemorySpace = typename ExecSpace::memory_space>
class Plan {
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, MemorySpace>::accessible,
                "aspmv::Plan: the execution space cannot access the matrix's memory space");

 public:
  using execution_space = ExecSpace;
  using matrix_type = CsrMatrix<Value, Offset, MemorySpace>;
  using value_type = Value;

  Plan(matrix_type a, std::vector<impl::PlanStep<ExecSpace, matrix_type>> steps, PlanSummary summary)
      : a_(std::move(a)), steps_(std::move(steps)), summary_(std::move(summary)) {}

  // y = alpha * A * x + beta * y on `exec`, asynchronously. beta == 0 never
  // reads y; alpha == 0 never reads A or x. x and y are rank-1 views the
  // space can access; they must not overlap.
  template <class XView, class YView>
  void apply(const ExecSpace& exec, Value alpha, const XView& x, Value beta, const YView& y) const {
    check_vectors(x, y);
    Kokkos::Profiling::pushRegion("aspmv::spmv");
    if (alpha == Value(0)) {
      impl::scale(exec, y, beta);
    } else {
      // x is gathered at random: read it through the read-only (texture) path.
      using XRandom = Kokkos::View<const typename XView::non_const_value_type*, typename XView::array_layout,
                                   typename XView::device_type, Kokkos::MemoryTraits<Kokkos::RandomAccess>>;
      const XRandom xr = x;
      for (const auto& step : steps_) std::visit([&](const auto& s) { s.run(exec, alpha, xr, beta, y); }, step);
    }
    Kokkos::Profiling::popRegion();
  }

  // Diagnostics: the plan's dispatch groups (summary().groups, in order) can
  // be run one at a time to time them; group i writes only its own rows.
  std::size_t num_groups() const { return steps_.size(); }
  template <class XView, class YView>
  void apply_group(std::size_t i, const ExecSpace& exec, Value alpha, const XView& x, Value beta, const YView& y) const {
    check_vectors(x, y);
    if (i >= steps_.size()) throw Error("aspmv::Plan::apply_group: no group " + std::to_string(i));
    std::visit([&](const auto& s) { s.run(exec, alpha, x, beta, y); }, steps_[i]);
  }

  const PlanSummary& summary() const { return summary_; }
  std::string describe() const { return summary_.describe(); }
  const matrix_type& matrix() const { return a_; }

 private:
  template <class XView, class YView>
  void check_vectors(const XView& x, const YView& y) const {
    static_assert(Kokkos::is_view<XView>::value && Kokkos::is_view<YView>::value,
                  "aspmv::spmv: x and y must be Kokkos::Views");
    static_assert(XView::rank == 1 && YView::rank == 1, "aspmv::spmv: x and y must be rank-1 views");
    static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename XView::memory_space>::accessible &&
                      Kokkos::SpaceAccessibility<ExecSpace, typename YView::memory_space>::accessible,
                  "aspmv::spmv: the execution space cannot access x or y");
    static_assert(!std::is_const<typename YView::value_type>::value, "aspmv::spmv: y must be writable");
    if (static_cast<std::int64_t>(x.extent(0)) != a_.num_cols())
      throw Error("aspmv::spmv: x has " + std::to_string(x.extent(0)) + " entries, A has " +
                  std::to_string(a_.num_cols()) + " columns");
    if (static_cast<std::int64_t>(y.extent(0)) != a_.num_rows())
      throw Error("aspmv::spmv: y has " + std::to_string(y.extent(0)) + " entries, A has " +
                  std::to_string(a_.num_rows()) + " rows");
    if (x.span() > 0 && y.span() > 0) {
      const auto* xb = reinterpret_cast<const char*>(x.data());
      const auto* yb = reinterpret_cast<const char*>(y.data());
      const auto* xe = xb + x.span() * sizeof(typename XView::value_type);
      const auto* ye = yb + y.span() * sizeof(typename YView::value_type);
      if (xb < ye && yb < xe) throw Error("aspmv::spmv: x and y overlap (aliasing is not allowed)");
    }
  }

  matrix_type a_;
  std::vector<impl::PlanStep<ExecSpace, matrix_type>> steps_;
  PlanSummary summary_;
};

// Analyzes A once for repeated applies on `exec`, with the parameters of an
// explicit architecture table (studies, parameter sweeps, tests).
template <class ExecSpace, class Value, class Offset, class MemorySpace>
Plan<ExecSpace, Value, Offset, MemorySpace> make_plan(const ExecSpace& exec, const CsrMatrix<Value, Offset, MemorySpace>& a,
                                                      const PlanOptions& options, const ArchTable& table) {
  using Matrix = CsrMatrix<Value, Offset, MemorySpace>;
  if (options.validate) throw_if_invalid(validate(exec, a), "aspmv::make_plan");
  Kokkos::Profiling::pushRegion("aspmv::make_plan");
  auto built = impl::build_plan_steps<ExecSpace, Matrix>(exec, a, options, table);
  Kokkos::Profiling::popRegion();
  return Plan<ExecSpace, Value, Offset, MemorySpace>(a, std::move(built.steps), std::move(built.summary));
}

// Analyzes A once for repeated applies on `exec`, with this build's table.
template <class ExecSpace, class Value, class Offset, class MemorySpace>
Plan<ExecSpace, Value, Offset, MemorySpace> make_plan(const ExecSpace& exec, const CsrMatrix<Value, Offset, MemorySpace>& a,
                                                      const PlanOptions& options = {}) {
  return make_plan(exec, a, options, arch_table());
}

}  // namespace aspmv
