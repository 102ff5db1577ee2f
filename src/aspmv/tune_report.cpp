// TuneReport::text(): what make_tuned_plan timed and chose, in one paragraph.

#include <aspmv/tune_report.hpp>

#include <cmath>
#include <cstdio>
#include <string>

namespace aspmv {

namespace {

std::string micro(double seconds) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f us", seconds * 1e6);
  return b;
}

std::string candidate_text(const TunedCandidate& c) {
  std::string t = c.label + (c.automatic ? " (automatic)" : "");
  if (!c.error.empty()) return t + " refused: " + c.error;
  if (!std::isnan(c.measured_seconds)) t += " " + micro(c.measured_seconds) + " measured";
  if (!std::isnan(c.predicted_seconds)) t += ", " + micro(c.predicted_seconds) + " predicted";
  if (c.predicted_conversion_seconds > 0) t += " + " + micro(c.predicted_conversion_seconds) + " conversion";
  return t;
}

}  // namespace

std::string TuneReport::text() const {
  if (candidates.empty()) return "not tuned";
  if (!timed()) return "not tuned (" + note + "): " + candidate_text(candidates.front());
  std::string t = "tuned: " + candidates[chosen].label + " fastest of " + std::to_string(candidates.size()) +
                  " candidates in " + micro(seconds) + " (";
  for (std::size_t i = 0; i < candidates.size(); ++i) t += (i ? "; " : "") + candidate_text(candidates[i]);
  return t + ")" + (cut.empty() ? "" : "; " + cut);
}

}  // namespace aspmv
