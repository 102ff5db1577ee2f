// aspmv::tpetra::Operator against Tpetra's own CrsMatrix::apply on the same
// matrix: random, rectangular, empty-row and empty-rank matrices, a matrix
// with no remote columns anywhere and one where only some ranks import,
// several vectors, alpha/beta, aliasing, strided vectors, a range map apart
// from the row map (Export), transposes, refreshed values, bad vectors.

#include "tpetra_fixtures.hpp"

#include <aspmv/tpetra/operator.hpp>
#include <backends/traits.hpp>
#include <predictors/format_rules.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace t = aspmv::testing::tpetra;
using Operator = aspmv::tpetra::Operator<>;

namespace {

constexpr double tolerance = 1e-13;

struct Case {
  std::string name;
  Teuchos::RCP<const t::matrix_type> a;
};

// Y = alpha A X + beta Y by the operator and by A itself, from the same X, Y.
double difference_to_stock(const Operator& op, const t::matrix_type& a, std::size_t num_vectors, double alpha,
                           double beta, Teuchos::ETransp mode = Teuchos::NO_TRANS) {
  const auto x_map = mode == Teuchos::NO_TRANS ? a.getDomainMap() : a.getRangeMap();
  const auto y_map = mode == Teuchos::NO_TRANS ? a.getRangeMap() : a.getDomainMap();
  t::multivector_type x(x_map, num_vectors), y(y_map, num_vectors), y_stock(y_map, num_vectors);
  t::fill_vectors(x, 11);
  t::fill_vectors(y, 12);
  Tpetra::deep_copy(y_stock, y);
  op.apply(x, y, mode, alpha, beta);
  a.apply(x, y_stock, mode, alpha, beta);
  return t::max_relative_difference(y, y_stock);
}

std::vector<Case> matrices(const t::comm_ptr& comm) {
  std::vector<Case> cases;
  for (auto layout : {t::Layout::uniform, t::Layout::first_empty, t::Layout::skewed}) {
    const std::string where = std::string(" (") + t::to_string(layout) + ")";
    auto square = t::make_map(200, layout, comm);
    cases.push_back({"random 200 x 200" + where, t::make_matrix(square, square, square, t::random_rows(200, 9, 1))});
    cases.push_back(
        {"empty rows 200 x 200" + where, t::make_matrix(square, square, square, t::random_rows(200, 12, 2, 3))});
    auto rows = t::make_map(37, layout, comm);
    auto cols = t::make_map(53, t::Layout::uniform, comm);
    cases.push_back({"rectangular 37 x 53" + where, t::make_matrix(rows, cols, rows, t::random_rows(53, 7, 3))});
    auto wide_rows = t::make_map(60, layout, comm);
    cases.push_back(
        {"long rows 60 x 200" + where, t::make_matrix(wide_rows, square, wide_rows, t::random_rows(200, 150, 4))});
  }
  // Every rank's rows reference its own columns only: no remote columns.
  auto map = t::make_map(120, t::Layout::skewed, comm);
  cases.push_back({"block diagonal", t::make_matrix(map, map, map, [map](t::GO row) {
                     t::RowEntries e;
                     // The diagonal and, within the owner's range, its neighbours.
                     const auto owner_lo = map->getMinGlobalIndex();
                     const auto owner_hi = map->getMaxGlobalIndex();
                     for (t::GO c = row - 1; c <= row + 1; ++c)
                       if (c >= owner_lo && c <= owner_hi) {
                         e.columns.push_back(c);
                         e.values.push_back(c == row ? 4.0 : -1.0);
                       }
                     return e;
                   })});
  // Row i holds columns i and i + 1: each rank's last row imports from the
  // next rank, the last rank imports nothing.
  auto bidiagonal_map = t::make_map(90, t::Layout::uniform, comm);
  cases.push_back({"upper bidiagonal", t::make_matrix(bidiagonal_map, bidiagonal_map, bidiagonal_map, [](t::GO row) {
                     t::RowEntries e{{row}, {2.0}};
                     if (row + 1 < 90) {
                       e.columns.push_back(row + 1);
                       e.values.push_back(-1.0);
                     }
                     return e;
                   })});
  // Range map apart from the row map: the operator exports like Tpetra does.
  auto row_map = t::make_map(80, t::Layout::skewed, comm);
  auto range_map = t::make_map(80, t::Layout::uniform, comm);
  cases.push_back(
      {"range map apart from the row map", t::make_matrix(row_map, range_map, range_map, t::random_rows(80, 6, 5))});
  return cases;
}

}  // namespace

