// vector_split (kernels/vector_split.hpp): its shape from m and nnz (lanes
// from the mean, chunks from the device's warps, at most 2^16 chunks whatever nnz), the warp's search of
// the row offsets, the mask's lowest bit and bit count, and the kernel against the long-double reference with
// the space's own chunks and with short and long ones (rows split into many pieces,
// long rows side by side, rows starting on a chunk's first entry, empty
// rows between pieces, units crowded with the warp's rows summed 1, 2 and 4
// side by side, or by their own lanes among short rows) on every enabled space, float and double, int32 and
// int64 offsets. Repeated launches on one workspace agree bit for bit and
// leave every counter at zero. (test_kernels.cpp runs it through make_plan
// with the rest, the drop-in tests through aspmv::spmv.)

#include <catch2/catch.hpp>

#include "support/rows_of.hpp"
#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/arch_table.hpp>
#include <aspmv/device_csr.hpp>
#include <aspmv/impl/warp_ops.hpp>
#include <aspmv/kernels/vector_split.hpp>
#include <aspmv/reference.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

std::vector<corpus::NamedMatrix> split_matrices() {
  std::vector<corpus::NamedMatrix> m = corpus::edge_case_matrices(61);
  // Hubs side by side first, then short rows (merge-split's and CSR-vector-team's hard case).
  std::vector<std::int32_t> hubs(12, 700);
  hubs.resize(600, 3);
  m.push_back({"12-hubs-of-700-first", rows_of(hubs, 800, 62)});
  // Long rows each starting on a chunk's first entry (chunks of 16 and 64), empty rows between them.
  m.push_back({"rows-of-64-and-empty", rows_of({64, 0, 0, 64, 128, 0, 64, 0, 192}, 300, 63)});
  // Every length from 0 to 300, shuffled by a stride.
  std::vector<std::int32_t> every(301);
  for (std::int32_t i = 0; i <= 300; ++i) every[i] = (i * 37) % 301;
  m.push_back({"every-length-0-to-300", rows_of(every, 500, 64)});
  corpus::RandomCsrSpec s;
  s.rows = s.cols = 2000;
  s.lengths = corpus::RowLengths::zipf;
  s.mean = 5;
  s.spread = 1.5;
  s.max_row = 2000;
  s.seed = 65;
  m.push_back({corpus::name(s), corpus::random_csr(s)});
  m.push_back({"short-rows-with-3-rows-of-2500", corpus::short_rows_with_long_rows(3000, 3, 2500, 66)});
  m.push_back({"one-row-of-5000-in-40", corpus::single_long_row(40, 6000, 17, 5000, 67)});
  m.push_back({"one-row-of-4000-first", corpus::single_long_row(300, 4000, 0, 4000, 68)});
  // Units crowded with the warp's rows (web graphs' hubs of neighbouring ids): runs of rows of 33-700 entries,
  // some runs broken by short and empty rows, so a warp sums 1 to 32 of them and batches end part full.
  std::vector<std::int32_t> crowded;
  corpus::Rng rng(70);
  for (int run = 0; run < 40; ++run) {
    const int rows = 1 + static_cast<int>(rng.below(40));
    for (int i = 0; i < rows; ++i) crowded.push_back(33 + static_cast<std::int32_t>(rng.below(run % 4 ? 96 : 668)));
    for (int i = static_cast<int>(rng.below(5)); i > 0; --i) crowded.push_back(static_cast<std::int32_t>(rng.below(4)));
  }
  m.push_back({"crowded-rows-of-33-to-700", rows_of(crowded, 800, 71)});
  // The same runs among many short rows (a mean of 1-3 lanes a row): units that hold 1 to 32 rows over `medium`,
  // summed by their own lanes where the unit is crowded with them and by the warp where not.
  for (const int short_max : {2, 6}) {
    std::vector<std::int32_t> among;
    corpus::Rng r(72 + short_max);
    for (int run = 0; run < 40; ++run) {
      for (int i = static_cast<int>(r.below(1000)); i > 0; --i)
        among.push_back(static_cast<std::int32_t>(r.below(short_max + 1)));
      const int rows = 1 + static_cast<int>(r.below(40));
      for (int i = 0; i < rows; ++i) among.push_back(33 + static_cast<std::int32_t>(r.below(run % 4 ? 96 : 268)));
    }
    m.push_back({"runs-of-33-to-300-among-rows-of-0-to-" + std::to_string(short_max), rows_of(among, 3000, 74)});
  }
  return m;
}

