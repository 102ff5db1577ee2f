#pragma once
// The ways the tests run the planner, derived from the kernel registry: every
// registered kernel with each of its configurations (every TpR the backend
// runs, every staging unroll, ...), its TpR rule and a TpR forced in every
// block where it takes one, its deterministic variant where applies write
// scratch; and the automatic choice, also deterministic. A new kernel is in
// every test that uses this list without a change here.

#include <aspmv/plan_options.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <backends/traits.hpp>

#include <string>
#include <vector>

namespace aspmv::testing {

struct PlanVariant {
  std::string name;
  PlanOptions options;
  // Forced kernels run with the small table (so small matrices reach every
  // path); the automatic choice with this build's table.
  bool forced() const { return options.kernel != Kernel::automatic; }
};

template <class Space>
std::vector<PlanVariant> plan_variants() {
  constexpr int forced_tpr = 4;
  std::vector<PlanVariant> v;
  planner::for_each_kernel([&](auto d) {
    using D = decltype(d);
    const std::string name = to_string(D::id);
    for (const auto& c : D::configurations(backends::Traits<Space>::max_tpr)) v.push_back({c.label, c.options});
    PlanOptions o;
    o.kernel = D::id;
    if (D::traits.uses_tpr) v.push_back({name + "<rule>", o});
    if (D::traits.uses_tpr && D::traits.analysis) {
      PlanOptions forced = o;
      forced.threads_per_row = forced_tpr;
      v.push_back({name + "<" + std::to_string(forced_tpr) + ">", forced});
    }
    if (D::traits.splits_rows || D::traits.analysis) {
      o.deterministic = true;
      v.push_back({name + "/deterministic", o});
    }
  });
  PlanOptions automatic;
  v.push_back({"automatic", automatic});
  automatic.deterministic = true;
  v.push_back({"automatic/deterministic", automatic});
  return v;
}

}  // namespace aspmv::testing
