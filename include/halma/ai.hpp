// The AI's public face: choose a move for the player to move of a game.
//
// Levels: 1 a beginner (one move ahead, ground gained only, at random among the moves that
// gain); 2 the best move one layer deep by the full evaluation; 3 a search three layers deep
// within a node budget (repeatable: time is only a safety cap); 4 a search deepening within a
// third of movetime; 5 deepening for all of movetime. See ai/search.hpp and ai/eval.hpp.
#pragma once

#include "halma/ai/eval.hpp"
#include "halma/ai/limits.hpp"
#include "halma/ai/search.hpp"
#include "halma/game.hpp"

namespace halma::ai {

// Chooses a legal move for the player to move (Move::pass() when it must pass).
// The game must not be over. A caller that keeps a Searcher between moves keeps what it
// learned; this one-shot form starts afresh.
[[nodiscard]] inline Move choose_move(const Game& game, const Limits& limits) {
    auto searcher = std::make_unique<Searcher>();
    return searcher->choose(game, limits);
}

} // namespace halma::ai
