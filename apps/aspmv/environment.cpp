// The tool's data folder and its default OpenMP binding (see environment.hpp).

#include "environment.hpp"

#include <backends/traits.hpp>

#include <aspmv/error.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

namespace aspmv::app {

namespace {
// Marks the environment the tool set itself, so `aspmv info` can say so.
constexpr const char* binding_marker = "ASPMV_SET_OMP_BINDING";
constexpr const char* default_proc_bind = "spread";
constexpr const char* default_places = "threads";

std::string executable_path() {
  std::vector<char> buf(4096);
  const ssize_t n = readlink("/proc/self/exe", buf.data(), buf.size() - 1);
  if (n <= 0) throw Error("cannot find the aspmv executable (/proc/self/exe): set ASPMV_DEMO_DIR / ASPMV_REPORT_DIR");
  return std::string(buf.data(), static_cast<std::size_t>(n));
}

std::string env_or(const char* name, const char* fallback) {
  const char* v = std::getenv(name);
  return v ? std::string(name) + "=" + v : std::string(name) + " " + fallback;
}
}  // namespace

std::string data_dir() {
  const std::filesystem::path exe = executable_path();
  return (exe.parent_path() / ASPMV_DATA_RELATIVE).lexically_normal().string();
}

// From the space types alone: this runs before Kokkos is initialized, when
// constructing an instance (Kokkos::Cuda) is an error.
template <class... S>
bool any_openmp(std::tuple<S...>*) {
  return ((std::string(backends::Traits<S>::name) == "OpenMP") || ...);
}

bool uses_openmp() { return any_openmp(static_cast<backends::EnabledExecutionSpaces*>(nullptr)); }

void bind_openmp_threads_by_default(char* argv[]) {
  if (!uses_openmp() || std::getenv("OMP_PROC_BIND") != nullptr || std::getenv("OMP_PLACES") != nullptr) return;
  setenv("OMP_PROC_BIND", default_proc_bind, 1);
  setenv("OMP_PLACES", default_places, 1);
  setenv(binding_marker, "1", 1);
  execv("/proc/self/exe", argv);
  unsetenv("OMP_PROC_BIND");  // no exec: the runtime already started unbound, so say nothing that is not so
  unsetenv("OMP_PLACES");
  unsetenv(binding_marker);
}

std::string openmp_binding_description() {
  if (!uses_openmp()) return "OpenMP thread binding: not applicable (no OpenMP in this build)";
  const char* bind = std::getenv("OMP_PROC_BIND");
  const char* places = std::getenv("OMP_PLACES");
  const char* marker = std::getenv(binding_marker);
  const bool by_aspmv = marker != nullptr && bind != nullptr && places != nullptr &&
                        std::string(bind) == default_proc_bind && std::string(places) == default_places;
  std::string s = "OpenMP thread binding: " + env_or("OMP_PROC_BIND", "unset") + ", " + env_or("OMP_PLACES", "unset");
  if (by_aspmv)
    s += " (set by aspmv, as neither was set; export either to choose your own)";
  else if (bind == nullptr && places == nullptr)
    s += " (threads unbound: aspmv could not restart itself to bind them)";
  else
    s += " (from the environment)";
  return s;
}

}  // namespace aspmv::app
