// CSR-scalar's CPU shape of runs of rows balanced by nonzeros
// (impl/path_shares.hpp, the table's host_shares_per_thread; its rows summed
// in order, in SIMD lanes, in AVX-512 lanes where the CPU has them, or in
// partial sums: host_row_simd, host_row_partial_sums): the share
// boundaries cover every row exactly once and balance the merge path on
// shapes where it matters (empty rows, one row holding every nonzero, more
// shares than rows, a hub among short rows), and CSR-scalar with that shape
// -- through a plan and through the drop-in launch -- equals the reference on
// every enabled space, float and double, int32 and int64 offsets. (GPUs keep
// one thread per row: the shape is a CPU one, and the plan says which it ran.)

#include <catch2/catch.hpp>

#include "support/small_table.hpp"
#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/impl/path_shares.hpp>
#include <aspmv/kernels/csr_scalar.hpp>
#include <backends/host/avx512_rows.hpp>

#include <corpus/random_csr.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

// Row offsets from row lengths.
std::vector<std::int64_t> offsets_of(const std::vector<std::int64_t>& lengths) {
  std::vector<std::int64_t> o{0};
  for (const auto l : lengths) o.push_back(o.back() + l);
  return o;
}

struct HostOffsets {  // the accessor path_share_first_row reads (a host and
                      // device function where the build has a GPU: plain loads)
  const std::int64_t* o;
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::int64_t i) const { return o[i]; }
};

// Rows of every length from 0 to 70 (every tail of 8 and 16 lanes), in runs
// of consecutive columns (a vector load of x) or spread (a gather), some
// ending at the last column.
HostCsr<double, std::int64_t> every_row_length() {
  HostCsr<double, std::int64_t> a;
  a.num_rows = 284;
  a.num_cols = 90;
  for (std::int32_t r = 0; r < a.num_rows; ++r) {
    const std::int32_t length = r % 71;
    const int kind = (r / 71) % 4;  // 0, 2: consecutive from the start, 1: every other column, 3: up to the last column
    for (std::int32_t k = 0; k < length; ++k) {
      const std::int32_t col = kind == 1 ? (2 * k + r) % a.num_cols : kind == 3 ? a.num_cols - length + k : k + r % 7;
      a.col_indices.push_back(col);
      a.values.push_back(0.25 * ((r * 13 + k * 7) % 17) - 2.0);
    }
    if (kind == 1) {  // every other column wraps: sort the row
      auto first = a.col_indices.end() - length;
      std::vector<std::pair<std::int32_t, double>> row;
      for (std::int32_t k = 0; k < length; ++k) row.emplace_back(first[k], a.values[a.values.size() - length + k]);
      std::sort(row.begin(), row.end());
      for (std::int32_t k = 0; k < length; ++k) {
        first[k] = row[static_cast<std::size_t>(k)].first;
        a.values[a.values.size() - length + k] = row[static_cast<std::size_t>(k)].second;
      }
    }
    a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
  }
  return a;
}

// Checks the boundaries of every share count in `counts` on `lengths`.
void check_boundaries(const std::vector<std::int64_t>& lengths, const std::vector<std::int64_t>& counts) {
  const auto o = offsets_of(lengths);
  const auto rows = static_cast<std::int64_t>(lengths.size());
  const std::int64_t path = rows + o.back();
  const std::int64_t longest = lengths.empty() ? 0 : *std::max_element(lengths.begin(), lengths.end());
  for (const auto shares : counts) {
    INFO(rows << " rows, " << o.back() << " nonzeros, " << shares << " shares");
    std::int64_t previous = 0;
    std::vector<int> owners(lengths.size(), 0);
    for (std::int64_t s = 0; s < shares; ++s) {
      const auto first = impl::path_share_first_row(HostOffsets{o.data()}, rows, s, shares);
      const auto last = impl::path_share_first_row(HostOffsets{o.data()}, rows, s + 1, shares);
      REQUIRE(first == previous);  // contiguous, in order
      REQUIRE(first <= last);
      for (auto r = first; r < last; ++r) ++owners[static_cast<std::size_t>(r)];
      // A share's work (rows + nonzeros) is at most an even share plus one row's.
      const std::int64_t work =
          (last - first) + (o[static_cast<std::size_t>(last)] - o[static_cast<std::size_t>(first)]);
      CHECK(work <= path / shares + 2 + longest + 1);
      previous = last;
    }
    CHECK(previous == rows);
    CHECK(std::all_of(owners.begin(), owners.end(), [](int n) { return n == 1; }));
  }
}

}  // namespace

TEST_CASE("path shares cover every row once and balance rows plus nonzeros", "[kernels][csr_scalar][shares]") {
  const std::vector<std::int64_t> counts = {1, 2, 3, 7, 16, 64, 1000};
  check_boundaries({}, counts);
  check_boundaries({0, 0, 0, 0}, counts);
  check_boundaries({5}, counts);
  check_boundaries({0, 0, 9000, 0, 0}, counts);  // one row holds every nonzero
  std::vector<std::int64_t> hub(500, 3);
  hub[250] = 17663;  // a hub among short rows
  check_boundaries(hub, counts);
  std::vector<std::int64_t> mixed;
  for (int r = 0; r < 777; ++r) mixed.push_back(r % 11 == 0 ? 0 : (r * 37) % 29);
  check_boundaries(mixed, counts);
  // The start of a share without overflow on a 2^62-long path.
  const std::int64_t huge = std::int64_t{1} << 62;
  CHECK(impl::path_share_start(huge, 3, 4) == 3 * (huge / 4));
  CHECK(impl::path_share_start(huge - 1, 1, 3) == (huge - 1) / 3);
}

