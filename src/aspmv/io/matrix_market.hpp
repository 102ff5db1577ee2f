#pragma once
// Matrix Market reader and writer (coordinate and array formats, plain or
// gzip- or xz-compressed), and ReadOptions, shared by all the file readers.

#include <aspmv/host_csr.hpp>

#include <cstdint>
#include <limits>
#include <string>

namespace aspmv::io {

struct ReadOptions {
  bool allow_nonfinite = false;  // NaN/Inf values (and values that overflow to
                                 // Inf): a ParseError unless allowed
  // Largest row or column count accepted (a ParseError above it). The CSR
  // row offsets alone take 8 bytes per row, so a tiny file can announce a
  // matrix that needs gigabytes; lower this when reading untrusted input.
  std::int64_t max_dimension = std::numeric_limits<std::int32_t>::max();
};

// Reads a Matrix Market file (plain, gzip- or xz-compressed, detected by the
// magic bytes, not the extension). Supported banners:
//   %%MatrixMarket matrix coordinate {real|integer|pattern} {general|symmetric|skew-symmetric}
//   %%MatrixMarket matrix array {real|integer} {general|symmetric|skew-symmetric}
// (keywords case-insensitive). 1-based indices become 0-based. Symmetric
// files: each off-diagonal a_ij also gives a_ji (skew: a_ji = -a_ij; a
// diagonal entry in a skew-symmetric file is an error). Entries lying in the
// upper triangle are accepted and mirrored the same way, so a symmetric file
// that gives both (i,j) and (j,i) has them summed, like any duplicates.
// Duplicates are summed; rows come out sorted by column; explicit zeros of a
// coordinate file are kept. Pattern entries get the value 1.0; integer
// values must be integers. Array (dense) files: zero values are not stored.
// Throws aspmv::Error when the file cannot be read or its gzip or xz data is
// corrupt or truncated (naming the file), aspmv::ParseError (file, 1-based line, problem) on malformed text.
HostCsr<double, std::int64_t> read_matrix_market(const std::string& path, const ReadOptions& options = {});

// Same, from bytes already in memory (text, gzip or xz data); `name` stands for
// the file name in error messages.
HostCsr<double, std::int64_t> read_matrix_market_from_memory(const std::string& bytes, const std::string& name,
                                                             const ReadOptions& options = {});

// Writes `a` as "coordinate real general", 1-based, values printed with
// %.17g (exact round trip). `comment` lines are written as "%"-comments after
// the banner. A path ending in ".gz" is written gzip-compressed (level 1). Throws
// aspmv::Error when the file cannot be written or `a` is not a valid CSR.
void write_matrix_market(const std::string& path, const HostCsr<double, std::int64_t>& a,
                         const std::string& comment = "");

}  // namespace aspmv::io
