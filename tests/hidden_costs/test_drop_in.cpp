// The drop-in aspmv::spmv allocates nothing, copies nothing and waits for
// nothing, in each of its forms, on generated and edge-case matrices, with
// beta = 0, beta != 0 and alpha = 0, counted through Kokkos' profiling hooks
// on every enabled space, float and double, int32 and int64 offsets.
//
// The forms without an execution space run on the default space of A's
// memory space (for HostSpace: the default host space, OpenMP in the cpu
// preset, also in the Serial configurations).

#include <catch2/catch.hpp>

#include "hidden_costs/hidden_costs.hpp"

using namespace aspmv;
using namespace aspmv::testing;
using namespace aspmv::testing::hidden_costs;

namespace {

std::vector<corpus::NamedMatrix> drop_in_matrices() {
  auto m = generated_matrices();
  for (auto& e : corpus::edge_case_matrices(8)) m.push_back(std::move(e));
  return m;
}

// `call(p, alpha, beta)` makes one drop-in call on problem p.
template <class C, class Call>
void check_drop_in(const char* form, const Call& call) {
  using Space = typename C::space;
  using Value = typename C::value;
  const Space exec;
  for (const auto& m : drop_in_matrices()) {
    const Problem<Space, Value, typename C::offset> p(exec, m, 12);
    for (const auto& c : coefficient_cases()) {
      const auto run =
          count_calls(p, c.alpha, c.beta, [&] { call(p, static_cast<Value>(c.alpha), static_cast<Value>(c.beta)); });
      INFO("space " << backends::Traits<Space>::name << ", " << form << ", matrix " << m.name << ", " << c.what
                    << " (alpha " << c.alpha << ", beta " << c.beta << ")");
      check_no_hidden_costs(run, p.num_rows(), kernels_through_kokkos<Space>(arch_table()));
    }
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("drop-in aspmv::spmv(exec, alpha, A, x, beta, y) allocates, copies and waits for nothing",
                        "[hidden-costs][drop-in]", Configs) {
  check_drop_in<TestType>("aspmv::spmv(exec, alpha, A, x, beta, y)", [](const auto& p, auto alpha, auto beta) {
    aspmv::spmv(p.exec(), alpha, p.matrix(), p.x(), beta, p.y());
  });
}

TEMPLATE_LIST_TEST_CASE("drop-in aspmv::spmv(mode N, alpha, A, x, beta, y) allocates, copies and waits for nothing",
                        "[hidden-costs][drop-in]", Configs) {
  check_drop_in<TestType>("aspmv::spmv(\"N\", alpha, A, x, beta, y)", [](const auto& p, auto alpha, auto beta) {
    aspmv::spmv("N", alpha, p.matrix(), p.x(), beta, p.y());
  });
}

TEMPLATE_LIST_TEST_CASE("drop-in aspmv::spmv(alpha, A, x, beta, y) allocates, copies and waits for nothing",
                        "[hidden-costs][drop-in]", Configs) {
  check_drop_in<TestType>("aspmv::spmv(alpha, A, x, beta, y)", [](const auto& p, auto alpha, auto beta) {
    aspmv::spmv(alpha, p.matrix(), p.x(), beta, p.y());
  });
}
