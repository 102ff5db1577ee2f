#pragma once
// Strip-model files (`aspmv calibrate --out`, read by `aspmv rank`): the
// fitted models of one device and value type, with the samples they were
// fitted on. Schema "aspmv-strip-models/1":
//   {"schema": ..., "device": "NVIDIA H100 80GB HBM3", "arch": "h100",
//    "value": "double", "compute_units": 132, "threads_per_unit": 2048,
//    "command": "aspmv calibrate ...", "models": [
//      {"label": "csr_scalar", "mapping": "scalar", "distribution": "normal",
//       "strip_rows": 270336, "f": [slope, intercept], "e": [...],
//       "t_low": [...], "t_high": [...], "setup": [...], "p1": 16,
//       "split": 1024, "t0": 1.2e-5, "i1": 4,
//       "samples": [[strips, pnz, seconds, setup_seconds, nnz], ...]}, ...]}
// Reading checks every member (kinds, finite numbers, known mapping, no
// unknown key) and throws aspmv::ParseError "FILE:LINE: PATH: problem".

#include <predictors/runtime/strip_model.hpp>

#include <string>
#include <vector>

namespace aspmv::predictors::runtime {

inline constexpr const char* strip_models_schema = "aspmv-strip-models/1";

struct StripModelFile {
  std::string device;
  std::string arch;
  std::string value;  // "double" or "float"
  int compute_units = 0;
  int threads_per_unit = 0;
  std::string command;
  std::vector<StripModel> models;
};

std::string to_json_text(const StripModelFile& f);
StripModelFile parse_strip_models(const std::string& text, const std::string& source);
StripModelFile read_strip_models(const std::string& path);

}  // namespace aspmv::predictors::runtime
