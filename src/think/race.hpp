// The race meter: how many moves each player still needs to bring every piece home, as the
// solitaire solver (halma/solo/solver.hpp) finds it: the shortest crossing it finds for the
// player's pieces alone, every other piece standing still and others' pieces in the target
// camp counted on to leave. The solver works in a frame of its own for each seat (home camp
// at a1, of the two such frames the one whose board comes first), so positions that are the
// same up to the board's symmetry get the same figures; and within a fixed number of
// positions per seat, never a clock, so the same position always gets the same figures
// (analysis.hpp prices a game's moves by them). No curses.
#pragma once

#include "halma.hpp"

#include <atomic>
#include <cstdint>
#include <vector>

namespace halma::think {

// The positions the solver may make for one seat's figure.
inline constexpr std::uint64_t kRaceNodes = 2000000;

// What the meter says of one player.
enum RaceValue : int {
    kRaceUnknown = -1, // no line home found within the budget (or stopped)
    kRaceOut = -2,     // dropped out
};

// One seat's figure (moves to go, 0 once finished, or a RaceValue) and the first move of the
// plan behind it (Move::none() when there is none).
struct SeatRace {
    int figure = kRaceUnknown;
    Move first = Move::none();
};

// The meter's plan for seat's pieces in game's position.
[[nodiscard]] SeatRace race_plan(const Game& game, Seat seat, std::uint64_t nodes = kRaceNodes,
                                 const std::atomic<bool>* stop = nullptr);

// Every seat's plan, in seat order; empty for a puzzle. stop, when set, cuts the work short
// (the figures then read kRaceUnknown).
[[nodiscard]] std::vector<SeatRace> race_plans(const Game& game, std::uint64_t nodes = kRaceNodes,
                                               const std::atomic<bool>* stop = nullptr);

// Each seat's estimated moves to finish (0 once finished), or a RaceValue; empty for a
// puzzle. stop, when set, cuts the work short (the estimates then read kRaceUnknown).
[[nodiscard]] std::vector<int> race_estimates(const Game& game, std::uint64_t nodes = kRaceNodes,
                                              const std::atomic<bool>* stop = nullptr);

} // namespace halma::think
