// Plans and the drop-in on an instance with a non-blocking stream of its own
// (what a caller's Kokkos::Cuda(stream) is; backends::Graph's
// capturing_instance() makes one), on a matrix large enough that the
// analysis scans and reductions use many blocks. Kokkos 3.4 zeroed the
// blocks' scratch counters on the legacy default stream, unordered with a
// non-blocking stream's kernels: on an H200 csr_adaptive's analysis scan
// wrote out of bounds and applies were wrong from about 1M nonzeros on
// (cmake/patches/kokkos-3.4.01/0007). Every space, float and double,
// several kernels with analysis scans, the result against the reference.

#include <catch2/catch.hpp>

#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/plan.hpp>
#include <aspmv/reference.hpp>
#include <aspmv/spmv.hpp>
#include <backends/graph.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>

#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

template <class Value, class Mem, class Space>
std::vector<Value> fetch(const Space& exec, const Kokkos::View<Value*, Mem>& d) {
  std::vector<Value> h(d.extent(0));
  Kokkos::deep_copy(exec, Kokkos::View<Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(h.data(), h.size()), d);
  exec.fence();
  return h;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("plans on a non-blocking stream of their own are right on a large skewed matrix",
                        "[kernels][streams]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  using Mem = typename Space::memory_space;
  corpus::RandomCsrSpec s;
  s.rows = 300000;
  s.cols = 300000;
  s.lengths = corpus::RowLengths::bimodal;
  s.mean = 3;
  s.spread = 3000;
  s.long_fraction = 0.0005;
  s.seed = 29;
  const auto host = corpus::random_csr(s);
  REQUIRE(host.nnz() > 1000000);
  const auto host_v = convert<Value, std::int64_t>(host);
  corpus::Rng rng(8);
  std::vector<Value> xh(static_cast<std::size_t>(s.cols)), y0(static_cast<std::size_t>(s.rows));
  for (auto& v : xh) v = static_cast<Value>(rng.signed_value());
  for (auto& v : y0) v = static_cast<Value>(rng.signed_value());
  const auto expected = reference_spmv(host_v, 1.0, xh, -2.0, y0);
  for (const Kernel k : {Kernel::csr_adaptive, Kernel::coo, Kernel::merge_path, Kernel::automatic}) {
    const auto owned = backends::Graph<Space>::capturing_instance();  // a fresh non-blocking stream each time
    const Space exec = owned.space;
    DeviceCsr<Value, Offset, Mem> a(exec, host);
    Kokkos::View<Value*, Mem> x(Kokkos::view_alloc(exec, "x"), xh.size()), y(Kokkos::view_alloc(exec, "y"), y0.size());
    Kokkos::deep_copy(exec, x,
                      Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(xh.data(), xh.size()));
    Kokkos::deep_copy(exec, y,
                      Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(y0.data(), y0.size()));
    PlanOptions o;
    o.kernel = k;
    const auto plan = make_plan(exec, a.view(), o);
    plan.apply(exec, Value(1), x, Value(-2), y);
    INFO("space " << backends::Traits<Space>::name << ", kernel " << to_string(k) << ": " << plan.describe());
    CHECK(compare(host_v, fetch(exec, y), expected, epsilon_of<Value>()).within_bounds);
    if (k == Kernel::automatic) {  // the drop-in on the same instance
      Kokkos::deep_copy(exec, y,
                        Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(y0.data(), y0.size()));
      spmv(exec, Value(1), a.view(), x, Value(-2), y);
      CHECK(compare(host_v, fetch(exec, y), expected, epsilon_of<Value>()).within_bounds);
    }
  }
}
