// CPU kernels on fewer threads than the pool (the table's host_thread_nnz,
// impl/host_threads.hpp) and the OpenMP backend's own range launch
// (backends/openmp/range_launch.hpp, also taken with direct_launch != 0):
// the thread count's rule, every index of a range run exactly once whatever
// the chunk and the team, and CSR-scalar, SELL, ELL and DIA so launched equal
// the reference on every enabled space, float and double, int32 and int64
// offsets; their plans say on how many threads they run (GPUs ignore it).

#include <catch2/catch.hpp>

#include "support/small_table.hpp"
#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/impl/host_threads.hpp>
#include <aspmv/kernels/csr_scalar.hpp>
#include <backends/range_launch.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/stencil.hpp>

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {
// Whether a plan's description says ", on N thread(s)" (impl::describe_threads).
bool says_threads(const std::string& d) {
  for (auto at = d.find(", on "); at != std::string::npos; at = d.find(", on ", at + 1)) {
    std::size_t i = at + 5;
    if (i >= d.size() || d[i] < '0' || d[i] > '9') continue;
    while (i < d.size() && d[i] >= '0' && d[i] <= '9') ++i;
    if (d.compare(i, 7, " thread") == 0) return true;
  }
  return false;
}
}  // namespace

TEST_CASE("host_thread_count: one thread per host_thread_nnz entries, at least one, the pool as 0", "[kernels][host]") {
  CHECK(impl::host_thread_count(0, 1000000, 16) == 0);  // the table says every thread
  CHECK(impl::host_thread_count(1000, 0, 16) == 1);     // empty: one thread
  CHECK(impl::host_thread_count(1000, 1, 16) == 1);
  CHECK(impl::host_thread_count(1000, 1000, 16) == 1);
  CHECK(impl::host_thread_count(1000, 1001, 16) == 2);
  CHECK(impl::host_thread_count(1000, 15000, 16) == 15);
  CHECK(impl::host_thread_count(1000, 15001, 16) == 0);  // 16 wanted: the pool
  CHECK(impl::host_thread_count(1000, 1000000, 16) == 0);
  CHECK(impl::host_thread_count(1000, 10, 1) == 0);  // a pool of one: nothing to choose
  CHECK(impl::host_thread_count(1, std::int64_t(1) << 40, 64) == 0);
  CHECK(impl::describe_threads(0).empty());
  CHECK(impl::describe_threads(1) == ", on 1 thread");
  CHECK(impl::describe_threads(5) == ", on 5 threads");
}

#ifdef KOKKOS_ENABLE_OPENMP
namespace {
struct CountVisits {
  std::atomic<int>* visits;
  std::int64_t begin;
  void operator()(std::int64_t i) const { visits[i - begin].fetch_add(1, std::memory_order_relaxed); }
};
}  // namespace

TEST_CASE("the OpenMP range launch runs every index once, whatever the chunk and the team", "[kernels][host]") {
  const int pool = Kokkos::OpenMP::concurrency();
  for (const std::int64_t begin : {0, 7})
    for (const std::int64_t length : {0, 1, 5, 31, 32, 33, 1000, 4097})
      for (const std::int64_t chunk : {1, 3, 16, 5000})
        for (const int threads : {0, 1, 2, 3, pool, pool + 5}) {
          std::vector<std::atomic<int>> visits(static_cast<std::size_t>(length));
          for (auto& v : visits) v = 0;
          backends::openmp::launch_range(begin, begin + length, chunk, threads, CountVisits{visits.data(), begin});
          std::int64_t wrong = 0;
          for (const auto& v : visits) wrong += v.load() == 1 ? 0 : 1;
          INFO("range [" << begin << ", " << begin + length << "), chunk " << chunk << ", threads " << threads);
          CHECK(wrong == 0);
        }
  // Called from inside a parallel region (a nested launch): the caller's thread runs the range.
  std::vector<std::atomic<int>> visits(100);
  for (auto& v : visits) v = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    backends::openmp::launch_range(0, 100, 1, 2, CountVisits{visits.data(), 0});
  }
  std::int64_t wrong = 0;
  for (const auto& v : visits) wrong += v.load() == 1 ? 0 : 1;
  CHECK(wrong == 0);
  CHECK(backends::openmp::launch_threads(0) == pool);
  CHECK(backends::openmp::launch_threads(pool + 1) == pool);
  CHECK(backends::openmp::launch_threads(1) == 1);
}
#endif

