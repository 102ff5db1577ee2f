// Alias table construction (see alias_table.hpp).

#include "alias_table.hpp"

#include <aspmv/error.hpp>

namespace aspmv::corpus {

AliasTable::AliasTable(const std::vector<double>& weights) : prob_(weights.size()), alias_(weights.size()) {
  const std::size_t n = weights.size();
  double sum = 0;
  for (const double w : weights) {
    if (!(w >= 0)) throw Error("AliasTable: negative or NaN weight");
    sum += w;
  }
  if (n == 0 || !(sum > 0)) throw Error("AliasTable: no positive weight");
  // Scaled weights (mean 1); columns below 1 are topped up by one above 1.
  std::vector<std::int32_t> small, large;
  small.reserve(n);
  large.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    prob_[i] = weights[i] * double(n) / sum;
    alias_[i] = static_cast<std::int32_t>(i);
    (prob_[i] < 1 ? small : large).push_back(static_cast<std::int32_t>(i));
  }
  while (!small.empty() && !large.empty()) {
    const auto s = small.back(), l = large.back();
    small.pop_back();
    alias_[s] = l;
    prob_[l] -= 1 - prob_[s];
    if (prob_[l] < 1) {
      large.pop_back();
      small.push_back(l);
    }
  }
  for (const auto i : large) prob_[i] = 1;  // rounding leftovers
  for (const auto i : small) prob_[i] = 1;
}

}  // namespace aspmv::corpus
