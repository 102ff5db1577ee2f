#pragma once
// SHA-256 of a byte string (FIPS 180-4), for provenance stamps.

#include <string>

namespace aspmv::collect {

std::string sha256_hex(const std::string& bytes);

}  // namespace aspmv::collect
