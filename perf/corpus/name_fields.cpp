// Generated-name fields (see name_fields.hpp).

#include "name_fields.hpp"

#include <aspmv/error.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace aspmv::corpus {

std::vector<std::string> split_name(const std::string& name, char sep) {
  std::vector<std::string> parts;
  std::size_t begin = 0;
  while (true) {
    const auto end = name.find(sep, begin);
    parts.push_back(name.substr(begin, end == std::string::npos ? std::string::npos : end - begin));
    if (end == std::string::npos) return parts;
    begin = end + 1;
  }
}

void bad_name(const std::string& name, const std::string& why) {
  throw Error("generated matrix '" + name + "': " + why);
}

NameFields::NameFields(const std::string& name, const std::vector<std::string>& tokens, std::size_t first,
                       std::initializer_list<const char*> keys, std::initializer_list<const char*> flags)
    : name_(name) {
  for (std::size_t t = first; t < tokens.size(); ++t) {
    const std::string& tok = tokens[t];
    if (std::find(flags.begin(), flags.end(), tok) != flags.end()) {
      if (flag(tok)) bad("'" + tok + "' given twice");
      flags_.push_back(tok);
      continue;
    }
    const char* key = nullptr;
    for (const char* k : keys) {
      const auto len = std::strlen(k);
      const bool digit_follows =
          tok.size() > len && (std::isdigit(static_cast<unsigned char>(tok[len])) || tok[len] == '.');
      if (tok.compare(0, len, k) == 0 && digit_follows && (key == nullptr || len > std::strlen(key))) key = k;
    }
    if (key == nullptr) bad(tok.empty() ? "empty field (two '-' in a row?)" : "unknown field '" + tok + "'");
    if (has(key)) bad("field '" + std::string(key) + "' given twice");
    values_[key] = tok.substr(std::strlen(key));
  }
}

bool NameFields::flag(const std::string& flag) const {
  return std::find(flags_.begin(), flags_.end(), flag) != flags_.end();
}

double NameFields::number(const std::string& key) const {
  const auto it = values_.find(key);
  if (it == values_.end()) bad("field '" + key + "<number>' is required");
  const std::string& text = it->second;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(v)) bad("'" + key + text + "': not a number");
  return v;
}

double NameFields::number(const std::string& key, double fallback) const { return has(key) ? number(key) : fallback; }

std::int64_t NameFields::count(const std::string& key) const {
  const double v = number(key);
  const std::string& text = values_.at(key);
  if (std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    errno = 0;  // plain digits: exact, also above 2^53 (seeds)
    const long long exact = std::strtoll(text.c_str(), nullptr, 10);
    if (errno == 0) return exact;
  }
  if (v < 0 || v >= 9.2e18 || v != std::floor(v)) bad("'" + key + text + "': not a count");
  return static_cast<std::int64_t>(v);
}

std::int64_t NameFields::count(const std::string& key, std::int64_t fallback) const {
  return has(key) ? count(key) : fallback;
}

std::int32_t NameFields::dim(const std::string& key) const {
  const auto v = count(key);
  if (v < 1 || v > INT32_MAX) bad("'" + key + values_.at(key) + "': must lie in [1, 2^31 - 1] (int32 rows/columns)");
  return static_cast<std::int32_t>(v);
}

std::int32_t NameFields::count32(const std::string& key) const {
  const auto v = count(key);
  if (v > INT32_MAX) bad("'" + key + values_.at(key) + "': must lie in [0, 2^31 - 1] (int32 rows/columns)");
  return static_cast<std::int32_t>(v);
}

}  // namespace aspmv::corpus
