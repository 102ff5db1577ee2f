// LRB (logarithmic row binning): the bins built on every enabled space
// list every row once, class by class, each class in row order, each row in
// the class its length says, with each class's nonzeros; and the kernel
// equals the reference with one pass of lanes a row, one lane, 4 lanes,
// every bin its own launch or merged into as few as possible, rows split
// over teams (atomics and in order), or everything in one launch (long rows
// in pieces of a warp, the last piece adding them; impl/lrb_one_launch.hpp),
// float and double, int32 and int64 offsets; repeated applies of one step
// agree bit for bit (the one launch's counters are back to zero after each).
// On CPUs the one launch runs with their warp of one lane.
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
#include <memory>
#include <regex>
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

// The space's own shape, a GPU's shape (vectors of up to 32 lanes, rows
// over 512 entries a team's) wherever the space runs one (on CPUs the
// vector lanes of a row run one after the other), and a narrow one (4 lanes,
// rows over 16 entries long: many long rows, cut in many pieces), with
// pieces of 16 entries, of 16 to 64 chosen per matrix, or of 3 (the table's
// lrb_piece: a row of 5000 entries in 1,667 pieces, far more than a warp's
// lanes, which its last piece adds in many passes).
template <class Space>
std::vector<impl::LrbShape> shapes(const predictors::KernelParameters& p) {
  std::vector<impl::LrbShape> s{impl::lrb_shape<Space>(p)};
  impl::LrbShape gpu;
  gpu.max_lanes = std::min(32, backends::Traits<Space>::max_tpr);
  gpu.long_row = gpu.max_piece = impl::team_row_lane_passes * gpu.max_lanes;
  gpu.one_range = false;
  gpu.max_team_size = backends::Traits<Space>::max_team_size;
  if (!backends::Traits<Space>::is_gpu) s.push_back(gpu);
  impl::LrbShape narrow = gpu;
  narrow.max_lanes = 4;
  narrow.long_row = narrow.max_piece = 16;
  s.push_back(narrow);
  impl::LrbShape chosen = narrow;  // in one launch, pieces of 16 to 64 entries chosen per matrix
  chosen.max_piece = 64;
  s.push_back(chosen);
  impl::LrbShape fixed = narrow;
  fixed.piece = 3;
  s.push_back(fixed);
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
  using Mem = typename Space::memory_space;
  predictors::KernelParameters p = arch_table().parameters;
  p.long_row_split_nnz = split;
  std::string groups;
  std::size_t vector_launches = 0, launches = 0;
  // One step and one workspace for every call (the one launch's counters must be back to zero after each).
  std::shared_ptr<void> step_kept;
  impl::Workspace<Value, Mem> ws;
  const auto out = run_launches<Space, Value, Offset>(
      m.matrix, alpha, beta, 3, 51,
      [&](const Space& exec, const auto& a, Value al, const auto& x, Value be, const auto& y) {
        using Step = impl::LrbStep<Space, std::decay_t<decltype(a)>>;
        if (!step_kept) {
          auto made = std::make_shared<Step>(exec, a, p, shape, wave_lanes, deterministic,
                                             [&](const RowStats& st) { return lanes_for(how, st); });
          const auto size = made->workspace_size();
          if (size.values > 0) ws.values = impl::allocate<Value, Mem>(exec, size.values, "partials");
          if (size.indices > 0)  // zeroed, as the plan's
            ws.indices = Kokkos::View<std::int32_t*, Mem>(Kokkos::view_alloc(exec, "counters"),
                                                          static_cast<std::size_t>(size.indices));
          step_kept = made;
        }
        const auto& step = *std::static_pointer_cast<Step>(step_kept);
        for (std::size_t g = 0; g < step.num_groups(); ++g) step.run_group(g, exec, ws, al, x, be, y);
        vector_launches = step.groups().size();
        launches = step.num_groups();
        groups = std::to_string(step.num_groups()) + " launches, " + std::to_string(step.team_rows()) + " team rows" +
                 (step.one_launch() ? ", " + std::to_string(step.one_launch()->num_pieces()) + " pieces" : "");
      });
  INFO("space " << backends::Traits<Space>::name << ", matrix " << m.name << ", widest vector " << shape.max_lanes
                << ", long row " << shape.long_row << ", pieces up to " << shape.max_piece << " (fixed " << shape.piece
                << "), one launch " << shape.one_launch << ", lanes " << static_cast<int>(how) << ", wave lanes "
                << wave_lanes << ", split " << split << ", deterministic " << deterministic << ", beta " << beta << ": "
                << groups);
  INFO("worst row " << out.comparison.worst_row << " at " << out.comparison.worst_ratio << " x bound");
  CHECK(out.comparison.within_bounds);
  if (shape.one_launch && !shape.one_range) {
    CHECK(launches == 1);
    CHECK(out.all_equal());  // the last piece adds a row's pieces in order
    return;
  }
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
    for (const auto& base : shapes<Space>(arch_table().parameters))
      for (const bool one : {false, true})
        for (const Lanes how : {Lanes::one_pass, Lanes::one, Lanes::four})
          for (const std::int64_t wave : {std::int64_t{0}, std::int64_t{1} << 40})
            for (const std::int64_t split : {std::int64_t{40}, std::int64_t{1} << 20})
              for (const bool deterministic : {false, true}) {
                if (base.one_range && (one || wave > 0 || how != Lanes::one_pass)) continue;  // lanes: vectors only
                // One launch: no waves, one way to combine, the pieces' length the shape's long row.
                if (one && (wave > 0 || !deterministic || split != 40)) continue;
                impl::LrbShape shape = base;
                shape.one_launch = one;
                check_step<Space, Value, Offset>(m, shape, how, wave, split, deterministic, 1.0, 0.0);
                check_step<Space, Value, Offset>(m, shape, how, wave, split, deterministic, -1.5, 2.0);
              }
}