TEST_CASE("the aspmv operator equals Tpetra's apply", "[tpetra][operator]") {
  const auto comm = Tpetra::getDefaultComm();
  for (const auto& c : matrices(comm)) {
    const Operator op(c.a);
    for (std::size_t nv : {1, 3})
      for (auto [alpha, beta] : {std::pair{1.0, 0.0}, {2.5, -0.5}, {0.0, 2.0}, {-1.0, 1.0}}) {
        INFO(c.name << ", " << nv << " vectors, alpha " << alpha << ", beta " << beta);
        CHECK(difference_to_stock(op, *c.a, nv, alpha, beta) <= tolerance);
      }
    INFO(c.name << ", transposed (the matrix's own apply)");
    CHECK(difference_to_stock(op, *c.a, 2, 1.5, 0.5, Teuchos::TRANS) <= tolerance);
  }
}

TEST_CASE("the remote block exists only where some rank imports", "[tpetra][operator]") {
  const auto comm = Tpetra::getDefaultComm();
  auto map = t::make_map(50, t::Layout::uniform, comm);
  const auto diagonal = t::make_matrix(map, map, map, [](t::GO row) { return t::RowEntries{{row}, {3.0}}; });
  const Operator diag_op(diagonal);
  CHECK(t::all_ranks(*comm, diag_op.remote_block() == nullptr && diag_op.num_remote_columns() == 0));
  CHECK(t::all_ranks(*comm, diag_op.describe().find("remote block: none") != std::string::npos));

  const auto bidiagonal = t::make_matrix(map, map, map, [](t::GO row) {
    t::RowEntries e{{row}, {2.0}};
    if (row + 1 < 50) {
      e.columns.push_back(row + 1);
      e.values.push_back(-1.0);
    }
    return e;
  });
  const Operator op(bidiagonal);
  const bool last = comm->getRank() == comm->getSize() - 1;
  const bool owns_rows = map->getNodeNumElements() > 0;
  const int expected_remote = (last || !owns_rows) ? 0 : 1;
  if (comm->getSize() == 1) {
    CHECK(op.remote_block() == nullptr);
  } else {
    CHECK(t::all_ranks(*comm, op.remote_block() != nullptr && op.num_remote_columns() == expected_remote &&
                                  op.remote_block()->nnz() == expected_remote &&
                                  op.owned_block().nnz() + op.remote_block()->nnz() ==
                                      static_cast<std::int64_t>(bidiagonal->getNodeNumEntries())));
    CHECK(t::all_ranks(*comm, op.describe().find("remote block: ") != std::string::npos));
  }
}

TEST_CASE("the aspmv operator with X aliasing Y, strided vectors and NaN in Y at beta 0", "[tpetra][operator]") {
  const auto comm = Tpetra::getDefaultComm();
  auto map = t::make_map(150, t::Layout::skewed, comm);
  const auto a = t::make_matrix(map, map, map, t::random_rows(150, 8, 7));
  const Operator op(a);

  // X and Y the same object: Y = 2 A Y - Y.
  t::multivector_type y(map, 2), y_stock(map, 2);
  t::fill_vectors(y, 3);
  Tpetra::deep_copy(y_stock, y);
  op.apply(y, y, Teuchos::NO_TRANS, 2.0, -1.0);
  a->apply(y_stock, y_stock, Teuchos::NO_TRANS, 2.0, -1.0);
  CHECK(t::max_relative_difference(y, y_stock) <= tolerance);

  // Columns 0 and 2 of 3-vector multivectors: not constant stride.
  t::multivector_type x3(map, 3), y3(map, 3), y3_stock(map, 3);
  t::fill_vectors(x3, 4);
  t::fill_vectors(y3, 5);
  Tpetra::deep_copy(y3_stock, y3);
  const std::size_t picked[] = {0, 2};
  const Teuchos::ArrayView<const std::size_t> cols(picked, 2);
  auto xs = x3.subView(cols);
  auto ys = y3.subViewNonConst(cols);
  auto ys_stock = y3_stock.subViewNonConst(cols);
  REQUIRE(!xs->isConstantStride());
  op.apply(*xs, *ys, Teuchos::NO_TRANS, 1.0, 0.5);
  a->apply(*xs, *ys_stock, Teuchos::NO_TRANS, 1.0, 0.5);
  CHECK(t::max_relative_difference(y3, y3_stock) <= tolerance);

  // beta == 0 never reads Y.
  t::multivector_type x(map, 1), y_nan(map, 1), y_ref(map, 1);
  t::fill_vectors(x, 6);
  y_nan.putScalar(std::numeric_limits<double>::quiet_NaN());
  y_ref.putScalar(0);
  op.apply(x, y_nan);
  a->apply(x, y_ref);
  CHECK(t::max_relative_difference(y_nan, y_ref) <= tolerance);
}

