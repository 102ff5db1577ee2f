// LRB (logarithmic row binning): the bins built on every enabled space
// list every row once, class by class, each class in row order, each row in
// the class its length says, with each class's nonzeros; and the kernel
// equals the reference with one pass of lanes a row, one lane, 4 lanes,
// every bin its own launch or merged into as few as possible, rows split
// over teams (atomics and in order), float and double, int32 and int64
// offsets; repeated applies agree bit for bit.
// (test_kernels.cpp runs lrb through make_plan with the rest.)

#include <catch2/catch.hpp>

#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/arch_table.hpp>
#include <aspmv/device_csr.hpp>
#include <aspmv/kernels/lrb.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/reference.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

// Rows of every length from 0 to 700 (shuffled by a stride), so that every
// bin of the widest vector and the team bin hold rows.
HostCsr<double, std::int64_t> every_length(std::int32_t longest) {
  HostCsr<double, std::int64_t> a;
  a.num_rows = longest + 1;
  a.num_cols = 900;
  corpus::Rng rng(31);
  for (std::int32_t i = 0; i < a.num_rows; ++i) {
    const std::int32_t len = (i * 37) % a.num_rows;
    for (std::int32_t k = 0; k < len; ++k) {
      a.col_indices.push_back(static_cast<std::int32_t>((k * 7 + i) % a.num_cols));
      a.values.push_back(rng.signed_value());
    }
    a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
  }
  return a;
}

std::vector<corpus::NamedMatrix> lrb_matrices() {
  std::vector<corpus::NamedMatrix> m = corpus::edge_case_matrices(41);
  m.push_back({"every-length-0-to-700", every_length(700)});
  corpus::RandomCsrSpec s;
  s.rows = s.cols = 2000;
  s.lengths = corpus::RowLengths::zipf;
  s.mean = 5;
  s.spread = 1.5;
  s.max_row = 2000;
  s.seed = 42;
  m.push_back({corpus::name(s), corpus::random_csr(s)});
  m.push_back({"short-rows-with-3-rows-of-2500", corpus::short_rows_with_long_rows(3000, 3, 2500, 43)});
  m.push_back({"one-row-of-5000-in-40", corpus::single_long_row(40, 6000, 17, 5000, 44)});
  return m;
}

// The space's own shape, and a GPU's shape (vectors of up to 32 lanes, rows
// over 512 entries a team's) wherever the space runs one (on CPUs the
// vector lanes of a row run one after the other).
template <class Space>
std::vector<impl::LrbShape> shapes(const predictors::KernelParameters& p) {
  std::vector<impl::LrbShape> s{impl::lrb_shape<Space>(p)};
  impl::LrbShape gpu;
  gpu.max_lanes = std::min(32, backends::Traits<Space>::max_tpr);
  gpu.long_row = impl::team_row_lane_passes * gpu.max_lanes;
  gpu.one_range = false;
  gpu.max_team_size = backends::Traits<Space>::max_team_size;
  if (!backends::Traits<Space>::is_gpu) s.push_back(gpu);
  return s;
}

// How a class gets its lanes: one pass a row (its longest row's length), one
// lane, or 4 lanes whatever the class.
enum class Lanes { one_pass, one, four };

int lanes_for(Lanes how, const RowStats& s) {
  if (how == Lanes::one) return 1;
  if (how == Lanes::four) return 4;
  return static_cast<int>(std::min<std::int64_t>(s.max, 1 << 20));  // the step clamps and rounds it
}

