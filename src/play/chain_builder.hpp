// Building a move square by square, as a player does with the cursor: choose a piece, hop
// by hop along a chain (or straight to a chain's end), take hops back, end or cancel.
// It knows nothing of the screen; the front end shows what it marks.
#pragma once

#include "halma.hpp"

#include <string>
#include <vector>

namespace halma::play {

// What choosing a square did.
enum class ChooseKind {
    Selected,   // a piece is now selected
    Deselected, // the selection was dropped
    Hopped,     // the chain being built went one hop further
    Played,     // the move is complete: play `move` (its landings are in `path`)
    Refused,    // nothing changed; `message` says why
};

struct ChooseResult {
    ChooseKind kind = ChooseKind::Refused;
    Move move = Move::none();
    std::vector<int> path; // landings of the finished move, start and end included
    std::string message;   // why a choice was refused, or a note
};

// The move being built by the player to move of a game (or puzzle).
class ChainBuilder {
  public:
    // Whether a piece is selected.
    [[nodiscard]] bool active() const noexcept { return !path_.empty(); }
    // The selected piece's square, and where the chain has reached (kNoSquare when idle).
    [[nodiscard]] int origin() const noexcept { return path_.empty() ? kNoSquare : path_.front(); }
    [[nodiscard]] int at() const noexcept { return path_.empty() ? kNoSquare : path_.back(); }
    // The landings so far, the piece's square first.
    [[nodiscard]] const std::vector<int>& path() const noexcept { return path_; }

    // Drops the selection and any hops.
    void clear() noexcept { path_.clear(); }

    // Chooses a square: selects, hops, ends, plays or refuses (see ChooseKind).
    [[nodiscard]] ChooseResult choose(const Game& game, int sq);

    // Takes back the last hop, or drops a bare selection; false when nothing was selected.
    bool back() noexcept;

    // The squares one step or hop away from where the chain stands.
    [[nodiscard]] Bitboard next_marks(const Game& game) const;

    // Every square where a move continuing from here may legally end.
    [[nodiscard]] Bitboard end_marks(const Game& game) const;

  private:
    // A step, a hop, or the end of a chain further on, from where the chain stands.
    [[nodiscard]] ChooseResult go_on(const Game& game, int sq);
    // The finished move along path; the builder starts afresh.
    [[nodiscard]] ChooseResult played(std::vector<int> path);

    std::vector<int> path_;
};

// The spelled-out notation of a list of squares: "e4-g6-g8".
[[nodiscard]] std::string path_name(const std::vector<int>& path);

} // namespace halma::play
