// Harwell-Boeing reader: header lines, Fortran edit descriptors turned into
// a fixed-width line template, and the CSC data read into triplets.

#include <aspmv/io/harwell_boeing.hpp>

#include <aspmv/error.hpp>
#include <aspmv/io/coo_to_csr.hpp>
#include <aspmv/io/text_input.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace aspmv::io {

namespace {

using detail::quote;
using detail::Symmetry;

// One data field of a line, as a Fortran format lays it out.
struct FortranField {
  int position = 0;  // 0-based column of its first character
  int width = 0;
  bool integer = false;  // I descriptor; otherwise E, D, F or G
  int decimals = 0;      // d of Ew.d: digits read as fraction when there is no '.'
  int scale = 0;         // k of a preceding kP: divides by 10^k when there is no exponent
};

struct FortranFormat {
  std::string text;  // as written, for messages
  std::vector<FortranField> fields;
};

// Bounds that keep a hostile format from expanding without limit.
constexpr std::int64_t max_width = 1000;
constexpr std::int64_t max_repeat = 100000;
constexpr std::size_t max_items = 10000;
constexpr int max_depth = 16;

// Parses a format such as "(1P,4D20.12)" or "(3(1X,E23.15))" into the fields
// of one line. Supported: I, E, D, F, G (ES/EN as E) with repeat counts, nX,
// kP, nested groups, and the no-ops BN, BZ, S, SP, SS. The whole format is
// taken to describe one line, the way Harwell-Boeing files use them.
class FormatParser {
 public:
  FormatParser(std::string_view text, const std::string& name, long line, const char* what)
      : name_(name), line_(line), what_(what) {
    for (char c : text) {
      if (detail::is_space(c)) continue;
      s_ += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    }
    format_.text = std::string(text);
  }

  FortranFormat parse() {
    if (!eat('(')) fail("must start with '('");
    std::vector<Item> items = parse_list(1);
    if (!eat(')')) fail("unbalanced parentheses");
    if (pos_ != s_.size()) fail("unexpected text after the closing ')'");
    int position = 0;
    int scale = 0;
    for (const Item& item : items) {
      if (item.kind == 'P') {
        scale = item.value;
      } else if (item.kind == 'X') {
        position += 1;
      } else {
        format_.fields.push_back({position, item.value, item.kind == 'I', item.decimals, scale});
        position += item.value;
      }
    }
    if (format_.fields.empty()) fail("has no data field");
    return format_;
  }

 private:
  struct Item {
    char kind;     // 'I' or 'R' (a data field), 'X' (skip one column), 'P' (scale)
    int value;     // width, or the scale factor
    int decimals;  // d of Iw.d / Ew.d
  };

  [[noreturn]] void fail(const std::string& problem) const {
    throw ParseError(name_, line_, std::string("bad ") + what_ + " format " + quote(format_.text) + ": " + problem);
  }
  char peek() const { return pos_ < s_.size() ? s_[pos_] : '\0'; }
  bool eat(char c) {
    if (peek() != c) return false;
    ++pos_;
    return true;
  }
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }
  std::int64_t number() {
    std::int64_t v = 0;
    while (is_digit(peek())) {
      v = v * 10 + (s_[pos_++] - '0');
      if (v > 1000000000) fail("number too large");
    }
    return v;
  }

  void append(std::vector<Item>* items, const std::vector<Item>& block, std::int64_t repeat) {
    if (repeat < 1) fail("repeat counts must be positive");
    if (repeat > max_repeat || items->size() + block.size() * static_cast<std::size_t>(repeat) > max_items)
      fail("too many fields");
    for (std::int64_t r = 0; r < repeat; ++r) items->insert(items->end(), block.begin(), block.end());
  }

  std::vector<Item> parse_list(int depth) {
    if (depth > max_depth) fail("nested too deeply");
    std::vector<Item> items;
    while (pos_ < s_.size() && peek() != ')') {
      if (eat(',')) continue;
      parse_item(depth, &items);
    }
    return items;
  }