TEST_CASE("lrb's one launch: long rows cut into pieces, the classes laid out by units", "[unit][lrb]") {
  using Seg = impl::RowSegment<std::int32_t>;
  const std::int32_t top = std::numeric_limits<std::int32_t>::max();
  const std::vector<Seg> rows{{3, 0, 10}, {7, 10, 41}, {9, top - 1000, top}};
  const auto cut = impl::cut_lrb_pieces(rows, 300);
  // Row 3 (10 entries) and row 7 (31) are a piece each; row 9 (1000 entries) 4 pieces, the last of 100 entries.
  REQUIRE(cut.pieces.size() == 2 + 4);
  CHECK(cut.pieces[0].split == -1);
  CHECK(cut.pieces[1].split == -1);
  REQUIRE(cut.split.size() == 1);
  CHECK(cut.split[0].row == 9);
  CHECK(cut.split[0].slot_begin == 2);
  CHECK(cut.split[0].slot_end == 6);
  std::int64_t covered = 0;
  for (std::size_t i = 2; i < cut.pieces.size(); ++i) {
    CHECK(cut.pieces[i].row == 9);
    CHECK(cut.pieces[i].split == 0);
    CHECK(cut.pieces[i].begin == (i == 2 ? top - 1000 : cut.pieces[i - 1].end));  // contiguous, in order
    CHECK(cut.pieces[i].end - cut.pieces[i].begin <= 300);
    covered += cut.pieces[i].end - cut.pieces[i].begin;
  }
  CHECK(covered == 1000);
  CHECK(cut.pieces.back().end == top);  // no overflow at the largest 32-bit offset
  CHECK(impl::cut_lrb_pieces(rows, 1000).split.empty());
  // A row of more pieces than a 32-bit counter holds is refused before anything is allocated.
  const std::vector<impl::RowSegment<std::int64_t>> huge{{0, 0, std::int64_t{1} << 32}};
  CHECK_THROWS_AS(impl::cut_lrb_pieces(huge, 1), Error);

  impl::LrbLayout layout;
  impl::add_lrb_part(layout, 0, 100, 1, 32);    // 32 rows a warp: 4 units
  impl::add_lrb_part(layout, 100, 100, 4, 32);  // empty: no part
  impl::add_lrb_part(layout, 100, 117, 8, 32);  // 4 rows a warp: 5 units
  impl::add_lrb_part(layout, 117, 118, 32, 32);
  REQUIRE(layout.num_parts == 3);
  CHECK(layout.parts[0].first_unit == 0);
  CHECK(layout.parts[1].first_unit == 4);
  CHECK(layout.parts[2].first_unit == 9);
  CHECK(layout.units == 10);
  for (int k = layout.num_parts; k < impl::lrb_max_parts; ++k) impl::add_lrb_part(layout, 0, 1, 1, 1);
  CHECK_THROWS_AS(impl::add_lrb_part(layout, 0, 1, 1, 1), Error);
}

TEST_CASE("lrb's class lanes: Kokkos Kernels' rule unless the options choose, clamped, with the launch's waves",
          "[unit][lrb]") {
  PlanOptions o;
  CHECK(impl::lrb_rule_for(o) == predictors::TprRule::kokkos_kernels);  // the models' selector: lrb's own rule
  o.tpr_rule = predictors::TprRule::reguly_sqrt_mean;
  CHECK(impl::lrb_rule_for(o) == predictors::TprRule::kokkos_kernels);
  o.selector = Selector::rules;  // the baselines: the options' rule
  CHECK(impl::lrb_rule_for(o) == predictors::TprRule::reguly_sqrt_mean);
  // Kokkos Kernels' rule: the smallest VL with 6 VL >= the mean (rows of 16 entries: 4 lanes, of 5: 1).
  const auto stats = [](std::int64_t rows, std::int64_t mean) {
    RowStats s;
    s.rows = rows;
    s.nnz = rows * mean;
    s.max = mean;
    return s;
  };
  const auto by_rule = [](const RowStats& s) { return predictors::tpr_by_rule(impl::lrb_class_rule, s, 32); };
  // 100 rows of 16 at 4 lanes, none, 50 of 5 at 1: 450 threads, 0.45 waves of 1,000.
  const auto chosen = impl::lrb_class_lanes({stats(100, 16), stats(0, 64), stats(50, 5)}, 32, 1000, by_rule);
  CHECK(chosen.lanes == std::vector<int>{4, 1, 1});
  CHECK(chosen.waves == Approx(0.45));
  // Lanes at most the widest vector, powers of two, at least one.
  const auto as_max = [](const RowStats& s) { return static_cast<int>(s.max); };
  const auto clamped = impl::lrb_class_lanes({stats(1, 48), stats(1, 6), stats(1, 0)}, 32, 1000, as_max);
  CHECK(clamped.lanes == std::vector<int>{32, 4, 1});
  CHECK(clamped.waves == Approx(0.037));
  CHECK(impl::lrb_class_lanes({}, 32, 1000, as_max).lanes.empty());
}

