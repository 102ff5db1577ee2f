// aspmv::CapturedApply (captured_apply.hpp): replays compute y = alpha A x +
// beta y with what x, A and y hold when they run, on every space (a CUDA
// graph where the space has graphs, plan.apply elsewhere); several kernels,
// float and double; a CUDA instance on a non-blocking stream of its own is
// captured, even before any kernel of the build has run; bad
// vectors are refused before anything is captured.

#include <catch2/catch.hpp>

#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/captured_apply.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/reference.hpp>
#include <backends/graph.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>

#include <string>
#include <type_traits>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

// An instance whose work a graph can capture (CUDA: a non-blocking stream of its own).
template <class Space>
backends::OwnedInstance<Space> capture_instance() {
  return backends::Graph<Space>::capturing_instance();
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("a captured apply replays y = alpha A x + beta y with the vectors' current values",
                        "[kernels][captured]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  using Mem = typename Space::memory_space;
  const auto owned = capture_instance<Space>();
  const Space exec = owned.space;
  corpus::RandomCsrSpec s;
  s.rows = 300;
  s.cols = 260;
  s.lengths = corpus::RowLengths::bimodal;
  s.mean = 6;
  s.spread = 30;
  s.long_fraction = 0.02;
  s.seed = 12;
  const auto host = corpus::random_csr(s);
  const auto host_v = convert<Value, std::int64_t>(host);
  DeviceCsr<Value, Offset, Mem> a(exec, host);
  corpus::Rng rng(3);
  std::vector<Value> x1(static_cast<std::size_t>(s.cols)), x2(x1.size()), y0(static_cast<std::size_t>(s.rows));
  for (auto& v : x1) v = static_cast<Value>(rng.signed_value());
  for (auto& v : x2) v = static_cast<Value>(rng.signed_value());
  for (auto& v : y0) v = static_cast<Value>(rng.signed_value());
  Kokkos::View<Value*, Mem> x("x", x1.size()), y("y", y0.size());
  const auto put = [&](const Kokkos::View<Value*, Mem>& d, const std::vector<Value>& h) {
    Kokkos::deep_copy(exec, d,
                      Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(h.data(), h.size()));
  };
  const auto get = [&]() {
    std::vector<Value> h(y0.size());
    Kokkos::deep_copy(exec, Kokkos::View<Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(h.data(), h.size()), y);
    exec.fence();
    return h;
  };
  for (const Kernel k : {Kernel::csr_scalar, Kernel::merge_split, Kernel::gao_partitioned, Kernel::ell}) {
    PlanOptions o;
    o.kernel = k;
    const auto plan = make_plan(exec, a.view(), o);
    put(x, x1);
    put(y, y0);
    const auto replay = capture_apply(exec, plan, Value(2), x, Value(-1), y);
    INFO("space " << backends::Traits<Space>::name << ", kernel " << to_string(k) << ": " << replay.how());
    exec.fence();
    CHECK(get() == y0);  // capturing computes nothing
    replay.replay(exec);
    const auto y1 = get();
    CHECK(compare(host_v, y1, reference_spmv(host_v, 2.0, x1, -1.0, y0), epsilon_of<Value>()).within_bounds);
    put(x, x2);  // the next replay reads the new x and the y it left
    replay.replay(exec);
    CHECK(compare(host_v, get(), reference_spmv(host_v, 2.0, x2, -1.0, y1), epsilon_of<Value>()).within_bounds);
    if constexpr (!backends::Traits<Space>::is_gpu) CHECK_FALSE(replay.captured());
#ifdef KOKKOS_ENABLE_CUDA
    // Kernels without a workspace are captured whole on a stream of their own.
    if constexpr (std::is_same_v<Space, Kokkos::Cuda>)
      if (k == Kernel::csr_scalar || k == Kernel::ell) CHECK(replay.captured());
#endif
  }
}

#ifdef KOKKOS_ENABLE_CUDA
TEST_CASE("on CUDA an instance on a stream of its own is captured as a graph", "[kernels][captured]") {
  const auto owned = capture_instance<Kokkos::Cuda>();
  const Kokkos::Cuda exec = owned.space;
  HostCsr<double, std::int64_t> h;
  h.num_rows = 3;
  h.num_cols = 3;
  h.row_offsets = {0, 1, 2, 3};
  h.col_indices = {0, 1, 2};
  h.values = {1, 2, 3};
  DeviceCsr<double, std::int32_t, Kokkos::CudaSpace> a(exec, h);
  Kokkos::View<double*, Kokkos::CudaSpace> x("x", 3), y("y", 3);
  const auto plan = make_plan(exec, a.view(), PlanOptions{});
  const auto replay = capture_apply(exec, plan, 1.0, x, 0.0, y);
  INFO(replay.how());
  CHECK(replay.captured());
}
#endif

TEMPLATE_LIST_TEST_CASE("capture_apply refuses vectors apply would refuse", "[kernels][captured]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  const auto owned = capture_instance<Space>();
  const Space exec = owned.space;
  HostCsr<double, std::int64_t> h;
  h.num_rows = 4;
  h.num_cols = 5;
  h.row_offsets = {0, 1, 2, 3, 4};
  h.col_indices = {0, 1, 2, 4};
  h.values = {1, 2, 3, 4};
  DeviceCsr<double, std::int64_t, Mem> a(exec, h);
  const auto plan = make_plan(exec, a.view(), PlanOptions{});
  Kokkos::View<double*, Mem> x_short("x", 4), y("y", 4);
  CHECK_THROWS_AS(capture_apply(exec, plan, 1.0, x_short, 0.0, y), Error);
}

TEMPLATE_LIST_TEST_CASE("replays on another instance wait for the last one and stay right", "[kernels][captured]",
                        Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  const auto first = capture_instance<Space>();
  const auto second = capture_instance<Space>();
  corpus::RandomCsrSpec s;
  s.rows = 200;
  s.cols = 200;
  s.lengths = corpus::RowLengths::zipf;
  s.mean = 5;
  s.spread = 1.6;
  s.seed = 21;
  const auto host = corpus::random_csr(s);
  DeviceCsr<double, std::int64_t, Mem> a(first.space, host);
  Kokkos::View<double*, Mem> x("x", 200), y("y", 200);
  Kokkos::deep_copy(x, 1.0);
  Kokkos::deep_copy(y, 0.0);
  PlanOptions o;
  o.kernel = Kernel::merge_split;  // a kernel with scratch
  const auto plan = make_plan(first.space, a.view(), o);
  const auto replay = capture_apply(first.space, plan, 1.0, x, 1.0, y);  // y += A x
  for (int k = 0; k < 6; ++k) replay.replay(k % 2 ? second.space : first.space);
  second.space.fence();
  first.space.fence();
  const std::vector<double> ones(200, 1.0), zeros(200, 0.0);
  auto expect = reference_spmv(host, 6.0, ones, 0.0, zeros);  // six replays: 6 A x
  auto yh = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y);
  std::vector<double> got(yh.data(), yh.data() + yh.size());
  INFO(replay.how());
  CHECK(compare(host, got, expect, 8 * epsilon_of<double>()).within_bounds);
}
