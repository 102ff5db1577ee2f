#pragma once
// aspmv::io::read_matrix: reads a matrix file of any supported format,
// choosing the reader from the content and the file name.

#include <aspmv/host_csr.hpp>
#include <aspmv/io/matrix_market.hpp>  // ReadOptions

#include <cstdint>
#include <string>

namespace aspmv::io {

// Reads `path` (plain, gzip- or xz-compressed). Text starting with
// "%%MatrixMarket", or a name ending in .mtx or .mm, goes to the Matrix
// Market reader; a name ending in .rua, .rsa, .rra, .pua, .psa (any
// [rpc][urshz][ae]), .hb or .rb goes to the Harwell-Boeing reader; a ".gz"
// or ".xz" suffix is ignored when matching names. Anything else: aspmv::Error naming
// the file. A missing or unreadable file: aspmv::Error "cannot open <path>:
// <reason>". Malformed content: aspmv::ParseError from the chosen reader.
HostCsr<double, std::int64_t> read_matrix(const std::string& path, const ReadOptions& options = {});

}  // namespace aspmv::io
