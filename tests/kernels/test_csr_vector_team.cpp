// CSR-vector-team with launch shapes the library does not pick on this
// machine, so every path of the kernel runs on every enabled space: rows
// listed for the team (long_row 0 lists every non-empty row), more listed
// rows than threads, one thread a listed row, several threads a row with the
// sum through team scratch, rows per team below the team's threads, and the
// library's own shape. Float and double, int32 and int64 offsets, against
// the long-double reference; repeated calls agree bit for bit.

#include <catch2/catch.hpp>

#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/arch_table.hpp>
#include <aspmv/device_csr.hpp>
#include <aspmv/kernels/csr_vector_team.hpp>
#include <aspmv/reference.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

// `a` with its rows in order of decreasing length: long rows crowd the first
// teams (a power-law graph with its hubs first).
HostCsr<double, std::int64_t> longest_rows_first(const HostCsr<double, std::int64_t>& a) {
  std::vector<std::int32_t> order(static_cast<std::size_t>(a.num_rows));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::int32_t u, std::int32_t v) { return a.row_length(u) > a.row_length(v); });
  HostCsr<double, std::int64_t> b;
  b.num_rows = a.num_rows;
  b.num_cols = a.num_cols;
  for (const std::int32_t r : order) {
    for (auto k = a.row_offsets[r]; k < a.row_offsets[r + 1]; ++k) {
      b.col_indices.push_back(a.col_indices[k]);
      b.values.push_back(a.values[k]);
    }
    b.row_offsets.push_back(static_cast<std::int64_t>(b.col_indices.size()));
  }
  return b;
}

std::vector<corpus::NamedMatrix> team_matrices() {
  std::vector<corpus::NamedMatrix> m = corpus::edge_case_matrices(37);
  corpus::RandomCsrSpec s;
  s.rows = 600;
  s.cols = 450;
  s.lengths = corpus::RowLengths::uniform;
  s.mean = 7;
  s.spread = 7;  // empty rows among them
  s.seed = 14;
  m.push_back({corpus::name(s), corpus::random_csr(s)});
  s.rows = s.cols = 1500;
  s.lengths = corpus::RowLengths::zipf;
  s.mean = 4;
  s.spread = 1.6;
  s.max_row = 1500;
  s.seed = 15;
  m.push_back({corpus::name(s), corpus::random_csr(s)});
  m.push_back({corpus::name(s) + "-longest-first", longest_rows_first(corpus::random_csr(s))});
  m.push_back({"short-rows-with-3-rows-of-2500", corpus::short_rows_with_long_rows(3000, 3, 2500, 16)});
  m.push_back({"one-row-of-5000-in-40", corpus::single_long_row(40, 6000, 17, 5000, 17)});
  m.push_back({"one-row-of-3000-first", corpus::single_long_row(200, 3000, 0, 3000, 18)});
  return m;
}

// (TpR, team size, rows per team, long row) shapes this space runs, and the
// library's own for the matrix.
template <class Space>
std::vector<impl::VectorTeamShape> shapes(const HostCsr<double, std::int64_t>& a) {
  std::vector<impl::VectorTeamShape> s{{1, 1, 1, 0}, {1, 1, 5, 3}, {1, 1, 3, impl::no_long_rows}};
  if (backends::Traits<Space>::is_gpu) {
    s.push_back({4, 32, 32, 16});
    s.push_back({4, 32, 7, 0});
    s.push_back({8, 16, 16, 0});
    s.push_back({32, 4, 1, 64});
    s.push_back({1, 128, 128, 8});
  } else if (Space().concurrency() >= 2 && std::strcmp(backends::Traits<Space>::name, "Serial") != 0) {
    s.push_back({1, 2, 2, 0});
    s.push_back({1, 2, 9, 4});
    s.push_back({1, 2, 1, 0});  // fewer rows than threads: the second thread only helps with listed rows
  }
  RowStats known;
  known.rows = a.num_rows;
  known.cols = a.num_cols;
  known.nnz = a.nnz();
  const int tpr = predictors::tpr_by_rule(predictors::TprRule::cusp_mean, known, backends::Traits<Space>::max_tpr);
  s.push_back(impl::vector_team_shape<Space>(tpr, arch_table().parameters, a.num_rows, a.nnz()));
  return s;
}