TEST_CASE("refresh_values follows values changed in place", "[tpetra][operator]") {
  const auto comm = Tpetra::getDefaultComm();
  auto map = t::make_map(100, t::Layout::uniform, comm);
  auto a = t::make_matrix(map, map, map, t::random_rows(100, 6, 8));
  Operator op(a);
  a->resumeFill();
  a->scale(-3.0);
  a->fillComplete(a->getDomainMap(), a->getRangeMap());
  op.refresh_values();
  CHECK(difference_to_stock(op, *a, 1, 1.0, 0.0) <= tolerance);
}

// A solver's options (1000 calls, conversion allowed): the owned block of a
// grid converts to DIA by rule where it holds enough nonzeros for the
// space's threads (predictors/format_rules.hpp); the products equal Tpetra's
// before and after the values change (refresh_values refills the DIA copy).
TEST_CASE("the owned block of a grid converts to DIA where allowed, and follows refreshed values",
          "[tpetra][operator]") {
  const auto comm = Tpetra::getDefaultComm();
  const t::GO nx = 40;
  auto map = t::make_map(nx * nx * nx, t::Layout::uniform, comm);
  auto a = t::make_matrix(map, map, map, t::poisson3d_rows(nx));
  aspmv::tpetra::OperatorOptions options;
  options.owned.expected_calls = 1000;
  options.owned.allow_conversion = true;
  Operator op(a, options);
  using space = Operator::execution_space;
  const bool cpu = !aspmv::backends::Traits<space>::is_gpu;
  const auto floor = aspmv::predictors::dia_rule_min_nnz_per_thread * std::int64_t(space().concurrency());
  // Every rank's owned block holds about 7 nx^3 / ranks nonzeros.
  const bool large = std::int64_t(a->getNodeNumEntries()) >= floor + 2 * nx * nx;
  const std::string text = op.describe();
  INFO(text);
  CHECK(t::all_ranks(
      *comm, (text.find("aspmv plan: dia (DIA rule: pays over 1000 calls") != std::string::npos) == (cpu && large)));
  CHECK(difference_to_stock(op, *a, 1, 1.0, 0.0) <= tolerance);
  CHECK(difference_to_stock(op, *a, 2, -0.5, 2.0) <= tolerance);
  a->resumeFill();
  a->scale(-3.0);
  a->fillComplete(a->getDomainMap(), a->getRangeMap());
  op.refresh_values();
  CHECK(difference_to_stock(op, *a, 1, 1.0, 0.5) <= tolerance);
}

TEST_CASE("the aspmv operator refuses what it cannot apply", "[tpetra][operator]") {
  const auto comm = Tpetra::getDefaultComm();
  auto map = t::make_map(40, t::Layout::uniform, comm);
  auto a = t::make_matrix(map, map, map, t::random_rows(40, 4, 9));
  const Operator op(a);
  t::multivector_type x(map, 2), y(map, 3);
  CHECK_THROWS_WITH(op.apply(x, y), Catch::Contains("X has 2 vectors, Y has 3"));
  // One more entry on every rank: every rank refuses before the import
  // starts (a rank passing the check would wait for the others there).
  auto longer = Teuchos::rcp(new t::map_type(Teuchos::OrdinalTraits<Tpetra::global_size_t>::invalid(),
                                             map->getNodeNumElements() + 1, 0, comm));
  t::multivector_type x_longer(longer, 1), y1(map, 1);
  CHECK_THROWS_WITH(op.apply(x_longer, y1), Catch::Contains("do not match the domain map"));
  CHECK_THROWS_WITH(Operator(Teuchos::null), Catch::Contains("the matrix is null"));
  auto open = Teuchos::rcp(new t::matrix_type(map, 1));
  CHECK_THROWS_WITH(Operator(open), Catch::Contains("not fill complete"));
}
