// CSR in chunks of nonzeros (kernels/csr_chunks.hpp): the first row of
// every chunk is the lower bound of its first entry in the row offsets, the
// last chunk owning the empty rows after the last entry; and the kernel
// equals the reference with chunks of several team sizes, a thread or a
// group of 4 or 32 lanes a row (GPUs; CPUs a thread), with and without the
// window past each chunk staged (overlap), with plain and evict-first loads
// (the table's chunk_load where the product outgrows the L2): rows that end exactly at a chunk's
// end or at its window's, rows that run past a chunk by less than the window
// and by more, rows over one or many chunks, empty rows
// before, between and after the entries, no entries at all; float and double,
// int32 and int64 offsets; repeated applies agree bit for bit (each row's
// sum has one order: CSR's with a thread a row, fixed lanes and shuffles
// with a group). (test_kernels.cpp runs csr_chunks
// through make_plan with the rest.)

#include <catch2/catch.hpp>

#include "support/rows_of.hpp"
#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/device_csr.hpp>
#include <aspmv/kernels/csr_chunks.hpp>
#include <aspmv/plan.hpp>

#include <corpus/random_csr.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

std::vector<corpus::NamedMatrix> chunk_matrices() {
  std::vector<corpus::NamedMatrix> m = corpus::edge_case_matrices(61);
  // 2 x 1024 entries: rows ending exactly at the ends of chunks of 256 and 1024 entries (and of 8 on CPUs).
  m.push_back({"rows-of-8-ending-on-chunk-ends", rows_of(std::vector<std::int32_t>(256, 8), 300, 62)});
  // Empty rows first, between and last; rows over several chunks.
  std::vector<std::int32_t> gaps = {0, 0, 3000, 0, 1, 0, 700, 2048, 0, 5, 0, 0};
  m.push_back({"empty-rows-around-rows-over-chunks", rows_of(gaps, 4000, 63)});
  m.push_back({"no-entries-in-40-rows", rows_of(std::vector<std::int32_t>(40, 0), 10, 64)});
  // Rows that run past chunk ends by 1 to 11 entries (within the window of a team of 32 or more, past the CPUs'
  // window of one), by 1 to 8 (CPUs: chunks of 8), and rows of 288 ending exactly at the window's end of chunks of
  // 256 (+ 32) and 2,048 (+ 256).
  m.push_back({"rows-of-12-over-chunk-ends", rows_of(std::vector<std::int32_t>(600, 12), 700, 69)});
  m.push_back({"rows-of-9-over-chunk-ends", rows_of(std::vector<std::int32_t>(500, 9), 500, 70)});
  m.push_back({"rows-of-288-ending-on-window-ends", rows_of(std::vector<std::int32_t>(24, 288), 2000, 71)});
  // Chunks that start more rows than a team has threads (1,024 rows of 2 in a chunk of 2,048): the rows past the
  // staged bounds read theirs from A.
  m.push_back({"rows-of-2-more-than-a-team-a-chunk", rows_of(std::vector<std::int32_t>(3000, 2), 3000, 68)});
  m.push_back({"one-row-of-5000-in-40", corpus::single_long_row(40, 6000, 17, 5000, 65)});
  m.push_back({"short-rows-with-3-rows-of-2500", corpus::short_rows_with_long_rows(3000, 3, 2500, 66)});
  corpus::RandomCsrSpec s;
  s.rows = s.cols = 3000;
  s.lengths = corpus::RowLengths::zipf;
  s.mean = 12;
  s.spread = 1.5;
  s.max_row = 3000;
  s.seed = 67;
  m.push_back({corpus::name(s), corpus::random_csr(s)});
  return m;
}

