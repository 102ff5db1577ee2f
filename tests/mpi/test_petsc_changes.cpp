// aspmv::petsc: the hooked products follow the matrix when it changes after
// attach (values set again, scaled, new nonzeros), and detach and
// MatDuplicate give PETSc's own products.

#include "test_petsc_support.hpp"

#include <aspmv/petsc/attach.hpp>
#include <predictors/format_rules.hpp>

#include <Kokkos_Core.hpp>

#include <petscmat.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using namespace aspmv_petsc_test;

namespace {

constexpr double kTolerance = 1e-12;
constexpr PetscInt kRows = 50;

// || hooked x - stock x || relative, x the same on both.
double mult_difference(Mat hooked, Mat stock) {
  Vec x = make_input(hooked, 21), yh = nullptr, ys = nullptr;
  TEST_PETSC(MatCreateVecs(hooked, nullptr, &yh));
  TEST_PETSC(VecDuplicate(yh, &ys));
  TEST_PETSC(MatMult(hooked, x, yh));
  TEST_PETSC(MatMult(stock, x, ys));
  const double d = relative_difference(yh, ys);
  for (Vec* v : {&x, &yh, &ys}) TEST_PETSC(VecDestroy(v));
  return d;
}

// The fewest and the most plans made for any attached block on any rank.
std::pair<std::int64_t, std::int64_t> plans_made(Mat A) {
  std::vector<aspmv::petsc::BlockReport> blocks;
  TEST_PETSC(aspmv::petsc::report(A, &blocks));
  std::int64_t fewest = 1 << 30, most = 0;
  for (const auto& b : blocks) {
    if (!b.attached) continue;
    fewest = std::min<std::int64_t>(fewest, b.plans_made);
    most = std::max<std::int64_t>(most, b.plans_made);
  }
  return {min_over_ranks(fewest), -min_over_ranks(-most)};
}

// The original entries with other values on the same structure.
RowEntries rescaled(const RowEntries& entries) {
  return [entries](PetscInt row, const std::function<void(PetscInt, PetscScalar)>& emit) {
    entries(row, [&](PetscInt c, PetscScalar v) { emit(c, 3.0 * v - 0.5); });
  };
}

// The original entries plus a diagonal entry: new nonzeros of the diagonal block.
RowEntries with_diagonal(const RowEntries& entries) {
  return [entries](PetscInt row, const std::function<void(PetscInt, PetscScalar)>& emit) {
    entries(row, emit);
    emit(row, 10.0);
  };
}

// The options the changes are tested with: the plan's own choice, and
// kernels that hold a converted copy of the values (SELL, ELL), which a
// plan kept past a change would apply stale.
std::vector<std::pair<std::string, aspmv::petsc::AttachOptions>> option_sets() {
  aspmv::petsc::AttachOptions copying;
  copying.diagonal.kernel = aspmv::Kernel::sell;
  copying.off_diagonal.kernel = aspmv::Kernel::ell;
  return {{"automatic", {}}, {"sell / ell (value copies)", copying}};
}

}  // namespace

TEST_CASE("petsc: values set again after attach are applied, not the stale plan", "[petsc]") {
  for (const auto& [name, options] : option_sets()) {
    INFO(name << " at " << world_size() << " ranks");
    const RowEntries entries = random_entries(kRows, 6, 31);
    Mat hooked = make_matrix(kRows, kRows, PETSC_DECIDE, PETSC_DECIDE, entries);
    Mat stock = nullptr;
    TEST_PETSC(MatDuplicate(hooked, MAT_COPY_VALUES, &stock));
    TEST_PETSC(aspmv::petsc::attach(hooked, options));
    CHECK(mult_difference(hooked, stock) <= kTolerance);
    CHECK(mult_difference(hooked, stock) <= kTolerance);
    CHECK(plans_made(hooked) == std::make_pair(std::int64_t(1), std::int64_t(1)));  // unchanged: no new plan

    set_entries(hooked, rescaled(entries));
    set_entries(stock, rescaled(entries));
    CHECK(mult_difference(hooked, stock) <= kTolerance);
    CHECK(plans_made(hooked).first >= 2);
    CHECK(all_blocks_attached(hooked));  // re-assembly keeps the hook

    TEST_PETSC(MatScale(hooked, -2.0));
    TEST_PETSC(MatScale(stock, -2.0));
    CHECK(mult_difference(hooked, stock) <= kTolerance);

    set_entries(hooked, with_diagonal(entries));
    set_entries(stock, with_diagonal(entries));
    CHECK(mult_difference(hooked, stock) <= kTolerance);
    CHECK(all_blocks_attached(hooked));

    // New entries anywhere: a MATMPIAIJ may rebuild its off-diagonal block
    // (PETSc's product then); the product stays right either way.
    set_entries(hooked, random_entries(kRows, 6, 32));
    set_entries(stock, random_entries(kRows, 6, 32));
    CHECK(mult_difference(hooked, stock) <= kTolerance);
    TEST_PETSC(MatDestroy(&hooked));
    TEST_PETSC(MatDestroy(&stock));
  }
}

