#pragma once
// aspmv::CapturedApply: one plan.apply with fixed x, y, alpha and beta,
// captured once and replayed -- for solvers that apply the same operator to
// the same vectors at every iteration (CG's q = A p). Where the execution
// space has graphs (CUDA) a replay is one graph launch, whatever launches
// the plan makes; on the device machine's H200 a replayed csr_scalar apply
// of a 16-row matrix took 2.6-2.8 us a call against 4.2-5.9 us applied
// (perf/results/h200/2026-11-29-tile8x4, call 5). Elsewhere, and where the
// apply cannot be captured, a replay is plan.apply itself: replay() always
// computes y = alpha * op(A) * x + beta * y with the values x, A and y hold
// when it runs.
//
//   auto q_is_Ap = aspmv::capture_apply(exec, plan, 1.0, p, 0.0, q);
//   for (...) { /* update p */ q_is_Ap.replay(exec); /* use q */ }
//
// Capture on the instance the plan's workspace is bound to (make_plan's, or
// plan.for_instance(exec)'s), on CUDA one on a non-blocking stream of its
// own (backends::Graph<Space>::capturing_instance() makes one; the legacy
// default stream cannot be captured, and on a blocking stream Kokkos 3.4's
// first launch from a translation unit, a legacy-stream copy, invalidates
// the capture): captured() and how() say what a replay does. The captured object keeps the plan, x and y alive; a plan
// of a converted format still needs plan.refresh_values(exec) after A's values change in place, as for apply.

#include <aspmv/plan.hpp>
#include <backends/graph.hpp>
#include <backends/traits.hpp>

#include <string>

namespace aspmv {

template <class PlanType, class XView, class YView>
class CapturedApply {
 public:
  using execution_space = typename PlanType::execution_space;
  using value_type = typename PlanType::value_type;

  CapturedApply(const execution_space& exec, const PlanType& plan, value_type alpha, const XView& x, value_type beta,
                const YView& y)
      : last_(exec),
        graph_(exec, [plan, alpha, x, beta, y](const execution_space& e) { plan.apply(e, alpha, x, beta, y); }) {}

  // y = alpha * op(A) * x + beta * y on `exec`, asynchronously. A graph
  // holds the plan's scratch at fixed addresses: on another instance than
  // the last replay's (at first, the capture's), a replay first waits for
  // that one, as apply waits for the instance its workspace is bound to, so
  // two replays never share the scratch at once. Not for concurrent calls
  // from several host threads.
  void replay(const execution_space& exec) const {
    if (graph_.captured() && !backends::Traits<execution_space>::same_instance(exec, last_)) last_.fence();
    graph_.launch(exec);
    last_ = exec;
  }
  // Whether a replay is one graph launch (else it is plan.apply), and why.
  bool captured() const { return graph_.captured(); }
  std::string how() const { return graph_.why(); }

 private:
  mutable execution_space last_;  // the instance of the last replay (or of the capture)
  backends::Graph<execution_space> graph_;
};

// Checks x and y against the plan (aspmv::Error as apply would throw), then captures.
template <class PlanType, class XView, class YView>
CapturedApply<PlanType, XView, YView> capture_apply(const typename PlanType::execution_space& exec,
                                                    const PlanType& plan, typename PlanType::value_type alpha,
                                                    const XView& x, typename PlanType::value_type beta,
                                                    const YView& y) {
  plan.check_vectors(x, y);
  return CapturedApply<PlanType, XView, YView>(exec, plan, alpha, x, beta, y);
}

}  // namespace aspmv
