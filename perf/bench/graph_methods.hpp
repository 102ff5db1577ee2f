#pragma once
// `aspmv bench --graphs`: every method again as "<name>@graph", its call
// captured once (at its first call, the result check) by
// backends::Graph<Space> and replayed -- aspmv's plans and the comparators
// alike, so that both sides of a comparison pay one graph launch a call. A
// method whose call cannot be captured (or a space without graphs) reports
// the reason as its error and is not timed: a twin never runs uncaptured.

#include "methods.hpp"

#include <aspmv/error.hpp>
#include <backends/graph.hpp>

#include <memory>
#include <vector>

namespace aspmv::bench {

template <class Space>
void add_graph_twins(const Space& exec, std::vector<Method>& methods) {
  const std::size_t n = methods.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (!methods[i].setup_error.empty()) continue;
    Method g = methods[i];
    g.name += "@graph";
    g.detail += " [captured once, replayed as a graph]";
    g.groups.clear();
    g.call_group = nullptr;
    auto graph = std::make_shared<std::unique_ptr<backends::Graph<Space>>>();
    const auto call = methods[i].call;
    g.call = [graph, call, exec] {
      if (!*graph) {
        *graph = std::make_unique<backends::Graph<Space>>(exec, [call](const Space&) { call(); });
        if (!(*graph)->captured()) throw Error("not replayed as a graph: " + (*graph)->why());
      }
      (*graph)->launch(exec);
    };
    methods.push_back(std::move(g));
  }
}

}  // namespace aspmv::bench
