#pragma once
// aspmv::HostCsr: a CSR matrix owned in host memory (std::vector), the form
// the readers and the generators produce and the reference SpMV consumes.
// Ordinals are int32; offsets int32 or int64 (Offset); values float/double.

#include <aspmv/error.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace aspmv {

template <class Value = double, class Offset = std::int64_t>
struct HostCsr {
  using value_type = Value;
  using offset_type = Offset;
  using ordinal_type = std::int32_t;

  ordinal_type num_rows = 0;
  ordinal_type num_cols = 0;
  std::vector<Offset> row_offsets{0};     // num_rows + 1 entries, row_offsets[0] == 0
  std::vector<ordinal_type> col_indices;  // nnz entries
  std::vector<Value> values;              // nnz entries

  std::int64_t nnz() const { return static_cast<std::int64_t>(col_indices.size()); }
  std::int64_t row_length(ordinal_type r) const {
    return static_cast<std::int64_t>(row_offsets[r + 1] - row_offsets[r]);
  }
};

// Same matrix with another value or offset type. Throws aspmv::Error naming
// `what` when nnz does not fit the new offset type.
template <class NewValue, class NewOffset, class Value, class Offset>
HostCsr<NewValue, NewOffset> convert(const HostCsr<Value, Offset>& a, const std::string& what = "matrix") {
  static_assert(std::is_integral<NewOffset>::value && std::is_signed<NewOffset>::value, "offsets are signed integers");
  if (a.nnz() > static_cast<std::int64_t>(std::numeric_limits<NewOffset>::max()))
    throw Error(what + ": " + std::to_string(a.nnz()) + " nonzeros do not fit " +
                std::to_string(8 * sizeof(NewOffset)) + "-bit offsets");
  HostCsr<NewValue, NewOffset> b;
  b.num_rows = a.num_rows;
  b.num_cols = a.num_cols;
  b.row_offsets.assign(a.row_offsets.begin(), a.row_offsets.end());
  b.col_indices = a.col_indices;
  b.values.assign(a.values.begin(), a.values.end());
  return b;
}

// A^T on the host (a counting sort by column; rows of A^T in increasing
// column order): the reference for transposed products.
template <class Value, class Offset>
HostCsr<Value, Offset> transposed(const HostCsr<Value, Offset>& a) {
  HostCsr<Value, Offset> t;
  t.num_rows = a.num_cols;
  t.num_cols = a.num_rows;
  t.row_offsets.assign(static_cast<std::size_t>(a.num_cols) + 1, Offset(0));
  for (const auto c : a.col_indices) ++t.row_offsets[static_cast<std::size_t>(c) + 1];
  for (std::size_t c = 0; c < static_cast<std::size_t>(a.num_cols); ++c) t.row_offsets[c + 1] += t.row_offsets[c];
  t.col_indices.resize(a.col_indices.size());
  t.values.resize(a.values.size());
  std::vector<Offset> next(t.row_offsets.begin(), t.row_offsets.end() - 1);
  for (std::int32_t r = 0; r < a.num_rows; ++r)
    for (auto k = a.row_offsets[r]; k < a.row_offsets[r + 1]; ++k) {
      const auto p = static_cast<std::size_t>(next[static_cast<std::size_t>(a.col_indices[k])]++);
      t.col_indices[p] = r;
      t.values[p] = a.values[k];
    }
  return t;
}

}  // namespace aspmv
