#pragma once
// JSON for the model tables, read with nlohmann-json (Debian's
// nlohmann-json3-dev; STYLE.md 16: no hand-written parser). What it adds to
// nlohmann::json's own strict RFC 8259 parser (no comments, no trailing
// commas, no NaN/Infinity, valid UTF-8, no lone surrogates):
//  - no duplicate keys in an object (nlohmann would keep the last one), no
//    byte order mark (nlohmann would skip it), nesting at most max_json_depth
//    deep: the same rules as Python's reader in generate_model_table.py;
//  - objects keep their members in file order (nlohmann::ordered_json);
//  - every error is an aspmv::ParseError "FILE:LINE: ...", never an
//    nlohmann exception: syntax errors with their column, a number beyond the
//    double range ("1e999", which nlohmann refuses) with its JSON path;
//  - line_of(): the line of a JSON path, for the loader's messages;
//  - the canonical text of one top-level member (the provenance of a model
//    table), with numbers as written in the file.
//
// Numbers are nlohmann's: integer tokens become 64-bit integers (so "-0" is
// the integer 0), others doubles by strtod, correctly rounded like Python's
// float(). Compiled into libaspmv (predictors/json_document.cpp).

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace aspmv::predictors::json {

using Json = nlohmann::ordered_json;

inline constexpr int max_json_depth = 256;

// A parsed JSON text. (clang-tidy cannot see that the implicit noexcept move
// of nlohmann::basic_json, which checks its invariant, does not throw.)
struct Document {  // NOLINT(bugprone-exception-escape)
  Json value;
  // The canonical text of the top-level member parse() was asked for ("" when
  // absent): the layout of Python's json.dumps(indent=2, ensure_ascii=False),
  // members in file order, numbers as written (integers as their value), the
  // text predictors/codegen/generate_model_table.py writes too.
  std::string canonical;
};

// Parses a whole JSON text; `source` names it in error messages. Throws
// aspmv::ParseError, e.g. "model.json:3: column 5: syntax error while parsing
// value - invalid literal; last read: '[tru'".
Document parse(std::string_view text, const std::string& source, std::string_view canonical_member = {});

// "a number", "an object", ...: a kind of value, for messages (the three
// kinds of numbers are one, "a number").
const char* kind_name(Json::value_t type);

// JSON paths as the loaders write them: "models.tpr_global.trees[3].left[7]",
// "" for the top-level value.
std::string join_path(const std::string& path, const std::string& key);
std::string index_path(const std::string& path, std::size_t i);

// The 1-based line where the value at `path` starts in `text` (valid JSON),
// or where its closest enclosing value present starts (a missing member: the
// object that lacks it); 0 when not even the top-level value is found.
long line_of(std::string_view text, const std::string& path);

}  // namespace aspmv::predictors::json
