#pragma once
// aspmv::Mode: which operator an SpMV applies, op(A) in y = alpha*op(A)*x + beta*y.
//
// KokkosSparse::spmv's mode strings: "N" (A), "T" (A^T), "C" (conj(A)) and
// "H" (A^H). aspmv's values are real (float, double), so conj(A) = A and
// A^H = A^T: "C" parses to Mode::normal and "H" to Mode::transpose.

#include <aspmv/error.hpp>

#include <string>

namespace aspmv {

enum class Mode { normal, transpose };

inline const char* to_string(Mode m) { return m == Mode::transpose ? "T" : "N"; }

// Parses KokkosSparse's one-letter mode ("N", "T", "C", "H"; lower case
// accepted); throws aspmv::Error for anything else, naming `call`.
inline Mode parse_mode(const char* mode, const char* call = "aspmv::parse_mode") {
  const std::string s = mode != nullptr ? mode : "(null)";
  if (s == "N" || s == "n" || s == "C" || s == "c") return Mode::normal;
  if (s == "T" || s == "t" || s == "H" || s == "h") return Mode::transpose;
  throw Error(std::string(call) + ": mode '" + s + R"(' is not one of "N", "T", "C", "H")");
}

}  // namespace aspmv
