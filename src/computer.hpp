// Who plays for the computer: the AI in a game of Halma, the solitaire solver in a puzzle.
// The protocol's genmove and hint and the front end's AI seats and hints all come here.
#pragma once

#include "halma.hpp"
#include "halma/ai/limits.hpp"

namespace halma {

// The move the computer would play for the player to move: the AI's choice within limits
// (its level, movetime, seed and stop flag), or in a puzzle the first move of the best
// solution the solver finds within movetime (Move::none() when the game is over; in a
// game of Halma Move::pass() when the player must pass).
[[nodiscard]] Move computer_move(const Game& game, const ai::Limits& limits);

} // namespace halma
