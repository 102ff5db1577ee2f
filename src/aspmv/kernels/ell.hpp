#pragma once
// ELL (ELLPACK): every row padded to the longest, stored column-major, rows
// in their own order: SELL-C-sigma (kernels/sell.hpp) with one slice of all
// rows and no sorting. One thread per row (CPUs: in chunks of the table's
// host_rows_per_chunk); the memory guard of sell.hpp
// refuses matrices whose longest row makes the padding too large.

#include <aspmv/kernels/sell.hpp>

namespace aspmv::impl {

// Its own type (the plan's step variant holds one alternative per kernel).
template <class ExecSpace, class Matrix>
class EllStep : public SellStep<ExecSpace, Matrix> {
 public:
  using SellStep<ExecSpace, Matrix>::SellStep;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct Ell {
  static constexpr Kernel id = Kernel::ell;
  static constexpr KernelTraits traits{/*analysis*/ true,         /*uses_tpr*/ false,
                                       /*splits_rows*/ false,
                                       /*needs_structure*/ false, /*direct*/ false,
                                       /*row_bound*/ true,        /*copies_values*/ true};
  static constexpr TableParameter parameters[] = {TableParameter::host_rows_per_chunk, TableParameter::direct_launch,
                                                  TableParameter::host_thread_nnz};
  template <class ExecSpace, class Matrix>
  using Step = impl::EllStep<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"ell", "-", o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    const impl::SellGeometry g{std::max<std::int64_t>(1, ctx.a.num_rows()), 1};
    Step<ExecSpace, Matrix> step(ctx.exec, ctx.a, g, ctx.params.host_rows_per_chunk, ctx.params.host_shares_per_thread,
                                 ctx.options, "ELL", ctx.params.direct_launch);
    step.use_host_threads(ctx.exec, ctx.params.host_thread_nnz);
    s.groups.push_back(impl::sell_group(id, step, s.stats, "ELL"));
    return step;
  }
};

}  // namespace aspmv::kernels
