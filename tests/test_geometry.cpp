// Geometry: square numbering and the neighbour and hop tables of each board size.
#include "halma/geometry.hpp"
#include "halma/notation.hpp"

#include <catch2/catch.hpp>

using namespace halma;

TEST_CASE("geometry: squares are rank * 16 + file on every board", "[geometry]") {
    CHECK(make_square(0, 0) == 0);
    CHECK(make_square(15, 15) == 255);
    CHECK(file_of(parse_square("e4", 16)) == 4);
    CHECK(rank_of(parse_square("e4", 16)) == 3);
    CHECK(parse_square("h8", 8) == make_square(7, 7));
}

TEST_CASE("geometry: boards hold size * size squares", "[geometry]") {
    for (int size : {8, 10, 16}) {
        const Geometry& g = geometry(size);
        CHECK(g.size == size);
        CHECK(g.on_board.count() == size * size);
        CHECK(g.light.count() == size * size / 2);
        CHECK_FALSE(g.light.test(make_square(0, 0))); // a1 is dark
    }
}

TEST_CASE("geometry: corners have 3 neighbours and 3 hops, the middle 8 and 8", "[geometry]") {
    for (int size : {8, 10, 16}) {
        const Geometry& g = geometry(size);
        int corner = make_square(size - 1, 0), middle = make_square(size / 2, size / 2);
        CHECK(g.step_count[corner] == 3);
        CHECK(g.hop_count[corner] == 3);
        CHECK(g.step_count[middle] == 8);
        CHECK(g.hop_count[middle] == 8);
        // An edge square next to a corner: 5 neighbours, 3 hops.
        CHECK(g.step_count[make_square(1, 0)] == 5);
        CHECK(g.hop_count[make_square(1, 0)] == 3);
    }
}

TEST_CASE("geometry: a hop jumps the middle square and keeps file and rank parity", "[geometry]") {
    const Geometry& g = geometry(16);
    for (int sq = 0; sq < 256; ++sq)
        for (int i = 0; i < g.hop_count[sq]; ++i) {
            Hop h = g.hops[sq][i];
            CHECK(file_of(h.land) + file_of(sq) == 2 * file_of(h.over));
            CHECK(rank_of(h.land) + rank_of(sq) == 2 * rank_of(h.over));
            CHECK(king_distance(sq, h.land) == 2);
        }
}

TEST_CASE("geometry: no neighbour wraps round the edge of a small board", "[geometry]") {
    const Geometry& g = geometry(8);
    for (int sq = 0; sq < 256; ++sq) {
        if (!g.on_board.test(sq)) {
            CHECK(g.step_count[sq] == 0);
            continue;
        }
        for (int i = 0; i < g.step_count[sq]; ++i) {
            CHECK(g.on_board.test(g.steps[sq][i]));
            CHECK(king_distance(sq, g.steps[sq][i]) == 1);
        }
    }
}
