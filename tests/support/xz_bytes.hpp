#pragma once
// One xz stream of a text (liblzma's encoder, preset 6): the .xz files the
// reader tests write (the library's writer writes gzip only).

#include <catch2/catch.hpp>

#include <lzma.h>

#include <cstdint>
#include <string>

namespace aspmv::testing {

inline std::string xz_bytes(const std::string& text, lzma_check check = LZMA_CHECK_CRC64) {
  std::string out(lzma_stream_buffer_bound(text.size()), '\0');
  std::size_t size = 0;
  REQUIRE(lzma_easy_buffer_encode(6, check, nullptr, reinterpret_cast<const std::uint8_t*>(text.data()), text.size(),
                                  reinterpret_cast<std::uint8_t*>(&out[0]), &size, out.size()) == LZMA_OK);
  out.resize(size);
  return out;
}

}  // namespace aspmv::testing
