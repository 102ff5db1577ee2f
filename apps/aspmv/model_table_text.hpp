#pragma once
// The active model table as `aspmv info` prints it: file, status, the
// provenance that says where it comes from, and each decision's model.

#include <string>

namespace aspmv::app {

std::string describe_model_table();

}  // namespace aspmv::app