template <class Space, class Value, class Offset>
void check_shape(const corpus::NamedMatrix& m, std::int64_t chunk, int warp_rows, double alpha, double beta,
                 int chunk_floor = 1, int fill_percent = 0) {
  using Mem = typename Space::memory_space;
  using Traits = backends::Traits<Space>;
  // chunk 0: the space's own shape (with the table's chunk floor and fill or `chunk_floor`, `fill_percent`); else
  // chunks of `chunk` entries (at least `medium`: a warp's width on GPUs).
  const auto nnz = static_cast<std::int64_t>(m.matrix.col_indices.size());
  impl::VectorSplitRules rules;
  rules.warp_rows = warp_rows;
  if (chunk > 0) rules.chunk = chunk;
  auto params = arch_table().parameters;
  if (chunk_floor > 1) params.split_chunk_floor = chunk_floor;
  if (fill_percent > 0) params.split_fill_percent = fill_percent;
  const auto shape =
      chunk > 0 ? impl::vector_split_shape(Traits::warp_lanes, Traits::max_tpr, m.matrix.num_rows, nnz, 1, rules)
                : impl::vector_split_shape(Space(), params, m.matrix.num_rows, nnz);
  REQUIRE(shape.warp_rows == (chunk > 0 ? warp_rows : arch_table().parameters.split_warp_rows));
  const auto size = impl::vector_split_workspace(shape);
  impl::Workspace<Value, Mem> ws;
  ws.values = Kokkos::View<Value*, Mem>("sums", static_cast<std::size_t>(size.values));
  ws.indices = Kokkos::View<std::int32_t*, Mem>("counters", static_cast<std::size_t>(size.indices));
  const auto out = run_launches<Space, Value, Offset>(
      m.matrix, alpha, beta, 3, 69,
      [&](const Space& exec, const auto& a, Value al, const auto& x, Value be, const auto& y) {
        impl::launch_vector_split(exec, a, shape, ws, al, x, be, y);
      });
  INFO("space " << Traits::name << ", matrix " << m.name << ", chunk " << shape.chunk << ", lanes " << shape.lanes
                << ", medium " << shape.medium << ", warp rows " << shape.warp_rows << ", beta " << beta);
  INFO("worst row " << out.comparison.worst_row << " at " << out.comparison.worst_ratio << " x bound");
  CHECK(out.comparison.within_bounds);
  CHECK(out.all_equal());
  std::vector<std::int32_t> counters(static_cast<std::size_t>(size.indices));
  Space exec;
  Kokkos::deep_copy(
      exec, Kokkos::View<std::int32_t*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(counters.data(), counters.size()),
      ws.indices);
  exec.fence();
  CHECK(std::count(counters.begin(), counters.end(), 0) == static_cast<std::ptrdiff_t>(counters.size()));
}

}  // namespace

