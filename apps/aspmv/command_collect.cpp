// aspmv collect: the measurement collector over a corpus spec
// (perf/collect/collector.hpp; output format in docs/COLLECTOR_FORMAT.md).

#include "arg_reader.hpp"
#include "commands.hpp"

#include <collect/collector.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace aspmv::app {

const char* const collect_usage =
    "usage: aspmv collect --spec FILE --out DIR [options]\n"
    "  --spec FILE        corpus spec: one generated name or 'file PATH [-T]' per line\n"
    "  --out DIR          run folder (created; a folder with done.txt resumes)\n"
    "  --float            single precision (default double)\n"
    "  --rounds N         interleaved rounds per configuration (default 1)\n"
    "  --batches N        timed batches per configuration (default 5)\n"
    "  --min-batch-ms X   shortest batch (default 1 ms)\n"
    "  --blocks-every N   blockwise TpR samples from every N-th matrix of the spec (default 4; 0: none)\n"
    "  --methods K[,K]    measure only these kernel columns (run.json's method names, e.g. lrb,csr_vector),\n"
    "                     the others not even set up; run.json lists only these (default: every method)\n"
    "  --limit N          measure at most N matrices in this session\n"
    "  --time-limit S     start no new matrix after S seconds (then run again to resume)\n"
    "  --generator-threads N  host threads generating matrices ahead (default: all cores but two\n"
    "                     on GPUs, at a lower priority than the timing thread;\n"
    "                     0, generate in turn, on CPUs so generation does not disturb the timings)\n"
    "Output: docs/COLLECTOR_FORMAT.md; protocol: docs/METRICS.md.\n";

int command_collect(const Args& args) {
  collect::CollectOptions o;
  o.command = "aspmv collect";
  for (const auto& a : args) o.command += " " + a;
  ArgReader r(args, collect_usage);
  while (r.next()) {
    if (r.is("--spec"))
      o.spec_path = r.value();
    else if (r.is("--out"))
      o.out_dir = r.value();
    else if (r.is("--float"))
      o.single = true;
    else if (r.is("--rounds"))
      o.rounds = std::max(1, static_cast<int>(r.integer()));
    else if (r.is("--batches"))
      o.timing.batches = std::max(1, static_cast<int>(r.integer()));
    else if (r.is("--min-batch-ms"))
      o.timing.min_batch_seconds = r.real() * 1e-3;
    else if (r.is("--blocks-every"))
      o.blocks_every = std::max(0, static_cast<int>(r.integer()));
    else if (r.is("--methods")) {
      const std::string text = r.value();
      o.kernels = split_list(text);
      if (o.kernels.empty()) throw Error("--methods '" + text + "' names no method");
    } else if (r.is("--limit"))
      o.limit = static_cast<std::size_t>(std::max(0LL, r.integer()));
    else if (r.is("--time-limit"))
      o.time_limit = r.real();
    else if (r.is("--generator-threads"))
      o.threads = static_cast<int>(r.integer());
    else
      r.unknown();
  }
  if (o.spec_path.empty() || o.out_dir.empty())
    throw Error(std::string("--spec and --out are required\n") + collect_usage);
  // The collector joins file names with '/': "run/" would give "run//failures.csv".
  while (o.out_dir.size() > 1 && o.out_dir.back() == '/') o.out_dir.pop_back();
  return o.single ? collect::collect<float>(o) : collect::collect<double>(o);
}

}  // namespace aspmv::app
