#pragma once
// Structured-grid matrices: 2D 5/9-point and 3D 7/27-point stencils in
// natural (lexicographic) order, with diagonally dominant values.

#include <aspmv/host_csr.hpp>

#include <cstdint>

namespace aspmv::corpus {

// points: 5 or 9 (2D), 7 or 27 (3D). nz == 1 means 2D.
HostCsr<double, std::int64_t> stencil(std::int32_t nx, std::int32_t ny, std::int32_t nz, int points);

}  // namespace aspmv::corpus