TEST_CASE("vector_split's shape comes from m and nnz", "[vector_split]") {
  constexpr std::int64_t wave = 8448;  // an H200's warps at once (132 SMs x 64)
  SECTION("lanes a row: at least 2 entries a lane at the mean length, at most a warp") {
    CHECK(impl::vector_split_shape(32, 32, 1000, 3000, wave).lanes == 1);
    CHECK(impl::vector_split_shape(32, 32, 1000, 7000, wave).lanes == 2);
    CHECK(impl::vector_split_shape(32, 32, 1000, 16000, wave).lanes == 8);
    CHECK(impl::vector_split_shape(32, 32, 1000, 60000, wave).lanes == 16);
    CHECK(impl::vector_split_shape(32, 32, 1000, 500000, wave).lanes == 32);
    CHECK(impl::vector_split_shape(32, 8, 1000, 500000, wave).lanes == 8);
    CHECK(impl::vector_split_shape(1, 1, 1000, 500000, 16).lanes == 1);
  }
  SECTION("rows by their lanes, by the warp, and by the chunk units") {
    // Small: chunks of `medium` entries (16 passes of 16 lanes), so crowded long rows spread over many warps.
    const auto s = impl::vector_split_shape(32, 32, 1000, 60000, wave);
    CHECK(s.medium == 256);
    CHECK(s.chunk == 256);
    CHECK(s.chunks == (60000 + 255) / 256);
    CHECK(s.rows_a_unit() == 2);
    CHECK(s.row_units == 500);
    CHECK(s.units() == s.chunks + 500);
    CHECK(impl::vector_split_shape(32, 32, 1000, 3000, wave).medium == 32);  // at least a warp's width
    // Larger: about a wave of chunk units, chunks of at most the table's 4096.
    const auto mid = impl::vector_split_shape(32, 32, 1000000, 10000000, wave);
    CHECK(mid.lanes == 4);
    CHECK(mid.chunk == (10000000 + wave - 1) / wave);
    CHECK(mid.chunks <= wave);
    CHECK(impl::vector_split_shape(32, 32, 10000000, 200000000, wave).chunk == 4096);
    // One lane a unit (CPUs): every row up to a chunk is the lane's.
    const auto cpu = impl::vector_split_shape(1, 1, 1000, 60000, 16);
    CHECK(cpu.medium == cpu.chunk);
    CHECK(cpu.chunk == 3750);  // a thread's share
  }
  SECTION("the table's rules: entries a lane, passes before the warp takes a row, the longest chunk") {
    const predictors::KernelParameters p{};  // the defaults every table starts from
    const auto rules = impl::vector_split_rules(p);
    CHECK(rules.lane_entries == 2);
    CHECK(rules.medium_passes == 16);
    CHECK(rules.chunk == 4096);
    CHECK(rules.warp_rows == 1);
    CHECK(rules.chunk_floor == 1);
    CHECK(rules.fill_percent == 0);
    CHECK(impl::vector_split_shape(32, 32, 1000, 6000, 16, rules).warp_rows == 1);
    // The shortest chunk: rows of 33-128 entries the row units' warps', not chunk units' (the medium bound stays).
    const auto floored = impl::vector_split_shape(32, 32, 1000, 3000, wave, {2, 16, 4096, 1, 128});
    CHECK(impl::vector_split_shape(32, 32, 1000, 3000, wave, rules).chunk == 32);
    CHECK(floored.chunk == 128);
    CHECK(floored.medium == 32);
    CHECK(floored.chunks == (3000 + 127) / 128);
    CHECK(impl::vector_split_shape(32, 32, 1000, 3000, wave, {2, 16, 64, 1, 128}).chunk == 128);  // over split_chunk
    CHECK_THROWS_WITH(impl::vector_split_shape(32, 32, 10, 10, wave, {2, 16, 4096, 1, 0}),
                      Catch::Contains("(at least 0)"));
    CHECK(impl::vector_split_shape(32, 32, 1000, 6000, 16, {2, 16, 4096, 4}).warp_rows == 4);
    const auto s = impl::vector_split_shape(32, 32, 1000, 6000000, 16, {8, 8, 2048, 1});
    CHECK(s.lanes == 32);
    CHECK(s.medium == 256);  // 8 passes of 32 lanes
    CHECK(s.chunk == 2048);
    CHECK_THROWS_WITH(impl::vector_split_shape(32, 32, 10, 10, wave, {0, 16, 1024}),
                      Catch::Contains("not a launch shape"));
    CHECK_THROWS_WITH(impl::vector_split_shape(32, 32, 10, 10, wave, {4, 16, 0}),
                      Catch::Contains("not a launch shape"));
    for (const int warp_rows : {0, 3, 5})
      CHECK_THROWS_WITH(impl::vector_split_shape(32, 32, 10, 10, wave, {2, 16, 4096, warp_rows}),
                        Catch::Contains("rows side by side and a fill"));
  }
  SECTION("few rows: lanes widened until the rows' lanes fill the table's share of the device") {
    impl::VectorSplitRules half;
    half.fill_percent = 50;  // 4,224 warps' threads of a wave of 8,448
    const std::int64_t threads = wave * 32;
    CHECK(impl::vector_split_shape(32, 32, 1000, 3000, wave, half).lanes == 32);           // mean 3: 1 by the mean
    CHECK(impl::vector_split_shape(32, 32, 4224, 12672, wave, half).lanes == 32);          // 4,224 x 32 = the share
    CHECK(impl::vector_split_shape(32, 32, 4225, 12675, wave, half).lanes == 32);          // just short at 16: 32
    CHECK(impl::vector_split_shape(32, 32, 8448, 25344, wave, half).lanes == 16);          // 8,448 x 16 = the share
    CHECK(impl::vector_split_shape(32, 32, threads / 2, threads, wave, half).lanes == 1);  // fills it at 1 lane
    CHECK(impl::vector_split_shape(32, 8, 1000, 3000, wave, half).lanes == 8);             // at most the space's widest
    CHECK(impl::vector_split_shape(1, 1, 1000, 3000, 16, half).lanes == 1);                // CPUs: one lane a unit
    CHECK(impl::vector_split_shape(32, 32, 0, 0, wave, half).lanes == 32);                 // no rows: no launch anyway
    impl::VectorSplitRules off;
    CHECK(impl::vector_split_shape(32, 32, 1000, 3000, wave, off).lanes == 1);  // 0: the mean rule alone
    const auto wide = impl::vector_split_shape(32, 32, 1000, 3000, wave, half);
    CHECK(wide.medium == 512);  // 16 passes of 32 lanes
    CHECK(wide.row_units == 1000);
    half.fill_percent = -1;
    CHECK_THROWS_WITH(impl::vector_split_shape(32, 32, 10, 10, wave, half), Catch::Contains("fill of -1 %"));
  }
  SECTION("at most 2^16 chunks whatever nnz (the drop-in's workspace has a fixed size)") {
    for (const std::int64_t nnz : {std::int64_t{0}, std::int64_t{1}, std::int64_t{1} << 28, (std::int64_t{1} << 28) + 1,
                                   std::int64_t{1} << 40, (std::int64_t{1} << 40) + 12345}) {
      const auto s = impl::vector_split_shape(32, 32, std::int64_t{1} << 30, nnz, wave);
      INFO("nnz " << nnz << ": chunk " << s.chunk << ", chunks " << s.chunks);
      CHECK(s.chunks <= impl::vector_split_max_chunks);
      CHECK(s.chunks * s.chunk >= nnz);
      CHECK(impl::vector_split_workspace(s).indices <= impl::vector_split_max_chunks);
      CHECK(impl::vector_split_workspace(s).values <= impl::vector_split_max_chunks);
    }
  }
  SECTION("empty matrices launch nothing; bad shapes are refused") {
    CHECK(impl::vector_split_shape(32, 32, 0, 0, wave).units() == 0);
    CHECK(impl::vector_split_workspace(impl::vector_split_shape(32, 32, 10, 0, wave)).empty());
    CHECK(impl::vector_split_shape(32, 32, 10, 0, wave).row_units == 1);  // the rows' y still written (beta y)
    CHECK_THROWS_WITH(impl::vector_split_shape(24, 32, 10, 10, wave), Catch::Contains("not a launch shape"));
    CHECK_THROWS_WITH(impl::vector_split_shape(32, 32, -1, 10, wave), Catch::Contains("negative"));
  }
}