template <class Space, class Value, class Offset>
void check_shape(const corpus::NamedMatrix& m, const impl::VectorTeamShape& shape, double alpha, double beta) {
  const auto out = run_launches<Space, Value, Offset>(
      m.matrix, alpha, beta, 2, 21,
      [&](const Space& exec, const auto& a, Value al, const auto& x, Value be, const auto& y) {
        impl::launch_csr_vector_team(exec, a, shape, al, x, be, y);
      });
  INFO("space " << backends::Traits<Space>::name << ", matrix " << m.name << ", tpr " << shape.tpr << ", team size "
                << shape.team_size << ", rows per team " << shape.rows_per_team << ", long row " << shape.long_row
                << ", beta " << beta);
  INFO("worst row " << out.comparison.worst_row << " at " << out.comparison.worst_ratio << " x bound");
  CHECK(out.comparison.within_bounds);
  CHECK(out.all_equal());
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("csr-vector-team equals the reference with every launch shape", "[kernels][csr_vector_team]",
                        Configs) {
  using Space = typename TestType::space;
  for (const auto& m : team_matrices())
    for (const auto& shape : shapes<Space>(m.matrix)) {
      check_shape<Space, typename TestType::value, typename TestType::offset>(m, shape, 1.0, 0.0);
      check_shape<Space, typename TestType::value, typename TestType::offset>(m, shape, -1.5, 2.0);
    }
}

// Four matrices (Zipf rows longest first; rows of 2,500 among short ones; one long row, twice)
// with every shape of the space, small enough for compute-sanitizer's tools
// (perf/device/gpu_session.sh sanitize).
TEMPLATE_LIST_TEST_CASE("csr-vector-team on a few matrices, every shape of the space",
                        "[kernels][csr_vector_team_small]", Configs) {
  using Space = typename TestType::space;
  const auto all = team_matrices();
  for (const auto& m : {all[all.size() - 5], all[all.size() - 4], all[all.size() - 3], all[all.size() - 2]})
    for (const auto& shape : shapes<Space>(m.matrix))
      check_shape<Space, typename TestType::value, typename TestType::offset>(m, shape, -1.5, 2.0);
}

TEST_CASE("csr-vector-team's shape: long rows go to the team on GPUs only, rows per team shrink for long means",
          "[unit][csr_vector_team]") {
  predictors::KernelParameters p = arch_table().parameters;
  p.team_threads = 128;
  p.host_rows_per_chunk = 64;
  const auto host = impl::vector_team_shape<Kokkos::DefaultHostExecutionSpace>(8, p, 1000, 8000);
  CHECK(host.tpr == 1);
  CHECK(host.team_size == 1);
  CHECK(host.rows_per_team == 64);
  CHECK(host.long_row == impl::no_long_rows);
  CHECK(impl::vector_team_teams(1000, host) == 16);
  CHECK(impl::vector_team_teams(0, host) == 0);
  using Gpu = Kokkos::DefaultExecutionSpace;
  if constexpr (backends::Traits<Gpu>::is_gpu) {                       // the GPU shape, where a GPU space is built
    const auto even = impl::vector_team_shape<Gpu>(8, p, 1000, 8000);  // mean 8: 16 rows of 8 lanes a team
    CHECK(even.team_size == 16);
    CHECK(even.rows_per_team == 16);
    CHECK(even.long_row == impl::team_row_lane_passes * 8);
    const auto lp = impl::vector_team_shape<Gpu>(32, p, 25, 262500);  // 25 rows of 10,500: one row a team
    CHECK(lp.team_size == 4);
    CHECK(lp.rows_per_team == 1);
    CHECK(impl::vector_team_teams(25, lp) == 25);
  }
}
