#pragma once
// A small, strict JSON reader (RFC 8259) for the model tables: a recursive
// descent parser into a document tree. Strict means: no comments, no trailing
// commas, no NaN/Infinity, no leading zeros or '+', no control characters or
// invalid UTF-8 in strings, no lone surrogates, no duplicate keys in an
// object, nothing but whitespace after the value, nesting at most
// max_json_depth deep. Numbers keep the text they were written with;
// to_double() converts it with strtod in the C locale, which rounds correctly,
// exactly like Python's float(), so both evaluators read the same doubles.
//
// Errors throw aspmv::ParseError(source, line, "column C: problem").

#include <aspmv/error.hpp>

#include <cerrno>
#include <charconv>
#include <clocale>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace aspmv::predictors::json {

inline constexpr int max_json_depth = 256;

enum class Kind { null, boolean, number, string, array, object };

inline const char* to_string(Kind k) {
  switch (k) {
    case Kind::null: return "null";
    case Kind::boolean: return "a boolean";
    case Kind::number: return "a number";
    case Kind::string: return "a string";
    case Kind::array: return "an array";
    case Kind::object: return "an object";
  }
  return "unknown";
}

struct Member;

struct Value {
  Kind kind = Kind::null;
  bool boolean = false;
  std::string text;             // string: its contents (UTF-8); number: the token as written
  std::vector<Value> items;     // array
  std::vector<Member> members;  // object, in file order, keys unique
  std::size_t offset = 0;       // byte offset of the value's first character in the text

  bool is(Kind k) const { return kind == k; }
  // The member named `key`, or nullptr.
  const Value* find(std::string_view key) const;
  // A number token without fraction or exponent.
  bool is_integer() const { return kind == Kind::number && text.find_first_of(".eE") == std::string::npos; }
};

struct Member {
  std::string key;
  Value value;
};

inline const Value* Value::find(std::string_view key) const {
  for (const auto& m : members)
    if (m.key == key) return &m.value;
  return nullptr;
}

