// ELL-BRO (kernels/ell_bro.hpp) against the long-double reference on every
// space, float and double, int32 and int64 offsets (sorted, unsorted and
// duplicate columns); its packing (a tridiagonal matrix's runs take no bits,
// its indices one symbol a row); columns at the ends of the 32-bit range
// decoded exactly; the values refreshed; the memory guard.

#include <catch2/catch.hpp>

#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/kernels/ell_bro.hpp>
#include <aspmv/plan.hpp>

#include <corpus/random_csr.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

std::vector<corpus::NamedMatrix> bro_matrices() {
  std::vector<corpus::NamedMatrix> out = corpus::edge_case_matrices(53);
  std::uint64_t seed = 700;
  for (const auto lengths : {corpus::RowLengths::zipf, corpus::RowLengths::bimodal, corpus::RowLengths::uniform,
                             corpus::RowLengths::constant})
    for (const std::int32_t rows : {5, 70, 1100}) {
      corpus::RandomCsrSpec s;
      s.rows = rows;
      // Narrow and very wide column ranges: fields of a few bits and of 20+ bits across symbol boundaries.
      s.cols = seed % 2 == 0 ? rows + 3 : 3000000;
      s.lengths = lengths;
      s.mean = 9;
      s.spread = lengths == corpus::RowLengths::zipf ? 1.6 : (lengths == corpus::RowLengths::bimodal ? 40 : 5);
      s.long_fraction = 0.03;
      s.sorted = seed % 3 != 0;
      s.duplicates = seed % 4 == 0;
      s.seed = seed++;
      out.push_back({corpus::name(s), corpus::random_csr(s)});
    }
  return out;
}

ArchTable bro_table(int slice_height, int host_row_simd = 2) {
  ArchTable t = arch_table();
  t.parameters.sell_slice_height = slice_height;
  t.parameters.host_row_simd = host_row_simd;  // 2: slices of 8 in AVX-512 lanes where the CPU has them
  return t;
}

HostCsr<double, std::int64_t> tridiagonal(std::int32_t n) {
  HostCsr<double, std::int64_t> h;
  h.num_rows = h.num_cols = n;
  for (std::int32_t r = 0; r < n; ++r) {
    for (std::int32_t c = r - 1; c <= r + 1; ++c)
      if (c >= 0 && c < n) {
        h.col_indices.push_back(c);
        h.values.push_back(c == r ? 2.0 : -1.0);
      }
    h.row_offsets.push_back(static_cast<std::int64_t>(h.col_indices.size()));
  }
  return h;
}

// An x that records the columns it is read at: the first `capacity` into
// `seen`, all of them counted (plain stores, so it compiles where bro_row_sum
// is a host and device function).
struct RecordingX {
  std::int64_t* seen;
  std::size_t capacity;
  std::size_t* count;
  KOKKOS_INLINE_FUNCTION double operator()(std::int64_t col) const {
    if (*count < capacity) seen[*count] = col;
    ++*count;
    return 1.0;
  }
};

}  // namespace

TEMPLATE_LIST_TEST_CASE("ell_bro equals the reference", "[kernels][ell_bro]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  const SpmvCase cases[] = {{1.0, 0.0, true, 3}, {-1.5, 2.0, false, 4}, {0.0, 0.5, false, 5}};
  PlanOptions o;
  o.kernel = Kernel::ell_bro;
  o.max_format_growth = 1e9;  // skewed matrices too: the packing, not the guard, is under test
  for (const auto& [height, simd] :
       {std::pair{8, 2}, std::pair{8, 0}, std::pair{32, 2}, std::pair{1, 2}, std::pair{16, 2}})
    for (const auto& m : bro_matrices())
      for (const auto& c : cases) {
        const auto table = bro_table(height, simd);
        const auto r = run_plan<Space, Value, Offset>(m.matrix, o, c, 2, &table);
        INFO("space " << backends::Traits<Space>::name << ", slice height " << height << ", host_row_simd " << simd
                      << ", matrix " << m.name << ", alpha " << c.alpha << ", beta " << c.beta << "\n"
                      << r.description);
        CHECK(r.refused.empty());
        CHECK(r.comparison.within_bounds);
      }
}

TEMPLATE_LIST_TEST_CASE("ell_bro packs a tridiagonal matrix's columns in one symbol a row", "[kernels][ell_bro]",
                        Spaces) {
  using Space = TestType;
  Space exec;
  // Slices of 8 rows: a row's first column lies within 7 of its slice's
  // base (3 bits), its next two follow on (0 bits each): one 32-bit symbol
  // a row, 3 stored entries a row, ascending rows (no zigzag).
  const std::int32_t n = 1000;
  const DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, tridiagonal(n));
  PlanOptions o;
  const impl::EllBroStep<Space, std::decay_t<decltype(a.view())>> step(exec, a.view(), 8, 1, o);
  CHECK(step.slices() == 125);
  CHECK(step.stored_entries() == 3 * n);
  CHECK(step.symbols() == n);
  CHECK_FALSE(step.zigzag());
  CHECK(step.bytes() == 3 * n * 8 + n * 4 + 3 * n / 8 + n * 4 + 125 * 4 + 126 * 16);
  CHECK(step.bytes() < impl::csr_bytes(a.view()));
  // Through a plan: the plan's summary says so, and it holds a copy of the values.
  o.kernel = Kernel::ell_bro;
  const auto plan = make_plan(exec, a.view(), o, bro_table(8));
  const auto& detail = plan.summary().groups.at(0).detail;
  INFO(plan.describe());
  CHECK(detail.find("125 slices of 8 rows, 3000 stored entries") != std::string::npos);
  CHECK(detail.find("zigzag") == std::string::npos);
  CHECK(plan.holds_value_copy());
}

