// aspmv::tpetra::split_columns on hand-made routes: owned and remote blocks,
// order within rows, refresh, and the refusals.

#include <aspmv/tpetra/column_split.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using aspmv::tpetra::ColumnRoute;
using aspmv::tpetra::split_columns;

namespace {

// 4 local columns: 0 and 2 owned (domain indices 1 and 0), 1 and 3 remote
// (remote indices 0 and 1).
ColumnRoute mixed_route() {
  ColumnRoute route;
  route.owned_index = {1, -1, 0, -1};
  route.remote_index = {-1, 0, -1, 1};
  route.num_owned_columns = 2;
  route.num_remote_columns = 2;
  return route;
}

}  // namespace

TEST_CASE("split_columns routes every entry to its block and keeps row order", "[tpetra][split]") {
  // rows: {0:a, 1:b, 3:c}, {}, {2:d, 3:e}, {1:f}
  const std::vector<std::int64_t> offsets = {0, 3, 3, 5, 6};
  const std::vector<int> columns = {0, 1, 3, 2, 3, 1};
  const std::vector<double> values = {1, 2, 3, 4, 5, 6};
  const auto split = split_columns<double>(4, offsets.data(), columns.data(), values.data(), mixed_route());

  CHECK(split.owned.row_offsets == std::vector<std::int64_t>{0, 1, 1, 2, 2});
  CHECK(split.owned.col_indices == std::vector<std::int32_t>{1, 0});
  CHECK(split.owned.values == std::vector<double>{1, 4});
  CHECK(split.owned.num_cols == 2);
  CHECK(split.remote.row_offsets == std::vector<std::int64_t>{0, 2, 2, 3, 4});
  CHECK(split.remote.col_indices == std::vector<std::int32_t>{0, 1, 1, 0});
  CHECK(split.remote.values == std::vector<double>{2, 3, 5, 6});
  CHECK(split.owned.empty_rows() == 2);
  CHECK(split.remote.empty_rows() == 1);
  CHECK(split.destination == std::vector<std::int64_t>{0, -1, -2, 1, -3, -4});
}

TEST_CASE("ColumnSplit::refresh copies new values through the recorded destinations", "[tpetra][split]") {
  const std::vector<std::int64_t> offsets = {0, 3, 3, 5, 6};
  const std::vector<int> columns = {0, 1, 3, 2, 3, 1};
  const std::vector<double> values = {1, 2, 3, 4, 5, 6};
  auto split = split_columns<double>(4, offsets.data(), columns.data(), values.data(), mixed_route());
  const std::vector<double> changed = {10, 20, 30, 40, 50, 60};
  split.refresh(changed.data(), changed.size());
  CHECK(split.owned.values == std::vector<double>{10, 40});
  CHECK(split.remote.values == std::vector<double>{20, 30, 50, 60});
  CHECK_THROWS_WITH(split.refresh(changed.data(), 5), Catch::Contains("structure changed"));
}

TEST_CASE("split_columns of no rows and of rows without remote columns", "[tpetra][split]") {
  const std::vector<std::int64_t> none = {0};
  const auto empty = split_columns<double>(0, none.data(), static_cast<const int*>(nullptr),
                                           static_cast<const double*>(nullptr), mixed_route());
  CHECK(empty.owned.nnz() == 0);
  CHECK(empty.remote.row_offsets == std::vector<std::int64_t>{0});

  const std::vector<std::int64_t> offsets = {0, 2};
  const std::vector<int> columns = {0, 2};
  const std::vector<float> values = {1.5f, 2.5f};
  const auto owned_only = split_columns<float>(1, offsets.data(), columns.data(), values.data(), mixed_route());
  CHECK(owned_only.owned.values == std::vector<float>{1.5f, 2.5f});
  CHECK(owned_only.remote.nnz() == 0);
  CHECK(owned_only.remote.empty_rows() == 1);
}

TEST_CASE("split_columns refuses columns outside the route and bad offsets", "[tpetra][split]") {
  const std::vector<double> values = {1, 2};
  const std::vector<std::int64_t> offsets = {0, 2};
  const std::vector<int> outside = {0, 4};
  CHECK_THROWS_WITH(split_columns<double>(1, offsets.data(), outside.data(), values.data(), mixed_route()),
                    Catch::Contains("outside the 4 routed columns"));
  const std::vector<int> negative = {-1, 0};
  CHECK_THROWS_WITH(split_columns<double>(1, offsets.data(), negative.data(), values.data(), mixed_route()),
                    Catch::Contains("column -1"));
  const std::vector<std::int64_t> decreasing = {0, 2, 1};
  const std::vector<int> columns = {0, 2};
  CHECK_THROWS_WITH(split_columns<double>(2, decreasing.data(), columns.data(), values.data(), mixed_route()),
                    Catch::Contains("row 0 has offsets 0..2 (nnz 1)"));
  auto nowhere = mixed_route();
  nowhere.remote_index[1] = -1;
  const std::vector<int> to_nowhere = {0, 1};
  CHECK_THROWS_WITH(split_columns<double>(1, offsets.data(), to_nowhere.data(), values.data(), nowhere),
                    Catch::Contains("routed nowhere"));
  auto too_far = mixed_route();
  too_far.owned_index[0] = 2;
  CHECK_THROWS_WITH(split_columns<double>(1, offsets.data(), columns.data(), values.data(), too_far),
                    Catch::Contains("owned index 2 of 2"));
}

TEST_CASE("compress_rows keeps the rows with entries and leaves the values in place", "[tpetra][split]") {
  const std::vector<std::int64_t> offsets = {0, 3, 3, 5, 6};
  const std::vector<int> columns = {0, 1, 3, 2, 3, 1};
  const std::vector<double> values = {1, 2, 3, 4, 5, 6};
  auto split = split_columns<double>(4, offsets.data(), columns.data(), values.data(), mixed_route());
  // remote rows: {1:2, 3:3}, {}, {3:5}, {1:6}
  const auto rows = aspmv::tpetra::compress_rows(split.remote);
  CHECK(rows == std::vector<std::int32_t>{0, 2, 3});
  CHECK(split.remote.num_rows == 3);
  CHECK(split.remote.row_offsets == std::vector<std::int64_t>{0, 2, 3, 4});
  CHECK(split.remote.values == std::vector<double>{2, 3, 5, 6});
  CHECK(split.remote.empty_rows() == 0);
  const std::vector<double> changed = {10, 20, 30, 40, 50, 60};
  split.refresh(changed.data(), changed.size());
  CHECK(split.remote.values == std::vector<double>{20, 30, 50, 60});

  aspmv::tpetra::HostBlock<double> none;
  none.num_rows = 2;
  none.row_offsets = {0, 0, 0};
  CHECK(aspmv::tpetra::compress_rows(none).empty());
  CHECK(none.num_rows == 0);
  CHECK(none.row_offsets == std::vector<std::int64_t>{0});
}
