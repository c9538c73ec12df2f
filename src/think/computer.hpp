// Who plays for the computer: the AI in a game of Halma, the solitaire solver in a puzzle.
// The protocol's genmove and hint and the front end's AI seats and hints all come here.
#pragma once

#include "halma.hpp"
#include "halma/ai/limits.hpp"
#include "halma/solo/solver.hpp"

namespace halma::think {

// The move the computer would play for the player to move, with what is known about it: the
// AI's choice within limits (its level, movetime, seed and stop flag), or in a puzzle the
// solver's hint within movetime, which says whether the move starts a line found to reach the
// goal and, when the goal is proved out of reach, why. The move is Move::none() when the game
// is over, and in a game of Halma Move::pass() when the player must pass.
[[nodiscard]] solo::Hint computer_hint(const Game& game, const ai::Limits& limits);

// computer_hint()'s move alone.
[[nodiscard]] inline Move computer_move(const Game& game, const ai::Limits& limits) {
    return computer_hint(game, limits).move;
}

} // namespace halma::think
