// Looking back at a game: its moves listed as the panel shows them, and a review that steps
// through them one at a time, each position with the path of the move that led to it, from
// which a new game can go on. A review is made from any Game (one played here, a record read
// from a file, an archived game), so every screen that looks back uses this one. No curses.
#pragma once

#include "halma.hpp"

#include <string>
#include <vector>

namespace halma::review {

// Moves as the panel lists them, oldest first ("12. e4-g6": the mover's own move count), and
// who made each; first is the index in the game of the first one listed.
struct MoveList {
    std::vector<std::string> lines;
    std::vector<Seat> movers;
    std::size_t first = 0;
};

// The last `keep` moves of a game (every move when keep is 0), listed.
[[nodiscard]] MoveList move_list(const Game& game, std::size_t keep = 0);

// The landings of the game's last move, its start first (empty before the first move).
[[nodiscard]] std::vector<Square> last_path(const Game& game);

// A game looked back at, move by move.
class Review {
  public:
    // Reviews the whole of game, starting at its end.
    explicit Review(const Game& game);

    // The moves of the game (every player's counted) and how many are shown played.
    [[nodiscard]] int plies() const noexcept { return static_cast<int>(whole_.ply()); }
    [[nodiscard]] int at() const noexcept { return static_cast<int>(here_.ply()); }
    // Shows the position after `ply` moves (kept within the game); steps by delta moves.
    void go_to(int ply);
    void step(int delta) { go_to(at() + delta); }

    // The game as it stood after at() moves, and the landings of the move that led there.
    [[nodiscard]] const Game& here() const noexcept { return here_; }
    [[nodiscard]] std::vector<Square> path() const { return last_path(here_); }
    // Every move of the game, listed.
    [[nodiscard]] const MoveList& moves() const noexcept { return moves_; }
    // Where the review stands: "move 7 of 12", "the start (12 moves)".
    [[nodiscard]] std::string where_words() const;

    // The game as it stood after at() moves, to play on from: the moves after it are kept
    // to be redone (Game::redo), as undo keeps them.
    [[nodiscard]] Game play_on() const;

  private:
    Game whole_;
    Game here_;
    MoveList moves_;
};

} // namespace halma::review
