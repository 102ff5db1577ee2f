// Structured-grid stencil matrices (see stencil.hpp).

#include "stencil.hpp"

#include <aspmv/error.hpp>

#include <string>

namespace aspmv::corpus {

HostCsr<double, std::int64_t> stencil(std::int32_t nx, std::int32_t ny, std::int32_t nz, int points) {
  const bool three_d = nz > 1 || points == 7 || points == 27;
  if (nx < 1 || ny < 1 || nz < 1 || !(points == 5 || points == 9 || points == 7 || points == 27) ||
      (three_d && (points == 5 || points == 9)) || (!three_d && (points == 7 || points == 27)))
    throw Error("stencil: unsupported grid " + std::to_string(nx) + "x" + std::to_string(ny) + "x" +
                std::to_string(nz) + " with " + std::to_string(points) + " points");
  const std::int64_t rows = std::int64_t(nx) * ny * nz;
  if (rows > INT32_MAX) throw Error("stencil: more than 2^31 - 1 rows");
  const bool diagonals = points == 9 || points == 27;  // box stencils include diagonal neighbours
  HostCsr<double, std::int64_t> a;
  a.num_rows = a.num_cols = static_cast<std::int32_t>(rows);
  a.row_offsets.reserve(static_cast<std::size_t>(rows) + 1);
  a.col_indices.reserve(static_cast<std::size_t>(rows) * points);
  a.values.reserve(static_cast<std::size_t>(rows) * points);
  a.row_offsets.assign(1, 0);
  const int zr = three_d ? 1 : 0;
  for (std::int32_t k = 0; k < nz; ++k)
    for (std::int32_t j = 0; j < ny; ++j)
      for (std::int32_t i = 0; i < nx; ++i) {
        for (int dz = -zr; dz <= zr; ++dz)
          for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
              const int manhattan = (dx != 0) + (dy != 0) + (dz != 0);
              if (!diagonals && manhattan > 1) continue;
              const std::int64_t ii = i + dx, jj = j + dy, kk = k + dz;
              if (ii < 0 || ii >= nx || jj < 0 || jj >= ny || kk < 0 || kk >= nz) continue;
              a.col_indices.push_back(static_cast<std::int32_t>((kk * ny + jj) * nx + ii));
              a.values.push_back(manhattan == 0 ? double(points - 1) : -1.0);
            }
        a.row_offsets.push_back(static_cast<std::int64_t>(a.col_indices.size()));
      }
  return a;
}

}  // namespace aspmv::corpus
