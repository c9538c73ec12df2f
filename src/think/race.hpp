// The race meter: how many moves each player still needs to bring every piece home, as the
// AI's own race planner (halma/ai/race.hpp) estimates it: the shortest line home it finds for
// the player's pieces alone, every other piece standing still and opponents in the target
// camp counted on to leave. The planner works within a fixed number of positions per player,
// so the same position always gets the same numbers. No curses here.
#pragma once

#include "halma.hpp"

#include <atomic>
#include <cstdint>
#include <vector>

namespace halma::think {

// The positions the planner may make for one player's estimate.
inline constexpr std::uint64_t kRaceNodes = 100000;

// What the meter says of one player.
enum RaceValue : int {
    kRaceUnknown = -1, // no line home found within the budget (or stopped)
    kRaceOut = -2,     // dropped out
};

// What the planner says of one seat: its moves to finish (0 once finished) or a RaceValue,
// and the first move of its line home (none when there is no line).
struct RaceLine {
    int moves = kRaceUnknown;
    Move first;
};

// Each seat's line as the meter plans it; empty for a puzzle. stop, when set, cuts the work
// short (the lines then read kRaceUnknown).
[[nodiscard]] std::vector<RaceLine> race_lines(const Game& game, std::uint64_t nodes = kRaceNodes,
                                               const std::atomic<bool>* stop = nullptr);

// Each seat's estimated moves to finish (0 once finished), or a RaceValue: race_lines' moves.
[[nodiscard]] std::vector<int> race_estimates(const Game& game, std::uint64_t nodes = kRaceNodes,
                                              const std::atomic<bool>* stop = nullptr);

} // namespace halma::think
