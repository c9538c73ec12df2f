// The game in a player's words, each said by one function, so that the panel, the status line
// and the exit messages say the same thing: the result, a solve against its par, a puzzle's
// introduction, a player. No curses here.
#pragma once

#include "halma.hpp"

#include <string>

namespace halma::play {

// "player 2": a seat as people number it.
[[nodiscard]] std::string player_words(Seat seat);

// How a game of Halma ended: "Player 1 wins", "Players 1 and 3 win", "Draw: the move limit
// is reached".
[[nodiscard]] std::string result_words(const Game& game);

// A solve against the puzzle's par: "on par", "2 over par", "1 under par!".
[[nodiscard]] std::string par_words(int par, int moves);

// "Solved in 18 moves", and with a par ", par 18 (on par)".
[[nodiscard]] std::string solved_words(const Puzzle& puzzle, int moves);

// What the opening line says about a puzzle: its title, par and move limit.
[[nodiscard]] std::string solo_intro(const Puzzle& puzzle);

// Text with its first letter in upper case, to open a sentence.
[[nodiscard]] std::string capitalised(std::string text);

} // namespace halma::play