TEMPLATE_LIST_TEST_CASE("csr_scalar, sell, ell and dia on fewer threads equal the reference", "[kernels][host]",
                        Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  std::vector<corpus::NamedMatrix> matrices = corpus::edge_case_matrices(23);
  matrices.push_back({"stencil 2-D 5-point 70 x 40", corpus::stencil(70, 40, 1, 5)});
  for (const auto d : {corpus::RowLengths::uniform, corpus::RowLengths::zipf}) {
    corpus::RandomCsrSpec s;
    s.lengths = d;
    s.rows = 1800;
    s.cols = 1500;
    s.mean = 7;
    s.spread = d == corpus::RowLengths::zipf ? 1.6 : 3;
    s.seed = 91;
    matrices.push_back({corpus::name(s), corpus::random_csr(s)});
  }
  const std::int64_t pool = Space().concurrency();
  const bool host = !backends::Traits<Space>::is_gpu;
  struct Shape {
    std::int64_t thread_nnz;
    int direct, simd;
  };
  // One thread for a few thousand entries; about two; the pool through the
  // backend's own launch (direct 1); each with the portable loops and the
  // AVX-512 lanes where the CPU has them.
  for (const auto sh : {Shape{1 << 20, 0, 0}, Shape{1 << 20, 0, 2}, Shape{3000, 0, 2}, Shape{3000, 0, 0},
                        Shape{0, 1, 2}, Shape{0, 1, 0}})
    for (const Kernel k : {Kernel::csr_scalar, Kernel::sell, Kernel::ell, Kernel::dia}) {
      auto table = small_table();
      table.parameters.host_thread_nnz = sh.thread_nnz;
      table.parameters.direct_launch = sh.direct;
      table.parameters.host_row_simd = sh.simd;
      table.parameters.host_shares_per_thread = 1;
      table.parameters.sell_slice_height = 8;
      PlanOptions o;
      o.kernel = k;
      o.max_dia_fill = 1e9;  // DIA on every matrix the memory guard takes (a refusal is skipped)
      for (const auto& m : matrices)
        for (const SpmvCase c : {SpmvCase{1.0, 0.0, true, 3}, SpmvCase{-1.5, 2.0, false, 4}}) {
          const auto r = run_plan<Space, Value, Offset>(m.matrix, o, c, 2, &table);
          INFO("space " << backends::Traits<Space>::name << ", " << to_string(k) << ", matrix " << m.name
                        << ", host_thread_nnz " << sh.thread_nnz << ", direct " << sh.direct << ", simd " << sh.simd
                        << "\n"
                        << r.description << r.refused);
          if (!r.refused.empty()) continue;
          CHECK(r.comparison.within_bounds);
          if (!host || sh.thread_nnz == 0 || pool < 2) {
            CHECK_FALSE(says_threads(r.description));
          } else if (k == Kernel::csr_scalar) {  // CSR-scalar counts A's nonzeros (the formats their stored entries)
            const int threads = impl::host_thread_count(sh.thread_nnz, m.matrix.nnz(), pool);
            CHECK(says_threads(r.description) == (threads > 0));
            CHECK(r.description.find(impl::describe_threads(threads)) != std::string::npos);
          }
        }
      // The drop-in's CSR-scalar reads the same table.
      if (k != Kernel::csr_scalar) continue;
      for (const auto& m : matrices) {
        const auto drop_in = run_launches<Space, Value, Offset>(
            m.matrix, -1.5, 2.0, 1, 5,
            [&](const Space& exec, const auto& a, Value alpha, const auto& x, Value beta, const auto& y) {
              kernels::CsrScalar::launch(exec, a, table.parameters, 1, alpha, x, beta, y);
            });
        INFO("drop-in, matrix " << m.name << ", host_thread_nnz " << sh.thread_nnz << ", direct " << sh.direct);
        CHECK(drop_in.comparison.within_bounds);
      }
    }
}
