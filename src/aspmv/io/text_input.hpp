#pragma once
// Text input shared by the matrix readers: whole-file loading with transparent
// decompression (gzip through zlib, xz through liblzma, each detected by its
// magic bytes), a line cursor over the loaded text, and full-token number parsing.

#include <cstdint>
#include <string>
#include <string_view>

namespace aspmv::io::detail {

// True when `bytes` starts with the gzip magic bytes 1f 8b.
bool is_gzip(std::string_view bytes);

// Decompresses a gzip stream (several concatenated members allowed). Throws
// aspmv::Error naming `name` when the stream is corrupt or truncated.
std::string gunzip(std::string_view bytes, const std::string& name);

// True when `bytes` starts with the xz magic bytes fd 37 7a 58 5a 00.
bool is_xz(std::string_view bytes);

// Decompresses xz data (several concatenated streams and stream padding
// allowed, as `xz -d` reads them). Throws aspmv::Error naming `name` when the
// data is corrupt or truncated.
std::string unxz(std::string_view bytes, const std::string& name);

// True when `bytes` is gzip or xz data.
bool is_compressed(std::string_view bytes);

// The decompressed text of gzip or xz data (is_compressed(bytes) must hold).
std::string decompress(std::string_view bytes, const std::string& name);

// Reads the whole file. Throws aspmv::Error "cannot open <path>: <strerror>"
// when it cannot be opened or read.
std::string load_file_raw(const std::string& path);

// Reads the whole file and decompresses it when it is gzip or xz data.
std::string load_file(const std::string& path);

// Walks a text line by line. Lines end at '\n'; a '\r' before it is dropped.
// A last line without '\n' still counts; an empty text has no lines.
class LineCursor {
 public:
  explicit LineCursor(std::string_view text) : pos_(text.data()), end_(text.data() + text.size()) {}

  // Moves to the next line and stores it in *line; false at the end of text.
  bool next(std::string_view* line);
  // 1-based number of the line last returned by next() (0 before the first).
  long line_number() const { return line_; }
  // Bytes not yet consumed (an upper bound on what is left to parse).
  std::size_t remaining() const { return static_cast<std::size_t>(end_ - pos_); }

 private:
  const char* pos_;
  const char* end_;
  long line_ = 0;
};

// Blank, tab, '\r', '\v' or '\f'.
inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// True when the line holds only whitespace.
bool is_blank(std::string_view line);

// Splits `line` at whitespace; stores up to max_tokens tokens in out[] and
// returns how many tokens the line holds (may be more than max_tokens).
int split_tokens(std::string_view line, std::string_view* out, int max_tokens);

// Parses a whole token as a decimal integer with an optional sign. False on
// anything else (empty, trailing garbage, out of int64 range).
bool parse_int64(std::string_view token, std::int64_t* out);

enum class RealParse {
  ok,         // *out holds the value (NaN and infinities included; tiny values round to 0)
  overflow,   // magnitude too large: *out holds +-infinity
  malformed,  // not a number, or trailing garbage
};

// Parses a whole token as a decimal floating-point number (C syntax: sign,
// digits, '.', exponent; also "inf", "infinity", "nan"), locale-independent.
RealParse parse_real(std::string_view token, double* out);

// The token quoted for an error message: at most 40 characters, with bytes
// that are not printable ASCII shown as '?'.
std::string quote(std::string_view token);

// Case-insensitive ASCII comparison.
bool iequals(std::string_view a, std::string_view b);

}  // namespace aspmv::io::detail
