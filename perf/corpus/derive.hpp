#pragma once
// Real-derived matrices: structure-preserving growth of a real matrix, so the
// corpus has GPU-sized matrices whose structure comes from real applications
// (most real matrices in packages are small for a GPU). A spec file entry
//   file <path> [-T] [<op> ...]
// applies the ops left to right to the file's matrix (after the transpose);
// the entry is named "<stem>[-T]--<op>-<op>..." and its family is
// "real-derived" (docs/COLLECTOR_FORMAT.md). The ops (k, d, r, c: counts;
// s: a seed):
//
//   kron<k>            A (x) I_k: every row of A k times, columns strided by k
//                      (mk x nk, k nnz; row lengths and their spread kept)
//   kronp<k>d<d>s<s>   A (x) P, P a k x k seeded pattern with d entries in every
//                      row (1 <= d <= k): rows d times as long (mk x nk, k d nnz)
//   tile<r>x<c>s<s>    an r x r grid of blocks of A; block row I holds c copies
//                      of A (1 <= c <= r) in distinct block columns chosen by a
//                      seeded block permutation: rows c times as long
//                      (rm x rn, r c nnz)
//   perm<s>            random symmetric permutation P A P^T (square matrices)
//
// Values are A's (times 1 for the pattern factors), so every derived matrix
// has A's value distribution. Every op checks that the result's rows and
// columns fit int32 and throws aspmv::Error otherwise.

#include <aspmv/host_csr.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace aspmv::corpus {

enum class DeriveKind { kron, kron_pattern, tile, perm };

struct DeriveOp {
  DeriveKind kind = DeriveKind::kron;
  std::int64_t k = 0;      // kron, kronp: the factor's order; tile: r
  std::int64_t d = 0;      // kronp: entries per pattern row; tile: c
  std::uint64_t seed = 0;  // kronp, tile, perm
};

// Parses one op token ("kron4", "kronp8d3s2", "tile4x2s7", "perm3");
// aspmv::Error naming the token when it is not one.
DeriveOp parse_derive_op(const std::string& token);

// Whether a token looks like an op (starts with one of the op names and a
// digit), used to tell ops from path words.
bool is_derive_op(const std::string& token);

// The op as parse_derive_op reads it (canonical spelling).
std::string to_string(const DeriveOp& op);

// The matrix after one op.
HostCsr<double, std::int64_t> derive(const HostCsr<double, std::int64_t>& a, const DeriveOp& op);

// The shape and nonzeros after one op, without building it (what a spec
// builder needs to aim at a size).
struct DerivedSize {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::int64_t nnz = 0;
};
DerivedSize derived_size(const DerivedSize& a, const DeriveOp& op);

}  // namespace aspmv::corpus
