// The game in a player's words, each said by one function, so that the panel, the status line,
// the game-over box and the exit messages say the same thing: who a seat is to the person
// here, the result and the rule that ended the game, where a player goes, the leave-home
// deadline drawing near, a solve against its par, a puzzle's introduction. No curses here.
#pragma once

#include "halma.hpp"

#include <string>
#include <vector>

namespace halma::play {

// "player 2": a seat as people number it.
[[nodiscard]] std::string player_words(Seat seat);

// A seat to the person here: "you" for the seat played at this terminal (you: that seat, or
// kNoSeat when there is none or several are), else "player 2".
[[nodiscard]] std::string who_words(Seat seat, Seat you);

// Words joined as a list: "a", "a and b", "a, b and c".
[[nodiscard]] std::string list_words(const std::vector<std::string>& words);

// How a game of Halma ended, to the person at seat you: "You win", "You lose: player 2 wins",
// "You and player 3 win"; with no seat of theirs "Player 1 wins", "Players 1 and 3 win";
// "Draw: the move limit is reached", "Draw agreed", "Aborted: not every player had moved".
[[nodiscard]] std::string result_words(const Game& game, Seat you = kNoSeat);

// The words that name a corner say where it is on the screen: turns is how the board is
// turned there (settings/display.hpp), 0 for a1 at the bottom left.

// The rule that ended a game of Halma and how: "Player 1 still had 2 pieces at home after
// move 30 (the leave-home rule)", "Player 2 went back home with move 33: none may stand there
// from move 30 on (the leave-home rule)", "You filled the camp at the top right (p16)", with, under
// the fill rule, the rule in words and an opponent's piece left in the camp said to count
// ("...: under spoil=fill a camp full of pieces wins, and your piece left there (g7) counts");
// off the board "Player 1
// resigned", "Player 2 ran out of time", "Player 1 left and the game was claimed".
[[nodiscard]] std::string ending_words(const Game& game, Seat you = kNoSeat, int turns = 0);

// Where a corner of the board is on the screen: "top right".
[[nodiscard]] std::string corner_words(Corner corner, int turns = 0);

// Where player p of a game of Halma goes: "the camp at the top right (p16)"; the corner
// square is the far corner of the camp.
[[nodiscard]] std::string target_words(const Game& game, Seat p, int turns = 0);

// Where the person at seat you goes, in a sentence for the start of a game: "You are
// player 1: bring your 19 pieces to the camp at the top right (p16)". glyph is how the
// screen shows the seat's pieces, put after "You are".
[[nodiscard]] std::string orientation_words(const Game& game, Seat you, const std::string& glyph,
                                            int turns = 0);

// The leave-home deadline drawing near for player p: its pieces still at home and the moves
// it has left to bring them out, counting the deadline's own move. Both 0 when there is no
// deadline, it is more than kHomeWarningMoves moves away, or nothing is left at home.
struct HomeWarning {
    int pieces = 0;
    int moves_left = 0;
};
inline constexpr int kHomeWarningMoves = 10;
[[nodiscard]] HomeWarning home_warning(const Game& game, Seat p);

// A solve against the puzzle's par: "on par", "2 over par", "1 under par!".
[[nodiscard]] std::string par_words(int par, int moves);

// "Solved in 18 moves", and with a par ", par 18 (on par)".
[[nodiscard]] std::string solved_words(const Puzzle& puzzle, int moves);

// What the opening line says about a puzzle: its title, par and move limit. Without the
// title on the status line, where the panel beside the board shows it whole.
[[nodiscard]] std::string solo_intro(const Puzzle& puzzle, bool title = true);

// "1 piece", "2 pieces": a count and its noun, singular or plural.
[[nodiscard]] std::string count_words(int n, const std::string& one, const std::string& many);

// Text with its first letter in upper case, to open a sentence.
[[nodiscard]] std::string capitalised(std::string text);

} // namespace halma::play
