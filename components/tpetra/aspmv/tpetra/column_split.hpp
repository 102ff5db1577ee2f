#pragma once
// aspmv::tpetra::ColumnSplit: a process's local CSR rows split into the
// owned block (columns whose x entries the process holds: indexed as in its
// domain vector) and the remote block (columns imported from other
// processes: indexed 0..num_remote-1 in column order). Host code, no Tpetra:
// the operator (operator.hpp) feeds it the local matrix and the column
// routing, and the unit tests feed it hand-made ones.

#include <aspmv/error.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace aspmv::tpetra {

// Where each local column goes: owned_index[c] >= 0 is its index in the
// domain vector, remote_index[c] >= 0 its index in the remote vector;
// exactly one of the two is >= 0.
struct ColumnRoute {
  std::vector<std::int32_t> owned_index;
  std::vector<std::int32_t> remote_index;
  std::int32_t num_owned_columns = 0;   // the domain vector's local length
  std::int32_t num_remote_columns = 0;  // the remote vector's length

  std::size_t num_columns() const { return owned_index.size(); }
};

// One block in CSR with 64-bit offsets (the operator narrows them to 32
// bits when the block's nonzeros fit).
template <class Value>
struct HostBlock {
  std::int32_t num_rows = 0;
  std::int32_t num_cols = 0;
  std::vector<std::int64_t> row_offsets;  // num_rows + 1
  std::vector<std::int32_t> col_indices;
  std::vector<Value> values;

  std::int64_t nnz() const { return static_cast<std::int64_t>(values.size()); }
  std::int32_t empty_rows() const {
    std::int32_t n = 0;
    for (std::int32_t r = 0; r < num_rows; ++r) n += row_offsets[r + 1] == row_offsets[r] ? 1 : 0;
    return n;
  }
};

// Where each stored entry of the local matrix went: destination[k] >= 0 is
// its position in the owned block, < 0 the position -1 - destination[k] in
// the remote block. refresh() reuses it when only the values change.
template <class Value>
struct ColumnSplit {
  HostBlock<Value> owned;
  HostBlock<Value> remote;
  std::vector<std::int64_t> destination;

  // Copies new values (same structure as at the split) into both blocks.
  template <class ValueArray>
  void refresh(const ValueArray& values, std::size_t nnz) {
    if (nnz != destination.size())
      throw Error("aspmv::tpetra::ColumnSplit::refresh: the matrix has " + std::to_string(nnz) +
                  " stored entries, the split was made for " + std::to_string(destination.size()) +
                  " (the structure changed: build a new operator)");
    for (std::size_t k = 0; k < nnz; ++k) {
      const std::int64_t d = destination[k];
      if (d >= 0)
        owned.values[static_cast<std::size_t>(d)] = static_cast<Value>(values[k]);
      else
        remote.values[static_cast<std::size_t>(-1 - d)] = static_cast<Value>(values[k]);
    }
  }
};

// Keeps only the rows of `block` that hold an entry and returns their
// indices (ascending). Columns and values stay where they are, so a
// ColumnSplit's destinations stay valid. The remote block, mostly empty
// rows, is applied compressed: a product over its k rows, then k adds into
// y, instead of a pass over all of y.
template <class Value>
std::vector<std::int32_t> compress_rows(HostBlock<Value>& block) {
  std::vector<std::int32_t> rows;
  std::vector<std::int64_t> offsets{0};
  for (std::int32_t r = 0; r < block.num_rows; ++r)
    if (block.row_offsets[r + 1] > block.row_offsets[r]) {
      rows.push_back(r);
      offsets.push_back(block.row_offsets[r + 1]);
    }
  block.num_rows = static_cast<std::int32_t>(rows.size());
  block.row_offsets = std::move(offsets);
  return rows;
}

