#pragma once
// Tpetra matrices and vectors for the component tests: maps with uneven or
// empty ranks, matrices from a global row generator (the same on every
// rank), and comparisons reduced over all ranks (every rank reaches the same
// verdict, so a failing check never leaves a rank waiting in a collective).

#include <Teuchos_CommHelpers.hpp>
#include <Tpetra_Core.hpp>
#include <Tpetra_CrsMatrix.hpp>
#include <Tpetra_Map.hpp>
#include <Tpetra_MultiVector.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <utility>
#include <vector>

namespace aspmv::testing::tpetra {

using map_type = Tpetra::Map<>;
using matrix_type = Tpetra::CrsMatrix<double>;
using multivector_type = Tpetra::MultiVector<double>;
using GO = map_type::global_ordinal_type;
using LO = map_type::local_ordinal_type;
using comm_ptr = Teuchos::RCP<const Teuchos::Comm<int>>;

// How n global entries are spread over the ranks.
enum class Layout {
  uniform,      // as even as possible
  first_empty,  // rank 0 owns nothing (when there is more than one rank)
  skewed,       // rank r owns a share proportional to r + 1
};

inline const char* to_string(Layout l) {
  return l == Layout::uniform ? "uniform" : l == Layout::first_empty ? "first rank empty" : "skewed";
}

inline std::size_t local_count(GO n, int rank, int size, Layout layout) {
  std::vector<GO> weight(static_cast<std::size_t>(size), 1);
  if (layout == Layout::first_empty && size > 1) weight[0] = 0;
  if (layout == Layout::skewed)
    for (int r = 0; r < size; ++r) weight[r] = r + 1;
  GO total = 0;
  for (auto w : weight) total += w;
  GO before = 0;
  for (int r = 0; r < rank; ++r) before += weight[r];
  const GO first = n * before / total;
  const GO last = n * (before + weight[rank]) / total;
  return static_cast<std::size_t>(last - first);
}

inline Teuchos::RCP<const map_type> make_map(GO n, Layout layout, const comm_ptr& comm) {
  const auto count = local_count(n, comm->getRank(), comm->getSize(), layout);
  return Teuchos::rcp(new map_type(static_cast<Tpetra::global_size_t>(n), count, 0, comm));
}

struct RowEntries {
  std::vector<GO> columns;
  std::vector<double> values;
};
using RowGenerator = std::function<RowEntries(GO row)>;

// A fill-complete matrix with the given row, domain and range maps whose
// row `r` holds generator(r).
inline Teuchos::RCP<matrix_type> make_matrix(const Teuchos::RCP<const map_type>& row_map,
                                             const Teuchos::RCP<const map_type>& domain_map,
                                             const Teuchos::RCP<const map_type>& range_map,
                                             const RowGenerator& generator) {
  std::vector<RowEntries> rows(row_map->getNodeNumElements());
  std::size_t widest = 1;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    rows[i] = generator(row_map->getGlobalElement(static_cast<LO>(i)));
    widest = std::max(widest, rows[i].columns.size());
  }
  auto a = Teuchos::rcp(new matrix_type(row_map, widest));
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (!rows[i].columns.empty())
      a->insertGlobalValues(row_map->getGlobalElement(static_cast<LO>(i)),
                            Teuchos::ArrayView<const GO>(rows[i].columns),
                            Teuchos::ArrayView<const double>(rows[i].values));
  a->fillComplete(domain_map, range_map);
  return a;
}

// Rows of up to max_length random distinct columns in [0, num_cols), values
// in [-1, 1); every `empty_every`-th row empty (0: none). Deterministic in
// (seed, row), so every rank generates the same global matrix.
inline RowGenerator random_rows(GO num_cols, int max_length, std::uint64_t seed, int empty_every = 0) {
  return [=](GO row) {
    RowEntries e;
    if (empty_every > 0 && row % empty_every == 0) return e;
    std::mt19937_64 rng(seed * 1000003u + static_cast<std::uint64_t>(row));
    const int length = std::uniform_int_distribution<int>(0, max_length)(rng);
    std::uniform_int_distribution<GO> column(0, num_cols - 1);
    std::uniform_real_distribution<double> value(-1.0, 1.0);
    for (int k = 0; k < length; ++k) e.columns.push_back(column(rng));
    std::sort(e.columns.begin(), e.columns.end());
    e.columns.erase(std::unique(e.columns.begin(), e.columns.end()), e.columns.end());
    for (std::size_t k = 0; k < e.columns.size(); ++k) e.values.push_back(value(rng));
    return e;
  };
}

// The 7-point Laplacian on an nx x nx x nx grid (SPD), row = x + nx (y + nx z).
inline RowGenerator poisson3d_rows(GO nx) {
  return [=](GO row) {
    RowEntries e;
    const GO x = row % nx, y = (row / nx) % nx, z = row / (nx * nx);
    auto add = [&](GO c, double v) {
      e.columns.push_back(c);
      e.values.push_back(v);
    };
    if (z > 0) add(row - nx * nx, -1);
    if (y > 0) add(row - nx, -1);
    if (x > 0) add(row - 1, -1);
    add(row, 6);
    if (x + 1 < nx) add(row + 1, -1);
    if (y + 1 < nx) add(row + nx, -1);
    if (z + 1 < nx) add(row + nx * nx, -1);
    return e;
  };
}

// Fills every local entry with a value of (seed, global row, column):
// deterministic whatever the distribution.
inline void fill_vectors(multivector_type& v, std::uint64_t seed) {
  auto view = v.getLocalViewHost(Tpetra::Access::OverwriteAll);
  const auto map = v.getMap();
  for (std::size_t i = 0; i < view.extent(0); ++i)
    for (std::size_t j = 0; j < view.extent(1); ++j) {
      std::mt19937_64 rng(seed * 7919u + static_cast<std::uint64_t>(map->getGlobalElement(static_cast<LO>(i))) * 31u +
                          j);
      view(i, j) = std::uniform_real_distribution<double>(-1.0, 1.0)(rng);
    }
}

// max |a - b| / max(1, max |b|) over all ranks and vectors.
inline double max_relative_difference(const multivector_type& a, const multivector_type& b) {
  const auto av = a.getLocalViewHost(Tpetra::Access::ReadOnly);
  const auto bv = b.getLocalViewHost(Tpetra::Access::ReadOnly);
  double local[2] = {0, 0};
  for (std::size_t i = 0; i < av.extent(0); ++i)
    for (std::size_t j = 0; j < av.extent(1); ++j) {
      const double d = std::abs(av(i, j) - bv(i, j));
      local[0] = std::isnan(d) ? std::numeric_limits<double>::infinity() : std::max(local[0], d);
      local[1] = std::max(local[1], std::abs(bv(i, j)));
    }
  double global[2] = {0, 0};
  Teuchos::reduceAll(*a.getMap()->getComm(), Teuchos::REDUCE_MAX, 2, local, global);
  return global[0] / std::max(1.0, global[1]);
}

// true on every rank when `ok` holds on every rank.
inline bool all_ranks(const Teuchos::Comm<int>& comm, bool ok) {
  int local = ok ? 1 : 0, global = 0;
  Teuchos::reduceAll(comm, Teuchos::REDUCE_MIN, local, Teuchos::outArg(global));
  return global == 1;
}

}  // namespace aspmv::testing::tpetra
