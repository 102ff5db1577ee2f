// Real-derived matrices (see derive.hpp).

#include "derive.hpp"

#include "permute.hpp"
#include "rng.hpp"

#include <aspmv/error.hpp>

#include <algorithm>
#include <cctype>
#include <limits>
#include <numeric>
#include <utility>

namespace aspmv::corpus {

namespace {

using Csr = HostCsr<double, std::int64_t>;

bool starts_with(const std::string& s, const char* head) { return s.rfind(head, 0) == 0; }

// Reads an unsigned decimal number at s[pos], advancing pos; false when none.
bool read_number(const std::string& s, std::size_t& pos, std::int64_t& out) {
  const std::size_t begin = pos;
  std::int64_t v = 0;
  while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos])) != 0) {
    if (v > (std::numeric_limits<std::int64_t>::max() - 9) / 10) return false;
    v = 10 * v + (s[pos++] - '0');
  }
  out = v;
  return pos > begin;
}

// "<head><n>" followed by ("<sep><n>")... exactly; false on any other text.
bool read_fields(const std::string& s, const char* head, const char* seps, std::vector<std::int64_t>& out) {
  if (!starts_with(s, head)) return false;
  std::size_t pos = std::char_traits<char>::length(head);
  out.clear();
  std::int64_t v = 0;
  if (!read_number(s, pos, v)) return false;
  out.push_back(v);
  for (const char* sep = seps; *sep != '\0'; ++sep) {
    if (pos >= s.size() || s[pos] != *sep) return false;
    ++pos;
    if (!read_number(s, pos, v)) return false;
    out.push_back(v);
  }
  return pos == s.size();
}

std::int32_t checked_extent(std::int64_t n, const char* what, const DeriveOp& op) {
  if (n > std::numeric_limits<std::int32_t>::max())
    throw Error("derive " + to_string(op) + ": " + std::to_string(n) + " " + what + " do not fit int32");
  return static_cast<std::int32_t>(n);
}

Csr kron_identity(const Csr& a, const DeriveOp& op) {
  const std::int64_t k = op.k;
  Csr b;
  b.num_rows = checked_extent(std::int64_t(a.num_rows) * k, "rows", op);
  b.num_cols = checked_extent(std::int64_t(a.num_cols) * k, "columns", op);
  b.row_offsets.assign(static_cast<std::size_t>(b.num_rows) + 1, 0);
  b.col_indices.reserve(static_cast<std::size_t>(a.nnz() * k));
  b.values.reserve(static_cast<std::size_t>(a.nnz() * k));
  std::size_t r = 0;
  for (std::int32_t i = 0; i < a.num_rows; ++i)
    for (std::int64_t s = 0; s < k; ++s) {
      for (std::int64_t e = a.row_offsets[i]; e < a.row_offsets[i + 1]; ++e) {
        b.col_indices.push_back(static_cast<std::int32_t>(a.col_indices[e] * k + s));
        b.values.push_back(a.values[e]);
      }
      b.row_offsets[++r] = b.nnz();
    }
  return b;
}

// The k x k pattern of kronp: d distinct, sorted columns in every row.
std::vector<std::vector<std::int32_t>> pattern_rows(const DeriveOp& op) {
  Rng rng(op.seed ^ 0x6b726f6e70617474ULL);  // its own stream ("kronpatt")
  std::vector<std::int32_t> all(static_cast<std::size_t>(op.k));
  std::iota(all.begin(), all.end(), 0);
  std::vector<std::vector<std::int32_t>> rows(static_cast<std::size_t>(op.k));
  for (auto& row : rows) {
    // A partial Fisher-Yates shuffle picks d of the k columns.
    for (std::int64_t j = 0; j < op.d; ++j)
      std::swap(all[static_cast<std::size_t>(j)],
                all[static_cast<std::size_t>(j + std::int64_t(rng.below(std::uint64_t(op.k - j))))]);
    row.assign(all.begin(), all.begin() + op.d);
    std::sort(row.begin(), row.end());
  }
  return rows;
}

Csr kron_pattern(const Csr& a, const DeriveOp& op) {
  const auto p = pattern_rows(op);
  const std::int64_t k = op.k;
  Csr b;
  b.num_rows = checked_extent(std::int64_t(a.num_rows) * k, "rows", op);
  b.num_cols = checked_extent(std::int64_t(a.num_cols) * k, "columns", op);
  b.row_offsets.assign(static_cast<std::size_t>(b.num_rows) + 1, 0);
  b.col_indices.reserve(static_cast<std::size_t>(a.nnz() * k * op.d));
  b.values.reserve(static_cast<std::size_t>(a.nnz() * k * op.d));
  std::size_t r = 0;
  for (std::int32_t i = 0; i < a.num_rows; ++i)
    for (std::int64_t s = 0; s < k; ++s) {
      for (std::int64_t e = a.row_offsets[i]; e < a.row_offsets[i + 1]; ++e)
        for (const auto c : p[static_cast<std::size_t>(s)]) {
          b.col_indices.push_back(static_cast<std::int32_t>(a.col_indices[e] * k + c));
          b.values.push_back(a.values[e]);
        }
      b.row_offsets[++r] = b.nnz();
    }
  return b;
}

