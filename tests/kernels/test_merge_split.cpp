// Merge-split with launch shapes the library does not pick on this machine:
// tiny tiles and few threads per team, so every path of the kernel runs on
// small matrices (rows crossing threads, tiles and teams, the team carry,
// the k-ary search, the last team's ordered carries), on every enabled
// space, float and double, int32 and int64 offsets. Results are compared
// with the long-double reference, and repeated calls on one workspace (the
// counter must be back at zero) must agree bit for bit.

#include <catch2/catch.hpp>

#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/device_csr.hpp>
#include <aspmv/kernels/merge_split.hpp>
#include <aspmv/reference.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>

#include <cstring>
#include <string>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

std::vector<corpus::NamedMatrix> shape_matrices() {
  std::vector<corpus::NamedMatrix> m = corpus::edge_case_matrices(31);
  corpus::RandomCsrSpec s;
  s.rows = 700;
  s.cols = 500;
  s.lengths = corpus::RowLengths::uniform;
  s.mean = 6;
  s.spread = 6;  // empty rows among them
  s.seed = 4;
  m.push_back({corpus::name(s), corpus::random_csr(s)});
  s.rows = s.cols = 2000;
  s.lengths = corpus::RowLengths::zipf;
  s.mean = 3;
  s.spread = 1.5;
  s.max_row = 2000;
  s.seed = 6;
  m.push_back({corpus::name(s), corpus::random_csr(s)});
  m.push_back({"short-rows-with-2-rows-of-3000", corpus::short_rows_with_long_rows(4000, 2, 3000, 8)});
  m.push_back({"one-row-of-5000-in-40", corpus::single_long_row(40, 6000, 17, 5000, 9)});
  m.push_back({"one-row-of-4000-first", corpus::single_long_row(300, 4000, 0, 4000, 10)});
  return m;
}

// Shapes (team size, items per thread, teams): one thread per team on every
// space; several where teams have threads (OpenMP, GPUs).
template <class Space>
std::vector<impl::MergeSplitShape> shapes() {
  std::vector<impl::MergeSplitShape> s{{1, 1, 1}, {1, 7, 3}, {1, 2, 64}};
  if (backends::Traits<Space>::is_gpu) {
    s.push_back({32, 1, 3});
    s.push_back({32, 2, 1});
    s.push_back({128, 7, 64});
  } else if (Space().concurrency() >= 2 && std::strcmp(backends::Traits<Space>::name, "Serial") != 0) {
    s.push_back({2, 1, 3});
    s.push_back({2, 3, 64});
  }
  return s;
}

template <class Space, class Value, class Offset>
void check_shape(const corpus::NamedMatrix& m, const impl::MergeSplitShape& shape, double alpha, double beta) {
  using Mem = typename Space::memory_space;
  impl::Workspace<Value, Mem> ws;
  ws.values = Kokkos::View<Value*, Mem>("carry values", static_cast<std::size_t>(shape.max_teams));
  ws.indices = Kokkos::View<std::int32_t*, Mem>("carry rows", static_cast<std::size_t>(shape.max_teams + 1));
  const auto out = run_launches<Space, Value, Offset>(
      m.matrix, alpha, beta, 3, 12,
      [&](const Space& exec, const auto& a, Value al, const auto& x, Value be, const auto& y) {
        impl::launch_merge_split(exec, a, shape, ws, al, x, be, y);
      });
  INFO("space " << backends::Traits<Space>::name << ", matrix " << m.name << ", team size " << shape.team_size
                << ", items per thread " << shape.items_per_thread << ", teams " << shape.max_teams << ", beta "
                << beta);
  INFO("worst row " << out.comparison.worst_row << " at " << out.comparison.worst_ratio << " x bound");
  CHECK(out.comparison.within_bounds);
  CHECK(out.all_equal());
  std::int32_t counter_host = -1;
  Space exec;
  Kokkos::deep_copy(exec, counter_host, Kokkos::subview(ws.indices, shape.max_teams));
  exec.fence();
  CHECK(counter_host == 0);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("merge-split equals the reference with every launch shape", "[kernels][merge_split]", Configs) {
  using Space = typename TestType::space;
  for (const auto& m : shape_matrices())
    for (const auto& shape : shapes<Space>()) {
      check_shape<Space, typename TestType::value, typename TestType::offset>(m, shape, 1.0, 0.0);
      check_shape<Space, typename TestType::value, typename TestType::offset>(m, shape, -1.5, 2.0);
    }
}

// A few matrices and the shapes of this space, small enough for
// compute-sanitizer's tools (perf/device/gpu_session.sh sanitize).
TEMPLATE_LIST_TEST_CASE("merge-split on a few matrices, every shape of the space", "[kernels][merge_split_small]",
                        Configs) {
  using Space = typename TestType::space;
  const auto all = shape_matrices();
  for (const auto& m : {all[all.size() - 5], all[all.size() - 3], all[all.size() - 2]})
    for (const auto& shape : shapes<Space>())
      check_shape<Space, typename TestType::value, typename TestType::offset>(m, shape, -1.5, 2.0);
}