TEST_CASE("lrb's one launch: the pieces' length from the long rows and the device", "[unit][lrb]") {
  using Seg = impl::RowSegment<std::int64_t>;
  // Few long rows: the shortest pieces, unless a row would have more pieces than its last one adds in the passes
  // allowed.
  const std::vector<Seg> few{{0, 0, 4800}, {5, 4800, 6400}};
  CHECK(impl::choose_lrb_piece(few, 128, 512, 8448, 32) == 256);   // 4800 / 128 = 38 pieces: more than 32
  CHECK(impl::choose_lrb_piece(few, 128, 512, 8448, 64) == 128);   // 38 of at most 64
  CHECK(impl::choose_lrb_piece(few, 128, 512, 8448, 256) == 128);  // the default: 8 passes of a warp of 32
  const std::vector<Seg> short_ones{{0, 0, 300}, {1, 300, 700}};
  CHECK(impl::choose_lrb_piece(short_ones, 128, 512, 8448, 32) == 128);
  const std::vector<Seg> arrow{{0, 0, 46500}};  // one row of 46,500: 364 pieces of 128, 182 of 256
  CHECK(impl::choose_lrb_piece(arrow, 128, 512, 8448, 256) == 256);
  // More pieces than the device holds warps: longer pieces, never longer than the longest allowed.
  std::vector<Seg> many;
  for (std::int64_t r = 0; r < 10000; ++r) many.push_back({static_cast<std::int32_t>(r), r * 300, r * 300 + 300});
  CHECK(impl::choose_lrb_piece(many, 128, 512, 8448, 256) == 512);    // 30,000 pieces of 128, 20,000 of 256
  CHECK(impl::choose_lrb_piece(many, 128, 512, 100000, 256) == 128);  // a larger device holds them
  CHECK(impl::choose_lrb_piece(many, 128, 128, 8448, 256) == 128);    // a fixed length stays fixed
  const std::vector<Seg> huge{{0, 0, std::int64_t{1} << 40}};
  CHECK(impl::choose_lrb_piece(huge, 128, 512, 8448, 256) == 512);
  CHECK(impl::choose_lrb_piece(std::vector<Seg>{}, 128, 512, 8448, 256) == 128);
}

TEST_CASE("lrb's GPU shape: long rows over 8 passes of the widest vector, pieces from 4 passes, or the table's",
          "[unit][lrb]") {
  predictors::KernelParameters p = arch_table().parameters;
  p.lrb_one_launch = 1;
  p.lrb_long_row = 0;
  p.lrb_piece = 0;
  const auto check = [&](auto space) {
    using Space = decltype(space);
    using Traits = backends::Traits<Space>;
    const impl::LrbShape s = impl::lrb_shape<Space>(p);
    if (!Traits::is_gpu) {
      CHECK(s.min_piece == 0);
      CHECK(s.piece == 0);
      return;
    }
    CHECK(s.long_row == impl::lrb_long_row_passes * Traits::max_tpr);
    CHECK(s.min_piece == impl::lrb_piece_passes * Traits::max_tpr);
    CHECK(s.min_piece < s.long_row);
    predictors::KernelParameters fixed = p;
    fixed.lrb_long_row = 300;
    fixed.lrb_piece = 77;
    const impl::LrbShape f = impl::lrb_shape<Space>(fixed);
    CHECK(f.long_row == 300);
    CHECK(f.max_piece == 300);
    CHECK(f.min_piece == 0);  // the long row's length
    CHECK(f.piece == 77);
  };
  check(Kokkos::DefaultExecutionSpace{});
  check(Kokkos::DefaultHostExecutionSpace{});
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
  // The build's time and its parts.
  CHECK(std::regex_search(text, std::regex("built in [0-9]+ us \\(rows binned on the device [0-9]+, long rows [0-9]+, "
                                           "launch arrays [0-9]+\\)")));
  // Rows of 513 .. 700 entries are a team's on GPUs (or a warp's pieces in one launch); on CPUs only rows above
  // long_row_split_nnz are.
  const bool teams = text.find("a team each") != std::string::npos || text.find("a warp each") != std::string::npos;
  if (backends::Traits<Space>::is_gpu && arch_table().parameters.lrb_one_launch != 0)
    CHECK(text.find("in one launch of") != std::string::npos);
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
