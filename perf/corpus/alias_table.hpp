#pragma once
// Walker's alias method (Vose's construction): O(n) setup, O(1) draws of an
// index with probability proportional to its weight.

#include "rng.hpp"

#include <cstdint>
#include <vector>

namespace aspmv::corpus {

class AliasTable {
 public:
  // Weights must be >= 0 with a positive sum; n <= 2^31 - 1.
  explicit AliasTable(const std::vector<double>& weights);

  // One 64-bit draw x: the column is floor(x n / 2^64), the coin the
  // fraction left over (bias and granularity about n / 2^64).
  std::int32_t draw(Rng& rng) const {
    const __uint128_t m = static_cast<__uint128_t>(rng.next()) * prob_.size();
    const auto i = static_cast<std::size_t>(m >> 64);
    const double coin = static_cast<double>(static_cast<std::int64_t>(static_cast<std::uint64_t>(m) >> 11)) * 0x1.0p-53;
    return coin < prob_[i] ? static_cast<std::int32_t>(i) : alias_[i];
  }

 private:
  std::vector<double> prob_;         // chance of keeping column i
  std::vector<std::int32_t> alias_;  // the other index of column i
};

}  // namespace aspmv::corpus