// The team sizes a space runs: its plan's (one on CPUs) and, on GPUs, a warp and 1024 (whose chunk of doubles
// does not fit the team scratch: the step lowers it).
template <class Space>
std::vector<int> team_sizes() {
  if (!backends::Traits<Space>::is_gpu) return {1};
  return {32, 256, 1024};
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("csr_chunks' first rows: the lower bound of each chunk's first entry", "[unit][csr_chunks]",
                        Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  for (const auto& m : chunk_matrices())
    for (const std::int64_t chunk : {std::int64_t{1}, std::int64_t{8}, std::int64_t{256}, std::int64_t{2048}}) {
      const auto& h = m.matrix;
      const std::int64_t nnz = h.row_offsets.back();
      const std::int64_t chunks = impl::chunk_count(nnz, chunk);
      DeviceCsr<double, std::int64_t, Mem> a(exec, h);
      Kokkos::View<std::int64_t*, Mem> first("first", static_cast<std::size_t>(chunks + 1));
      Kokkos::parallel_for("first", impl::RangePolicy<Space>(exec, 0, chunks + 1),
                           impl::ChunkFirstRowFunctor<std::decay_t<decltype(a.view().row_offsets())>, decltype(first)>{
                               a.view().row_offsets(), first, h.num_rows, chunks, chunk});
      auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, first);
      INFO("matrix " << m.name << ", chunk " << chunk << ", " << chunks << " chunks");
      CHECK(host(chunks) == h.num_rows);
      bool all = true;
      for (std::int64_t c = 0; c < chunks; ++c) {
        const auto it = std::lower_bound(h.row_offsets.begin(), h.row_offsets.end() - 1, c * chunk);
        all = all && host(c) == it - h.row_offsets.begin();
      }
      CHECK(all);
      // Every row is owned once: the chunks' row ranges tile [0, m).
      bool tiled = host(0) == 0;
      for (std::int64_t c = 0; c < chunks; ++c) tiled = tiled && host(c) <= host(c + 1);
      CHECK(tiled);
    }
}

TEMPLATE_LIST_TEST_CASE("csr_chunks equals the reference with chunks of every team size", "[kernels][csr_chunks]",
                        Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  for (const auto& m : chunk_matrices())
    for (const int team : team_sizes<Space>())
      for (const auto& shape : std::vector<std::array<int, 3>>{
               {1, 0, 0}, {2, 0, 0}, {4, 0, 2}, {8, 0, 0}, {32, 0, 2}, {1, 1, 0}, {1, 1, 2}, {4, 1, 0}, {8, 1, 2}})
        for (const double beta : {0.0, 0.75}) {
          const int lanes = shape[0];  // (a lambda cannot capture structured bindings in C++17)
          const int overlap = shape[1];
          const int load = shape[2];
          std::int64_t chunks = 0, window = 0;
          int ran_team = 0, ran_lanes = 0;
          std::vector<std::shared_ptr<void>> kept;
          const auto out = run_launches<Space, Value, Offset>(
              m.matrix, 1.25, beta, 3, 71,
              [&](const Space& exec, const auto& a, Value al, const auto& x, Value be, const auto& y) {
                using Step = impl::CsrChunksStep<Space, std::decay_t<decltype(a)>>;
                if (kept.empty()) kept.push_back(std::make_shared<Step>(exec, a, team, lanes, overlap, load));
                const auto& step = *std::static_pointer_cast<Step>(kept.front());
                chunks = step.chunks();
                window = step.window();
                ran_team = step.team_size();
                ran_lanes = step.row_lanes();
                step.run_group(0, exec, impl::Workspace<Value, typename Space::memory_space>{}, al, x, be, y);
              });
          INFO("space " << backends::Traits<Space>::name << ", matrix " << m.name << ", team " << team << " (ran "
                        << ran_team << "), lanes a row " << lanes << " (ran " << ran_lanes << "), " << chunks
                        << " chunks, overlap " << overlap << " (a window of " << window << "), load hint " << load
                        << ", beta " << beta);
          INFO("worst row " << out.comparison.worst_row << " at " << out.comparison.worst_ratio << " x bound");
          CHECK(out.comparison.within_bounds);
          CHECK(out.all_equal());
          CHECK(ran_team <= team);
          CHECK(ran_team >= 1);
          CHECK(ran_lanes == impl::chunk_row_lanes_for<Space>(lanes, ran_team));
          CHECK(window == std::int64_t{overlap} * ran_team * impl::chunk_overlap_entries);
        }
}

