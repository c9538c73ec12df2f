// A position: where every piece stands and who is to move.
//
// Two views are kept: one bitboard per player (plus their union) for fast set
// arithmetic, and a square-indexed array for "who is on this square". is_ok()
// checks that they and the incremental Zobrist hash agree.
#pragma once

#include "halma/bitboard.hpp"
#include "halma/geometry.hpp"
#include "halma/move.hpp"
#include "halma/zobrist.hpp"

#include <array>
#include <cstdint>

namespace halma {

constexpr std::int8_t kEmpty = -1;

class Position {
  public:
    // An empty board of the given size (8, 10 or 16) with player 0 to move.
    explicit Position(int size = 16) : geo_(&geometry(size)) {
        board_.fill(kEmpty);
        hash_ = kZobrist.to_move[0];
    }

    [[nodiscard]] int size() const noexcept { return geo_->size; }
    [[nodiscard]] const Geometry& geo() const noexcept { return *geo_; }
    [[nodiscard]] int to_move() const noexcept { return to_move_; }
    [[nodiscard]] std::uint64_t hash() const noexcept { return hash_; }

    // The player whose piece stands on sq, or kEmpty.
    [[nodiscard]] int at(int sq) const noexcept { return board_[sq]; }
    [[nodiscard]] const Bitboard& pieces(int p) const noexcept { return pieces_[p]; }
    [[nodiscard]] const Bitboard& occupied() const noexcept { return occupied_; }
    // The empty squares of the board.
    [[nodiscard]] Bitboard empty_squares() const noexcept { return geo_->on_board & ~occupied_; }

    // Hands the turn to player p.
    void set_to_move(int p) noexcept {
        hash_ ^= kZobrist.to_move[to_move_] ^ kZobrist.to_move[p];
        to_move_ = static_cast<std::int8_t>(p);
    }

    // Puts a piece of player p on the empty square sq.
    void put(int sq, int p) noexcept {
        board_[sq] = static_cast<std::int8_t>(p);
        pieces_[p].set(sq);
        occupied_.set(sq);
        hash_ ^= kZobrist.piece[p][sq];
    }

    // Takes the piece off square sq.
    void remove(int sq) noexcept {
        int p = board_[sq];
        board_[sq] = kEmpty;
        pieces_[p].reset(sq);
        occupied_.reset(sq);
        hash_ ^= kZobrist.piece[p][sq];
    }

    // Moves the piece on from to to; if to is occupied (a swap step), the two trade places.
    // Does not change the player to move.
    void do_move(Move m) noexcept {
        if (m.is_pass()) return;
        int from = m.from(), to = m.to();
        int mover = board_[from], other = board_[to];
        remove(from);
        if (other != kEmpty) {
            remove(to);
            put(from, other);
        }
        put(to, mover);
    }

    // Takes back do_move(m). A swap is recognised by its start square being occupied.
    void undo_move(Move m) noexcept {
        if (m.is_pass()) return;
        int from = m.from(), to = m.to();
        int mover = board_[to], other = board_[from];
        remove(to);
        if (other != kEmpty) {
            remove(from);
            put(to, other);
        }
        put(from, mover);
    }

    // Whether the bitboards, the square array and the hash agree and every piece is on the board.
    [[nodiscard]] bool is_ok() const noexcept {
        Bitboard all;
        std::uint64_t h = kZobrist.to_move[to_move_];
        for (int p = 0; p < 4; ++p) {
            if ((pieces_[p] & all).any()) return false;
            all |= pieces_[p];
        }
        if (all != occupied_) return false;
        if ((occupied_ & ~geo_->on_board).any()) return false;
        for (int sq = 0; sq < kSquares; ++sq) {
            int p = board_[sq];
            if (p == kEmpty) {
                if (occupied_.test(sq)) return false;
            } else {
                if (p < 0 || p > 3 || !pieces_[p].test(sq)) return false;
                h ^= kZobrist.piece[p][sq];
            }
        }
        return h == hash_ && to_move_ >= 0 && to_move_ < 4;
    }

    [[nodiscard]] friend bool operator==(const Position& a, const Position& b) noexcept {
        return a.geo_ == b.geo_ && a.to_move_ == b.to_move_ && a.board_ == b.board_;
    }
    [[nodiscard]] friend bool operator!=(const Position& a, const Position& b) noexcept {
        return !(a == b);
    }

  private:
    const Geometry* geo_;
    Bitboard pieces_[4];
    Bitboard occupied_;
    std::array<std::int8_t, kSquares> board_{};
    std::uint64_t hash_ = 0;
    std::int8_t to_move_ = 0;
};

} // namespace halma
