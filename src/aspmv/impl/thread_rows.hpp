#pragma once
// Which rows a thread of a row-per-thread team launch takes.

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::impl {

struct RowRange {
  std::int64_t first, last;
};

// The rows [first, last) of thread `team_rank` of team `league_rank` when a
// team's threads take rows_per_thread consecutive rows each, rows_per_team
// threads a team, and the league covers rows 0 .. num_rows - 1 once
// (teams_to_cover).
KOKKOS_INLINE_FUNCTION RowRange thread_rows(std::int64_t league_rank, std::int64_t team_rank,
                                            std::int64_t rows_per_team, std::int64_t rows_per_thread,
                                            std::int64_t num_rows) {
  const std::int64_t first = (league_rank * rows_per_team + team_rank) * rows_per_thread;
  return {first, first + rows_per_thread < num_rows ? first + rows_per_thread : num_rows};
}

// The same for the calling thread.
template <class Member>
KOKKOS_INLINE_FUNCTION RowRange thread_rows(const Member& team, std::int64_t rows_per_team,
                                            std::int64_t rows_per_thread, std::int64_t num_rows) {
  return thread_rows(team.league_rank(), team.team_rank(), rows_per_team, rows_per_thread, num_rows);
}

}  // namespace aspmv::impl