// csr_chunks planned on a 10 x 10 matrix of 3 entries a row with a table the
// test edits: the plan's summary detail, or whether the plan is refused.
template <class Space>
struct SmallChunksPlan {
  Space exec;
  DeviceCsr<double, std::int32_t, typename Space::memory_space> a{exec,
                                                                  rows_of(std::vector<std::int32_t>(10, 3), 10, 72)};
  ArchTable t = arch_table();
  std::string detail() const { return make_plan(exec, a.view(), options(), t).summary().groups.at(0).detail; }
  bool refused() const {
    try {
      make_plan(exec, a.view(), options(), t);
    } catch (const Error&) {
      return true;
    }
    return false;
  }
  static PlanOptions options() {
    PlanOptions o;
    o.kernel = Kernel::csr_chunks;
    return o;
  }
};

TEMPLATE_LIST_TEST_CASE("csr_chunks' plan stages the window with the table's overlap 1, refuses other than 0 or 1",
                        "[unit][csr_chunks]", Spaces) {
  SmallChunksPlan<TestType> p;
  for (const int overlap : {-1, 2}) {
    p.t.parameters.chunk_overlap = overlap;
    CHECK(p.refused());
  }
  for (const int overlap : {0, 1}) {
    p.t.parameters.chunk_overlap = overlap;
    const auto detail = p.detail();
    INFO(detail);
    CHECK((detail.find("past each chunk staged too") != std::string::npos) == (overlap == 1));
  }
}

TEMPLATE_LIST_TEST_CASE(
    "csr_chunks' plan reads evict-first on GPUs only where the product outgrows the table's "
    "share of the L2, refuses hints other than 0 or 2",
    "[unit][csr_chunks]", Spaces) {
  SmallChunksPlan<TestType> p;
  const bool gpu = backends::Traits<TestType>::is_gpu;
  const auto evict_first = [&](int load, int l2_percent) {
    p.t.parameters.chunk_load = load;
    p.t.parameters.chunk_load_l2_percent = l2_percent;
    const auto detail = p.detail();
    INFO(detail);
    return detail.find("read evict-first") != std::string::npos;
  };
  CHECK(evict_first(2, 0) == gpu);  // 0: whatever the footprint
  CHECK_FALSE(evict_first(0, 0));
  CHECK_FALSE(evict_first(2, 85));  // 10 x 10 fits any L2 (or the L2's size is unknown)
  p.t.parameters.chunk_load = 1;
  p.t.parameters.chunk_load_l2_percent = 0;
  CHECK(p.refused() == gpu);  // CPUs read plainly: the hint is not asked there
}

TEST_CASE("a load hint's footprint rule and a CSR product's footprint", "[unit][csr_chunks]") {
  const std::int64_t l2 = 50 << 20;
  CHECK(impl::footprint_load_hint(2, l2, l2, 85) == 2);
  CHECK(impl::footprint_load_hint(2, l2 * 85 / 100, l2, 85) == 0);  // at the share itself: plain
  CHECK(impl::footprint_load_hint(2, l2 * 85 / 100 + 1, l2, 85) == 2);
  CHECK(impl::footprint_load_hint(0, 4 * l2, l2, 85) == 0);
  CHECK(impl::footprint_load_hint(3, 1, l2, 0) == 3);                          // 0: always
  CHECK(impl::footprint_load_hint(2, 4 * l2, 0, 85) == 0);                     // an L2 of unknown size
  CHECK(impl::footprint_load_hint(2, std::int64_t(1) << 40, l2, 10000) == 2);  // no overflow at terabytes
  Kokkos::DefaultHostExecutionSpace exec;
  const auto h = rows_of(std::vector<std::int32_t>{3, 0, 5}, 7, 74);  // 3 x 7, 8 entries
  DeviceCsr<double, std::int32_t, Kokkos::HostSpace> d(exec, h);
  CHECK(impl::csr_footprint_bytes(d.view()) == 8 * (8 + 4) + 4 * 4 + (7 + 3) * 8);
  DeviceCsr<float, std::int64_t, Kokkos::HostSpace> f(exec, h);
  CHECK(impl::csr_footprint_bytes(f.view()) == 8 * (4 + 4) + 4 * 8 + (7 + 3) * 4);
}

