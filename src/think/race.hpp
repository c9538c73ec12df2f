// The race meter: how many moves each player still needs to bring every piece home. A seat's
// figure is the length of a line the meter holds for it (race_line.hpp: its own pieces alone,
// the first move among every piece): in a game, the lines carried on from the positions before
// (carried_lines); where none is known, at a start the catalogue's best crossing (the par of
// solitaire), elsewhere the solitaire solver's (halma/solo/solver.hpp) for the seat's pieces
// alone. The solver works in a frame of its own for each seat (home camp at a1, of the two such
// frames the one whose board comes first), so positions that are the same up to the board's
// symmetry get the same figures; and within a fixed number of positions per seat, never a
// clock, so the same position always gets the same figures. No curses.
#pragma once

#include "halma.hpp"
#include "think/race_line.hpp"

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

// One seat's figure (moves to go, 0 once finished, or a RaceValue), the first move of the
// plan behind it (Move::none() when there is none) and, when known, the whole plan.
struct SeatRace {
    int figure = kRaceUnknown;
    Move first = Move::none();
    std::vector<Move> line; // the plan's moves, first first; empty when not known
};

// The meter's plan for seat's pieces in game's position: the shortest of known that can be
// played there (LineCheck::playable), or when there is none, the line of the position alone
// (a start's best crossing, or the solver's within nodes). Without known the figure depends
// on the position alone; with it, on how the game came there too (carried_lines).
[[nodiscard]] SeatRace race_plan(const Game& game, Seat seat, std::uint64_t nodes = kRaceNodes,
                                 const std::atomic<bool>* stop = nullptr,
                                 const KnownLines* known = nullptr);

// Every seat's plan, in seat order; empty for a puzzle. stop, when set, cuts the work short
// (the figures then read kRaceUnknown). known, when given, holds each seat's known lines.
[[nodiscard]] std::vector<SeatRace> race_plans(const Game& game, std::uint64_t nodes = kRaceNodes,
                                               const std::atomic<bool>* stop = nullptr,
                                               const std::vector<KnownLines>* known = nullptr);

// Each seat's estimated moves to finish (0 once finished), or a RaceValue; empty for a
// puzzle. stop, when set, cuts the work short (the estimates then read kRaceUnknown).
[[nodiscard]] std::vector<int> race_estimates(const Game& game, std::uint64_t nodes = kRaceNodes,
                                              const std::atomic<bool>* stop = nullptr);

} // namespace halma::think