// A solver's options with conversion allowed: the diagonal block of a grid
// converts to DIA by rule where it holds enough nonzeros for the host's
// threads (predictors/format_rules.hpp); its copy of the values never goes
// stale (a changed block is planned again).
TEST_CASE("petsc: a grid's diagonal block converts to DIA where allowed, and follows new values", "[petsc]") {
  const PetscInt n = 40;
  Mat hooked = make_matrix(n * n * n, n * n * n, PETSC_DECIDE, PETSC_DECIDE, poisson3d_entries(n));
  Mat stock = nullptr;
  TEST_PETSC(MatDuplicate(hooked, MAT_COPY_VALUES, &stock));
  aspmv::petsc::AttachOptions options;
  options.diagonal.expected_calls = options.off_diagonal.expected_calls = 1000;
  options.diagonal.allow_conversion = true;
  TEST_PETSC(aspmv::petsc::attach(hooked, options));
  std::vector<aspmv::petsc::BlockReport> blocks;
  TEST_PETSC(aspmv::petsc::report(hooked, &blocks));
  REQUIRE(!blocks.empty());
  const auto floor =
      aspmv::predictors::dia_rule_min_nnz_per_thread * std::int64_t(Kokkos::DefaultHostExecutionSpace().concurrency());
  INFO(blocks[0].plan);
  CHECK(all_ranks((blocks[0].kernel == aspmv::Kernel::dia) == (blocks[0].nnz >= floor)));
  for (std::size_t b = 1; b < blocks.size(); ++b) CHECK(blocks[b].kernel != aspmv::Kernel::dia);
  CHECK(mult_difference(hooked, stock) <= kTolerance);
  TEST_PETSC(MatScale(hooked, -2.0));
  TEST_PETSC(MatScale(stock, -2.0));
  CHECK(mult_difference(hooked, stock) <= kTolerance);
  set_entries(hooked, rescaled(poisson3d_entries(n)));
  set_entries(stock, rescaled(poisson3d_entries(n)));
  CHECK(mult_difference(hooked, stock) <= kTolerance);
  TEST_PETSC(MatDestroy(&hooked));
  TEST_PETSC(MatDestroy(&stock));
}

TEST_CASE("petsc: detach gives the blocks PETSc's products back", "[petsc]") {
  Mat hooked = make_matrix(kRows, kRows, PETSC_DECIDE, PETSC_DECIDE, random_entries(kRows, 6, 41));
  Mat stock = nullptr;
  TEST_PETSC(MatDuplicate(hooked, MAT_COPY_VALUES, &stock));
  TEST_PETSC(aspmv::petsc::attach(hooked));
  TEST_PETSC(aspmv::petsc::attach(hooked));  // again: replaces the plans
  CHECK(plans_made(hooked) == std::make_pair(std::int64_t(1), std::int64_t(1)));
  TEST_PETSC(aspmv::petsc::detach(hooked));
  std::vector<aspmv::petsc::BlockReport> blocks;
  TEST_PETSC(aspmv::petsc::report(hooked, &blocks));
  bool none_attached = true;
  for (const auto& b : blocks) none_attached = none_attached && !b.attached;
  CHECK(all_ranks(none_attached));
  for (const auto& [op, name] : {std::make_pair(MATOP_MULT, "mult"), std::make_pair(MATOP_MULT_ADD, "mult_add")}) {
    // The blocks' operations are PETSc's again: the same as the stock copy's.
    Mat hd = nullptr, sd = nullptr;
    if (world_size() > 1) {
      TEST_PETSC(MatMPIAIJGetSeqAIJ(hooked, &hd, nullptr, nullptr));
      TEST_PETSC(MatMPIAIJGetSeqAIJ(stock, &sd, nullptr, nullptr));
    } else {
      hd = hooked;
      sd = stock;
    }
    void (*h)(void) = nullptr;
    void (*s)(void) = nullptr;
    TEST_PETSC(MatGetOperation(hd, op, &h));
    TEST_PETSC(MatGetOperation(sd, op, &s));
    INFO(name);
    CHECK(all_ranks(h == s));
  }
  CHECK(mult_difference(hooked, stock) <= kTolerance);
  TEST_PETSC(MatDestroy(&hooked));
  TEST_PETSC(MatDestroy(&stock));
}

TEST_CASE("petsc: a duplicate of an attached matrix runs PETSc's product", "[petsc]") {
  Mat hooked = make_matrix(kRows, kRows, PETSC_DECIDE, PETSC_DECIDE, random_entries(kRows, 6, 51));
  Mat stock = nullptr, copy = nullptr;
  TEST_PETSC(MatDuplicate(hooked, MAT_COPY_VALUES, &stock));
  TEST_PETSC(aspmv::petsc::attach(hooked));
  TEST_PETSC(MatDuplicate(hooked, MAT_COPY_VALUES, &copy));
  TEST_PETSC(MatScale(copy, 0.5));  // the copy's arrays are its own
  TEST_PETSC(MatScale(stock, 0.5));
  CHECK(mult_difference(copy, stock) <= kTolerance);
  std::vector<aspmv::petsc::BlockReport> blocks;
  TEST_PETSC(aspmv::petsc::report(copy, &blocks));
  bool none_attached = true;
  for (const auto& b : blocks) none_attached = none_attached && !b.attached;
  CHECK(all_ranks(none_attached));
  TEST_PETSC(aspmv::petsc::attach(copy));
  CHECK(all_blocks_attached(copy));
  CHECK(mult_difference(copy, stock) <= kTolerance);
  for (Mat* m : {&hooked, &stock, &copy}) TEST_PETSC(MatDestroy(m));
}
