// COO against the long-double reference where its fixup has work: rows
// over many threads' shares (runs of carry slots longer than one thread
// sums, and runs crossing the fixup's teams), rows ending exactly at a share's
// end, empty rows between long ones; every enabled space, float and double,
// int32 and int64 offsets. Two plans on the same input must agree bit for bit
// (the fixup's order does not depend on timing).

#include <catch2/catch.hpp>

#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/kernels/coo.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>

#include <cstring>
#include <string>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

// Rows of the given lengths (columns spread over num_cols), in order.
HostCsr<double, std::int64_t> rows_of(const std::vector<std::int64_t>& lengths, std::int32_t num_cols,
                                      std::uint64_t seed) {
  corpus::Rng rng(seed);
  HostCsr<double, std::int64_t> a;
  a.num_rows = static_cast<std::int32_t>(lengths.size());
  a.num_cols = num_cols;
  for (const auto len : lengths) {
    for (std::int64_t k = 0; k < len; ++k) {
      a.col_indices.push_back(static_cast<std::int32_t>((k * 7919 + len) % num_cols));
      a.values.push_back(rng.signed_value());
    }
    a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
  }
  return a;
}

std::vector<corpus::NamedMatrix> coo_matrices() {
  const auto per = impl::coo_nnz_per_thread;
  std::vector<corpus::NamedMatrix> m;
  // Shares exactly inside rows (the second slot's join), rows ending at a share's end.
  m.push_back({"rows of 2, 3 and 5 shares", rows_of({2 * per, 3 * per, 5 * per, 1, 0, 7}, 500, 1)});
  // A run longer than coo_short_run slots, and one longer than a GPU fixup team.
  m.push_back({"rows of 300, 9000, 40 and 2500", rows_of({3, 300, 0, 9000, 40, 0, 0, 2500, 1}, 20000, 2)});
  std::vector<std::int64_t> mixed;
  for (int r = 0; r < 400; ++r) mixed.push_back(r % 50 == 3 ? 700 + r : r % 7);
  m.push_back({"short rows and every 50th of 700+", rows_of(mixed, 3000, 3)});
  m.push_back({"one row of 5000 in 40", corpus::single_long_row(40, 6000, 17, 5000, 4)});
  for (auto& e : corpus::edge_case_matrices(41)) m.push_back(std::move(e));
  return m;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("coo's fixup equals the reference on rows over many shares, bit for bit again",
                        "[kernels][coo]", Configs) {
  using Space = typename TestType::space;
  using Value = typename TestType::value;
  using Offset = typename TestType::offset;
  PlanOptions o;
  o.kernel = Kernel::coo;
  for (const auto& m : coo_matrices())
    for (const SpmvCase c : {SpmvCase{1.0, 0.0, true, 3}, SpmvCase{-1.5, 2.0, false, 4}}) {
      const auto first = run_plan<Space, Value, Offset>(m.matrix, o, c, 2);
      const auto again = run_plan<Space, Value, Offset>(m.matrix, o, c, 1);
      INFO("space " << backends::Traits<Space>::name << ", matrix " << m.name << "\n" << first.description);
      CHECK(first.comparison.within_bounds);
      REQUIRE(first.y.size() == again.y.size());
      CHECK((first.y.empty() ||  // memcmp takes no null pointer, even for 0 bytes
             std::memcmp(first.y.data(), again.y.data(), first.y.size() * sizeof(double)) == 0));
    }
}