// 1-based line and column (in bytes) of a byte offset.
inline std::pair<long, long> line_and_column(std::string_view text, std::size_t offset) {
  long line = 1, column = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

// The double a number token denotes, correctly rounded (strtod in the C
// locale, independent of the process's locale). Overflow gives +-inf (the
// loader rejects it, as Python's float() gives inf); underflow gives the
// correctly rounded subnormal or zero, as in Python.
inline double to_double(const std::string& token) {
  static const locale_t c_locale = newlocale(LC_NUMERIC_MASK, "C", static_cast<locale_t>(nullptr));
  const locale_t previous = c_locale != static_cast<locale_t>(nullptr) ? uselocale(c_locale) : nullptr;
  char* end = nullptr;
  const double v = std::strtod(token.c_str(), &end);
  if (previous != static_cast<locale_t>(nullptr)) uselocale(previous);
  if (end != token.c_str() + token.size()) throw Error("aspmv::json: '" + token + "' is not a number");
  return v;
}

// An integer token's value; false when the token is not an integer or does
// not fit in 64 bits.
inline bool to_int64(const Value& v, std::int64_t& out) {
  if (!v.is_integer()) return false;
  const char* b = v.text.data();
  const char* e = b + v.text.size();
  const auto r = std::from_chars(b, e, out);
  return r.ec == std::errc() && r.ptr == e;
}

namespace detail {

class Parser {
 public:
  Parser(std::string_view text, std::string source) : text_(text), source_(std::move(source)) {}

  Value parse_document() {
    if (text_.size() >= 3 && static_cast<unsigned char>(text_[0]) == 0xEF &&
        static_cast<unsigned char>(text_[1]) == 0xBB && static_cast<unsigned char>(text_[2]) == 0xBF)
      fail(0, "a byte order mark before the JSON text (save the file as UTF-8 without BOM)");
    skip_whitespace();
    if (pos_ >= text_.size()) fail(pos_, "empty file: no JSON value");
    Value v = parse_value(0);
    skip_whitespace();
    if (pos_ < text_.size()) fail(pos_, "trailing characters after the JSON value");
    return v;
  }

 private:
  [[noreturn]] void fail(std::size_t at, const std::string& problem) const {
    const auto [line, column] = line_and_column(text_, at);
    throw ParseError(source_, line, "column " + std::to_string(column) + ": " + problem);
  }

  void skip_whitespace() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }

  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  bool at_end() const { return pos_ >= text_.size(); }

  void expect_literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) fail(pos_, "invalid literal (expected '" + std::string(word) + "')");
    pos_ += word.size();
  }

  static std::string describe(char c) {
    if (c >= 0x20 && c < 0x7f) return std::string("'") + c + "'";
    char b[8];
    std::snprintf(b, sizeof b, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(c)));
    return std::string("byte ") + b;
  }

  Value parse_value(int depth) {
    if (at_end()) fail(pos_, "unexpected end of file (truncated JSON)");
    Value v;
    v.offset = pos_;
    const char c = peek();
    switch (c) {
      case '{': parse_object(v, depth + 1); break;
      case '[': parse_array(v, depth + 1); break;
      case '"':
        v.kind = Kind::string;
        v.text = parse_string();
        break;
      case 't':
        expect_literal("true");
        v.kind = Kind::boolean;
        v.boolean = true;
        break;
      case 'f':
        expect_literal("false");
        v.kind = Kind::boolean;
        break;
      case 'n':
        expect_literal("null");
        v.kind = Kind::null;
        break;
      case 'N':
      case 'I': fail(pos_, "NaN and Infinity are not JSON numbers");
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          v.kind = Kind::number;
          v.text = parse_number();
        } else {
          fail(pos_, "unexpected " + describe(c) + " where a value should start");
        }
    }
    return v;
  }

  void enter(int depth) const {
    if (depth > max_json_depth) fail(pos_, "nesting deeper than " + std::to_string(max_json_depth) + " levels");
  }

  void parse_object(Value& v, int depth) {
    enter(depth);
    v.kind = Kind::object;
    ++pos_;  // '{'
    skip_whitespace();
    if (peek() == '}') {
      ++pos_;
      return;
    }
    for (;;) {
      skip_whitespace();
      if (at_end()) fail(pos_, "unexpected end of file inside an object (truncated JSON)");
      if (peek() != '"') fail(pos_, "expected a string key, found " + describe(peek()));
      const std::size_t key_at = pos_;
      std::string key = parse_string();
      for (const auto& m : v.members)
        if (m.key == key) fail(key_at, "duplicate key \"" + key + "\"");
      skip_whitespace();
      if (at_end()) fail(pos_, "unexpected end of file inside an object (truncated JSON)");
      if (peek() != ':') fail(pos_, "expected ':' after the key, found " + describe(peek()));
      ++pos_;
      skip_whitespace();
      Value item = parse_value(depth);
      v.members.push_back(Member{std::move(key), std::move(item)});
      skip_whitespace();
      if (at_end()) fail(pos_, "unexpected end of file inside an object (truncated JSON)");
      if (peek() == ',') {
        ++pos_;
        skip_whitespace();
        if (peek() == '}') fail(pos_, "trailing comma in an object");
        continue;
      }
      if (peek() == '}') {
        ++pos_;
        return;
      }
      fail(pos_, "expected ',' or '}' in an object, found " + describe(peek()));
    }
  }

  void parse_array(Value& v, int depth) {
    enter(depth);
    v.kind = Kind::array;
    ++pos_;  // '['
    skip_whitespace();
    if (peek() == ']') {
      ++pos_;
      return;
    }
    for (;;) {
      skip_whitespace();
      v.items.push_back(parse_value(depth));
      skip_whitespace();
      if (at_end()) fail(pos_, "unexpected end of file inside an array (truncated JSON)");
      if (peek() == ',') {
        ++pos_;
        skip_whitespace();
        if (peek() == ']') fail(pos_, "trailing comma in an array");
        continue;
      }
      if (peek() == ']') {
        ++pos_;
        return;
      }
      fail(pos_, "expected ',' or ']' in an array, found " + describe(peek()));
    }
  }

  static bool is_digit(char c) { return c >= '0' && c <= '9'; }

  // number = [ '-' ] int [ frac ] [ exp ]; int = '0' / digit1-9 *digit
  std::string parse_number() {
    const std::size_t start = pos_;
    if (peek() == '-') ++pos_;
    if (peek() == 'I') fail(start, "NaN and Infinity are not JSON numbers");
    if (!is_digit(peek())) fail(pos_, "a digit must follow '-'");
    if (peek() == '0') {
      ++pos_;
      if (is_digit(peek())) fail(start, "leading zeros are not allowed in JSON numbers");
    } else {
      while (is_digit(peek())) ++pos_;
    }
    if (peek() == '.') {
      ++pos_;
      if (!is_digit(peek())) fail(pos_, "a digit must follow the decimal point");
      while (is_digit(peek())) ++pos_;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      if (!is_digit(peek())) fail(pos_, "a digit must follow the exponent");
      while (is_digit(peek())) ++pos_;
    }
    return std::string(text_.substr(start, pos_ - start));
  }

  unsigned parse_hex4() {
    if (pos_ + 4 > text_.size()) fail(pos_, "unexpected end of file in a \\u escape (truncated JSON)");
    unsigned v = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text_[pos_ + i];
      v <<= 4;
      if (c >= '0' && c <= '9')
        v |= unsigned(c - '0');
      else if (c >= 'a' && c <= 'f')
        v |= unsigned(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        v |= unsigned(c - 'A' + 10);
      else
        fail(pos_ + i, "invalid hexadecimal digit in a \\u escape");
    }
    pos_ += 4;
    return v;
  }

  static void append_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += char(cp);
    } else if (cp < 0x800) {
      out += char(0xC0 | (cp >> 6));
      out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += char(0xE0 | (cp >> 12));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    } else {
      out += char(0xF0 | (cp >> 18));
      out += char(0x80 | ((cp >> 12) & 0x3F));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    }
  }

  // Length of the valid UTF-8 sequence starting at pos_ (lead byte >= 0x80), 0 if invalid.
  std::size_t utf8_sequence_length() const {
    const auto byte = [&](std::size_t i) -> unsigned {
      return pos_ + i < text_.size() ? static_cast<unsigned char>(text_[pos_ + i]) : 0U;
    };
    const unsigned b0 = byte(0);
    const auto cont = [&](std::size_t i) { return (byte(i) & 0xC0U) == 0x80U; };
    if (b0 >= 0xC2 && b0 <= 0xDF) return cont(1) ? 2 : 0;
    if (b0 >= 0xE0 && b0 <= 0xEF) {
      const unsigned b1 = byte(1);
      if (!cont(1) || !cont(2)) return 0;
      if (b0 == 0xE0 && b1 < 0xA0) return 0;   // overlong
      if (b0 == 0xED && b1 >= 0xA0) return 0;  // surrogate
      return 3;
    }
    if (b0 >= 0xF0 && b0 <= 0xF4) {
      const unsigned b1 = byte(1);
      if (!cont(1) || !cont(2) || !cont(3)) return 0;
      if (b0 == 0xF0 && b1 < 0x90) return 0;   // overlong
      if (b0 == 0xF4 && b1 >= 0x90) return 0;  // beyond U+10FFFF
      return 4;
    }
    return 0;
  }

  std::string parse_string() {
    const std::size_t start = pos_;
    ++pos_;  // '"'
    std::string out;
    for (;;) {
      if (at_end()) fail(start, "unterminated string (truncated JSON)");
      const char c = text_[pos_];
      const auto u = static_cast<unsigned char>(c);
      if (c == '"') {
        ++pos_;
        return out;
      }
      if (u < 0x20) fail(pos_, "control character " + describe(c) + " in a string (escape it)");
      if (u >= 0x80) {
        const std::size_t n = utf8_sequence_length();
        if (n == 0) fail(pos_, "invalid UTF-8 in a string");
        out.append(text_.substr(pos_, n));
        pos_ += n;
        continue;
      }
      if (c != '\\') {
        out += c;
        ++pos_;
        continue;
      }
      ++pos_;
      if (at_end()) fail(start, "unterminated string (truncated JSON)");
      const char e = text_[pos_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          const std::size_t at = pos_ - 2;
          unsigned cp = parse_hex4();
          if (cp >= 0xDC00 && cp <= 0xDFFF) fail(at, "lone low surrogate in a \\u escape");
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (text_.substr(pos_, 2) != "\\u") fail(at, "high surrogate not followed by a low surrogate");
            pos_ += 2;
            const unsigned lo = parse_hex4();
            if (lo < 0xDC00 || lo > 0xDFFF) fail(at, "high surrogate not followed by a low surrogate");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          }
          append_utf8(out, cp);
          break;
        }
        default: fail(pos_ - 2, "invalid escape: a backslash followed by " + describe(e) + " in a string");
      }
    }
  }

  std::string_view text_;
  std::string source_;
  std::size_t pos_ = 0;
};

