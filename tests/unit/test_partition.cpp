// Gao Algorithm 1 on hand-made row-length sequences.

#include <catch2/catch.hpp>

#include <aspmv/partition.hpp>

#include <cstdint>
#include <vector>

using aspmv::gao_partition;

namespace {
std::vector<std::int64_t> offsets_of(const std::vector<std::int64_t>& lengths) {
  std::vector<std::int64_t> off{0};
  for (auto l : lengths) off.push_back(off.back() + l);
  return off;
}
std::vector<bool> long_flags(const std::vector<aspmv::PartitionBlock>& blocks) {
  std::vector<bool> f;
  for (const auto& b : blocks) f.push_back(b.is_long);
  return f;
}
}  // namespace

TEST_CASE("shermanACa's shape short-long-short gives isLong = 010", "[partition]") {
  // Short rows of 6 nnz, a run of long rows of 2500, short rows again.
  std::vector<std::int64_t> lengths(30, 6);
  for (int i = 10; i < 14; ++i) lengths[i] = 2500;
  const auto blocks = gao_partition(offsets_of(lengths), 1000);
  REQUIRE(blocks.size() == 3);
  CHECK(long_flags(blocks) == std::vector<bool>{false, true, false});
  CHECK(blocks[0].row_begin == 0);
  CHECK(blocks[0].row_end == 10);
  CHECK(blocks[0].nnz == 60);
  CHECK(blocks[1].row_begin == 10);
  CHECK(blocks[1].row_end == 14);
  CHECK(blocks[1].nnz == 4 * 2500);
  CHECK(blocks[2].row_begin == 14);
  CHECK(blocks[2].row_end == 30);
  CHECK(blocks[2].nnz == 16 * 6);
}

TEST_CASE("Algorithm 1 starts long when the first row is long and ends long when the last is", "[partition]") {
  const auto blocks = gao_partition(offsets_of({50, 50, 1, 2, 50}), 50);  // T_LONG itself is long (>=)
  REQUIRE(blocks.size() == 3);
  CHECK(long_flags(blocks) == std::vector<bool>{true, false, true});
  CHECK(blocks[0].nnz == 100);
  CHECK(blocks[1].nnz == 3);
  CHECK(blocks[2].nnz == 50);
  CHECK(blocks[2].row_end == 5);
}

TEST_CASE("Algorithm 1 on uniform rows is one block", "[partition]") {
  const auto blocks = gao_partition(offsets_of(std::vector<std::int64_t>(100, 3)), 10);
  REQUIRE(blocks.size() == 1);
  CHECK_FALSE(blocks[0].is_long);
  CHECK(blocks[0].nnz == 300);
  const auto all_long = gao_partition(offsets_of(std::vector<std::int64_t>(7, 30)), 10);
  REQUIRE(all_long.size() == 1);
  CHECK(all_long[0].is_long);
}

TEST_CASE("Algorithm 1 alternating rows gives one block per row; nnz adds up", "[partition]") {
  std::vector<std::int64_t> lengths;
  for (int i = 0; i < 40; ++i) lengths.push_back(i % 2 ? 100 : 0);
  const auto blocks = gao_partition(offsets_of(lengths), 64);
  REQUIRE(blocks.size() == 40);
  std::int64_t total = 0;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    CHECK(blocks[i].is_long == (i % 2 == 1));
    CHECK(blocks[i].row_end - blocks[i].row_begin == 1);
    total += blocks[i].nnz;
  }
  CHECK(total == 20 * 100);
}

TEST_CASE("Algorithm 1 on an empty matrix has no blocks", "[partition]") {
  CHECK(gao_partition(std::vector<std::int64_t>{0}, 10).empty());
  CHECK(gao_partition(std::vector<std::int32_t>{0, 0, 0}, 10).size() == 1);  // two empty rows: one short block
}
