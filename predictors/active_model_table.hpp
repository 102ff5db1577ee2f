#pragma once
// The model table this process uses: the compiled-in one (generated from
// tuning_data/<ASPMV_ARCH>/model.json, <aspmv/generated/model_table.hpp>), or,
// for studies, the table of the file ASPMV_MODEL_FILE names. A file that does
// not load (missing, malformed, failing a check) is reported by ONE warning on
// stderr per process, naming the file and the reason, and the compiled-in
// table is used.
//
// Thread-safe: the first call decides (under a mutex), later calls read one
// atomic pointer. Tables returned stay valid until the process ends.

#include <aspmv/generated/model_table.hpp>
#include <predictors/model_json.hpp>
#include <predictors/model_table.hpp>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace aspmv::predictors {

inline constexpr const char* model_file_variable = "ASPMV_MODEL_FILE";

// The outcome of choosing a table: the loaded table (nullptr: use the
// compiled-in one) and the warning to print ("" when none).
struct ModelTableChoice {
  std::unique_ptr<LoadedModelTable> loaded;
  std::string warning;
};

// Chooses between the compiled-in table and the file `model_file` names
// (nullptr or "": no file). Prints nothing.
inline ModelTableChoice choose_model_table(const char* model_file, const ModelTable& compiled) {
  ModelTableChoice c;
  if (model_file == nullptr || *model_file == '\0') return c;
  try {
    c.loaded = load_model_table(model_file);
  } catch (const std::exception& e) {
    c.warning = std::string("aspmv: warning: ") + model_file_variable + "=" + model_file +
                " is not used, it does not load: " + e.what() + "; using the compiled-in model table (" +
                compiled.arch + ", " + compiled.source_file + ")";
  }
  return c;
}

namespace detail {

struct ActiveModelTable {
  std::mutex mutex;
  std::atomic<const ModelTable*> table{nullptr};
  std::vector<std::unique_ptr<LoadedModelTable>> loaded;  // kept: references handed out stay valid
  std::string warning;
};

inline ActiveModelTable& active_model_table_state() {
  static ActiveModelTable state;
  return state;
}

}  // namespace detail

// The model table of this process (see above).
inline const ModelTable& active_model_table() {
  auto& s = detail::active_model_table_state();
  if (const ModelTable* t = s.table.load(std::memory_order_acquire)) return *t;
  std::lock_guard<std::mutex> lock(s.mutex);
  if (const ModelTable* t = s.table.load(std::memory_order_relaxed)) return *t;
  const ModelTable& compiled = compiled_model_table();
  auto choice = choose_model_table(std::getenv(model_file_variable), compiled);
  const ModelTable* t = &compiled;
  if (choice.loaded) {
    t = &choice.loaded->table();
    s.loaded.push_back(std::move(choice.loaded));
  }
  s.warning = choice.warning;
  if (!s.warning.empty()) {
    std::fprintf(stderr, "%s\n", s.warning.c_str());
    std::fflush(stderr);
  }
  s.table.store(t, std::memory_order_release);
  return *t;
}

// The warning active_model_table() printed, "" when none (for `aspmv info`).
inline std::string active_model_table_warning() {
  auto& s = detail::active_model_table_state();
  active_model_table();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.warning;
}

// Tests only: the next active_model_table() reads ASPMV_MODEL_FILE again (and
// warns again). Tables returned before stay valid.
inline void reset_active_model_table_for_tests() {
  auto& s = detail::active_model_table_state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.table.store(nullptr, std::memory_order_release);
  s.warning.clear();
}

}  // namespace aspmv::predictors
