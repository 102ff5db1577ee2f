#pragma once
// Random symmetric permutation P A P^T of a square matrix (the "-perm<k>"
// suffix): rows and columns renumbered by the same seeded permutation, so
// the structure is kept and the locality is lost.

#include <aspmv/host_csr.hpp>

#include <cstdint>
#include <vector>

namespace aspmv::corpus {

// A uniformly random permutation of [0, n) (Fisher-Yates), from `seed`.
std::vector<std::int32_t> random_permutation(std::int32_t n, std::uint64_t seed);

// B with B(p[i], p[j]) = A(i, j) for p = random_permutation(n, seed); rows of
// B come out sorted by column. aspmv::Error if `a` is not square.
HostCsr<double, std::int64_t> permute_symmetric(const HostCsr<double, std::int64_t>& a, std::uint64_t seed);

}  // namespace aspmv::corpus
