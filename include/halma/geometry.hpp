// Squares, directions and the precomputed neighbour tables of the three boards.
//
// A square is rank * 16 + file on every board (a1 = 0, b1 = 1, a2 = 16, p16 = 255),
// so the 8x8 and 10x10 boards use the lower-left corner of the 16x16 layout.
// Files and ranks count from 0 in code; notation adds the letters and 1.
#pragma once

#include "halma/bitboard.hpp"

#include <array>
#include <cstdint>

namespace halma {

constexpr int kMaxSize = 16;
constexpr int kSquares = 256;
constexpr int kNoSquare = -1;

// A square as the engine numbers it (above), or kNoSquare.
using Square = int;

// The file (0 = a) of a square.
[[nodiscard]] constexpr int file_of(int sq) noexcept { return sq & 15; }

// The rank (0 = rank 1) of a square.
[[nodiscard]] constexpr int rank_of(int sq) noexcept { return sq >> 4; }

// The square at a file and rank, both counted from 0.
[[nodiscard]] constexpr int make_square(int file, int rank) noexcept { return rank * 16 + file; }

// Whether a board size is one the game is played on.
[[nodiscard]] constexpr bool valid_size(int size) noexcept {
    return size == 8 || size == 10 || size == 16;
}

// The eight directions as (file, rank) steps, clockwise from north.
constexpr int kDirFile[8] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kDirRank[8] = {1, 1, 0, -1, -1, -1, 0, 1};

// One hop from a square: the square jumped over and the square landed on.
struct Hop {
    std::uint8_t over;
    std::uint8_t land;
};

// Everything about one board size that never changes: which squares exist, and for each
// square its neighbours and its short hops, listed so move generation never bounds-checks.
struct Geometry {
    int size = 0;
    Bitboard on_board;
    Bitboard light; // squares whose file + rank is odd (a1 is dark)
    std::array<std::uint8_t, kSquares> step_count{};
    std::array<std::array<std::uint8_t, 8>, kSquares> steps{};
    std::array<std::uint8_t, kSquares> hop_count{};
    std::array<std::array<Hop, 8>, kSquares> hops{};

    // Whether a square (possibly out of range) lies on this board.
    [[nodiscard]] constexpr bool contains(int file, int rank) const noexcept {
        return file >= 0 && rank >= 0 && file < size && rank < size;
    }
};

namespace detail {

// Builds the tables of one board size.
inline Geometry build_geometry(int size) {
    Geometry g;
    g.size = size;
    for (int r = 0; r < size; ++r)
        for (int f = 0; f < size; ++f) {
            int sq = make_square(f, r);
            g.on_board.set(sq);
            if ((f + r) & 1) g.light.set(sq);
            for (int d = 0; d < 8; ++d) {
                int f1 = f + kDirFile[d], r1 = r + kDirRank[d];
                int f2 = f1 + kDirFile[d], r2 = r1 + kDirRank[d];
                if (g.contains(f1, r1))
                    g.steps[sq][g.step_count[sq]++] =
                        static_cast<std::uint8_t>(make_square(f1, r1));
                if (g.contains(f2, r2))
                    g.hops[sq][g.hop_count[sq]++] =
                        Hop{static_cast<std::uint8_t>(make_square(f1, r1)),
                            static_cast<std::uint8_t>(make_square(f2, r2))};
            }
        }
    return g;
}

} // namespace detail

// The shared, immutable tables of a board size (8, 10 or 16).
[[nodiscard]] inline const Geometry& geometry(int size) {
    static const Geometry g8 = detail::build_geometry(8);
    static const Geometry g10 = detail::build_geometry(10);
    static const Geometry g16 = detail::build_geometry(16);
    return size == 8 ? g8 : size == 10 ? g10 : g16;
}

// The Chebyshev (king-move) distance between two squares.
[[nodiscard]] constexpr int king_distance(int a, int b) noexcept {
    int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
    if (df < 0) df = -df;
    if (dr < 0) dr = -dr;
    return df > dr ? df : dr;
}

} // namespace halma