inline void append_canonical_string(std::string& out, const std::string& s) {
  out += '"';
  for (const char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char b[8];
          std::snprintf(b, sizeof b, "\\u%04x", static_cast<unsigned>(c));
          out += b;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

inline void append_canonical(std::string& out, const Value& v, int indent) {
  const auto newline = [&](int n) {
    out += '\n';
    out.append(static_cast<std::size_t>(n), ' ');
  };
  switch (v.kind) {
    case Kind::null: out += "null"; return;
    case Kind::boolean: out += v.boolean ? "true" : "false"; return;
    case Kind::number: out += v.text; return;
    case Kind::string: append_canonical_string(out, v.text); return;
    case Kind::array:
      if (v.items.empty()) {
        out += "[]";
        return;
      }
      out += '[';
      for (std::size_t i = 0; i < v.items.size(); ++i) {
        if (i > 0) out += ',';
        newline(indent + 2);
        append_canonical(out, v.items[i], indent + 2);
      }
      newline(indent);
      out += ']';
      return;
    case Kind::object:
      if (v.members.empty()) {
        out += "{}";
        return;
      }
      out += '{';
      for (std::size_t i = 0; i < v.members.size(); ++i) {
        if (i > 0) out += ',';
        newline(indent + 2);
        append_canonical_string(out, v.members[i].key);
        out += ": ";
        append_canonical(out, v.members[i].value, indent + 2);
      }
      newline(indent);
      out += '}';
      return;
  }
}

}  // namespace detail

// Parses a whole JSON text; `source` names it in error messages.
inline Value parse(std::string_view text, const std::string& source) {
  return detail::Parser(text, source).parse_document();
}

// The canonical text of a value, the form predictors/codegen/generate_model_table.py
// writes too: json.dumps(indent=2, ensure_ascii=False) layout, members in file
// order, numbers as written in the file.
inline std::string canonical_text(const Value& v) {
  std::string out;
  detail::append_canonical(out, v, 0);
  return out;
}

}  // namespace aspmv::predictors::json
