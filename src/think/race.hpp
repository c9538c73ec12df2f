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

// One seat's figure (moves to go, 0 once finished, or a RaceValue), the first move of the
// plan behind it (Move::none() when there is none) and, when known, the whole plan.
struct SeatRace {
    int figure = kRaceUnknown;
    Move first = Move::none();
    std::vector<Move> line; // the plan's moves, first first; empty when not known
};

// Lines a seat may follow from a position: plans carried on from an earlier position, to be
// checked by race_plan (an illegal one is ignored).
using KnownLines = std::vector<std::vector<Move>>;

// The meter's plan for seat's pieces in game's position: the solver's, or the shortest of
// known that is legal there if it is shorter. Without known the figure depends on the
// position alone; with it, on how the game came there too (the analysis of a game, which
// carries each plan on from one position to the next).
[[nodiscard]] SeatRace race_plan(const Game& game, Seat seat, std::uint64_t nodes = kRaceNodes,
                                 const std::atomic<bool>* stop = nullptr,
                                 const KnownLines* known = nullptr);

// Every seat's plan, in seat order; empty for a puzzle. stop, when set, cuts the work short
// (the figures then read kRaceUnknown). known, when given, holds each seat's known lines.
[[nodiscard]] std::vector<SeatRace> race_plans(const Game& game, std::uint64_t nodes = kRaceNodes,
                                               const std::atomic<bool>* stop = nullptr,
                                               const std::vector<KnownLines>* known = nullptr);

// A seat's plan carried on past one move of the game (by the seat or another): the lines that
// may still take it home, at most one move longer. Another's move leaves the plan as it is.
// The seat's own move: the plan's rest when it was the plan's move, or with that move taken
// out when the plan makes it later, or with the plan's first move of the piece made from
// where it now stands, or the move taken back and then the plan.
[[nodiscard]] KnownLines carried_lines(const KnownLines& lines, Seat seat, Seat mover, Move played);

// Each seat's estimated moves to finish (0 once finished), or a RaceValue; empty for a
// puzzle. stop, when set, cuts the work short (the estimates then read kRaceUnknown).
[[nodiscard]] std::vector<int> race_estimates(const Game& game, std::uint64_t nodes = kRaceNodes,
                                              const std::atomic<bool>* stop = nullptr);

} // namespace halma::think