  void parse_item(int depth, std::vector<Item>* items) {
    bool negative = false;
    if (peek() == '+' || peek() == '-') negative = s_[pos_++] == '-';
    std::int64_t n = -1;
    if (is_digit(peek())) n = number();
    const char c = peek();
    if (negative && c != 'P') fail("a sign is only allowed before P");
    if (c == '(') {
      ++pos_;
      std::vector<Item> inner = parse_list(depth + 1);
      if (!eat(')')) fail("unbalanced parentheses");
      append(items, inner, n < 0 ? 1 : n);
    } else if (c == 'P') {
      ++pos_;
      if (n < 0) fail("P needs a scale factor");
      if (n > 300) fail("scale factor out of range");
      items->push_back({'P', static_cast<int>(negative ? -n : n), 0});
    } else if (c == 'X') {
      ++pos_;
      append(items, {{'X', 1, 0}}, n < 0 ? 1 : n);
    } else if (c == 'I' || c == 'E' || c == 'D' || c == 'F' || c == 'G') {
      ++pos_;
      if (c == 'E' && (peek() == 'S' || peek() == 'N')) ++pos_;
      if (!is_digit(peek())) fail(std::string("missing field width after ") + c);
      std::int64_t width = number();
      if (width < 1 || width > max_width) fail("field width out of range 1.." + std::to_string(max_width));
      std::int64_t decimals = 0;
      if (eat('.')) {
        if (!is_digit(peek())) fail("missing digit count after '.'");
        decimals = number();
        if (decimals > max_width) fail("digit count out of range");
      }
      if (c != 'I' && eat('E')) {
        if (!is_digit(peek())) fail("missing exponent digit count");
        number();
      }
      append(items, {{c == 'I' ? 'I' : 'R', static_cast<int>(width), static_cast<int>(decimals)}}, n < 0 ? 1 : n);
    } else if (n < 0 && c == 'B' && pos_ + 1 < s_.size() && (s_[pos_ + 1] == 'N' || s_[pos_ + 1] == 'Z')) {
      pos_ += 2;
    } else if (n < 0 && c == 'S') {
      ++pos_;
      if (peek() == 'P' || peek() == 'S') ++pos_;
    } else {
      fail("unsupported edit descriptor at " + quote(std::string_view(s_).substr(pos_)));
    }
  }

  const std::string& name_;
  long line_;
  const char* what_;
  std::string s_;
  std::size_t pos_ = 0;
  FortranFormat format_;
};

// The parenthesised groups of the format line, in order.
std::vector<std::string_view> format_groups(std::string_view line, const std::string& name, long line_number) {
  std::vector<std::string_view> groups;
  std::size_t i = 0;
  while (i < line.size()) {
    if (detail::is_space(line[i])) {
      ++i;
      continue;
    }
    if (line[i] != '(')
      throw ParseError(name, line_number, "unexpected " + quote(line.substr(i)) + " in the format line (expected '(')");
    std::size_t begin = i;
    int depth = 0;
    do {
      if (line[i] == '(') ++depth;
      if (line[i] == ')') --depth;
      ++i;
    } while (depth > 0 && i < line.size());
    if (depth != 0) throw ParseError(name, line_number, "unbalanced parentheses in the format line");
    groups.push_back(line.substr(begin, i - begin));
  }
  return groups;
}

class HarwellBoeingParser {
 public:
  HarwellBoeingParser(std::string_view text, const std::string& name, const ReadOptions& options)
      : cursor_(text), name_(name), options_(options) {}

  HostCsr<double, std::int64_t> parse() {
    parse_header();
    read_pointers();
    read_indices();
    if (!pattern_ && nnz_ > 0) read_values();
    return assemble();
  }

 private:
  [[noreturn]] void fail_at(long line, const std::string& problem) const { throw ParseError(name_, line, problem); }
  [[noreturn]] void fail(const std::string& problem) const { fail_at(cursor_.line_number(), problem); }

