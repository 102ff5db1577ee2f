// backends::L2Window (backends/l2_window.hpp): applies inside a window over
// x compute what they compute without one, on every space, float and
// double; on CUDA a stream of its own takes the window (compute capability
// 8.0 and later) and gets its previous window back after, nested windows
// included; the legacy default stream and host spaces say why not.

#include <catch2/catch.hpp>

#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/plan.hpp>
#include <aspmv/reference.hpp>
#include <backends/graph.hpp>
#include <backends/l2_window.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>

#include <string>
#include <type_traits>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

TEMPLATE_LIST_TEST_CASE("applies inside an L2 window over x compute y = alpha A x + beta y", "[kernels][l2window]",
                        Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  using Mem = typename Space::memory_space;
  const auto owned = backends::Graph<Space>::capturing_instance();  // a stream of its own on GPUs
  const Space exec = owned.space;
  corpus::RandomCsrSpec s;
  s.rows = 500;
  s.cols = 700;
  s.lengths = corpus::RowLengths::zipf;
  s.mean = 7;
  s.spread = 1.8;
  s.seed = 21;
  const auto host = corpus::random_csr(s);
  const auto host_v = convert<Value, std::int64_t>(host);
  DeviceCsr<Value, Offset, Mem> a(exec, host);
  corpus::Rng rng(5);
  std::vector<Value> xh(static_cast<std::size_t>(s.cols)), y0(static_cast<std::size_t>(s.rows));
  for (auto& v : xh) v = static_cast<Value>(rng.signed_value());
  for (auto& v : y0) v = static_cast<Value>(rng.signed_value());
  Kokkos::View<Value*, Mem> x("x", xh.size()), y("y", y0.size());
  Kokkos::deep_copy(exec, x,
                    Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(xh.data(), xh.size()));
  const auto expected = reference_spmv(host_v, 1.5, xh, 0.5, y0);
  for (const Kernel k : {Kernel::csr_scalar, Kernel::csr_vector, Kernel::merge_split, Kernel::csr_adaptive}) {
    PlanOptions o;
    o.kernel = k;
    const auto plan = make_plan(exec, a.view(), o);
    Kokkos::deep_copy(exec, y,
                      Kokkos::View<const Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(y0.data(), y0.size()));
    {
      const backends::L2Window<Space> keep(exec, x.data(), x.size() * sizeof(Value));
      INFO("space " << backends::Traits<Space>::name << ", kernel " << to_string(k) << ": " << keep.why());
      CHECK_FALSE(keep.why().empty());
      if constexpr (!backends::Traits<Space>::is_gpu) CHECK_FALSE(keep.active());
      plan.apply(exec, Value(1.5), x, Value(0.5), y);
    }
    std::vector<Value> got(y0.size());
    Kokkos::deep_copy(exec, Kokkos::View<Value*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(got.data(), got.size()),
                      y);
    exec.fence();
    CHECK(compare(host_v, got, expected, epsilon_of<Value>()).within_bounds);
  }
}

TEMPLATE_LIST_TEST_CASE("an L2 window over nothing changes nothing", "[kernels][l2window]", Spaces) {
  using Space = TestType;
  const auto owned = backends::Graph<Space>::capturing_instance();
  const backends::L2Window<Space> keep(owned.space, nullptr, 0);
  CHECK_FALSE(keep.active());
  CHECK_FALSE(keep.why().empty());
}

#ifdef KOKKOS_ENABLE_CUDA
namespace {
cudaAccessPolicyWindow window_of(cudaStream_t s) {
  cudaStreamAttrValue v = {};
  REQUIRE(cudaStreamGetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v) == cudaSuccess);
  return v.accessPolicyWindow;
}
}  // namespace

TEST_CASE("on CUDA a stream of its own takes the window and gets its previous one back", "[kernels][l2window]") {
  const auto owned = backends::Graph<Kokkos::Cuda>::capturing_instance();
  const Kokkos::Cuda exec = owned.space;
  const cudaStream_t s = exec.cuda_stream();
  Kokkos::View<double*, Kokkos::CudaSpace> x("x", 1000), z("z", 10);
  const auto before = window_of(s);
  int major = 0;
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, exec.cuda_device());
  {
    const backends::L2Window<Kokkos::Cuda> outer(exec, x.data(), x.size() * sizeof(double));
    INFO(outer.why());
    CHECK(outer.active() == (major >= 8));
    if (outer.active()) {
      CHECK(window_of(s).base_ptr == x.data());
      CHECK(window_of(s).num_bytes == x.size() * sizeof(double));
      CHECK(window_of(s).hitProp == cudaAccessPropertyPersisting);
      {
        const backends::L2Window<Kokkos::Cuda> inner(exec, z.data(), z.size() * sizeof(double));
        CHECK(inner.active());
        CHECK(window_of(s).base_ptr == z.data());
      }
      CHECK(window_of(s).base_ptr == x.data());  // the outer window again
    }
  }
  const auto after = window_of(s);
  CHECK(after.base_ptr == before.base_ptr);
  CHECK(after.num_bytes == before.num_bytes);
  CHECK(after.hitProp == before.hitProp);
}

TEST_CASE("on CUDA the legacy default stream takes no window, and says so", "[kernels][l2window]") {
  const Kokkos::Cuda exec;
  if (exec.cuda_stream() != nullptr) return;  // this Kokkos gives the default instance a stream of its own
  Kokkos::View<double*, Kokkos::CudaSpace> x("x", 100);
  const backends::L2Window<Kokkos::Cuda> keep(exec, x.data(), x.size() * sizeof(double));
  CHECK_FALSE(keep.active());
  CHECK(keep.why().find("legacy default stream") != std::string::npos);
}
#endif
