#pragma once
// The fields of a generated-matrix name "<family>-<token>-<token>...": a
// token is a key followed by a number ("r1000", "a0.57", "seed3") or a bare
// flag ("sym", "unsorted"). Unknown, repeated or malformed tokens are errors.

#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

namespace aspmv::corpus {

// "a-b-c" -> {"a", "b", "c"}; empty tokens are kept (and later rejected).
std::vector<std::string> split_name(const std::string& name, char sep = '-');

[[noreturn]] void bad_name(const std::string& name, const std::string& why);

class NameFields {
 public:
  // Reads tokens[first..]. A token is a flag when it equals one of `flags`,
  // else a key of `keys` (the longest that prefixes it) followed by a number.
  NameFields(const std::string& name, const std::vector<std::string>& tokens, std::size_t first,
             std::initializer_list<const char*> keys, std::initializer_list<const char*> flags = {});

  bool has(const std::string& key) const { return values_.count(key) != 0; }
  bool flag(const std::string& flag) const;

  // A real number (finite); without `fallback`, the key is required.
  double number(const std::string& key) const;
  double number(const std::string& key, double fallback) const;
  // A non-negative integer (1000, 1e6).
  std::int64_t count(const std::string& key) const;
  std::int64_t count(const std::string& key, std::int64_t fallback) const;
  // A count in [1, 2^31 - 1] (rows, columns).
  std::int32_t dim(const std::string& key) const;
  // A count in [0, 2^31 - 1] (how many rows or columns of a kind).
  std::int32_t count32(const std::string& key) const;
  // The required "seed<k>".
  std::uint64_t seed() const { return static_cast<std::uint64_t>(count("seed")); }

  [[noreturn]] void bad(const std::string& why) const { bad_name(name_, why); }

 private:
  std::string name_;
  std::map<std::string, std::string> values_;
  std::vector<std::string> flags_;
};

}  // namespace aspmv::corpus
