// Zobrist keys: fixed across runs and all different.
#include "halma/zobrist.hpp"

#include <catch2/catch.hpp>
#include <set>

TEST_CASE("zobrist: every key is distinct and non-zero", "[zobrist]") {
    std::set<std::uint64_t> keys;
    for (const auto& player : halma::kZobrist.piece)
        for (std::uint64_t k : player) keys.insert(k);
    for (std::uint64_t k : halma::kZobrist.to_move) keys.insert(k);
    CHECK(keys.size() == 4 * 256 + 4);
    CHECK(keys.count(0) == 0);
}

TEST_CASE("zobrist: keys are computed at compile time, the same everywhere", "[zobrist]") {
    constexpr halma::ZobristKeys again = halma::detail::make_zobrist();
    static_assert(again.piece[0][0] == halma::kZobrist.piece[0][0], "keys are a constant");
    CHECK(again.to_move[3] == halma::kZobrist.to_move[3]);
}
