#pragma once
// aspmv::Plan: the analysis of one matrix, paid once, and its apply().
//
//   auto plan = aspmv::make_plan(exec, A, options);
//   plan.apply(exec, alpha, x, beta, y);   // y = alpha*A*x + beta*y
//
// make_plan gathers the features it needs, chooses a kernel (options, rules,
// later trained models), and the kernel's planner builds its dispatch groups
// (planner/build_plan.hpp). The analysis is immutable and shared by copies of
// the plan. apply() is asynchronous on `exec`: no host synchronization and no
// allocation, a handful of dispatches.
//
// Scratch that applies write (merge-path carries, deterministic partial sums)
// lives in a workspace bound to one execution-space instance (see
// planner/workspace.hpp for the rule): applying on the instance the plan was
// made on never waits; applying on another instance first fences the bound
// one. For concurrent applies on several instances, give each its own
// workspace with plan.for_instance(other).
//
// x and y are vectors (rank 1) or multivectors (rank 2, one column per
// vector, any layout): rank-1 applies run the plan's kernel; rank-2 applies
// run CSR-multivector (kernels/csr_multivector.hpp), which reads A once for
// up to 16 vectors (32 for short rows on GPUs). A plan made with
// PlanOptions::mode = Mode::transpose applies A^T (built once by make_plan,
// aspmv/transpose.hpp).

#include <aspmv/arch_table.hpp>
#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/impl/canonical_vectors.hpp>
#include <aspmv/impl/scale.hpp>
#include <aspmv/kernels/csr_multivector.hpp>
#include <aspmv/mode.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/build_plan.hpp>
#include <aspmv/planner/scoped_region.hpp>
#include <aspmv/planner/vector_checks.hpp>
#include <aspmv/planner/workspace.hpp>
#include <aspmv/transpose.hpp>
#include <aspmv/validate.hpp>
#include <backends/enabled_spaces.hpp>

#include <Kokkos_Core.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <variant>

namespace aspmv {

template <class ExecSpace, class Value, class Offset, class MemorySpace = typename ExecSpace::memory_space>
class Plan {
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, MemorySpace>::accessible,
                "aspmv::Plan: the execution space cannot access the matrix's memory space");

 public:
  using execution_space = ExecSpace;
  using matrix_type = CsrMatrix<Value, Offset, MemorySpace>;
  using value_type = Value;
  using analysis_type = planner::Analysis<ExecSpace, matrix_type>;
  using transposed_type = Transposed<Value, Offset, MemorySpace>;

  // Made by make_plan: the analysis, and a workspace bound to `exec` (and,
  // for a transposed plan, A^T, whose views the analysis uses).
  Plan(const ExecSpace& exec, std::shared_ptr<const analysis_type> analysis,
       std::shared_ptr<const transposed_type> transposed = nullptr)
      : analysis_(std::move(analysis)), transposed_(std::move(transposed)), workspace_(make_workspace(exec)) {}

  // A plan sharing this one's analysis with a workspace of its own, bound to
  // `exec`: applies of the two plans may run concurrently.
  Plan for_instance(const ExecSpace& exec) const { return Plan(exec, analysis_, transposed_); }

  // y = alpha * op(A) * x + beta * y on `exec`, asynchronously (op(A) = A, or
  // A^T for a transposed plan). beta == 0 never reads y; alpha == 0 never
  // reads A or x. x and y are rank-1 (or both rank-2) views the space can
  // access; they must not overlap.
  template <class XView, class YView>
  void apply(const ExecSpace& exec, Value alpha, const XView& x, Value beta, const YView& y) const {
    check_vectors(x, y);
    run(0, analysis_->num_groups, true, exec, alpha, impl::input_vector(x), beta, impl::output_vector(y));
  }

  // Throws aspmv::Error unless apply can take x and y (rank, extents,
  // layout, space); apply checks this itself.
  template <class XView, class YView>
  void check_vectors(const XView& x, const YView& y) const {
    impl::check_vectors<ExecSpace>("aspmv::spmv", analysis_->a.num_rows(), analysis_->a.num_cols(), x, y,
                                   transposed_ ? "A^T" : "A");
  }

  // After A's values changed in place (same structure): copies them into
  // what the plan holds, asynchronously on `exec` -- a transposed plan's A^T,
  // and the converted copy of a format kernel (SELL-C-sigma, ELL:
  // summary().kernel's traits copies_values). A CSR plan of A reads A's
  // values where they are and needs nothing.
  void refresh_values(const ExecSpace& exec) const {
    if (transposed_) transposed_->refresh_values(exec);
    std::visit([&](const auto& step) { planner::refresh_step_values(step, exec); }, analysis_->step);
  }

