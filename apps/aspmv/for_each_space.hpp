#pragma once
// Calls f(Space{}) for every execution space this build enables.

#include <backends/traits.hpp>

#include <tuple>

namespace aspmv::app {

template <class F, class... S>
void for_each_space_impl(F&& f, std::tuple<S...>*) {
  (f(S{}), ...);
}

template <class F>
void for_each_space(F&& f) {
  for_each_space_impl(f, static_cast<backends::EnabledExecutionSpaces*>(nullptr));
}

}  // namespace aspmv::app