template <class Space, class Value, class Offset>
void check_step(const corpus::NamedMatrix& m, const impl::LrbShape& shape, Lanes how, std::int64_t wave_lanes,
                std::int64_t split, bool deterministic, double alpha, double beta) {
  predictors::KernelParameters p = arch_table().parameters;
  p.long_row_split_nnz = split;
  std::string groups;
  std::size_t vector_launches = 0;
  const auto out = run_launches<Space, Value, Offset>(
      m.matrix, alpha, beta, 2, 51,
      [&](const Space& exec, const auto& a, Value al, const auto& x, Value be, const auto& y) {
        using Matrix = std::decay_t<decltype(a)>;
        const impl::LrbStep<Space, Matrix> step(exec, a, p, shape, wave_lanes, deterministic,
                                                [&](const RowStats& st) { return lanes_for(how, st); });
        impl::Workspace<Value, typename Space::memory_space> ws;
        const auto size = step.workspace_size();
        if (size.values > 0)
          ws.values = impl::allocate<Value, typename Space::memory_space>(exec, size.values, "partials");
        for (std::size_t g = 0; g < step.num_groups(); ++g) step.run_group(g, exec, ws, al, x, be, y);
        vector_launches = step.groups().size();
        groups = std::to_string(step.num_groups()) + " launches, " + std::to_string(step.team_rows()) + " team rows";
      });
  INFO("space " << backends::Traits<Space>::name << ", matrix " << m.name << ", widest vector " << shape.max_lanes
                << ", long row " << shape.long_row << ", lanes " << static_cast<int>(how) << ", wave lanes "
                << wave_lanes << ", split " << split << ", deterministic " << deterministic << ", beta " << beta << ": "
                << groups);
  INFO("worst row " << out.comparison.worst_row << " at " << out.comparison.worst_ratio << " x bound");
  CHECK(out.comparison.within_bounds);
  if (how != Lanes::one_pass) CHECK(vector_launches <= 1);  // classes of equal lanes share a launch
  if (deterministic || split >= std::int64_t{1} << 20) CHECK(out.all_equal());
}

}  // namespace

TEST_CASE("lrb's bins: a row's class from its length alone", "[unit][lrb]") {
  const auto warp = impl::row_bin_rule(32, 512);
  CHECK(warp.vector_classes == 6);  // 1, 2, 4, 8, 16, 32 lanes
  CHECK(warp.classes() == 8);
  CHECK(impl::row_bin_class(0, warp) == 0);
  CHECK(impl::row_bin_class(1, warp) == 0);
  CHECK(impl::row_bin_class(2, warp) == 1);
  CHECK(impl::row_bin_class(3, warp) == 2);
  CHECK(impl::row_bin_class(4, warp) == 2);
  CHECK(impl::row_bin_class(17, warp) == 5);
  CHECK(impl::row_bin_class(32, warp) == 5);
  CHECK(impl::row_bin_class(33, warp) == warp.multi_pass_class());
  CHECK(impl::row_bin_class(512, warp) == warp.multi_pass_class());
  CHECK(impl::row_bin_class(513, warp) == warp.team_class());
  CHECK(impl::row_bin_class(std::numeric_limits<std::int64_t>::max(), warp) == warp.team_class());
  const auto wave = impl::row_bin_rule(64, 16);  // a long row shorter than the widest vector is raised to it
  CHECK(wave.vector_classes == 7);
  CHECK(wave.long_row == 64);
  const auto host = impl::row_bin_rule(1, 100);
  CHECK(host.vector_classes == 1);
  CHECK(impl::row_bin_class(1, host) == 0);
  CHECK(impl::row_bin_class(2, host) == host.multi_pass_class());
  CHECK(impl::row_bin_class(101, host) == host.team_class());
  CHECK_THROWS_AS(impl::row_bin_rule(1 << 12, 1 << 20), Error);
}