TEST_CASE("vector_split's pieces: the chunks that start inside a long row", "[vector_split]") {
  // A row of entries [40, 100) with chunks of 16: chunks 3, 4, 5 and 6 start inside it (48, 64, 80, 96); chunk 3's
  // unit also sums entries 40-47 (the row starts inside chunk 2).
  CHECK(impl::vector_split_first_chunk(40, 16) == 3);
  CHECK(impl::vector_split_last_chunk(100, 16) == 6);
  // A row starting on chunk 2's first entry: chunk 2's unit takes its first piece.
  CHECK(impl::vector_split_first_chunk(32, 16) == 2);
  CHECK(impl::vector_split_last_chunk(49, 16) == 3);
}

TEST_CASE("the warp's search finds the last offset not above a value", "[vector_split]") {
  using Space = Kokkos::DefaultHostExecutionSpace;
  using Backend = backends::Traits<Space>;
  const std::vector<std::int64_t> sorted{0, 0, 3, 3, 3, 7, 10, 10, 15};
  Kokkos::View<const std::int64_t*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> v(sorted.data(), sorted.size());
  const auto n = static_cast<std::int64_t>(sorted.size());
  for (std::int64_t value = 0; value <= 20; ++value) {
    std::int64_t expected = 0;
    for (std::int64_t r = 0; r < n; ++r)
      if (sorted[r] <= value) expected = r;
    INFO("value " << value);
    CHECK(impl::warp_last_not_above<Backend>(v, 0, n, value, 0) == expected);
  }
  CHECK(impl::warp_last_not_above<Backend>(v, 5, 6, 100, 0) == 5);  // a range of one: its only index
}