  std::string_view header_line(const char* what) {
    std::string_view line;
    if (!cursor_.next(&line)) {
      if (cursor_.line_number() == 0) fail_at(1, "empty file");
      fail(std::string("unexpected end of file: missing the ") + what + " header line");
    }
    return line;
  }

  std::int64_t count_token(std::string_view token, const char* what) const {
    std::int64_t v = 0;
    if (!detail::parse_int64(token, &v)) fail(std::string(what) + " " + quote(token) + " is not an integer");
    if (v < 0) fail(std::string("negative ") + what + " " + std::to_string(v));
    if (v > (std::int64_t{1} << 60)) fail(std::string(what) + " " + std::to_string(v) + " is too large");
    return v;
  }

  std::int64_t dimension_token(std::string_view token, const char* what) const {
    std::int64_t v = count_token(token, what);
    const std::int64_t int32_max = std::numeric_limits<std::int32_t>::max();
    if (v > int32_max)
      fail(std::string(what) + " " + std::to_string(v) + " does not fit 32-bit ordinals (max " +
           std::to_string(int32_max) + ")");
    if (v > options_.max_dimension)
      fail(std::string(what) + " " + std::to_string(v) + " exceeds ReadOptions::max_dimension (" +
           std::to_string(options_.max_dimension) + ")");
    return v;
  }

  void parse_header() {
    header_line("title");

    std::string_view tok[6];
    int count = detail::split_tokens(header_line("card count"), tok, 6);
    if (count != 4 && count != 5)
      fail(
          "the card-count line must hold 4 or 5 integers (TOTCRD PTRCRD INDCRD VALCRD [RHSCRD]), "
          "found " +
          std::to_string(count) + " tokens");
    const std::int64_t totcrd = count_token(tok[0], "TOTCRD");
    ptrcrd_ = count_token(tok[1], "PTRCRD");
    indcrd_ = count_token(tok[2], "INDCRD");
    valcrd_ = count_token(tok[3], "VALCRD");
    const std::int64_t rhscrd = count == 5 ? count_token(tok[4], "RHSCRD") : 0;
    if (totcrd != ptrcrd_ + indcrd_ + valcrd_ + rhscrd)
      fail("bad card counts: TOTCRD is " + std::to_string(totcrd) + " but PTRCRD+INDCRD+VALCRD+RHSCRD is " +
           std::to_string(ptrcrd_ + indcrd_ + valcrd_ + rhscrd));

    count = detail::split_tokens(header_line("matrix type"), tok, 6);
    if (count != 4 && count != 5)
      fail("the matrix-type line must hold MXTYPE NROW NCOL NNZERO [NELTVL], found " + std::to_string(count) +
           " tokens");
    parse_matrix_type(tok[0]);
    rows_ = dimension_token(tok[1], "NROW");
    cols_ = dimension_token(tok[2], "NCOL");
    nnz_ = count_token(tok[3], "NNZERO");
    if (symmetry_ != Symmetry::general && rows_ != cols_)
      fail("a symmetric or skew-symmetric matrix must be square (NROW " + std::to_string(rows_) + ", NCOL " +
           std::to_string(cols_) + ")");
    std::int64_t capacity = symmetry_ == Symmetry::general     ? rows_ * cols_
                            : symmetry_ == Symmetry::symmetric ? rows_ * (rows_ + 1) / 2
                                                               : rows_ * (rows_ - 1) / 2;
    if (nnz_ > capacity)
      fail("NNZERO " + std::to_string(nnz_) + " exceeds the " + std::to_string(capacity) + " positions of the matrix");
    if (!pattern_ && nnz_ > 0 && valcrd_ == 0)
      fail_at(2, "bad card counts: VALCRD is 0 but a real matrix with entries needs values");

    std::string_view line = header_line("format");
    std::vector<std::string_view> groups = format_groups(line, name_, cursor_.line_number());
    const bool has_values = !pattern_ && nnz_ > 0;
    const std::size_t needed = has_values ? 3 : 2;
    if (groups.size() < needed)
      fail("the format line must give " + std::string(has_values ? "PTRFMT, INDFMT and VALFMT" : "PTRFMT and INDFMT") +
           ", found " + std::to_string(groups.size()) + " formats");
    ptr_format_ = FormatParser(groups[0], name_, cursor_.line_number(), "PTRFMT").parse();
    ind_format_ = FormatParser(groups[1], name_, cursor_.line_number(), "INDFMT").parse();
    for (const auto* f : {&ptr_format_, &ind_format_})
      for (const FortranField& field : f->fields)
        if (!field.integer) fail("PTRFMT and INDFMT must use I (integer) descriptors");
    if (has_values) val_format_ = FormatParser(groups[2], name_, cursor_.line_number(), "VALFMT").parse();

    if (rhscrd > 0) header_line("right-hand side");
  }

