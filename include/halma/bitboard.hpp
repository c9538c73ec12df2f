// A set of squares of the largest (16x16) board: 256 bits in four 64-bit words.
// Square s lives in word s / 64, bit s % 64. Smaller boards use the same layout
// (a square is rank * 16 + file), so every board shares one representation.
#pragma once

#include <cstdint>

namespace halma {

struct Bitboard {
    std::uint64_t w[4] = {0, 0, 0, 0};

    // The empty set.
    [[nodiscard]] static constexpr Bitboard none() noexcept { return Bitboard{}; }

    // The set holding only square s.
    [[nodiscard]] static constexpr Bitboard of(int s) noexcept {
        Bitboard b;
        b.w[s >> 6] = std::uint64_t{1} << (s & 63);
        return b;
    }

    // Whether square s is in the set.
    [[nodiscard]] constexpr bool test(int s) const noexcept { return (w[s >> 6] >> (s & 63)) & 1; }

    // Adds square s.
    constexpr void set(int s) noexcept { w[s >> 6] |= std::uint64_t{1} << (s & 63); }

    // Removes square s.
    constexpr void reset(int s) noexcept { w[s >> 6] &= ~(std::uint64_t{1} << (s & 63)); }

    // Whether the set has any square.
    [[nodiscard]] constexpr bool any() const noexcept { return (w[0] | w[1] | w[2] | w[3]) != 0; }

    // Whether the set is empty.
    [[nodiscard]] constexpr bool empty() const noexcept { return !any(); }

    // The number of squares in the set.
    [[nodiscard]] int count() const noexcept {
        return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]) +
               __builtin_popcountll(w[2]) + __builtin_popcountll(w[3]);
    }

    // The set moved by delta squares (0 < |delta| < 64): square s of the result is square
    // s + delta of this one; squares moved past either end of the 256 drop out.
    [[nodiscard]] constexpr Bitboard shifted(int delta) const noexcept {
        Bitboard r;
        if (delta > 0) {
            for (int i = 0; i < 3; ++i) r.w[i] = (w[i] >> delta) | (w[i + 1] << (64 - delta));
            r.w[3] = w[3] >> delta;
        } else {
            const int k = -delta;
            r.w[0] = w[0] << k;
            for (int i = 1; i < 4; ++i) r.w[i] = (w[i] << k) | (w[i - 1] >> (64 - k));
        }
        return r;
    }

    // The lowest square in a non-empty set.
    [[nodiscard]] int first() const noexcept {
        for (int i = 0; i < 4; ++i)
            if (w[i]) return i * 64 + __builtin_ctzll(w[i]);
        return -1;
    }

    // Removes and returns the lowest square of a non-empty set.
    int pop() noexcept {
        for (int i = 0; i < 4; ++i)
            if (w[i]) {
                int s = i * 64 + __builtin_ctzll(w[i]);
                w[i] &= w[i] - 1;
                return s;
            }
        return -1;
    }

    constexpr Bitboard& operator|=(const Bitboard& o) noexcept {
        for (int i = 0; i < 4; ++i) w[i] |= o.w[i];
        return *this;
    }
    constexpr Bitboard& operator&=(const Bitboard& o) noexcept {
        for (int i = 0; i < 4; ++i) w[i] &= o.w[i];
        return *this;
    }
    constexpr Bitboard& operator^=(const Bitboard& o) noexcept {
        for (int i = 0; i < 4; ++i) w[i] ^= o.w[i];
        return *this;
    }
    [[nodiscard]] constexpr Bitboard operator~() const noexcept {
        Bitboard r;
        for (int i = 0; i < 4; ++i) r.w[i] = ~w[i];
        return r;
    }
    [[nodiscard]] friend constexpr Bitboard operator|(Bitboard a, const Bitboard& b) noexcept {
        return a |= b;
    }
    [[nodiscard]] friend constexpr Bitboard operator&(Bitboard a, const Bitboard& b) noexcept {
        return a &= b;
    }
    [[nodiscard]] friend constexpr Bitboard operator^(Bitboard a, const Bitboard& b) noexcept {
        return a ^= b;
    }
    [[nodiscard]] friend constexpr bool operator==(const Bitboard& a, const Bitboard& b) noexcept {
        return a.w[0] == b.w[0] && a.w[1] == b.w[1] && a.w[2] == b.w[2] && a.w[3] == b.w[3];
    }
    [[nodiscard]] friend constexpr bool operator!=(const Bitboard& a, const Bitboard& b) noexcept {
        return !(a == b);
    }
};

// Calls f(square) for every square of b, lowest first.
template <class F>
constexpr void for_each_square(Bitboard b, F&& f) {
    for (int i = 0; i < 4; ++i) // word by word: no rescan of the words already emptied
        for (std::uint64_t bits = b.w[i]; bits; bits &= bits - 1) f(i * 64 + __builtin_ctzll(bits));
}

} // namespace halma
