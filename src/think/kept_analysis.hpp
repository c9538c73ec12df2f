// A game's analysis kept with its record, so that a game reviewed once shows its analysis at
// once when it is opened again. The lines are comments at the record's end, which every
// reader of records passes over:
//
//     # analysis race1-2000000-64df5b 9f3c0a1b2c3d4e5f
//     # judged 0 56 56 c3-d4
//     # judged 1 55 56 n14-m13
//     ...
//
// The first line names the planner that made it (its version, its positions per seat and a
// check of its answers at the 8x8 start: a changed planner judges again) and the game it is
// of (a hash of the record's rules, start, moves and result). Then one line per
// position, in order from the start: its number, each seat's moves to go (a number, "-" when
// none was found, "out" for a seat that dropped out) and the planner's best move there for
// the player to move, chain spelled out ("-" for none). A kept analysis is used only whole:
// every position there once, every figure a number in range, every best move legal. No curses.
#pragma once

#include "think/analysis.hpp"

#include <string>
#include <string_view>

namespace halma::think {

// The word that names the planner: raise kPlannerVersion (kept_analysis.cpp) when race.cpp
// or the solver it calls comes to other figures or moves for a position.
[[nodiscard]] std::string planner_word();

// Which game a record is of, in 16 hexadecimal digits: a hash of its rules (or puzzle),
// start, moves and result, as written.
[[nodiscard]] std::string game_key(const Game& game);

// The lines keeping a complete analysis of game; "" while it is not complete.
[[nodiscard]] std::string analysis_comments(const Game& game, const Analysis& a);

// record with its kept analysis lines left out (to put new ones in their place).
[[nodiscard]] std::string without_analysis(std::string_view record);

// What a record's kept analysis came to.
enum class Kept {
    None,    // the record keeps none
    Used,    // it is this game's, by this planner: out holds it
    Stale,   // made by another planner, or for another game
    Damaged, // a line is wrong
};

struct KeptRead {
    Kept kept = Kept::None;
    std::string why; // for Stale and Damaged: what to tell the player
};

// Reads the analysis a record keeps for game (the game the record holds) into out, which
// changes only when it is used.
[[nodiscard]] KeptRead read_kept_analysis(std::string_view record, const Game& game, Analysis& out);

} // namespace halma::think
