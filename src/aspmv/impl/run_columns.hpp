#pragma once
// Where a run's (a row's, a rowBlock's) column indices come from, as the
// kernels that take a column source read them: with_run(w, f) calls f with an
// accessor k -> column of entry k of run w. RunColumnsPlain: A's own indices
// (csr_adaptive's blocks, CSR-vector's rows in impl/row_group_range.hpp);
// RunColumnsDelta: a base per run and 8- or 16-bit deltas
// (impl/column_deltas.hpp; csr_delta's rows, csr_adaptive_delta's blocks);
// RunColumnsRowRelative: signed 8- or 16-bit distances from the row index
// (csr_delta on bands and stencils).

#include <aspmv/impl/column_deltas.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

namespace aspmv::impl {

// A's own indices, every run.
template <class Cols>
struct RunColumnsPlain {
  Cols cols;
  template <class F>
  KOKKOS_FORCEINLINE_FUNCTION void with_run(std::int64_t, const F& f) const {
    f(cols);
  }
};

// Whether a column source is A's own indices (RunColumnsPlain).
template <class T>
struct is_plain_columns : std::false_type {};
template <class Cols>
struct is_plain_columns<RunColumnsPlain<Cols>> : std::true_type {};

// Run w's base and deltas, or A's indices where the run is
// wide (base -1): one branch a run.
template <class BaseView, class DeltaView, class Cols>
struct RunColumnsDelta {
  BaseView bases;
  DeltaView deltas;
  Cols cols;
  template <class F>
  KOKKOS_FORCEINLINE_FUNCTION void with_run(std::int64_t w, const F& f) const {
    const std::int32_t b = bases(w);
    if (b >= 0)
      f(DeltaColumns<DeltaView>{deltas, b});
    else
      f(cols);
  }
};

// Signed distances from the run's (row's) index, every run (csr_delta's
// row-relative form: no base, no wide runs).
template <class DeltaView>
struct RunColumnsRowRelative {
  DeltaView deltas;
  template <class F>
  KOKKOS_FORCEINLINE_FUNCTION void with_run(std::int64_t w, const F& f) const {
    f(RowRelativeColumns<DeltaView>{deltas, w});
  }
};

}  // namespace aspmv::impl