namespace {

// Query q of a launch of queries x warp threads: the warp's search of `sorted` for values(q), near guesses(q)
// (a guess below 0: the plain search), its last lane writing the answer.
template <class Space>
struct SearchQueries {
  using Backend = backends::Traits<Space>;
  Kokkos::View<const std::int64_t*, typename Space::memory_space> sorted, values, guesses;
  Kokkos::View<std::int64_t*, typename Space::memory_space> found;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const int lane = static_cast<int>(i % Backend::warp_lanes);
    const std::int64_t q = i / Backend::warp_lanes;
    const auto n = static_cast<std::int64_t>(sorted.extent(0));
    const std::int64_t r = guesses(q) < 0
                               ? impl::warp_last_not_above<Backend>(sorted, 0, n, values(q), lane)
                               : impl::warp_last_not_above_near<Backend>(sorted, 0, n, values(q), guesses(q), lane);
    if (lane == Backend::warp_lanes - 1) found(q) = r;
  }
};

}  // namespace

// Row offsets of a skewed matrix (runs of empty rows, one long row, short ones), every value from 0 to past the
// last, each guess from the start to the end and the exact answer's neighbours: the search by every lane of the
// space's warp equals a scan.
TEMPLATE_LIST_TEST_CASE("the warp's search with a guess finds the last offset not above a value", "[vector_split]",
                        Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  std::vector<std::int64_t> sorted{0};
  corpus::Rng rng(17);
  for (int r = 0; r < 300; ++r) {
    const std::int64_t length = r == 150 ? 500 : (rng.next() % 4 == 0 ? 0 : static_cast<std::int64_t>(rng.next() % 7));
    sorted.push_back(sorted.back() + length);
  }
  const auto n = static_cast<std::int64_t>(sorted.size());
  std::vector<std::int64_t> values, guesses, expected;
  for (std::int64_t value = 0; value <= sorted.back() + 3; value += 3) {
    std::int64_t answer = 0;
    for (std::int64_t r = 0; r < n; ++r)
      if (sorted[r] <= value) answer = r;
    for (const std::int64_t guess : {std::int64_t{-1}, std::int64_t{0}, answer - 40, answer - 1, answer, answer + 1,
                                     answer + 17, n / 2, n - 1, n + 5}) {
      values.push_back(value);
      guesses.push_back(guess < -1 ? 0 : guess);
      expected.push_back(answer);
    }
  }
  const auto q = values.size();
  auto to_device = [](const std::vector<std::int64_t>& h, const char* label) {
    Kokkos::View<std::int64_t*, Mem> d(std::string(label), h.size());
    Kokkos::deep_copy(
        d, Kokkos::View<const std::int64_t*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(h.data(), h.size()));
    return d;
  };
  Kokkos::View<std::int64_t*, Mem> found("found", q);
  Kokkos::parallel_for(
      "search queries",
      Kokkos::RangePolicy<Space>(0, static_cast<std::int64_t>(q) * backends::Traits<Space>::warp_lanes),
      SearchQueries<Space>{to_device(sorted, "sorted"), to_device(values, "values"), to_device(guesses, "guesses"),
                           found});
  std::vector<std::int64_t> got(q);
  Kokkos::deep_copy(Kokkos::View<std::int64_t*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(got.data(), q), found);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < q; ++i)
    if (got[i] != expected[i]) {
      if (wrong++ < 5)
        FAIL_CHECK("value " << values[i] << ", guess " << guesses[i] << ": " << got[i] << ", not " << expected[i]);
    }
  CHECK(wrong == 0);
  CHECK(q > 1000);
}

TEST_CASE("the lowest set bit of a mask", "[vector_split]") {
  for (int i = 0; i < 64; ++i) {
    INFO("bit " << i);
    CHECK(impl::lowest_set_bit(std::uint64_t{1} << i) == i);
    CHECK(impl::lowest_set_bit(~std::uint64_t{0} << i) == i);
    CHECK(impl::lowest_set_bit((std::uint64_t{1} << i) | (std::uint64_t{1} << 63)) == i);
  }
}