TEST_CASE("ell_bro decodes columns at both ends of the 32-bit range exactly", "[kernels][ell_bro]") {
  using Space = Kokkos::DefaultHostExecutionSpace;
  Space exec;
  // Columns up to 2^31 - 2 in descending, ascending and repeated order: the
  // zigzag fields take all 32 bits and cross symbol boundaries.
  const std::int32_t top = std::numeric_limits<std::int32_t>::max() - 1;
  const std::vector<std::vector<std::int32_t>> rows = {
      {top, 0}, {0, top}, {5, 5, 4, top, 1, top}, {}, {top}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, {0, top - 1, 2, top}};
  HostCsr<double, std::int64_t> h;
  h.num_rows = static_cast<std::int32_t>(rows.size());
  h.num_cols = top + 1;
  for (const auto& r : rows) {
    for (const auto c : r) {
      h.col_indices.push_back(c);
      h.values.push_back(1.0);
    }
    h.row_offsets.push_back(static_cast<std::int64_t>(h.col_indices.size()));
  }
  const DeviceCsr<double, std::int64_t, Space::memory_space> a(exec, h);
  for (const std::int64_t height : {1, 2, 8}) {
    const impl::EllBroStep<Space, std::decay_t<decltype(a.view())>> step(exec, a.view(), height, 1, PlanOptions{});
    CHECK(step.zigzag());
    const auto view = step.read();
    for (std::size_t i = 0; i < rows.size(); ++i) {
      std::vector<std::int64_t> seen(rows[i].size(), -1);
      std::size_t count = 0;
      const double sum = impl::bro_row_sum(view, RecordingX{seen.data(), seen.size(), &count}, std::int64_t(i));
      INFO("slice height " << height << ", row " << i);
      CHECK(count == rows[i].size());
      CHECK(seen == std::vector<std::int64_t>(rows[i].begin(), rows[i].end()));
      CHECK(sum == double(rows[i].size()));
    }
  }
  // The field helpers at their extremes.
  for (const std::int64_t d :
       {std::int64_t(0), std::int64_t(-1), std::int64_t(1), -std::int64_t(top) - 1, std::int64_t(top) - 1})
    CHECK(impl::bro_unzigzag(impl::bro_zigzag(d)) == d);
  CHECK(impl::bro_bits(0) == 0);
  CHECK(impl::bro_bits(1) == 1);
  CHECK(impl::bro_bits(0xffffffffu) == 32);
}

TEMPLATE_LIST_TEST_CASE("ell_bro's copy follows refresh_values; its guard refuses a skewed matrix",
                        "[kernels][ell_bro]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  const auto h = tridiagonal(300);
  const DeviceCsr<double, std::int64_t, Mem> a(exec, h);
  Kokkos::View<double*, Mem> x("x", 300), y("y", 300);
  Kokkos::deep_copy(x, 1.0);
  PlanOptions o;
  o.kernel = Kernel::ell_bro;
  const auto plan = make_plan(exec, a.view(), o);
  const auto row_sum = [&](std::int32_t r) { return r == 0 || r == 299 ? 1.0 : 0.0; };
  // A's values tripled in place (through a writable view of its array).
  const auto values = a.view().values();
  Kokkos::View<double*, Kokkos::HostSpace> scaled("scaled", h.values.size());
  for (std::size_t k = 0; k < h.values.size(); ++k) scaled(k) = 3.0 * h.values[k];
  Kokkos::deep_copy(
      Kokkos::View<double*, Mem, Kokkos::MemoryUnmanaged>(const_cast<double*>(values.data()), values.extent(0)),
      scaled);
  plan.apply(exec, 1.0, x, 0.0, y);  // the old copy
  auto yh = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y);
  for (std::int32_t r = 0; r < 300; ++r) CHECK(yh(r) == row_sum(r));
  plan.refresh_values(exec);
  plan.apply(exec, 1.0, x, 0.0, y);
  Kokkos::deep_copy(yh, y);
  for (std::int32_t r = 0; r < 300; ++r) CHECK(yh(r) == 3.0 * row_sum(r));

  // One row of 5,000 entries among 2,000 rows of one: every slice but one
  // is narrow, but that slice holds 8 x 5,000 slots, 3.3x the CSR bytes.
  HostCsr<double, std::int64_t> skew;
  skew.num_rows = 2000;
  skew.num_cols = 5000;
  for (std::int32_t r = 0; r < 2000; ++r) {
    for (std::int32_t c = 0; c < (r == 1000 ? 5000 : 1); ++c) {
      skew.col_indices.push_back(r == 1000 ? c : r);
      skew.values.push_back(1.0);
    }
    skew.row_offsets.push_back(static_cast<std::int64_t>(skew.col_indices.size()));
  }
  const DeviceCsr<double, std::int64_t, Mem> s(exec, skew);
  PlanOptions guarded = o;
  guarded.max_format_growth = 2.0;
  guarded.format_growth_floor_bytes = 0;
  CHECK_THROWS_AS(make_plan(exec, s.view(), guarded, bro_table(8)), FormatRefused);
  try {
    make_plan(exec, s.view(), guarded, bro_table(8));
  } catch (const FormatRefused& e) {
    CHECK(std::string(e.what()).find("the ELL-BRO conversion is refused") != std::string::npos);
  }
  guarded.max_format_growth = 1e9;
  CHECK_NOTHROW(make_plan(exec, s.view(), guarded, bro_table(8)));
}
