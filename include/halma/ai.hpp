// The AI's public face: choose a move for the player to move of a game.
//
// Levels (any level plays a win in one when there is one; ai/levels.hpp has each one's
// settings):
//  1 a beginner: one of its own moves ahead (two on the small boards), its own pieces only,
//    at random among the forward moves nearly as good as its best, now and then any forward
//    move;
//  2 the best move one layer deep by the full evaluation (both sides), a little seeded
//    variety between equal moves;
//  3 a search three layers deep (own move, best reply, own move) within a node budget, so
//    a seed repeats its games; time is only a safety cap;
//  4 iterative deepening within a third of movetime;
//  5 iterative deepening for all of movetime; in 2-player games, while the sides are apart
//    (the opening, and the race home once they have passed), a plan of every move home.
// With Limits::repeatable (a seed given) the levels that think by the clock think by the
// node budget that stands for it instead, and a seed repeats its game on a busy machine.
// The search is in ai/search.hpp, the evaluation in ai/eval.hpp, the race planner in
// ai/race.hpp.
#pragma once

#include "halma/ai/eval.hpp"
#include "halma/ai/levels.hpp"
#include "halma/ai/limits.hpp"
#include "halma/ai/search.hpp"
#include "halma/game.hpp"

namespace halma::ai {

// Chooses a legal move for the player to move (Move::pass() when it must pass).
// The game must not be over. A caller that keeps a Searcher between moves keeps what it
// learned; this one-shot form starts afresh, and its movetime counts the making of the
// searcher too: the first moves of a process fault in its few MB of tables.
[[nodiscard]] inline Move choose_move(const Game& game, const Limits& limits) {
    const Searcher::Clock::time_point asked = Searcher::Clock::now();
    auto searcher = std::make_unique<Searcher>();
    return searcher->choose(game, limits, asked);
}

} // namespace halma::ai