TEST_CASE("the number of set bits of a mask", "[vector_split]") {
  CHECK(impl::bit_count(0) == 0);
  CHECK(impl::bit_count(~std::uint64_t{0}) == 64);
  for (int i = 0; i < 64; ++i) {
    INFO("bit " << i);
    CHECK(impl::bit_count(std::uint64_t{1} << i) == 1);
    CHECK(impl::bit_count(~std::uint64_t{0} << i) == 64 - i);
    CHECK(impl::bit_count(0x5555555555555555ULL >> i) == (65 - i - i % 2) / 2);  // the even bits from i
  }
}

// Chunks of the space's own (also with a floor of 128 entries, and with lanes widened to fill the device), 16 and 64
// entries (rows split into many pieces), and 1,024 (on GPUs the warp sums rows of 33-1,024 entries), the warp's rows 1,
// 2 and 4 side by side (on CPUs a unit is one lane: no warp rows).
TEMPLATE_LIST_TEST_CASE("vector_split equals the reference with long and short chunks", "[kernels][vector_split]",
                        Configs) {
  using Space = typename TestType::space;
  const int most = backends::Traits<Space>::warp_lanes > 1 ? 4 : 1;
  for (const auto& m : split_matrices()) {
    // The space's shape with chunks of at least 128 entries (the warp's rows up to 128 entries on GPUs).
    check_shape<Space, typename TestType::value, typename TestType::offset>(m, 0, 1, -1.5, 2.0, 128);
    // Lanes widened to fill the device (on GPUs a warp a row on these small matrices).
    check_shape<Space, typename TestType::value, typename TestType::offset>(m, 0, 1, -1.5, 2.0, 1, 100);
    for (const std::int64_t chunk : {std::int64_t{0}, std::int64_t{16}, std::int64_t{64}, std::int64_t{1024}})
      for (int warp_rows = 1; warp_rows <= most; warp_rows *= 2) {
        if (chunk == 0 && warp_rows > 1) continue;  // the table's own
        check_shape<Space, typename TestType::value, typename TestType::offset>(m, chunk, warp_rows, 1.0, 0.0);
        check_shape<Space, typename TestType::value, typename TestType::offset>(m, chunk, warp_rows, -1.5, 2.0);
      }
  }
}

// Views longer than the offsets say (nnz counts the views' entries): the entries past offsets(rows) belong to no
// row, and the chunk units that start there read nothing past the offsets.
TEST_CASE("vector_split ignores entries past the last row offset", "[vector_split]") {
  using Space = Kokkos::DefaultHostExecutionSpace;
  using Mem = Space::memory_space;
  const std::vector<std::int32_t> offsets{0, 2, 2, 40};  // 3 rows, 40 entries in rows; the views hold 100
  Kokkos::View<std::int32_t*, Mem> o("offsets", offsets.size());
  Kokkos::View<std::int32_t*, Mem> cols("cols", 100);
  Kokkos::View<double*, Mem> vals("vals", 100), x("x", 4), y("y", 3);
  for (std::size_t i = 0; i < offsets.size(); ++i) o(i) = offsets[i];
  for (int j = 0; j < 100; ++j) {
    cols(j) = j % 4;
    vals(j) = j < 40 ? 1.0 : 1e30;  // past the rows: never summed
  }
  for (int j = 0; j < 4; ++j) x(j) = j + 1.0;
  const CsrMatrix<double, std::int32_t, Mem> a(3, 4, o, cols, vals);
  REQUIRE(a.nnz() == 100);
  impl::VectorSplitRules rules;
  rules.chunk = 16;  // chunk units at entries 0, 16, ..., 96: those from 48 on start past the rows
  const auto shape = impl::vector_split_shape(1, 1, a.num_rows(), a.nnz(), 1, rules);
  REQUIRE(shape.chunks == 7);
  const auto size = impl::vector_split_workspace(shape);
  impl::Workspace<double, Mem> ws{Kokkos::View<double*, Mem>("sums", static_cast<std::size_t>(size.values)),
                                  Kokkos::View<std::int32_t*, Mem>("counters", static_cast<std::size_t>(size.indices))};
  impl::launch_vector_split(Space(), a, shape, ws, 1.0, x, 0.0, y);
  Space().fence();
  CHECK(y(0) == 1.0 + 2.0);
  CHECK(y(1) == 0.0);
  double expected = 0;  // row 2: entries 2..39, columns j % 4
  for (int j = 2; j < 40; ++j) expected += j % 4 + 1.0;
  CHECK(y(2) == expected);
}
