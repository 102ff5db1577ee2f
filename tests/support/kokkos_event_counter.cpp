#include "support/kokkos_event_counter.hpp"

#include <cstring>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace aspmv::testing {

namespace {

namespace tools = Kokkos::Tools::Experimental;

// The hooks are plain function pointers: they reach the live counter's
// events through this, guarded by the mutex (OpenMP code may call Kokkos
// from several threads).
std::mutex counter_mutex;
KokkosEvents* live_events = nullptr;

void record(EventLog KokkosEvents::*log, std::string label) {
  const std::lock_guard<std::mutex> lock(counter_mutex);
  if (live_events != nullptr) ((*live_events).*log).add(std::move(label));
}

std::string space_name(const Kokkos::Tools::SpaceHandle& space) {
  return std::string(space.name, strnlen(space.name, sizeof(space.name)));
}

// Unmanaged views and Kokkos' internal buffers may have no label.
std::string label_or_none(const char* label) { return label && *label ? label : "(no label)"; }

std::string memory_label(const Kokkos::Tools::SpaceHandle& space, const char* label, std::uint64_t bytes) {
  return label_or_none(label) + " in " + space_name(space) + ", " + std::to_string(bytes) + " bytes";
}

void on_allocate(Kokkos::Tools::SpaceHandle space, const char* label, const void*, std::uint64_t bytes) {
  record(&KokkosEvents::allocations, memory_label(space, label, bytes));
}

void on_deallocate(Kokkos::Tools::SpaceHandle space, const char* label, const void*, std::uint64_t bytes) {
  record(&KokkosEvents::deallocations, memory_label(space, label, bytes));
}

void on_deep_copy(Kokkos::Tools::SpaceHandle dst_space, const char* dst_label, const void*,
                  Kokkos::Tools::SpaceHandle src_space, const char* src_label, const void*, std::uint64_t bytes) {
  record(&KokkosEvents::deep_copies, label_or_none(dst_label) + " (" + space_name(dst_space) + ") <- " +
                                         label_or_none(src_label) + " (" + space_name(src_space) + "), " +
                                         std::to_string(bytes) + " bytes");
}

void on_fence(const char* name, std::uint32_t, std::uint64_t* handle) {
  *handle = 0;
  record(&KokkosEvents::fences, label_or_none(name));
}

void on_parallel_for(const char* name, std::uint32_t, std::uint64_t* kernel_id) {
  *kernel_id = 0;
  record(&KokkosEvents::parallel_fors, label_or_none(name));
}

void on_parallel_reduce(const char* name, std::uint32_t, std::uint64_t* kernel_id) {
  *kernel_id = 0;
  record(&KokkosEvents::parallel_reduces, label_or_none(name));
}

void on_parallel_scan(const char* name, std::uint32_t, std::uint64_t* kernel_id) {
  *kernel_id = 0;
  record(&KokkosEvents::parallel_scans, label_or_none(name));
}

void on_push_region(const char* name) { record(&KokkosEvents::regions, label_or_none(name)); }

}  // namespace

void EventLog::add(std::string label) {
  ++count;
  labels.push_back(std::move(label));
}

EventLog& EventLog::operator+=(const EventLog& other) {
  count += other.count;
  labels.insert(labels.end(), other.labels.begin(), other.labels.end());
  return *this;
}

std::string EventLog::describe() const {
  std::vector<std::pair<std::string, int>> distinct;  // first-seen order
  for (const auto& l : labels) {
    bool seen = false;
    for (auto& d : distinct)
      if (d.first == l) {
        ++d.second;
        seen = true;
        break;
      }
    if (!seen) distinct.emplace_back(l, 1);
  }
  std::ostringstream s;
  s << count;
  const char* sep = ": ";
  for (const auto& d : distinct) {
    s << sep << d.first;
    if (d.second > 1) s << " (x" << d.second << ")";
    sep = ", ";
  }
  return s.str();
}

KokkosEvents& KokkosEvents::operator+=(const KokkosEvents& other) {
  allocations += other.allocations;
  deallocations += other.deallocations;
  deep_copies += other.deep_copies;
  fences += other.fences;
  parallel_fors += other.parallel_fors;
  parallel_reduces += other.parallel_reduces;
  parallel_scans += other.parallel_scans;
  regions += other.regions;
  return *this;
}

std::string KokkosEvents::describe() const {
  std::ostringstream s;
  s << "allocations " << allocations.describe() << "\n"
    << "deallocations " << deallocations.describe() << "\n"
    << "deep copies " << deep_copies.describe() << "\n"
    << "fences " << fences.describe() << "\n"
    << "parallel_reduce " << parallel_reduces.describe() << "\n"
    << "parallel_scan " << parallel_scans.describe() << "\n"
    << "parallel_for " << parallel_fors.describe() << "\n"
    << "regions " << regions.describe();
  return s.str();
}

KokkosEventCounter::KokkosEventCounter() {
  const std::lock_guard<std::mutex> lock(counter_mutex);
  if (live_events != nullptr) throw std::logic_error("KokkosEventCounter: another counter is already installed");
  previous_ = tools::get_callbacks();
  // Start from no hooks at all (a loaded tool's end hooks would otherwise see
  // ends without begins), then install ours.
  tools::EventSet none;
  std::memset(&none, 0, sizeof(none));
  tools::set_callbacks(none);
  tools::set_allocate_data_callback(on_allocate);
  tools::set_deallocate_data_callback(on_deallocate);
  tools::set_begin_deep_copy_callback(on_deep_copy);
  tools::set_begin_fence_callback(on_fence);
  tools::set_begin_parallel_for_callback(on_parallel_for);
  tools::set_begin_parallel_reduce_callback(on_parallel_reduce);
  tools::set_begin_parallel_scan_callback(on_parallel_scan);
  tools::set_push_region_callback(on_push_region);
  live_events = &events_;
}

KokkosEventCounter::~KokkosEventCounter() {
  const std::lock_guard<std::mutex> lock(counter_mutex);
  tools::set_callbacks(previous_);
  live_events = nullptr;
}

KokkosEvents KokkosEventCounter::events() const {
  const std::lock_guard<std::mutex> lock(counter_mutex);
  return events_;
}

void KokkosEventCounter::reset() {
  const std::lock_guard<std::mutex> lock(counter_mutex);
  events_ = KokkosEvents{};
}

}  // namespace aspmv::testing
