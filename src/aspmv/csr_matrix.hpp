#pragma once
// aspmv::CsrMatrix: a non-owning bundle of the three CSR views (row offsets,
// column indices, values) plus the matrix shape. It wraps existing
// Kokkos::Views or a KokkosSparse::CrsMatrix without copying.
//
// Value: float or double. Ordinals: int32. Offset: int32 or int64 (an
// unsigned 32/64-bit offset type, as KokkosSparse's size_t default, is taken
// as is). MemorySpace: where the views live.

#include <aspmv/error.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

namespace aspmv {

template <class Value, class Offset = int, class MemorySpace = Kokkos::DefaultExecutionSpace::memory_space>
class CsrMatrix {
  static_assert(std::is_same<Value, float>::value || std::is_same<Value, double>::value,
                "aspmv::CsrMatrix: values must be float or double");
  static_assert(std::is_integral<Offset>::value && (sizeof(Offset) == 4 || sizeof(Offset) == 8),
                "aspmv::CsrMatrix: offsets must be 32- or 64-bit integers");

 public:
  using value_type = Value;
  using offset_type = Offset;
  using ordinal_type = std::int32_t;
  using memory_space = MemorySpace;
  using offsets_view = Kokkos::View<const Offset*, MemorySpace>;
  using indices_view = Kokkos::View<const ordinal_type*, MemorySpace>;
  using values_view = Kokkos::View<const Value*, MemorySpace>;

  CsrMatrix() = default;  // the 0 x 0 matrix

  // Wraps the views. Checks only what is free: extents against num_rows and
  // the nnz the views imply (a full check is aspmv::validate()).
  CsrMatrix(ordinal_type num_rows, ordinal_type num_cols, offsets_view row_offsets, indices_view col_indices,
            values_view values)
      : num_rows_(num_rows),
        num_cols_(num_cols),
        row_offsets_(std::move(row_offsets)),
        col_indices_(std::move(col_indices)),
        values_(std::move(values)) {
    if (num_rows < 0 || num_cols < 0)
      throw Error("aspmv::CsrMatrix: negative size " + std::to_string(num_rows) + " x " + std::to_string(num_cols));
    // A matrix of 0 rows may come with an empty row_offsets view (KokkosSparse does).
    const bool empty_ok = num_rows == 0 && row_offsets_.extent(0) == 0;
    if (!empty_ok && row_offsets_.extent(0) != static_cast<std::size_t>(num_rows) + 1)
      throw Error("aspmv::CsrMatrix: row_offsets has " + std::to_string(row_offsets_.extent(0)) +
                  " entries, expected num_rows + 1 = " + std::to_string(std::int64_t(num_rows) + 1));
    if (values_.extent(0) > static_cast<std::size_t>(std::numeric_limits<Offset>::max()))
      throw Error("aspmv::CsrMatrix: " + std::to_string(values_.extent(0)) + " nonzeros do not fit " +
                  std::to_string(8 * sizeof(Offset)) + "-bit offsets");
    if (col_indices_.extent(0) != values_.extent(0))
      throw Error("aspmv::CsrMatrix: col_indices has " + std::to_string(col_indices_.extent(0)) +
                  " entries but values has " + std::to_string(values_.extent(0)));
  }

  ordinal_type num_rows() const { return num_rows_; }
  ordinal_type num_cols() const { return num_cols_; }
  // Stored entries (the extent of the column/value views).
  std::int64_t nnz() const { return static_cast<std::int64_t>(values_.extent(0)); }
  const offsets_view& row_offsets() const { return row_offsets_; }
  const indices_view& col_indices() const { return col_indices_; }
  const values_view& values() const { return values_; }

 private:
  ordinal_type num_rows_ = 0;
  ordinal_type num_cols_ = 0;
  offsets_view row_offsets_;
  indices_view col_indices_;
  values_view values_;
};

// Wraps a KokkosSparse::CrsMatrix (or anything shaped like one: numRows(),
// numCols(), graph.row_map, graph.entries, values) without copying.
template <class Crs>
auto wrap(const Crs& a) {
  using value_type = std::remove_const_t<typename Crs::value_type>;
  using offset_type = std::remove_const_t<typename decltype(a.graph.row_map)::value_type>;
  using ordinal_type = std::remove_const_t<typename decltype(a.graph.entries)::value_type>;
  using memory_space = typename decltype(a.values)::memory_space;
  static_assert(std::is_same<ordinal_type, std::int32_t>::value,
                "aspmv::wrap: aspmv takes 32-bit (int) column indices");
  using Matrix = CsrMatrix<value_type, offset_type, memory_space>;
  const auto n = a.numCols();
  if (n > static_cast<decltype(n)>(INT32_MAX))
    throw Error("aspmv::wrap: " + std::to_string(n) + " columns do not fit 32-bit ordinals");
  return Matrix(static_cast<std::int32_t>(a.numRows()), static_cast<std::int32_t>(n), a.graph.row_map, a.graph.entries,
                a.values);
}

}  // namespace aspmv
