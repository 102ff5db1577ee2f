#pragma once
// Model tables for tests: models that answer one class or predict fixed
// times whatever the input, written to a file and made the process's active
// table (ASPMV_MODEL_FILE) for the lifetime of an ActiveTestTable.

#include <catch2/catch.hpp>

#include <aspmv/arch_table.hpp>
#include <backends/traits.hpp>
#include <predictors/active_model_table.hpp>
#include <predictors/model_choice.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>
#include <unistd.h>

namespace aspmv::testing {

// A model that answers `answer` (one of `classes`) whatever the input.
inline std::string constant_model(const std::vector<std::string>& classes, const std::string& answer,
                                  const std::string& algorithm = "cart") {
  std::string names, values, zeros;
  for (std::size_t i = 0; i < classes.size(); ++i) {
    names += (i ? ", \"" : "\"") + classes[i] + "\"";
    values += std::string(i ? ", " : "") + (classes[i] == answer ? "1" : "0");
    zeros += i ? ", 0" : "0";
  }
  return "{\"algorithm\": \"" + algorithm + "\", \"features\": [\"rows\", \"nnz\"], \"classes\": [" + names +
         "], \"aggregate\": \"mean\", \"decision\": \"le\", \"base_score\": [" + zeros +
         "], \"trees\": [{\"feature\": [-1], \"threshold\": [0], \"left\": [-1], \"right\": [-1], \"value\": [" +
         values + "], \"width\": " + std::to_string(classes.size()) + ", \"class_offset\": 0}]}";
}

// A runtime model ("-runtime": a class's score is minus ln of its seconds)
// that predicts `seconds[i]` for class i whatever the input.
inline std::string constant_runtime_model(const std::vector<std::string>& classes, const std::vector<double>& seconds) {
  std::string names, scores, zeros;
  for (std::size_t i = 0; i < classes.size(); ++i) {
    names += (i ? ", \"" : "\"") + classes[i] + "\"";
    char b[64];
    std::snprintf(b, sizeof b, "%.17g", -std::log(seconds[i]));
    scores += std::string(i ? ", " : "") + b;
    zeros += i ? ", 0" : "0";
  }
  return "{\"algorithm\": \"lightgbm-runtime\", \"features\": [\"rows\", \"nnz\"], \"classes\": [" + names +
         "], \"aggregate\": \"sum\", \"decision\": \"le\", \"base_score\": [" + scores +
         "], \"trees\": [{\"feature\": [-1], \"threshold\": [0], \"left\": [-1], \"right\": [-1], \"value\": [" +
         zeros + "], \"width\": " + std::to_string(classes.size()) + ", \"class_offset\": 0}]}";
}

// Writes a trained table with the given models ("name": model) and makes it
// the active one; the destructor restores the compiled-in table.
class ActiveTestTable {
 public:
  explicit ActiveTestTable(const std::vector<std::pair<std::string, std::string>>& models) {
    // Unique per process: ctest runs each Catch section as its own process,
    // several at a time, all in the same working directory.
    path_ = (std::filesystem::temp_directory_path() /
             ("aspmv_test_models_" + std::to_string(::getpid()) + "_" + std::to_string(counter()++) + ".json"))
                .string();
    std::ofstream f(path_);
    f << "{\"schema\": \"aspmv-models/1\", \"arch\": \"test\", \"status\": \"trained\", \"provenance\": "
         "{\"summary\": \"constant models of tests/support/test_model_table.hpp\"}, \"models\": {";
    for (std::size_t i = 0; i < models.size(); ++i)
      f << (i ? ", " : "") << "\"" << models[i].first << "\": " << models[i].second;
    f << "}}\n";
    f.close();
    setenv(predictors::model_file_variable, path_.c_str(), 1);
    predictors::reset_active_model_table_for_tests();
    REQUIRE(predictors::active_model_table_warning().empty());
    REQUIRE(std::string(predictors::active_model_table().arch) == "test");
  }
  ~ActiveTestTable() {
    unsetenv(predictors::model_file_variable);
    predictors::reset_active_model_table_for_tests();
    std::remove(path_.c_str());
  }
  ActiveTestTable(const ActiveTestTable&) = delete;
  ActiveTestTable& operator=(const ActiveTestTable&) = delete;

 private:
  static int& counter() {
    static int c = 0;
    return c;
  }
  std::string path_;
};

template <class Space>
bool table_fits_space() {
  return predictors::table_applies(predictors::active_model_table(), backends::Traits<Space>::is_gpu,
                                   arch_table().backend);
}

}  // namespace aspmv::testing