TEMPLATE_LIST_TEST_CASE(
    "csr_scalar in runs or chunks, each row summed as the table says, equals the reference (plan and drop-in)",
    "[kernels][csr_scalar][shares]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  auto matrices = corpus::edge_case_matrices(21);
  matrices.push_back({"one row of 5000 in 40", corpus::single_long_row(40, 6000, 17, 5000, 4)});
  matrices.push_back({"short rows with long ones", corpus::short_rows_with_long_rows(2000, 3, 1500, 5)});
  matrices.push_back({"every row length 0-70", every_row_length()});
  for (const auto d : {corpus::RowLengths::uniform, corpus::RowLengths::zipf}) {
    corpus::RandomCsrSpec s;
    s.lengths = d;
    s.rows = 1500;
    s.cols = 1200;
    s.mean = 6;
    s.spread = d == corpus::RowLengths::zipf ? 1.6 : 3;
    s.seed = 77;
    matrices.push_back({corpus::name(s), corpus::random_csr(s)});
  }
  struct Shape {
    int per_thread, simd, partial_sums;
  };
  // Runs (3 a thread, 1 a thread) or chunks (0), each row summed in order, in
  // SIMD lanes, in AVX-512 lanes (where the CPU has them; else the partial
  // sums) or in 2 or 4 partial sums.
  const bool avx512 = backends::host::avx512_rows_available();
  for (const auto sh : {Shape{1, 0, 1}, Shape{3, 0, 1}, Shape{1, 1, 1}, Shape{3, 1, 1}, Shape{1, 0, 2}, Shape{3, 0, 4},
                        Shape{0, 0, 2}, Shape{0, 0, 4}, Shape{1, 2, 1}, Shape{3, 2, 2}, Shape{0, 2, 2}}) {
    auto table = small_table();
    table.parameters.host_shares_per_thread = sh.per_thread;
    table.parameters.host_row_simd = sh.simd;
    table.parameters.host_row_partial_sums = sh.partial_sums;
    PlanOptions o;
    o.kernel = Kernel::csr_scalar;
    for (const auto& m : matrices)
      for (const SpmvCase c : {SpmvCase{1.0, 0.0, true, 3}, SpmvCase{-1.5, 2.0, false, 4}}) {
        const auto r = run_plan<Space, Value, Offset>(m.matrix, o, c, 1, &table);
        INFO("space " << backends::Traits<Space>::name << ", matrix " << m.name << ", " << sh.per_thread
                      << " shares a thread, simd " << sh.simd << ", " << sh.partial_sums << " partial sums\n"
                      << r.description);
        CHECK(r.comparison.within_bounds);
        if (m.matrix.num_rows > 0 && m.matrix.nnz() > 0) {  // the plan says which shape it runs
          const bool host = !backends::Traits<Space>::is_gpu;
          CHECK((r.description.find("balanced by nonzeros") != std::string::npos) == (host && sh.per_thread > 0));
          // AVX-512 lanes where the CPU has them and rows hold 5 or more nonzeros on average.
          const bool lanes =
              host && sh.simd == 2 && avx512 && m.matrix.nnz() >= impl::avx512_lanes_min_mean_row * m.matrix.num_rows;
          CHECK((r.description.find("AVX-512 lanes") != std::string::npos) == lanes);
          CHECK((r.description.find("partial sums") != std::string::npos) ==
                (host && (sh.simd == 0 || (sh.simd == 2 && !lanes)) && sh.partial_sums > 1));
        }
        const auto drop_in = run_launches<Space, Value, Offset>(
            m.matrix, c.alpha, c.beta, 1, c.seed,
            [&](const Space& exec, const auto& a, Value alpha, const auto& x, Value beta, const auto& y) {
              kernels::CsrScalar::launch(exec, a, table.parameters, 1, alpha, x, beta, y);
            });
        CHECK(drop_in.comparison.within_bounds);
        if (sh.simd == 2) {  // x and y columns of row-major multivectors (strided): the partial sums instead
          const auto strided = run_launches<Space, Value, Offset>(
              m.matrix, c.alpha, c.beta, 1, c.seed,
              [&](const Space& exec, const auto& a, Value alpha, const auto& x, Value beta, const auto& y) {
                using Mem = typename Space::memory_space;
                Kokkos::View<Value**, Kokkos::LayoutRight, Mem> xs("xs", x.extent(0), 3), ys("ys", y.extent(0), 3);
                const auto xc = Kokkos::subview(xs, Kokkos::ALL, 1);
                const auto yc = Kokkos::subview(ys, Kokkos::ALL, 2);
                Kokkos::deep_copy(exec, xc, x);
                Kokkos::deep_copy(exec, yc, y);
                kernels::CsrScalar::launch(exec, a, table.parameters, 1, alpha, xc, beta, yc);
                Kokkos::deep_copy(exec, y, yc);
              });
          CHECK(strided.comparison.within_bounds);
        }
      }
  }
}
