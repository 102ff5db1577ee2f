// Text input shared by the matrix readers: file loading, gunzip, unxz, line
// cursor, tokenizer and number parsing (see text_input.hpp).

#include <aspmv/io/text_input.hpp>

#include <aspmv/error.hpp>

#include <sys/stat.h>
#include <lzma.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>

namespace aspmv::io::detail {

bool is_gzip(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

namespace {

// Where to start the output buffer: the size recorded in the gzip trailer
// when it is plausible (deflate expands at most ~1032x), else 4x the input.
std::size_t initial_output_size(std::string_view bytes) {
  std::size_t guess = std::max<std::size_t>(bytes.size() * 4, 4096);
  if (bytes.size() >= 18) {
    const auto* t = reinterpret_cast<const unsigned char*>(bytes.data() + bytes.size() - 4);
    std::size_t isize = std::size_t{t[0]} | std::size_t{t[1]} << 8 | std::size_t{t[2]} << 16 | std::size_t{t[3]} << 24;
    if (isize > 0 && isize / 1032 <= bytes.size()) guess = isize + 1;
  }
  return guess;
}

}  // namespace

std::string gunzip(std::string_view bytes, const std::string& name) {
  z_stream s{};
  if (inflateInit2(&s, 16 + MAX_WBITS) != Z_OK) throw Error(name + ": cannot initialise zlib");
  struct InflateEnd {
    z_stream* s;
    ~InflateEnd() { inflateEnd(s); }
  } end_guard{&s};

  constexpr std::size_t chunk = std::size_t{1} << 30;  // zlib counts in 32 bits
  const auto* in = reinterpret_cast<const unsigned char*>(bytes.data());
  std::size_t in_left = bytes.size();
  std::string out(initial_output_size(bytes), '\0');
  std::size_t produced = 0;
  for (;;) {
    if (s.avail_in == 0 && in_left > 0) {
      std::size_t take = std::min(in_left, chunk);
      s.next_in = const_cast<unsigned char*>(in);
      s.avail_in = static_cast<uInt>(take);
      in += take;
      in_left -= take;
    }
    if (produced == out.size()) out.resize(out.size() * 2);
    std::size_t room = std::min(out.size() - produced, chunk);
    s.next_out = reinterpret_cast<unsigned char*>(&out[produced]);
    s.avail_out = static_cast<uInt>(room);
    int rc = inflate(&s, Z_NO_FLUSH);
    produced += room - s.avail_out;
    if (rc == Z_STREAM_END) {
      if (s.avail_in == 0 && in_left == 0) break;
      // Another gzip member follows (or garbage, which inflate then rejects).
      if (inflateReset(&s) != Z_OK) throw Error(name + ": corrupt gzip data");
      continue;
    }
    if (rc != Z_OK && rc != Z_BUF_ERROR)
      throw Error(name + ": corrupt gzip data (" + (s.msg ? s.msg : "inflate failed") + ")");
    if (s.avail_in == 0 && in_left == 0 && s.avail_out != 0)
      throw Error(name + ": corrupt gzip data (truncated stream)");
  }
  out.resize(produced);
  return out;
}

bool is_xz(std::string_view bytes) {
  constexpr unsigned char magic[] = {0xFD, '7', 'z', 'X', 'Z', 0x00};
  if (bytes.size() < sizeof magic) return false;
  for (std::size_t i = 0; i < sizeof magic; ++i)
    if (static_cast<unsigned char>(bytes[i]) != magic[i]) return false;
  return true;
}

namespace {

// What a liblzma error code means, for a message.
const char* lzma_problem(lzma_ret rc) {
  switch (rc) {
    case LZMA_FORMAT_ERROR: return "not an xz stream";
    case LZMA_OPTIONS_ERROR: return "unsupported compression options";
    case LZMA_DATA_ERROR: return "bad compressed data or checksum";
    case LZMA_BUF_ERROR: return "truncated stream";
    case LZMA_MEM_ERROR: return "out of memory";
    case LZMA_MEMLIMIT_ERROR: return "memory limit reached";
    default: return "liblzma failed";
  }
}

}  // namespace

std::string unxz(std::string_view bytes, const std::string& name) {
  lzma_stream s = LZMA_STREAM_INIT;
  // No memory limit, as `xz -d`; concatenated streams and stream padding are read too.
  if (lzma_stream_decoder(&s, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
    throw Error(name + ": cannot initialise liblzma");
  struct LzmaEnd {
    lzma_stream* s;
    ~LzmaEnd() { lzma_end(s); }
  } end_guard{&s};

  s.next_in = reinterpret_cast<const std::uint8_t*>(bytes.data());
  s.avail_in = bytes.size();
  std::string out(std::max<std::size_t>(bytes.size() * 4, 4096), '\0');
  std::size_t produced = 0;
  for (;;) {
    if (produced == out.size()) out.resize(out.size() * 2);
    s.next_out = reinterpret_cast<std::uint8_t*>(&out[produced]);
    s.avail_out = out.size() - produced;
    const lzma_ret rc = lzma_code(&s, LZMA_FINISH);  // all the input is given
    produced = out.size() - s.avail_out;
    if (rc == LZMA_STREAM_END) break;
    // LZMA_BUF_ERROR: no progress with all the input read, a truncated stream.
    if (rc != LZMA_OK) throw Error(name + ": corrupt xz data (" + lzma_problem(rc) + ")");
  }
  out.resize(produced);
  return out;
}

bool is_compressed(std::string_view bytes) { return is_gzip(bytes) || is_xz(bytes); }

std::string decompress(std::string_view bytes, const std::string& name) {
  return is_xz(bytes) ? unxz(bytes, name) : gunzip(bytes, name);
}

std::string load_file_raw(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw Error("cannot open " + path + ": " + std::strerror(errno));
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> closer(f, &std::fclose);

  std::size_t capacity = std::size_t{1} << 16;
  struct stat st {};
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
    capacity = static_cast<std::size_t>(st.st_size) + 1;  // +1: see EOF in one call
  std::string data(capacity, '\0');
  std::size_t n = 0;
  for (;;) {
    if (n == data.size()) data.resize(data.size() * 2);
    std::size_t got = std::fread(&data[n], 1, data.size() - n, f);
    n += got;
    if (got == 0) {
      if (std::ferror(f)) throw Error("cannot open " + path + ": " + std::strerror(errno));
      break;
    }
  }
  data.resize(n);
  return data;
}

std::string load_file(const std::string& path) {
  std::string raw = load_file_raw(path);
  if (is_compressed(raw)) return decompress(raw, path);
  return raw;
}

bool LineCursor::next(std::string_view* line) {
  if (pos_ == end_) return false;
  const char* nl = static_cast<const char*>(std::memchr(pos_, '\n', static_cast<std::size_t>(end_ - pos_)));
  const char* stop = nl ? nl : end_;
  const char* e = stop;
  if (e > pos_ && e[-1] == '\r') --e;
  *line = std::string_view(pos_, static_cast<std::size_t>(e - pos_));
  pos_ = nl ? nl + 1 : end_;
  ++line_;
  return true;
}

bool is_blank(std::string_view line) {
  for (char c : line)
    if (!is_space(c)) return false;
  return true;
}

int split_tokens(std::string_view line, std::string_view* out, int max_tokens) {
  int count = 0;
  const char* p = line.data();
  const char* e = p + line.size();
  while (p < e) {
    while (p < e && is_space(*p)) ++p;
    if (p == e) break;
    const char* b = p;
    while (p < e && !is_space(*p)) ++p;
    if (count < max_tokens) out[count] = std::string_view(b, static_cast<std::size_t>(p - b));
    ++count;
  }
  return count;
}

bool parse_int64(std::string_view token, std::int64_t* out) {
  const char* p = token.data();
  const char* e = p + token.size();
  bool negative = false;
  if (p < e && (*p == '+' || *p == '-')) negative = *p++ == '-';
  if (p == e) return false;
  const std::uint64_t limit = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) + (negative ? 1 : 0);
  std::uint64_t v = 0;
  for (; p < e; ++p) {
    unsigned d = static_cast<unsigned char>(*p) - static_cast<unsigned>('0');
    if (d > 9) return false;
    if (v > (limit - d) / 10) return false;
    v = v * 10 + d;
  }
  if (!negative) {
    *out = static_cast<std::int64_t>(v);
  } else if (v == limit) {
    *out = std::numeric_limits<std::int64_t>::min();
  } else {
    *out = -static_cast<std::int64_t>(v);
  }
  return true;
}

namespace {

// strtod on a NUL-terminated copy; used where from_chars is missing or to
// tell overflow from underflow.
RealParse parse_real_strtod(std::string_view t, double* out) {
  for (char c : t)
    if (c == 'x' || c == 'X' || c == '\0') return RealParse::malformed;  // no hex floats
  std::string buf(t);
  char* endp = nullptr;
  errno = 0;
  double v = std::strtod(buf.c_str(), &endp);
  if (endp != buf.c_str() + buf.size()) return RealParse::malformed;
  *out = v;
  if (errno == ERANGE && std::isinf(v)) return RealParse::overflow;
  return RealParse::ok;
}

}  // namespace

RealParse parse_real(std::string_view token, double* out) {
  std::string_view t = token;
  if (!t.empty() && t[0] == '+') {
    t.remove_prefix(1);
    if (!t.empty() && (t[0] == '+' || t[0] == '-')) return RealParse::malformed;
  }
  if (t.empty()) return RealParse::malformed;
#if defined(__cpp_lib_to_chars)
  double v = 0;
  auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ptr != t.data() + t.size()) return RealParse::malformed;
  if (ec == std::errc()) {
    *out = v;
    return RealParse::ok;
  }
  if (ec != std::errc::result_out_of_range) return RealParse::malformed;
#endif
  return parse_real_strtod(t, out);
}

std::string quote(std::string_view token) {
  constexpr std::size_t max_shown = 40;
  std::string s = "'";
  for (std::size_t i = 0; i < token.size() && i < max_shown; ++i) {
    unsigned char c = static_cast<unsigned char>(token[i]);
    s += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
  }
  if (token.size() > max_shown) s += "...";
  s += "'";
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    unsigned char x = static_cast<unsigned char>(a[i]);
    unsigned char y = static_cast<unsigned char>(b[i]);
    if (x >= 'A' && x <= 'Z') x = static_cast<unsigned char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<unsigned char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

}  // namespace aspmv::io::detail
