// Run metadata, the done list and the output files of the collector
// (see collector.hpp).

#include "collector.hpp"

#include "sha256.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <sstream>

namespace aspmv::collect {

namespace {

std::string json_string(const std::string& s) {
  std::string o = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", c);
      o += b;
      continue;
    }
    o += c;
  }
  return o + "\"";
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char b[32];
  std::strftime(b, sizeof b, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return b;
}

std::string host_name() {
  char b[256] = {0};
  gethostname(b, sizeof b - 1);
  return b;
}

void make_dir(const std::string& dir) {
  std::string path;
  std::istringstream in(dir);
  std::string part;
  if (!dir.empty() && dir[0] == '/') path = "/";
  while (std::getline(in, part, '/')) {
    if (part.empty()) continue;
    path += part + "/";
    mkdir(path.c_str(), 0755);
  }
  struct stat st {};
  if (stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) throw Error("cannot create the folder " + dir);
}

}  // namespace

std::string sha256_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return sha256_hex(s.str());
}

std::set<std::string> read_done(const std::string& out_dir) {
  std::set<std::string> done;
  std::ifstream in(out_dir + "/done.txt");
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) done.insert(line);
  return done;
}

// run.json's "methods" array.
static std::string methods_json(const std::vector<bench::MethodKind>& methods) {
  std::ostringstream j;
  j << "[\n";
  for (std::size_t i = 0; i < methods.size(); ++i) {
    const auto& m = methods[i];
    j << "    {\"kernel\": " << json_string(m.kernel) << ", \"family\": " << json_string(m.family)
      << ", \"analysis\": " << (m.analysis ? "true" : "false") << ", \"tpr\": " << (m.tpr ? "true" : "false") << "}"
      << (i + 1 < methods.size() ? ",\n" : "\n");
  }
  j << "  ]";
  return j.str();
}

std::vector<bench::MethodKind> measured_kinds(const std::vector<bench::MethodKind>& all,
                                              const std::vector<std::string>& kernels) {
  if (kernels.empty()) return all;
  std::string known;
  for (const auto& m : all) known += (known.empty() ? "" : ", ") + m.kernel;
  for (const auto& k : kernels)
    if (std::none_of(all.begin(), all.end(), [&](const bench::MethodKind& m) { return m.kernel == k; }))
      throw Error("--methods: no method '" + k + "' in this build (its methods: " + known + ")");
  std::vector<bench::MethodKind> out;
  for (const auto& m : all)  // the build's order
    if (std::find(kernels.begin(), kernels.end(), m.kernel) != kernels.end()) out.push_back(m);
  return out;
}

