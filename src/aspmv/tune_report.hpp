#pragma once
// What aspmv::make_tuned_plan (aspmv/tuned_plan.hpp) timed and chose.

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace aspmv {

struct TunedCandidate {
  std::string label;       // "csr_vector/tpr=8", "sell": the configuration the models name
  bool automatic = false;  // make_plan's own choice
  double predicted_seconds = std::numeric_limits<double>::quiet_NaN();  // per call; NaN: the models price none
  double predicted_conversion_seconds = 0;
  double analysis_seconds = 0;                                         // its make_plan
  int calls_per_batch = 0;                                             // 0: not timed
  double measured_seconds = std::numeric_limits<double>::quiet_NaN();  // per call, the least batch's mean
  std::string error;                                                   // make_plan refused it (not timed)
};

struct TuneReport {
  std::vector<TunedCandidate> candidates;  // the automatic plan first, then by predicted cost
  std::size_t chosen = 0;                  // index of the returned plan's candidate
  std::string note;                        // why nothing was timed; "" when candidates were
  std::string cut;                         // candidates chosen and not built (the budget), "" when none
  double seconds = 0;                      // everything make_tuned_plan did
  bool timed() const { return note.empty(); }
  std::string text() const;
};

}  // namespace aspmv
