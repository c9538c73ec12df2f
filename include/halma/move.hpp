// Moves and move lists.
//
// A move is packed in 16 bits: bits 0-7 the start square, bits 8-15 the end square.
// A legal move never starts and ends on one square, so from == to marks the two
// special values: none (0, "a1-a1") and pass (0xFFFF). Steps, hop chains and swap
// steps need no flag: a chain is named by its ends (the path is rebuilt on demand by
// hop_path()), and a swap is a step whose end square was occupied.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>

namespace halma {

class Move {
  public:
    constexpr Move() noexcept = default;
    constexpr Move(int from, int to) noexcept
        : bits_(static_cast<std::uint16_t>(from | (to << 8))) {}

    // The move that does nothing; not legal anywhere.
    [[nodiscard]] static constexpr Move none() noexcept { return Move(); }
    // The move of a player that has no legal move.
    [[nodiscard]] static constexpr Move pass() noexcept { return raw(0xFFFF); }
    // The move with these 16 bits.
    [[nodiscard]] static constexpr Move raw(std::uint16_t bits) noexcept {
        Move m;
        m.bits_ = bits;
        return m;
    }

    [[nodiscard]] constexpr int from() const noexcept { return bits_ & 0xFF; }
    [[nodiscard]] constexpr int to() const noexcept { return bits_ >> 8; }
    [[nodiscard]] constexpr std::uint16_t bits() const noexcept { return bits_; }
    [[nodiscard]] constexpr bool is_pass() const noexcept { return bits_ == 0xFFFF; }
    [[nodiscard]] constexpr bool is_none() const noexcept { return bits_ == 0; }

    [[nodiscard]] friend constexpr bool operator==(Move a, Move b) noexcept {
        return a.bits_ == b.bits_;
    }
    [[nodiscard]] friend constexpr bool operator!=(Move a, Move b) noexcept {
        return a.bits_ != b.bits_;
    }

  private:
    std::uint16_t bits_ = 0;
};

// At most 19 pieces move (setup refuses more than a camp holds); a piece has at most
// 8 steps and, since a hop keeps both file and rank parity, at most 64 hop landings.
constexpr std::size_t kMaxMoves = 19 * (8 + 64);

// A fixed-capacity list of moves, for search without allocation.
class MoveList {
  public:
    // Appends a move; the capacity bound is a proven limit, asserted.
    constexpr void push(Move m) noexcept {
        assert(size_ < kMaxMoves);
        moves_[size_++] = m;
    }
    constexpr void clear() noexcept { size_ = 0; }
    [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
    [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] constexpr Move operator[](std::size_t i) const noexcept { return moves_[i]; }
    [[nodiscard]] constexpr Move& operator[](std::size_t i) noexcept { return moves_[i]; }
    [[nodiscard]] constexpr const Move* begin() const noexcept { return moves_; }
    [[nodiscard]] constexpr const Move* end() const noexcept { return moves_ + size_; }
    [[nodiscard]] constexpr Move* begin() noexcept { return moves_; }
    [[nodiscard]] constexpr Move* end() noexcept { return moves_ + size_; }

    // Whether the list holds a move.
    [[nodiscard]] constexpr bool contains(Move m) const noexcept {
        for (std::size_t i = 0; i < size_; ++i)
            if (moves_[i] == m) return true;
        return false;
    }

  private:
    Move moves_[kMaxMoves];
    std::size_t size_ = 0;
};

} // namespace halma