  // The operator the plan applies.
  Mode mode() const { return transposed_ ? Mode::transpose : Mode::normal; }

  // Diagnostics: the plan's dispatch groups (summary().groups, in order) run
  // one at a time, through the same path as apply(), to time them; group i
  // writes only its own rows.
  std::size_t num_groups() const { return analysis_->num_groups; }
  template <class XView, class YView>
  void apply_group(std::size_t i, const ExecSpace& exec, Value alpha, const XView& x, Value beta,
                   const YView& y) const {
    static_assert(XView::rank == 1, "aspmv::Plan::apply_group: x and y are vectors (rank 1)");
    impl::check_vectors<ExecSpace>("aspmv::Plan::apply_group", analysis_->a.num_rows(), analysis_->a.num_cols(), x, y);
    if (i >= analysis_->num_groups) throw Error("aspmv::Plan::apply_group: no group " + std::to_string(i));
    run(i, i + 1, false, exec, alpha, impl::input_vector(x), beta, impl::output_vector(y));
  }

  const PlanSummary& summary() const { return analysis_->summary; }
  std::string describe() const { return analysis_->summary.describe(); }
  // The matrix the plan's kernels run on: A, or A^T for a transposed plan.
  const matrix_type& matrix() const { return analysis_->a; }
  // Whether the plan applies a copy of A's values (A^T, or a converted
  // format), which refresh_values() renews after they change in place.
  bool holds_value_copy() const {
    return transposed_ != nullptr || planner::kernel_traits(analysis_->summary.kernel).copies_values;
  }
  // Whether applies write scratch (and so fence when the instance changes).
  bool has_workspace() const { return workspace_ != nullptr; }

 private:
  // Groups [first, last) of y = alpha * op(A) * x + beta * y with checked
  // vectors of the kernels' types (impl/canonical_vectors.hpp). Only apply()
  // (whole_apply) short-cuts alpha == 0 and takes rank-2 vectors; a group run
  // alone always runs its kernel, on a one-group plan too.
  // Compiled into libaspmv for the common vector shapes (below).
  template <class XView, class YView>
  void run(std::size_t first, std::size_t last, bool whole_apply, const ExecSpace& exec, Value alpha, const XView& x,
           Value beta, const YView& y) const;  // defined below the class: not inline, so the declared instances hold

  using Binding = impl::WorkspaceBinding<ExecSpace, Value, MemorySpace>;

  std::shared_ptr<Binding> make_workspace(const ExecSpace& exec) const {
    if (analysis_->workspace.empty()) return nullptr;
    return std::make_shared<Binding>(exec, analysis_->workspace);
  }

  std::shared_ptr<const analysis_type> analysis_;
  std::shared_ptr<const transposed_type> transposed_;  // null unless the plan applies A^T
  std::shared_ptr<Binding> workspace_;                 // null when the kernel needs no scratch
};

template <class ExecSpace, class Value, class Offset, class MemorySpace>
template <class XView, class YView>
void Plan<ExecSpace, Value, Offset, MemorySpace>::run(std::size_t first, std::size_t last, bool whole_apply,
                                                      const ExecSpace& exec, Value alpha, const XView& x, Value beta,
                                                      const YView& y) const {
  impl::ScopedRegion region("aspmv::spmv");
  if (whole_apply && alpha == Value(0)) {
    impl::scale_vectors(exec, y, beta);
    return;
  }
  if constexpr (XView::rank == 2) {
    impl::launch_csr_multivector(exec, analysis_->a, analysis_->parameters, analysis_->multivector, alpha, x, beta, y);
  } else {
    auto launch = [&](const impl::Workspace<Value, MemorySpace>& ws) {
      std::visit(
          [&](const auto& step) {
            for (std::size_t g = first; g < last; ++g) step.run_group(g, exec, ws, alpha, x, beta, y);
          },
          analysis_->step);
    };
    if (workspace_)
      workspace_->use(exec, launch);
    else
      launch(impl::Workspace<Value, MemorySpace>{});
  }
}