Csr tile(const Csr& a, const DeriveOp& op) {
  const std::int64_t r = op.k, c = op.d;
  Csr b;
  b.num_rows = checked_extent(std::int64_t(a.num_rows) * r, "rows", op);
  b.num_cols = checked_extent(std::int64_t(a.num_cols) * r, "columns", op);
  // Block row I holds copies in block columns perm[(I + shift[j]) mod r], j < c:
  // distinct within a block row because the shifts are distinct.
  const auto perm = random_permutation(static_cast<std::int32_t>(r), op.seed);
  auto shifts = random_permutation(static_cast<std::int32_t>(r), op.seed ^ 0x74696c6573686966ULL);
  shifts.resize(static_cast<std::size_t>(c));
  b.row_offsets.assign(static_cast<std::size_t>(b.num_rows) + 1, 0);
  b.col_indices.reserve(static_cast<std::size_t>(a.nnz() * r * c));
  b.values.reserve(static_cast<std::size_t>(a.nnz() * r * c));
  std::vector<std::int64_t> block_cols(static_cast<std::size_t>(c));
  std::size_t out_row = 0;
  for (std::int64_t bi = 0; bi < r; ++bi) {
    for (std::int64_t j = 0; j < c; ++j)
      block_cols[std::size_t(j)] = perm[std::size_t((bi + shifts[std::size_t(j)]) % r)];
    std::sort(block_cols.begin(), block_cols.end());  // ascending columns in every row
    for (std::int32_t i = 0; i < a.num_rows; ++i) {
      for (const auto bc : block_cols)
        for (std::int64_t e = a.row_offsets[i]; e < a.row_offsets[i + 1]; ++e) {
          b.col_indices.push_back(static_cast<std::int32_t>(bc * a.num_cols + a.col_indices[e]));
          b.values.push_back(a.values[e]);
        }
      b.row_offsets[++out_row] = b.nnz();
    }
  }
  return b;
}

}  // namespace

bool is_derive_op(const std::string& token) {
  for (const char* head : {"kronp", "kron", "tile", "perm"})
    if (starts_with(token, head) && token.size() > std::char_traits<char>::length(head) &&
        std::isdigit(static_cast<unsigned char>(token[std::char_traits<char>::length(head)])) != 0)
      return true;
  return false;
}

DeriveOp parse_derive_op(const std::string& token) {
  std::vector<std::int64_t> f;
  DeriveOp op;
  if (read_fields(token, "kronp", "ds", f)) {
    op.kind = DeriveKind::kron_pattern;
    op.k = f[0], op.d = f[1], op.seed = std::uint64_t(f[2]);
    if (op.k < 2 || op.d < 1 || op.d > op.k)
      throw Error("derive op '" + token + "': kronp<k>d<d>s<seed> needs k >= 2 and 1 <= d <= k");
  } else if (read_fields(token, "kron", "", f)) {
    op.kind = DeriveKind::kron;
    op.k = f[0];
    if (op.k < 2) throw Error("derive op '" + token + "': kron<k> needs k >= 2");
  } else if (read_fields(token, "tile", "xs", f)) {
    op.kind = DeriveKind::tile;
    op.k = f[0], op.d = f[1], op.seed = std::uint64_t(f[2]);
    if (op.k < 2 || op.d < 1 || op.d > op.k || op.k > std::numeric_limits<std::int32_t>::max())
      throw Error("derive op '" + token + "': tile<r>x<c>s<seed> needs r >= 2 and 1 <= c <= r");
  } else if (read_fields(token, "perm", "", f)) {
    op.kind = DeriveKind::perm;
    op.seed = std::uint64_t(f[0]);
  } else {
    throw Error("'" + token + "' is not a derive op (kron<k>, kronp<k>d<d>s<seed>, tile<r>x<c>s<seed>, perm<seed>)");
  }
  return op;
}

std::string to_string(const DeriveOp& op) {
  switch (op.kind) {
    case DeriveKind::kron: return "kron" + std::to_string(op.k);
    case DeriveKind::kron_pattern:
      return "kronp" + std::to_string(op.k) + "d" + std::to_string(op.d) + "s" + std::to_string(op.seed);
    case DeriveKind::tile:
      return "tile" + std::to_string(op.k) + "x" + std::to_string(op.d) + "s" + std::to_string(op.seed);
    case DeriveKind::perm: return "perm" + std::to_string(op.seed);
  }
  return "?";
}

DerivedSize derived_size(const DerivedSize& a, const DeriveOp& op) {
  switch (op.kind) {
    case DeriveKind::kron: return {a.rows * op.k, a.cols * op.k, a.nnz * op.k};
    case DeriveKind::kron_pattern: return {a.rows * op.k, a.cols * op.k, a.nnz * op.k * op.d};
    case DeriveKind::tile: return {a.rows * op.k, a.cols * op.k, a.nnz * op.k * op.d};
    case DeriveKind::perm: return a;
  }
  return a;
}

HostCsr<double, std::int64_t> derive(const HostCsr<double, std::int64_t>& a, const DeriveOp& op) {
  switch (op.kind) {
    case DeriveKind::kron: return kron_identity(a, op);
    case DeriveKind::kron_pattern: return kron_pattern(a, op);
    case DeriveKind::tile: return tile(a, op);
    case DeriveKind::perm: return permute_symmetric(a, op.seed);
  }
  return a;
}

}  // namespace aspmv::corpus