// Splits num_rows local rows (row_offsets of num_rows + 1 entries, columns
// and values indexed by them) by route. Entries keep their order within a
// row. Throws aspmv::Error on a column outside the route or offsets that do
// not increase.
template <class Value, class OffsetArray, class ColumnArray, class ValueArray>
ColumnSplit<Value> split_columns(std::int32_t num_rows, const OffsetArray& row_offsets, const ColumnArray& columns,
                                 const ValueArray& values, const ColumnRoute& route) {
  if (route.remote_index.size() != route.owned_index.size())
    throw Error("aspmv::tpetra::split_columns: the route's owned and remote tables differ in length");
  ColumnSplit<Value> split;
  split.owned.num_rows = split.remote.num_rows = num_rows;
  split.owned.num_cols = route.num_owned_columns;
  split.remote.num_cols = route.num_remote_columns;
  split.owned.row_offsets.assign(static_cast<std::size_t>(num_rows) + 1, 0);
  split.remote.row_offsets.assign(static_cast<std::size_t>(num_rows) + 1, 0);
  const auto nnz = num_rows == 0 ? std::int64_t(0) : static_cast<std::int64_t>(row_offsets[num_rows]);
  split.destination.resize(static_cast<std::size_t>(nnz));
  // Counts per row, then positions.
  for (std::int32_t r = 0; r < num_rows; ++r) {
    const auto begin = static_cast<std::int64_t>(row_offsets[r]);
    const auto end = static_cast<std::int64_t>(row_offsets[r + 1]);
    if (begin > end || end > nnz)
      throw Error("aspmv::tpetra::split_columns: row " + std::to_string(r) + " has offsets " + std::to_string(begin) +
                  ".." + std::to_string(end) + " (nnz " + std::to_string(nnz) + ")");
    std::int64_t owned_count = 0;
    for (std::int64_t k = begin; k < end; ++k) {
      const auto c = static_cast<std::int64_t>(columns[k]);
      if (c < 0 || c >= static_cast<std::int64_t>(route.num_columns()))
        throw Error("aspmv::tpetra::split_columns: row " + std::to_string(r) + " has column " + std::to_string(c) +
                    " outside the " + std::to_string(route.num_columns()) + " routed columns");
      owned_count += route.owned_index[static_cast<std::size_t>(c)] >= 0 ? 1 : 0;
    }
    split.owned.row_offsets[r + 1] = split.owned.row_offsets[r] + owned_count;
    split.remote.row_offsets[r + 1] = split.remote.row_offsets[r] + (end - begin - owned_count);
  }
  split.owned.col_indices.resize(static_cast<std::size_t>(split.owned.row_offsets[num_rows]));
  split.owned.values.resize(split.owned.col_indices.size());
  split.remote.col_indices.resize(static_cast<std::size_t>(split.remote.row_offsets[num_rows]));
  split.remote.values.resize(split.remote.col_indices.size());
  for (std::int32_t r = 0; r < num_rows; ++r) {
    std::int64_t o = split.owned.row_offsets[r];
    std::int64_t q = split.remote.row_offsets[r];
    for (auto k = static_cast<std::int64_t>(row_offsets[r]); k < static_cast<std::int64_t>(row_offsets[r + 1]); ++k) {
      const auto c = static_cast<std::size_t>(columns[k]);
      const auto owned_col = route.owned_index[c];
      if (owned_col >= route.num_owned_columns)
        throw Error("aspmv::tpetra::split_columns: column " + std::to_string(c) + " is routed to owned index " +
                    std::to_string(owned_col) + " of " + std::to_string(route.num_owned_columns));
      if (owned_col >= 0) {
        split.owned.col_indices[o] = owned_col;
        split.owned.values[o] = static_cast<Value>(values[k]);
        split.destination[k] = o++;
      } else {
        const auto remote_col = route.remote_index[c];
        if (remote_col < 0 || remote_col >= route.num_remote_columns)
          throw Error("aspmv::tpetra::split_columns: column " + std::to_string(c) + " is routed nowhere");
        split.remote.col_indices[q] = remote_col;
        split.remote.values[q] = static_cast<Value>(values[k]);
        split.destination[k] = -1 - q++;
      }
    }
  }
  return split;
}

}  // namespace aspmv::tpetra
