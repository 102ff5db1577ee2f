#pragma once
// A list in team scratch that any thread of a team may push to: the
// kernels that leave work for the whole team (CSR-vector-team's long rows,
// COO's long runs of carries) list it during their thread-parallel pass and
// take it up after a barrier. Pushes go through an atomic count in scratch,
// so the list's order varies from run to run: what a team does with an
// entry must not depend on where it stands.
//
//   TeamList<Member> list(team, capacity);   // every thread
//   list.clear(team);                        // every thread (a barrier)
//   ... list.push(v) ...                     // any thread, at most capacity times
//   team.team_barrier();
//   for (int i = 0; i < list.size(); ++i) ... list[i] ...

#include <Kokkos_Core.hpp>

#include <cstddef>
#include <cstdint>

namespace aspmv::impl {

template <class Member>
class TeamList {
  using ScratchSpace = typename Member::scratch_memory_space;
  using Count = Kokkos::View<int*, ScratchSpace, Kokkos::MemoryUnmanaged>;
  using Items = Kokkos::View<std::int64_t*, ScratchSpace, Kokkos::MemoryUnmanaged>;

 public:
  // Team scratch (level 0) of a list of `capacity` entries.
  static std::size_t scratch_bytes(std::size_t capacity) { return Count::shmem_size(1) + Items::shmem_size(capacity); }

  // The list's place in the team's level-0 scratch (every thread, first).
  KOKKOS_INLINE_FUNCTION TeamList(const Member& team, std::size_t capacity)
      : count_(team.team_scratch(0), 1), items_(team.team_scratch(0), capacity) {}

  KOKKOS_INLINE_FUNCTION void clear(const Member& team) const {
    Kokkos::single(Kokkos::PerTeam(team), [&]() { count_(0) = 0; });
    team.team_barrier();
  }
  KOKKOS_INLINE_FUNCTION void push(std::int64_t v) const { items_(Kokkos::atomic_fetch_add(&count_(0), 1)) = v; }
  KOKKOS_INLINE_FUNCTION int size() const { return count_(0); }
  KOKKOS_INLINE_FUNCTION std::int64_t operator[](int i) const { return items_(i); }

 private:
  Count count_;
  Items items_;
};

}  // namespace aspmv::impl
