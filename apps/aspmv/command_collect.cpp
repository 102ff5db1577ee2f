// aspmv collect: the measurement collector over a corpus spec
// (perf/collect/collector.hpp; output format in docs/COLLECTOR_FORMAT.md).

#include "commands.hpp"

#include <collect/collector.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace aspmv::app {

namespace {
const char* const collect_usage =
    "usage: aspmv collect --spec FILE --out DIR [options]\n"
    "  --spec FILE        corpus spec: one generated name or 'file PATH [-T]' per line\n"
    "  --out DIR          run folder (created; a folder with done.txt resumes)\n"
    "  --float            single precision (default double)\n"
    "  --rounds N         interleaved rounds per configuration (default 1)\n"
    "  --batches N        timed batches per configuration (default 5)\n"
    "  --min-batch-ms X   shortest batch (default 1 ms)\n"
    "  --blocks-every N   blockwise TpR samples from every N-th matrix of the spec (default 4; 0: none)\n"
    "  --limit N          measure at most N matrices in this session\n"
    "  --time-limit S     start no new matrix after S seconds (then run again to resume)\n"
    "  --generator-threads N  host threads generating matrices ahead (default: all cores on GPUs;\n"
    "                     0, generate in turn, on CPUs so generation does not disturb the timings)\n";
}  // namespace

int command_collect(const Args& args) {
  collect::CollectOptions o;
  o.command = "aspmv collect";
  for (const auto& a : args) o.command += " " + a;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const auto& a = args[i];
    auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw Error("option " + a + " needs a value");
      return args[++i];
    };
    if (a == "--spec") o.spec_path = value();
    else if (a == "--out") o.out_dir = value();
    else if (a == "--float") o.single = true;
    else if (a == "--rounds") o.rounds = std::max(1, std::stoi(value()));
    else if (a == "--batches") o.timing.batches = std::max(1, std::stoi(value()));
    else if (a == "--min-batch-ms") o.timing.min_batch_seconds = std::stod(value()) * 1e-3;
    else if (a == "--blocks-every") o.blocks_every = std::max(0, std::stoi(value()));
    else if (a == "--limit") o.limit = static_cast<std::size_t>(std::stoll(value()));
    else if (a == "--time-limit") o.time_limit = std::stod(value());
    else if (a == "--generator-threads") o.threads = std::stoi(value());
    else if (a == "-h" || a == "--help") {
      std::fputs(collect_usage, stdout);
      return 0;
    } else
      throw Error("unknown option '" + a + "'\n" + collect_usage);
  }
  if (o.spec_path.empty() || o.out_dir.empty()) throw Error(std::string("--spec and --out are required\n") + collect_usage);
  return o.single ? collect::collect<float>(o) : collect::collect<double>(o);
}

}  // namespace aspmv::app
