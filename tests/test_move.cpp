// Move: 16-bit packing and the fixed-capacity move list.
#include "halma/move.hpp"

#include <catch2/catch.hpp>

using halma::Move;

TEST_CASE("move: start and end squares round-trip through the packing", "[move]") {
    for (int from : {0, 17, 200, 255})
        for (int to : {1, 64, 254}) {
            Move m(from, to);
            CHECK(m.from() == from);
            CHECK(m.to() == to);
            CHECK_FALSE(m.is_pass());
        }
}

TEST_CASE("move: pass and none are distinct and never a real move", "[move]") {
    CHECK(Move::pass().is_pass());
    CHECK(Move::none().is_none());
    CHECK(Move::pass() != Move::none());
    CHECK(Move::pass().from() == Move::pass().to());
    CHECK(Move::raw(Move(3, 4).bits()) == Move(3, 4));
}

TEST_CASE("move list: push, contains, clear", "[move]") {
    halma::MoveList list;
    list.push(Move(1, 2));
    list.push(Move(3, 4));
    CHECK(list.size() == 2);
    CHECK(list.contains(Move(3, 4)));
    CHECK_FALSE(list.contains(Move(4, 3)));
    list.clear();
    CHECK(list.empty());
}
