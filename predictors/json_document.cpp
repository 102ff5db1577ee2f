// JSON for the model tables through nlohmann-json (json_document.hpp): a SAX
// handler builds the nlohmann::ordered_json value and adds the checks and
// the error messages nlohmann does not give.

#include <aspmv/error.hpp>
#include <predictors/json_document.hpp>

#include <clocale>
#include <cstdint>
#include <cstdio>
#include <istream>
#include <streambuf>
#include <utility>
#include <vector>

namespace aspmv::predictors::json {

namespace {

// The text as a read-only stream buffer: nlohmann reads it through an
// std::istream, and consumed() says how far it has read when a SAX event
// arrives: to the end of the token the event is about, plus the character
// after it for a number (its end is known only there).
class TextBuffer : public std::streambuf {
 public:
  explicit TextBuffer(std::string_view text) {
    // A get area only: nothing writes through these pointers.
    char* begin = const_cast<char*>(text.data());  // NOLINT(cppcoreguidelines-pro-type-const-cast)
    setg(begin, begin, begin + text.size());
  }
  std::size_t consumed() const { return static_cast<std::size_t>(gptr() - eback()); }
};

bool is_number_char(char c) {
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// The offset of the last character of the token a SAX event is about.
std::size_t token_offset(std::string_view text, std::size_t consumed, bool number) {
  std::size_t end = consumed;
  if (number && end > 0 && end <= text.size() && !is_number_char(text[end - 1])) --end;  // the character after it
  return end > 0 ? end - 1 : 0;
}

// 1-based line and column (in bytes) of a byte offset.
std::pair<long, long> line_and_column(std::string_view text, std::size_t offset) {
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

// The canonical text of one value, written as its SAX events arrive.
class CanonicalWriter {
 public:
  void scalar(const std::string& text) {
    before_value();
    out_ += text;
  }
  void string(const std::string& s) {
    before_value();
    append_string(s);
  }
  void open(char bracket) {
    before_value();
    out_ += bracket;
    empty_.push_back(true);
  }
  void key(const std::string& k) {
    next_item();
    append_string(k);
    out_ += ": ";
    after_key_ = true;
  }
  void close(char bracket) {
    const bool empty = empty_.back();
    empty_.pop_back();
    if (!empty) newline();
    out_ += bracket;
  }
  std::string take() { return std::move(out_); }

 private:
  void before_value() {
    if (after_key_)
      after_key_ = false;  // an object member: the key is written
    else if (!empty_.empty())
      next_item();  // an array item
  }
  void next_item() {
    if (!empty_.back()) out_ += ',';
    empty_.back() = false;
    newline();
  }
  void newline() {
    out_ += '\n';
    out_.append(2 * empty_.size(), ' ');
  }
  void append_string(const std::string& s) {
    out_ += '"';
    for (const char c : s) {
      switch (c) {
        case '"': out_ += "\\\""; break;
        case '\\': out_ += "\\\\"; break;
        case '\n': out_ += "\\n"; break;
        case '\r': out_ += "\\r"; break;
        case '\t': out_ += "\\t"; break;
        case '\b': out_ += "\\b"; break;
        case '\f': out_ += "\\f"; break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            char b[8];
            std::snprintf(b, sizeof b, "\\u%04x", static_cast<unsigned>(c));
            out_ += b;
          } else {
            out_ += c;
          }
      }
    }
    out_ += '"';
  }

  std::string out_;
  std::vector<bool> empty_;  // per open array or object: no item written yet
  bool after_key_ = false;
};

// nlohmann's message without its "[json.exception.parse_error.101] parse
// error at line L, column C: " prefix (the caller names the place).
std::string nlohmann_detail(const Json::exception& e) {
  const std::string what = e.what();
  const auto at = what.find("] ");
  std::string detail = at == std::string::npos ? what : what.substr(at + 2);
  const auto colon = detail.find(": ");
  if (detail.rfind("parse error", 0) == 0 && colon != std::string::npos) detail = detail.substr(colon + 2);
  return detail;
}

// The SAX handler that builds the document (nlohmann's SAX interface for ordered_json).
class Builder {
 public:
  Builder(std::string_view text, const std::string& source, const TextBuffer& buffer, std::string_view canonical_member)
      : text_(text), source_(source), buffer_(buffer), canonical_member_(canonical_member) {}

  Document take() {
    Document d;
    d.value = std::move(root_);
    d.canonical = canonical_.take();
    return d;
  }

  bool null() {
    begin_value();
    if (capturing_) canonical_.scalar("null");
    return put(Json(nullptr));
  }
  bool boolean(bool b) {
    begin_value();
    if (capturing_) canonical_.scalar(b ? "true" : "false");
    return put(Json(b));
  }
  bool number_integer(std::int64_t v) {
    begin_value();
    if (capturing_) canonical_.scalar(std::to_string(v));
    return put(Json(v));
  }
  bool number_unsigned(std::uint64_t v) {
    begin_value();
    if (capturing_) canonical_.scalar(std::to_string(v));
    return put(Json(v));
  }
  bool number_float(double v, const std::string& token) {
    begin_value();
    if (capturing_) canonical_.scalar(as_written(token));
    return put(Json(v));
  }
  bool string(std::string& s) {
    begin_value();
    if (capturing_) canonical_.string(s);
    return put(Json(std::move(s)));
  }
  static bool binary(Json::binary_t& /*unused*/) { return true; }  // not in JSON text

  bool start_object(std::size_t /*unused*/) { return open(Json::object(), '{'); }
  bool end_object() { return close('}'); }
  bool start_array(std::size_t /*unused*/) { return open(Json::array(), '['); }
  bool end_array() { return close(']'); }

  bool key(std::string& k) {
    Level& top = stack_.back();
    if (top.container->contains(k))
      fail_here("duplicate key \"" + k + "\" in " + describe(container_path(stack_.size() - 1)), false);
    if (capturing_) canonical_.key(k);
    top.key = std::move(k);
    return true;
  }

  bool parse_error(std::size_t position, const std::string& last_token, const Json::exception& e) {
    if (e.id == 406) {  // out_of_range.406: a number beyond the double range
      const std::size_t offset = token_offset(text_, buffer_.consumed(), true);
      throw ParseError(source_, line_and_column(text_, offset).first,
                       describe(pending_path()) + ": '" + last_token + "' is not a finite double (overflow)");
    }
    const std::size_t offset = position > 0 ? position - 1 : 0;  // the last character read
    const auto [line, column] = line_and_column(text_, offset);
    std::string problem = "column " + std::to_string(column) + ": " + nlohmann_detail(e);
    if (position > text_.size()) problem += " (the text ends early: truncated JSON)";
    throw ParseError(source_, line, problem);
  }

 private:
  struct Level {
    Json* container;
    std::string key;  // an object's last key
  };

  [[noreturn]] void fail_here(const std::string& problem, bool number) const {
    const auto [line, column] = line_and_column(text_, token_offset(text_, buffer_.consumed(), number));
    throw ParseError(source_, line, "column " + std::to_string(column) + ": " + problem);
  }

  static std::string describe(const std::string& path) { return path.empty() ? "(top level)" : path; }

  // The path of the container at stack_[level].
  std::string container_path(std::size_t level) const {
    std::string path;
    for (std::size_t i = 0; i < level; ++i) path = child_path(path, stack_[i], stack_[i].container->size() - 1);
    return path;
  }
  // The path of the value being read (not inserted yet).
  std::string pending_path() const {
    if (stack_.empty()) return "";
    return child_path(container_path(stack_.size() - 1), stack_.back(), stack_.back().container->size());
  }
  static std::string child_path(const std::string& path, const Level& parent, std::size_t index) {
    return parent.container->is_array() ? index_path(path, index) : join_path(path, parent.key);
  }

  // A number's token with '.' as the decimal point (nlohmann's lexer puts the
  // locale's there, to convert it with strtod).
  static std::string as_written(std::string token) {
    const char point = *std::localeconv()->decimal_point;
    if (point != '.')
      for (char& c : token)
        if (c == point) c = '.';
    return token;
  }

  // A scalar value, after begin_value().
  bool put(Json&& v) {
    insert(std::move(v));
    end_value();
    return true;
  }

  bool open(Json&& v, char bracket) {
    if (stack_.size() + 1 > static_cast<std::size_t>(max_json_depth))
      fail_here("nesting deeper than " + std::to_string(max_json_depth) + " levels", false);
    begin_value();
    if (capturing_) canonical_.open(bracket);
    stack_.push_back(Level{insert(std::move(v)), ""});
    return true;
  }

  bool close(char bracket) {
    if (capturing_) canonical_.close(bracket);
    stack_.pop_back();
    end_value();
    return true;
  }

  Json* insert(Json&& v) {
    if (stack_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    Json& c = *stack_.back().container;
    if (c.is_array()) {
      c.push_back(std::move(v));
      return &c.back();
    }
    return &c.emplace(stack_.back().key, std::move(v)).first.value();
  }

  // The canonical text covers the value of the top-level member canonical_member_.
  void begin_value() {
    if (!captured_ && !canonical_member_.empty() && stack_.size() == 1 && stack_[0].container->is_object() &&
        stack_[0].key == canonical_member_)
      capturing_ = captured_ = true;
  }
  void end_value() {
    if (capturing_ && stack_.size() == 1) capturing_ = false;
  }

  std::string_view text_;
  const std::string& source_;
  const TextBuffer& buffer_;
  std::string_view canonical_member_;
  Json root_;
  std::vector<Level> stack_;
  CanonicalWriter canonical_;
  bool capturing_ = false, captured_ = false;
};

// The SAX handler of line_of(): follows the paths of the values and stops at
// the one asked for, remembering the closest enclosing one on the way.
class Locator {
 public:
  Locator(std::string_view text, const std::string& target, const TextBuffer& buffer)
      : text_(text), target_(target), buffer_(buffer) {}

  long line() const { return found_ ? line_and_column(text_, offset_).first : 0; }

  bool null() { return value(false); }
  bool boolean(bool /*unused*/) { return value(false); }
  bool number_integer(std::int64_t /*unused*/) { return value(true); }
  bool number_unsigned(std::uint64_t /*unused*/) { return value(true); }
  bool number_float(double /*unused*/, const std::string& /*unused*/) { return value(true); }
  bool string(std::string& /*unused*/) { return value(false); }
  bool binary(Json::binary_t& /*unused*/) { return value(false); }  // not in JSON text
  bool start_object(std::size_t /*unused*/) { return open(false); }
  bool start_array(std::size_t /*unused*/) { return open(true); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(std::string& k) {
    stack_.back().key = std::move(k);
    return true;
  }
  static bool parse_error(std::size_t /*unused*/, const std::string& /*unused*/, const Json::exception& /*unused*/) {
    return false;  // the text was read before: not expected
  }

 private:
  struct Level {
    std::string path;
    bool array;
    bool on_the_way;  // the path leads to the target
    std::size_t next = 0;
    std::string key;
  };

  // Whether the value at `path` is the target (2), encloses it (1) or neither (0).
  int relation(const std::string& path) const {
    if (path == target_) return 2;
    if (path.empty()) return 1;
    return target_.size() > path.size() && target_.compare(0, path.size(), path) == 0 &&
                   (target_[path.size()] == '.' || target_[path.size()] == '[')
               ? 1
               : 0;
  }

  // Sees a value start; false (stop) at the target.
  bool start(bool number, std::string& path_out, int& rel) {
    rel = 0;
    if (!stack_.empty() && !stack_.back().on_the_way) {
      if (stack_.back().array) ++stack_.back().next;
      return true;
    }
    if (stack_.empty()) {
      path_out.clear();
    } else if (stack_.back().array) {
      path_out = index_path(stack_.back().path, stack_.back().next++);
    } else {
      path_out = join_path(stack_.back().path, stack_.back().key);
    }
    rel = relation(path_out);
    if (rel > 0) {
      found_ = true;
      offset_ = token_offset(text_, buffer_.consumed(), number);
    }
    return rel != 2;
  }

  bool value(bool number) {
    std::string path;
    int rel = 0;
    return start(number, path, rel);
  }
  bool open(bool array) {
    std::string path;
    int rel = 0;
    const bool go_on = start(false, path, rel);
    stack_.push_back(Level{std::move(path), array, rel > 0, 0, {}});
    return go_on;
  }
  bool close() {
    stack_.pop_back();
    return true;
  }

  std::string_view text_;
  const std::string& target_;
  const TextBuffer& buffer_;
  std::vector<Level> stack_;
  bool found_ = false;
  std::size_t offset_ = 0;
};

}  // namespace

Document parse(std::string_view text, const std::string& source, std::string_view canonical_member) {
  if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF")
    throw ParseError(source, 1,
                     "column 1: a byte order mark before the JSON text (save the file as UTF-8 without BOM)");
  if (text.find_first_not_of(" \t\n\r") == std::string_view::npos)
    throw ParseError(source, line_and_column(text, text.size()).first, "empty file: no JSON value");
  TextBuffer buffer(text);
  std::istream in(&buffer);
  Builder builder(text, source, buffer, canonical_member);
  bool complete = false;
  try {
    complete = Json::sax_parse(in, &builder, Json::input_format_t::json, true, false);
  } catch (const Json::exception& e) {  // the handler reports every error itself: not expected
    throw ParseError(source, 0, "JSON reader: " + nlohmann_detail(e));
  }
  if (!complete) throw ParseError(source, 0, "JSON reader: the text was not read to its end");
  return builder.take();
}

long line_of(std::string_view text, const std::string& path) {
  TextBuffer buffer(text);
  std::istream in(&buffer);
  Locator locator(text, path, buffer);
  try {
    Json::sax_parse(in, &locator, Json::input_format_t::json, false, false);
  } catch (const Json::exception&) {  // the line is only a hint in a message
  }
  return locator.line();
}

const char* kind_name(Json::value_t type) {
  switch (type) {
    case Json::value_t::null: return "null";
    case Json::value_t::boolean: return "a boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float: return "a number";
    case Json::value_t::string: return "a string";
    case Json::value_t::array: return "an array";
    case Json::value_t::object: return "an object";
    case Json::value_t::binary:
    case Json::value_t::discarded: break;
  }
  return "not a JSON value";
}

std::string join_path(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

std::string index_path(const std::string& path, std::size_t i) { return path + "[" + std::to_string(i) + "]"; }

}  // namespace aspmv::predictors::json
