#pragma once
// The transpose of a CSR matrix, O(nnz + rows + cols): the "-T" suffix of
// generated names and the "-T" of spec file entries.

#include <aspmv/host_csr.hpp>

#include <cstdint>

namespace aspmv::corpus {

// cols x rows. Each output row lists its columns in ascending order (the
// input's row order); repeated entries of a row stay repeated.
HostCsr<double, std::int64_t> transpose(const HostCsr<double, std::int64_t>& a);

}  // namespace aspmv::corpus
