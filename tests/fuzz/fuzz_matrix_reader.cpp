// libFuzzer target: arbitrary bytes into the Matrix Market and Harwell-Boeing
// readers and the model-table loader (nlohmann-json and the schema's checks,
// predictors/model_json.hpp). Only aspmv::Error may escape them (an nlohmann
// exception that escapes is a bug too), what the matrix readers return must be
// a valid CSR matrix and a loaded table must hold together; anything else
// (crash, sanitizer report, trap) is a bug.

#include <aspmv/error.hpp>
#include <aspmv/io/harwell_boeing.hpp>
#include <aspmv/io/matrix_market.hpp>
#include <predictors/model_eval.hpp>
#include <predictors/model_json.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

namespace {

// Traps unless `a` is a well-formed CSR matrix with sorted, unique columns.
void check_csr(const aspmv::HostCsr<double, std::int64_t>& a) {
  bool ok = a.num_rows >= 0 && a.num_cols >= 0 && a.row_offsets.size() == static_cast<std::size_t>(a.num_rows) + 1 &&
            a.row_offsets.front() == 0 && a.row_offsets.back() == a.nnz() && a.values.size() == a.col_indices.size();
  for (std::int32_t r = 0; ok && r < a.num_rows; ++r) {
    const std::int64_t begin = a.row_offsets[static_cast<std::size_t>(r)];
    const std::int64_t end = a.row_offsets[static_cast<std::size_t>(r) + 1];
    ok = begin <= end;
    for (std::int64_t k = begin; ok && k < end; ++k) {
      const std::int32_t c = a.col_indices[static_cast<std::size_t>(k)];
      ok = c >= 0 && c < a.num_cols && (k == begin || a.col_indices[static_cast<std::size_t>(k) - 1] < c);
    }
  }
  if (!ok) __builtin_trap();
}

// Traps unless every tree of a loaded table stays inside its arrays; then
// evaluates each model once (a walk from the root to a leaf of every tree).
void check_table(const aspmv::predictors::ModelTable& t) {
  namespace pr = aspmv::predictors;
  std::array<double, pr::max_model_features> x{};
  std::array<double, pr::max_model_classes> scores{};
  for (const auto name : pr::all_model_names) {
    const auto* m = t.find(name);
    if (m == nullptr) continue;
    bool ok = !m->trees.empty() && m->base_score.size() == m->classes.size();
    for (const auto& tree : m->trees) {
      const std::size_t n = tree.feature.size();
      ok = ok && n > 0 && tree.left.size() == n && tree.right.size() == n && tree.threshold.size() == n &&
           tree.value.size() == n * static_cast<std::size_t>(tree.width) && tree.class_offset >= 0 &&
           static_cast<std::size_t>(tree.class_offset + tree.width) <= m->classes.size();
      for (std::size_t k = 0; ok && k < n; ++k)
        ok = tree.feature[k] < 0 ||
             (static_cast<std::size_t>(tree.feature[k]) < m->features.size() &&
              tree.left[k] > static_cast<std::int32_t>(k) && tree.left[k] < static_cast<std::int32_t>(n) &&
              tree.right[k] > static_cast<std::int32_t>(k) && tree.right[k] < static_cast<std::int32_t>(n));
    }
    // A support has one finite lo <= hi per input, or none.
    ok = m->support_lo.size() == m->support_hi.size() &&
         (m->support_lo.empty() || m->support_lo.size() == m->features.size());
    for (std::size_t i = 0; ok && i < m->support_lo.size(); ++i)
      ok = std::isfinite(m->support_lo[i]) && std::isfinite(m->support_hi[i]) && m->support_lo[i] <= m->support_hi[i];
    if (!ok) __builtin_trap();
    const int c = pr::predict(*m, x.data(), scores.data()).class_index;
    if (c < 0 || static_cast<std::size_t>(c) >= m->classes.size()) __builtin_trap();
    const int o = pr::first_outside_support(*m, x.data());
    if (o < -1 || o >= static_cast<int>(m->features.size())) __builtin_trap();
    if (o >= 0 && pr::outside_support_reason(*m, o, x[static_cast<std::size_t>(o)]).empty()) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  aspmv::io::ReadOptions options;
  // A few bytes may announce 2^31 rows, whose row offsets alone (16 GiB) are
  // legitimately allocated; keep announced sizes within the fuzzer's memory.
  options.max_dimension = 1 << 20;
  options.allow_nonfinite = size > 0 && (data[size - 1] & 1) != 0;
  try {
    check_csr(aspmv::io::read_matrix_market_from_memory(bytes, "fuzz.mtx", options));
  } catch (const aspmv::Error&) {
  }
  try {
    check_csr(aspmv::io::read_harwell_boeing_from_memory(bytes, "fuzz.rua", options));
  } catch (const aspmv::Error&) {
  }
  try {
    check_table(aspmv::predictors::parse_model_table(bytes, "fuzz.json")->table());
  } catch (const aspmv::Error&) {
  }
  return 0;
}