  void parse_matrix_type(std::string_view type) {
    auto up = [](char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c; };
    if (type.size() != 3) fail("matrix type " + quote(type) + " must have 3 letters");
    const char value = up(type[0]);
    const char shape = up(type[1]);
    const char form = up(type[2]);
    if (value == 'C') fail("complex matrices are not supported");
    if (value != 'R' && value != 'P') fail("unknown matrix type " + quote(type) + " (first letter must be R or P)");
    if (form == 'E') fail("elemental matrices are not supported");
    if (form != 'A') fail("unknown matrix type " + quote(type) + " (third letter must be A)");
    if (shape == 'U' || shape == 'R') {
      symmetry_ = Symmetry::general;
    } else if (shape == 'S' || shape == 'H') {
      symmetry_ = Symmetry::symmetric;  // a real Hermitian matrix is symmetric
    } else if (shape == 'Z') {
      symmetry_ = Symmetry::skew_symmetric;
    } else {
      fail("unknown matrix type " + quote(type) + " (second letter must be U, R, S, H or Z)");
    }
    pattern_ = value == 'P';
  }

  static std::string_view field_text(std::string_view line, const FortranField& f) {
    const auto pos = static_cast<std::size_t>(f.position);
    if (pos >= line.size()) return {};
    std::string_view t = line.substr(pos, static_cast<std::size_t>(f.width));
    while (!t.empty() && detail::is_space(t.front())) t.remove_prefix(1);
    while (!t.empty() && detail::is_space(t.back())) t.remove_suffix(1);
    return t;
  }

  // Reads `count` fields laid out by `format` from the next lines, calling
  // store(k, text, field) for each; returns the line count they took.
  template <class Store>
  std::int64_t read_section(const FortranFormat& format, std::int64_t count, const char* what, Store&& store) {
    std::int64_t got = 0;
    std::int64_t lines = 0;
    std::string_view line;
    while (got < count) {
      if (!cursor_.next(&line))
        fail(std::string("unexpected end of file: expected ") + std::to_string(count) + " " + what + ", found " +
             std::to_string(got));
      ++lines;
      for (const FortranField& f : format.fields) {
        if (got == count) break;
        std::string_view text = field_text(line, f);
        if (text.empty())
          fail(std::string("missing ") + what + " (blank field at column " + std::to_string(f.position + 1) +
               "; expected " + std::to_string(count) + ", found " + std::to_string(got) + ")");
        store(got, text, f);
        ++got;
      }
    }
    return lines;
  }

  void check_card_count(std::int64_t declared, std::int64_t used, const char* card, const char* what,
                        const FortranFormat& format) const {
    if (declared != used)
      fail_at(2, std::string("bad card counts: ") + card + " is " + std::to_string(declared) + " but the " + what +
                     " take " + std::to_string(used) + " lines with format " + quote(format.text));
  }

  // Line of the k-th field of a section starting at first_line.
  static long line_of(long first_line, const FortranFormat& format, std::int64_t k) {
    return first_line + static_cast<long>(k / static_cast<std::int64_t>(format.fields.size()));
  }

