// libFuzzer target: arbitrary bytes into the Matrix Market and Harwell-Boeing
// readers. Only aspmv::Error may escape them, and what they return must be a
// valid CSR matrix; anything else (crash, sanitizer report, trap) is a bug.

#include <aspmv/error.hpp>
#include <aspmv/io/harwell_boeing.hpp>
#include <aspmv/io/matrix_market.hpp>

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
  return 0;
}
