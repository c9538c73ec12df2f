// Position: the two views of the board, swaps, and the incremental hash.
#include "support.hpp"

#include <catch2/catch.hpp>

using namespace halma;
using test_support::place;
using test_support::sq;

TEST_CASE("position: put and remove keep bitboards, squares and hash in step", "[position]") {
    Position pos(16);
    std::uint64_t empty_hash = pos.hash();
    pos.put(sq("e4"), 0);
    pos.put(sq("f5"), 1);
    CHECK(pos.is_ok());
    CHECK(pos.at(sq("e4")) == 0);
    CHECK(pos.pieces(1).test(sq("f5")));
    CHECK(pos.occupied().count() == 2);
    pos.remove(sq("e4"));
    pos.remove(sq("f5"));
    CHECK(pos.hash() == empty_hash);
    CHECK(pos.is_ok());
}

TEST_CASE("position: do_move and undo_move restore the position exactly", "[position]") {
    Position pos = place(16, "1:e4,c3 2:f5");
    Position before = pos;
    pos.do_move(Move(sq("e4"), sq("g6")));
    CHECK(pos.at(sq("g6")) == 0);
    CHECK(pos.at(sq("e4")) == kEmpty);
    CHECK(pos.is_ok());
    pos.undo_move(Move(sq("e4"), sq("g6")));
    CHECK(pos == before);
    CHECK(pos.hash() == before.hash());
}

TEST_CASE("position: a step onto an occupied square swaps the two pieces", "[position]") {
    Position pos = place(16, "1:k16 2:l16");
    Position before = pos;
    pos.do_move(Move(sq("k16"), sq("l16")));
    CHECK(pos.at(sq("l16")) == 0);
    CHECK(pos.at(sq("k16")) == 1);
    CHECK(pos.is_ok());
    pos.undo_move(Move(sq("k16"), sq("l16")));
    CHECK(pos == before);
    CHECK(pos.hash() == before.hash());
}

TEST_CASE("position: the hash depends on the player to move", "[position]") {
    Position a = place(8, "1:a1 2:h8", 0), b = place(8, "1:a1 2:h8", 1);
    CHECK(a.hash() != b.hash());
    b.set_to_move(0);
    CHECK(a.hash() == b.hash());
    CHECK(a == b);
}

TEST_CASE("position: equal positions reached by different orders hash alike", "[position]") {
    Position a = place(16, "1:a1,b1 2:p16");
    Position b = place(16, "2:p16 1:b1,a1");
    CHECK(a.hash() == b.hash());
    a.do_move(Move(sq("a1"), sq("a2")));
    a.do_move(Move(sq("a2"), sq("a1")));
    CHECK(a.hash() == b.hash());
}