  std::int64_t integer_field(std::string_view text, const char* what) const {
    std::int64_t v = 0;
    if (!detail::parse_int64(text, &v)) fail(std::string(what) + " " + quote(text) + " is not an integer");
    return v;
  }

  void read_pointers() {
    const std::int64_t count = cols_ + 1;
    pointers_.reserve(
        static_cast<std::size_t>(std::min<std::int64_t>(count, static_cast<std::int64_t>(cursor_.remaining()) + 1)));
    const long first = cursor_.line_number() + 1;
    std::int64_t lines = read_section(ptr_format_, count, "column pointers",
                                      [&](std::int64_t, std::string_view text, const FortranField&) {
                                        pointers_.push_back(integer_field(text, "column pointer"));
                                      });
    if (pointers_[0] != 1) fail_at(first, "first column pointer is " + std::to_string(pointers_[0]) + ", expected 1");
    for (std::int64_t c = 0; c < cols_; ++c) {
      const auto i = static_cast<std::size_t>(c);
      if (pointers_[i + 1] < pointers_[i])
        fail_at(line_of(first, ptr_format_, c + 1), "column pointers not monotone: pointer " + std::to_string(c + 2) +
                                                        " is " + std::to_string(pointers_[i + 1]) + " after " +
                                                        std::to_string(pointers_[i]));
    }
    if (pointers_.back() != nnz_ + 1)
      fail_at(line_of(first, ptr_format_, cols_), "last column pointer is " + std::to_string(pointers_.back()) +
                                                      ", expected NNZERO+1 = " + std::to_string(nnz_ + 1));
    check_card_count(ptrcrd_, lines, "PTRCRD", "column pointers", ptr_format_);
  }

  void read_indices() {
    indices_.reserve(
        static_cast<std::size_t>(std::min<std::int64_t>(nnz_, static_cast<std::int64_t>(cursor_.remaining()) + 1)));
    index_first_line_ = cursor_.line_number() + 1;
    std::int64_t lines =
        read_section(ind_format_, nnz_, "row indices", [&](std::int64_t, std::string_view text, const FortranField&) {
          std::int64_t r = integer_field(text, "row index");
          if (r < 1 || r > rows_) fail("row index " + std::to_string(r) + " out of range 1.." + std::to_string(rows_));
          indices_.push_back(static_cast<std::int32_t>(r - 1));
        });
    check_card_count(indcrd_, lines, "INDCRD", "row indices", ind_format_);
  }