// Analyzes A once for repeated applies on `exec`, with the parameters of an
// explicit architecture table (studies, parameter sweeps, tests).
template <class ExecSpace, class Value, class Offset, class MemorySpace>
Plan<ExecSpace, Value, Offset, MemorySpace> make_plan(const ExecSpace& exec,
                                                      const CsrMatrix<Value, Offset, MemorySpace>& a,
                                                      const PlanOptions& options, const ArchTable& table) {
  using Matrix = CsrMatrix<Value, Offset, MemorySpace>;
  using PlanType = Plan<ExecSpace, Value, Offset, MemorySpace>;
  impl::ScopedRegion region("aspmv::make_plan");
  if (options.validate || options.mode == Mode::transpose) throw_if_invalid(validate(exec, a), "aspmv::make_plan");
  if (options.mode == Mode::normal) {
    auto analysis = std::make_shared<const typename PlanType::analysis_type>(
        planner::build_plan<ExecSpace, Matrix>(exec, a, options, table));
    return PlanType(exec, std::move(analysis));
  }
  const auto t0 = std::chrono::steady_clock::now();
  auto transposed = std::make_shared<const typename PlanType::transposed_type>(exec, a);
  exec.fence();  // the transpose's time, apart from the analysis of A^T
  const double transpose_seconds = planner::seconds_since(t0);
  auto built = planner::build_plan<ExecSpace, Matrix>(exec, transposed->view(), options, table);
  built.summary.mode = Mode::transpose;
  built.summary.transpose_seconds = transpose_seconds;
  built.summary.analysis_seconds += transpose_seconds;
  auto analysis = std::make_shared<const typename PlanType::analysis_type>(std::move(built));
  return PlanType(exec, std::move(analysis), std::move(transposed));
}

// Analyzes A once for repeated applies on `exec`, with this build's table.
template <class ExecSpace, class Value, class Offset, class MemorySpace>
Plan<ExecSpace, Value, Offset, MemorySpace> make_plan(const ExecSpace& exec,
                                                      const CsrMatrix<Value, Offset, MemorySpace>& a,
                                                      const PlanOptions& options = {}) {
  return make_plan(exec, a, options, arch_table());
}

// make_plan is compiled once, into libaspmv, for every enabled execution
// space x {double, float} x {int32, int64} offsets with the matrix in the
// space's own memory (src/aspmv/instances/); a caller's translation unit
// only declares these, which spares it the analysis kernels of every
// planner (about 7 s of g++ -O3 per configuration). Other combinations are
// instantiated where they are used, as before.
#define ASPMV_IMPL_MAKE_PLAN_SIGNATURE(Space, Value, Offset)                                               \
  Plan<Space, Value, Offset> make_plan(const Space&, const CsrMatrix<Value, Offset, Space::memory_space>&, \
                                       const PlanOptions&, const ArchTable&)
#define ASPMV_IMPL_DECLARE_MAKE_PLAN(Space, Value, Offset) \
  extern template ASPMV_IMPL_MAKE_PLAN_SIGNATURE(Space, Value, Offset);
#define ASPMV_IMPL_DEFINE_MAKE_PLAN(Space, Value, Offset) template ASPMV_IMPL_MAKE_PLAN_SIGNATURE(Space, Value, Offset);
ASPMV_FOR_EACH_INSTANCE(ASPMV_IMPL_DECLARE_MAKE_PLAN)

// Plan::apply's kernels are compiled once, into libaspmv, for the same
// plans and vectors of the common shapes (vectors; LayoutLeft and
// LayoutRight multivectors) of the plan's value type: apply() and
// apply_group() only check the caller's views and turn them into those
// types (impl/canonical_vectors.hpp). Other shapes (strided vectors) are
// instantiated where they are used.
#define ASPMV_IMPL_PLAN_RUN_SIGNATURE(Space, Value, Offset, Shape)                               \
  void Plan<Space, Value, Offset>::run<impl::InputVectorOf<Shape, Value, Space::memory_space>,   \
                                       impl::OutputVectorOf<Shape, Value, Space::memory_space>>( \
      std::size_t, std::size_t, bool, const Space&, Value,                                       \
      const impl::InputVectorOf<Shape, Value, Space::memory_space>&, Value,                      \
      const impl::OutputVectorOf<Shape, Value, Space::memory_space>&) const
#define ASPMV_IMPL_DECLARE_PLAN_RUN(Space, Value, Offset, Shape) \
  extern template ASPMV_IMPL_PLAN_RUN_SIGNATURE(Space, Value, Offset, Shape);
#define ASPMV_IMPL_DEFINE_PLAN_RUN(Space, Value, Offset, Shape) \
  template ASPMV_IMPL_PLAN_RUN_SIGNATURE(Space, Value, Offset, Shape);
#define ASPMV_IMPL_DECLARE_PLAN_RUNS(Space, Value, Offset) \
  ASPMV_IMPL_FOR_EACH_VECTOR_SHAPE(ASPMV_IMPL_DECLARE_PLAN_RUN, Space, Value, Offset)
#define ASPMV_IMPL_DEFINE_PLAN_RUNS(Space, Value, Offset) \
  ASPMV_IMPL_FOR_EACH_VECTOR_SHAPE(ASPMV_IMPL_DEFINE_PLAN_RUN, Space, Value, Offset)
ASPMV_FOR_EACH_INSTANCE(ASPMV_IMPL_DECLARE_PLAN_RUNS)

}  // namespace aspmv