TEST_CASE("csr_chunks' lanes rule: the most lanes where rows are long on average or one is very long",
          "[unit][csr_chunks]") {
  CHECK(impl::chunk_row_lanes_rule(12.0, 100) == 1);
  CHECK(impl::chunk_row_lanes_rule(impl::chunk_lanes_mean_length - 0.1, impl::chunk_lanes_longest_row - 1) == 1);
  CHECK(impl::chunk_row_lanes_rule(impl::chunk_lanes_mean_length, 30) == impl::chunk_max_row_lanes);
  CHECK(impl::chunk_row_lanes_rule(4.0, impl::chunk_lanes_longest_row) == impl::chunk_max_row_lanes);
  CHECK(impl::chunk_row_lanes_rule(0.0, 0) == 1);  // an empty matrix
}

TEMPLATE_LIST_TEST_CASE("csr_chunks' lanes a row: a power of two up to 8 and a warp, in whole warps",
                        "[unit][csr_chunks]", Spaces) {
  using Space = TestType;
  constexpr int warp = backends::Traits<Space>::warp_lanes;
  CHECK(impl::chunk_row_lanes_for<Space>(1, 256) == 1);
  CHECK(impl::chunk_row_lanes_for<Space>(0, 256) == 1);
  if (warp > 1) {
    CHECK(impl::chunk_row_lanes_for<Space>(4, 256) == 4);
    CHECK(impl::chunk_row_lanes_for<Space>(6, 256) == 4);  // rounded down to a power of two
    CHECK(impl::chunk_row_lanes_for<Space>(64, 256) == std::min(warp, impl::chunk_max_row_lanes));  // a kernel each
    CHECK(impl::chunk_row_lanes_for<Space>(8, warp + 1) == 1);  // a team that is not whole warps
  } else {
    CHECK(impl::chunk_row_lanes_for<Space>(32, 1) == 1);  // CPUs: a warp of one lane
  }
}

TEMPLATE_LIST_TEST_CASE("csr_chunks' team: a chunk that fits the team scratch", "[unit][csr_chunks]", Spaces) {
  using Space = TestType;
  const auto limit = static_cast<std::int64_t>(impl::TeamPolicy<Space>::scratch_size_max(0));
  for (const int wanted : {1, 32, 256, 1024}) {
    const int d = impl::chunk_team_fitting_scratch<Space, double>(wanted);
    const int f = impl::chunk_team_fitting_scratch<Space, float>(wanted);
    INFO("wanted " << wanted << ": double " << d << ", float " << f << ", scratch limit " << limit);
    CHECK(d >= 1);
    CHECK(d <= wanted);
    CHECK(f >= d);  // a float chunk takes half the bytes
    if (d > 1) CHECK(static_cast<std::int64_t>(d) * impl::chunk_entries * 8 < limit);
  }
}

TEMPLATE_LIST_TEST_CASE("csr_chunks refuses a team size its space cannot run", "[unit][csr_chunks]", Spaces) {
  using Space = TestType;
  predictors::KernelParameters p;
  p.team_threads = 0;
  if (backends::Traits<Space>::is_gpu) {
    CHECK_THROWS_AS(impl::chunk_team_size<Space>(p), Error);
    p.team_threads = 256;
    CHECK(impl::chunk_team_size<Space>(p) == 256);
  } else {
    CHECK(impl::chunk_team_size<Space>(p) == 1);  // CPUs: one thread a team whatever the table says
  }
}