  // A real field: D (or d, Q) exponents as E, an exponent sign without a
  // letter ("1.0+05"), implied decimals when there is no '.', and the kP
  // scale factor when there is no exponent, all as Fortran input does.
  double real_field(std::string_view text, const FortranField& f) const {
    std::string buf;
    buf.reserve(text.size() + 16);
    bool has_exponent = false;
    bool has_point = false;
    std::size_t exponent_at = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
      char c = text[i];
      bool letter = c == 'D' || c == 'd' || c == 'E' || c == 'e' || c == 'Q' || c == 'q';
      bool bare_sign =
          (c == '+' || c == '-') && i > 0 && ((text[i - 1] >= '0' && text[i - 1] <= '9') || text[i - 1] == '.');
      if ((letter || bare_sign) && !has_exponent) {
        has_exponent = true;
        buf += 'e';
        exponent_at = buf.size();
        if (bare_sign) buf += c;
        continue;
      }
      if (c == '.') has_point = true;
      buf += c;
    }
    const std::size_t mantissa_start = (!buf.empty() && (buf[0] == '+' || buf[0] == '-')) ? 1 : 0;
    const bool numeric = buf.size() > mantissa_start &&
                         ((buf[mantissa_start] >= '0' && buf[mantissa_start] <= '9') || buf[mantissa_start] == '.');
    std::int64_t shift = 0;
    if (numeric && !has_point) shift -= f.decimals;
    if (numeric && !has_exponent) shift -= f.scale;
    if (shift != 0) {
      std::int64_t exponent = 0;
      if (has_exponent) {
        if (!detail::parse_int64(std::string_view(buf).substr(exponent_at), &exponent))
          fail("value " + quote(text) + " is not a number");
        exponent = std::max<std::int64_t>(-100000, std::min<std::int64_t>(100000, exponent));
        buf.resize(exponent_at);
      } else {
        buf += 'e';
      }
      buf += std::to_string(exponent + shift);
    }
    double v = 0;
    switch (detail::parse_real(buf, &v)) {
      case detail::RealParse::malformed: fail("value " + quote(text) + " is not a number");
      case detail::RealParse::overflow:
        if (!options_.allow_nonfinite)
          fail("value " + quote(text) +
               " overflows a double (set ReadOptions::allow_nonfinite to read it as infinity)");
        return v;
      case detail::RealParse::ok: break;
    }
    if (!std::isfinite(v) && !options_.allow_nonfinite)
      fail("non-finite value " + quote(text) + " (set ReadOptions::allow_nonfinite to accept it)");
    return v;
  }

  void read_values() {
    values_.reserve(indices_.size());
    std::int64_t lines =
        read_section(val_format_, nnz_, "values", [&](std::int64_t, std::string_view text, const FortranField& f) {
          values_.push_back(f.integer ? static_cast<double>(integer_field(text, "value")) : real_field(text, f));
        });
    check_card_count(valcrd_, lines, "VALCRD", "values", val_format_);
  }

  HostCsr<double, std::int64_t> assemble() {
    detail::Triplets entries;
    entries.reserve(static_cast<std::size_t>(nnz_));
    for (std::int64_t c = 0; c < cols_; ++c) {
      const auto ci = static_cast<std::size_t>(c);
      for (std::int64_t k = pointers_[ci] - 1; k < pointers_[ci + 1] - 1; ++k) {
        const auto ki = static_cast<std::size_t>(k);
        const std::int32_t r = indices_[ki];
        if (symmetry_ == Symmetry::skew_symmetric && r == c)
          fail_at(line_of(index_first_line_, ind_format_, k), "diagonal entry (" + std::to_string(r + 1) + "," +
                                                                  std::to_string(c + 1) +
                                                                  ") in a skew-symmetric matrix");
        entries.add(r, static_cast<std::int32_t>(c), pattern_ ? 1.0 : values_[ki]);
      }
    }
    return detail::build_csr(static_cast<std::int32_t>(rows_), static_cast<std::int32_t>(cols_), entries, symmetry_);
  }

  detail::LineCursor cursor_;
  const std::string& name_;
  const ReadOptions& options_;
  std::int64_t ptrcrd_ = 0, indcrd_ = 0, valcrd_ = 0;
  std::int64_t rows_ = 0, cols_ = 0, nnz_ = 0;
  bool pattern_ = false;
  Symmetry symmetry_ = Symmetry::general;
  FortranFormat ptr_format_, ind_format_, val_format_;
  std::vector<std::int64_t> pointers_;
  std::vector<std::int32_t> indices_;
  std::vector<double> values_;
  long index_first_line_ = 0;
};

HostCsr<double, std::int64_t> parse_text(std::string_view text, const std::string& name, const ReadOptions& options) {
  return HarwellBoeingParser(text, name, options).parse();
}

}  // namespace

HostCsr<double, std::int64_t> read_harwell_boeing(const std::string& path, const ReadOptions& options) {
  std::string text = detail::load_file(path);
  return parse_text(text, path, options);
}

HostCsr<double, std::int64_t> read_harwell_boeing_from_memory(const std::string& bytes, const std::string& name,
                                                              const ReadOptions& options) {
  if (detail::is_compressed(bytes)) return parse_text(detail::decompress(bytes, name), name, options);
  return parse_text(bytes, name, options);
}

}  // namespace aspmv::io