TEMPLATE_LIST_TEST_CASE("lrb's bins list every row once, class by class, in row order", "[kernels][lrb]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  for (const auto& m : lrb_matrices())
    for (const auto& rule : {impl::row_bin_rule(32, 512), impl::row_bin_rule(1, 40), impl::row_bin_rule(4, 4)}) {
      const DeviceCsr<double, std::int64_t, Mem> a(exec, m.matrix);
      const auto bins = impl::bin_rows(exec, a.view().row_offsets(), m.matrix.num_rows, m.matrix.nnz(), rule);
      std::vector<std::int32_t> perm(static_cast<std::size_t>(m.matrix.num_rows));
      Kokkos::deep_copy(
          exec, Kokkos::View<std::int32_t*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(perm.data(), perm.size()),
          bins.perm);
      exec.fence();
      INFO("space " << backends::Traits<Space>::name << ", matrix " << m.name << ", " << rule.vector_classes
                    << " vector classes, long row " << rule.long_row);
      REQUIRE(bins.class_begin.size() == static_cast<std::size_t>(rule.classes()) + 1);
      CHECK(bins.class_begin.front() == 0);
      CHECK(bins.class_begin.back() == m.matrix.num_rows);
      REQUIRE(bins.class_nnz_begin.size() == bins.class_begin.size());
      std::vector<int> seen(perm.size(), 0);
      std::vector<std::int64_t> class_nnz(static_cast<std::size_t>(rule.classes()), 0);
      bool in_class = true, in_order = true, in_range = true;
      for (int k = 0; k < rule.classes(); ++k)
        for (auto i = bins.class_begin[k]; i < bins.class_begin[k + 1]; ++i) {
          const std::int32_t r = perm[static_cast<std::size_t>(i)];
          if (r < 0 || r >= m.matrix.num_rows) {
            in_range = false;
            continue;
          }
          ++seen[static_cast<std::size_t>(r)];
          class_nnz[static_cast<std::size_t>(k)] += m.matrix.row_length(r);
          in_class = in_class && impl::row_bin_class(m.matrix.row_length(r), rule) == k;
          if (i > bins.class_begin[k]) in_order = in_order && perm[static_cast<std::size_t>(i - 1)] < r;
        }
      CHECK(in_range);
      CHECK(in_class);
      for (int k = 0; k < rule.classes(); ++k) CHECK(bins.nnz(k) == class_nnz[static_cast<std::size_t>(k)]);
      CHECK(in_order);
      bool once = true;
      for (const int s : seen) once = once && s == 1;
      CHECK(once);
    }
}

TEMPLATE_LIST_TEST_CASE("lrb equals the reference: bins alone or merged, rows split over teams", "[kernels][lrb]",
                        Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  for (const auto& m : lrb_matrices())
    for (const auto& shape : shapes<Space>(arch_table().parameters))
      for (const Lanes how : {Lanes::one_pass, Lanes::one, Lanes::four})
        for (const std::int64_t wave : {std::int64_t{0}, std::int64_t{1} << 40})
          for (const std::int64_t split : {std::int64_t{40}, std::int64_t{1} << 20})
            for (const bool deterministic : {false, true}) {
              if (shape.one_range && (wave > 0 || how != Lanes::one_pass)) continue;  // lanes only matter on vectors
              check_step<Space, Value, Offset>(m, shape, how, wave, split, deterministic, 1.0, 0.0);
              check_step<Space, Value, Offset>(m, shape, how, wave, split, deterministic, -1.5, 2.0);
            }
}

TEMPLATE_LIST_TEST_CASE("lrb's plan names its launches", "[kernels][lrb]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  const DeviceCsr<double, std::int64_t, Mem> a(exec, every_length(700));
  PlanOptions o;
  o.kernel = Kernel::lrb;
  const auto plan = make_plan(exec, a.view(), o);
  const auto text = plan.describe();
  INFO(text);
  CHECK(text.find("rows binned on the device") != std::string::npos);
  // Rows of 513 .. 700 entries are a team's on GPUs; on CPUs only rows above long_row_split_nnz are.
  const bool teams = text.find("a team each") != std::string::npos;
  CHECK(teams == (backends::Traits<Space>::is_gpu || arch_table().parameters.long_row_split_nnz < 700));
  // A forced TpR is every class's: one launch of the short and medium rows on GPUs.
  o.threads_per_row = 2;
  const auto forced = make_plan(exec, a.view(), o).describe();
  INFO(forced);
  if (backends::Traits<Space>::is_gpu) {
    CHECK(forced.find("lrb:short_rows<2>") != std::string::npos);
    CHECK(forced.find("TpR forced") != std::string::npos);
  }
}
