#pragma once
// Walks a command's arguments: flags, options that take a value (with clear
// errors for a missing or malformed value) and positional arguments.

#include "commands.hpp"

#include <aspmv/error.hpp>

#include <Kokkos_Core.hpp>  // KOKKOS_VERSION

#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace aspmv::app {

// "a,b,,c" -> {"a", "b", "c"}: an option's comma-separated list, empty items dropped.
inline std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream s(text);
  std::string item;
  while (std::getline(s, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

class ArgReader {
 public:
  ArgReader(const Args& args, std::string usage) : args_(args), usage_(std::move(usage)) {}

  // Moves to the next argument; false after the last one.
  bool next() { return ++index_ < args_.size(); }
  const std::string& current() const { return args_[index_]; }
  bool is(const char* name) const { return current() == name; }
  bool is_positional() const { return current().empty() || current()[0] != '-'; }

  // The argument after the current option, as its value.
  const std::string& value() {
    if (index_ + 1 >= args_.size()) throw Error("option " + current() + " needs a value");
    return args_[++index_];
  }
  long long integer() {
    const std::string option = current();
    const std::string& v = value();
    char* end = nullptr;
    const long long n = std::strtoll(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0') throw Error("option " + option + " expects an integer, got '" + v + "'");
    return n;
  }
  double real() {
    const std::string option = current();
    const std::string& v = value();
    char* end = nullptr;
    const double x = std::strtod(v.c_str(), &end);
    if (v.empty() || *end != '\0') throw Error("option " + option + " expects a number, got '" + v + "'");
    return x;
  }
  [[noreturn]] void unknown() const {
    if (current().rfind("--kokkos-", 0) == 0)
      throw Error("unknown option '" + current() + "': not an option of Kokkos " +
                  std::to_string(KOKKOS_VERSION / 10000) + "." + std::to_string(KOKKOS_VERSION / 100 % 100) +
                  " ('aspmv --kokkos-help' lists those)");
    throw Error("unknown option '" + current() + "'\n" + usage_);
  }
  const std::string& usage() const { return usage_; }

 private:
  const Args& args_;
  std::string usage_;
  std::size_t index_ = static_cast<std::size_t>(-1);
};

// The value of --format-margin (run, rank): PlanOptions::format_margin, a
// fraction >= 0.
inline double format_margin_argument(ArgReader& r) {
  const double margin = r.real();
  if (!(margin >= 0) || !std::isfinite(margin))
    throw Error("--format-margin " + std::to_string(margin) + ": a fraction >= 0 (0.5: 50 % cheaper)");
  return margin;
}

// A library message as the tool prints it after "aspmv <command>: ": without
// the name of the library call that failed ("aspmv::make_plan: ", "aspmv: "),
// which means nothing to someone who typed a command.
inline std::string without_call_prefix(const std::string& message) {
  if (message.rfind("aspmv: ", 0) == 0) return message.substr(7);
  if (message.rfind("aspmv::", 0) != 0) return message;
  const auto colon = message.find(": ");
  if (colon == std::string::npos || message.find(' ') < colon) return message;
  return message.substr(colon + 2);
}

}  // namespace aspmv::app
