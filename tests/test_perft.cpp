// Perft from the start positions, against counts made independently of this project.
#include "halma.hpp"

#include <catch2/catch.hpp>

using namespace halma;

namespace {
std::uint64_t perft_from_start(int players, int size, int depth) {
    Game g(Rules::for_game(players, size));
    return g.perft(depth);
}
} // namespace

TEST_CASE("perft: 2 players on 16x16", "[perft]") {
    CHECK(perft_from_start(2, 16, 1) == 40);
    CHECK(perft_from_start(2, 16, 2) == 1600);
    CHECK(perft_from_start(2, 16, 3) == 85440);
    CHECK(perft_from_start(2, 16, 4) == 4562496);
}

TEST_CASE("perft: 3 and 4 players", "[perft]") {
    CHECK(perft_from_start(3, 16, 3) == 51200);
    CHECK(perft_from_start(4, 16, 3) == 32768);
    CHECK(perft_from_start(4, 16, 4) == 1048576);
}

TEST_CASE("perft: small boards", "[perft]") {
    CHECK(perft_from_start(2, 10, 3) == 46016);
    CHECK(perft_from_start(2, 8, 3) == 20050);
}

TEST_CASE("perft: first player 2 mirrors first player 1 on the symmetric 2-player board",
          "[perft]") {
    Rules r = Rules::for_game(2, 16);
    r.first = 1;
    Game g(r);
    CHECK(g.perft(3) == 85440);
}
