#pragma once
// aspmv::Error: the one exception type the library throws for bad input.
// Messages start with the public call that failed ("aspmv::spmv: ...") or,
// for files, with "file:line: ".

#include <stdexcept>
#include <string>

namespace aspmv {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A conversion into another format (ELL, SELL-C-sigma) refused by its memory
// guard before allocating: the padded copy would exceed
// PlanOptions::max_format_growth. The matrix is fine; the format does not fit.
class FormatRefused : public Error {
 public:
  using Error::Error;
};

// A problem in an input file, located by file name and 1-based line number
// (line 0 when the problem is not tied to one line, e.g. a truncated file).
class ParseError : public Error {
 public:
  ParseError(std::string file, long line, const std::string& problem)
      : Error(file + ":" + std::to_string(line) + ": " + problem),
        file_(std::move(file)),
        line_(line),
        problem_(problem) {}
  const std::string& file() const noexcept { return file_; }
  long line() const noexcept { return line_; }
  const std::string& problem() const noexcept { return problem_; }

 private:
  std::string file_;
  long line_;
  std::string problem_;
};

}  // namespace aspmv