void write_run_json(const CollectOptions& o, const std::string& spec_sha, const DeviceProperties& dev,
                    const std::vector<bench::MethodKind>& methods, const char* space_name, double copy_gbs,
                    std::size_t matrices) {
  make_dir(o.out_dir);
  const std::string listed = methods_json(methods);
  const std::string path = o.out_dir + "/run.json";
  {
    std::ifstream in(path);
    if (in.good()) {  // a resumed run: same spec and precision, or refuse
      std::ostringstream s;
      s << in.rdbuf();
      const std::string old = s.str();
      if (old.find(spec_sha) == std::string::npos)
        throw Error(path + " belongs to a run of another corpus spec: use a new --out folder");
      if (old.find(std::string("\"precision\": \"") + (o.single ? "float" : "double") + "\"") == std::string::npos)
        throw Error(path + " belongs to a run of the other precision: use a new --out folder");
      if (old.find(listed) == std::string::npos)
        throw Error(path + " belongs to a run of another method list (--methods): use a new --out folder");
      std::ofstream log(o.out_dir + "/sessions.txt", std::ios::app);
      log << utc_now() << " resumed, commit " << build_git_commit << ", " << dev.name << "\n";
      return;
    }
  }
  const auto& t = arch_table();
  std::ostringstream j;
  j << "{\n"
    << "  \"aspmv_version\": " << json_string(version_string) << ",\n"
    << "  \"commit\": " << json_string(build_git_commit) << ",\n"
    << "  \"date\": " << json_string(utc_now()) << ",\n"
    << "  \"host\": " << json_string(host_name()) << ",\n"
    << "  \"backend\": " << json_string(build_backend) << ",\n"
    << "  \"execution_space\": " << json_string(space_name) << ",\n"
    << "  \"device\": {\"name\": " << json_string(dev.name) << ", \"compute_units\": " << dev.compute_units
    << ", \"simd_width\": " << dev.simd_width << ", \"l2_cache_bytes\": " << dev.l2_cache_bytes
    << ", \"memory_bytes\": " << dev.memory_bytes << ", \"peak_bandwidth_gbs\": " << dev.peak_bandwidth_gbs
    << ", \"compute_capability\": " << json_string(dev.compute_capability) << "},\n"
    << "  \"kokkos_version\": \"" << KOKKOS_VERSION / 10000 << "." << KOKKOS_VERSION / 100 % 100 << "."
    << KOKKOS_VERSION % 100 << "\",\n"
    << "  \"arch_table\": {\"arch\": " << json_string(t.arch) << ", \"status\": " << json_string(t.provenance.status)
    << "},\n"
    << "  \"precision\": \"" << (o.single ? "float" : "double") << "\",\n"
    << "  \"copy_bandwidth_gbs\": " << copy_gbs << ",\n"
    << "  \"timing\": {\"warmup\": " << o.timing.warmup_calls << ", \"batches\": " << o.timing.batches
    << ", \"min_batch_seconds\": " << o.timing.min_batch_seconds << ", \"rounds\": " << o.rounds << "},\n"
    << "  \"spec\": {\"path\": " << json_string(o.spec_path) << ", \"sha256\": " << json_string(spec_sha)
    << ", \"matrices\": " << matrices << "},\n"
    << "  \"methods\": " << listed << ",\n"
    << "  \"command\": " << json_string(o.command) << "\n"
    << "}\n";
  std::ofstream out(path);
  if (!out) throw Error("cannot write " + path);
  out << j.str();
  std::ofstream log(o.out_dir + "/sessions.txt", std::ios::app);
  log << utc_now() << " started, commit " << build_git_commit << ", " << dev.name << "\n";
}

Files::Files(const std::string& dir)
    : runtimes(dir + "/runtimes.csv",
               {"matrix", "kernel", "config", "time_s", "preprocessing_s", "gbs", "rel_error", "ok"}),
      features(dir + "/features.csv", {"matrix",
                                       "family",
                                       "rows",
                                       "cols",
                                       "nnz",
                                       "density",
                                       "mean",
                                       "min",
                                       "max",
                                       "var",
                                       "max_mu",
                                       "sqrt_mean",
                                       "cov",
                                       "dispersion",
                                       "mode",
                                       "median",
                                       "min_dist",
                                       "max_dist",
                                       "bandwidth",
                                       "density_min",
                                       "density_max",
                                       "density_mean",
                                       "density_var",
                                       "tpr_cusp_mean",
                                       "tpr_reguly_sqrt_mean",
                                       "tpr_kokkos_kernels",
                                       "auto_kernel",
                                       "time_row_stats_s",
                                       "time_row_histogram_s",
                                       "time_columns_s",
                                       "collection_time_s"}),
      blocks(dir + "/blocks.csv", {"matrix", "block", "row_begin", "row_end", "rows", "cols", "nnz", "density", "min",
                                   "max", "mean", "var", "max_mu", "sqrt_mean", "cov", "tpr", "time_s"}),
      failures(dir + "/failures.csv", {"matrix", "stage", "message"}),
      done(dir + "/done.txt", std::ios::app) {}

}  // namespace aspmv::collect
