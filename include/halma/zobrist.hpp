// Zobrist keys: one random 64-bit key per (player, square) and per player to move.
// A position's hash is the XOR of the keys of its pieces and of its player to move.
#pragma once

#include "halma/geometry.hpp"

#include <cstdint>

namespace halma {

struct ZobristKeys {
    std::uint64_t piece[4][kSquares];
    std::uint64_t to_move[4];
};

namespace detail {

// One step of splitmix64: a fixed stream of well-mixed numbers, the same on every machine.
constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

constexpr ZobristKeys make_zobrist() noexcept {
    ZobristKeys k{};
    std::uint64_t state = 0x48616C6D61ULL; // "Halma"
    for (auto& player : k.piece)
        for (auto& key : player) key = splitmix64(state);
    for (auto& key : k.to_move) key = splitmix64(state);
    return k;
}

} // namespace detail

inline constexpr ZobristKeys kZobrist = detail::make_zobrist();

} // namespace halma
