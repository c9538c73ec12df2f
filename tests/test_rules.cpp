// Rules: option checks, camps and the seats of 2, 3 and 4 players.
#include "halma/notation.hpp"
#include "halma/rules.hpp"

#include <catch2/catch.hpp>

using namespace halma;

namespace {
bool has(const Bitboard& b, const char* name, int size = 16) {
    return b.test(parse_square(name, size));
}
} // namespace

TEST_CASE("rules: camp sizes", "[rules]") {
    CHECK(camp_squares(16, CampShape::Large, Corner::A1).count() == 19);
    CHECK(camp_squares(16, CampShape::Small, Corner::P1).count() == 13);
    CHECK(camp_squares(10, CampShape::Ten, Corner::P16).count() == 15);
    CHECK(camp_squares(8, CampShape::Eight, Corner::A16).count() == 10);
}

TEST_CASE("rules: the large camp at a1 and its mirror at p16", "[rules]") {
    Bitboard a1 = camp_squares(16, CampShape::Large, Corner::A1);
    for (const char* s : {"a1", "e1", "e2", "d3", "c4", "b5", "a5"}) CHECK(has(a1, s));
    for (const char* s : {"f1", "e3", "d4", "c5", "a6"}) CHECK_FALSE(has(a1, s));
    Bitboard p16 = camp_squares(16, CampShape::Large, Corner::P16);
    for (const char* s : {"p16", "l16", "l15", "m14", "n13", "o12", "p12"}) CHECK(has(p16, s));
    for (const char* s : {"k16", "l14", "m13", "n12", "p11"}) CHECK_FALSE(has(p16, s));
}

TEST_CASE("rules: seats for 3 and 4 players", "[rules]") {
    Camps three = Camps::of(Rules::for_game(3, 16));
    CHECK(three.home[0].count() == 19);
    CHECK(has(three.home[1], "a16"));
    CHECK(three.home[1].count() == 13);
    CHECK(has(three.target[1], "p1"));
    CHECK(three.target[0] == three.home[2]);
    CHECK(three.target[2] == three.home[0]);
    Camps four = Camps::of(Rules::for_game(4, 16));
    for (int p = 0; p < 4; ++p) {
        CHECK(four.home[p].count() == 13);
        CHECK(four.target[p] == four.home[(p + 2) % 4]);
    }
    CHECK(has(four.home[3], "p1"));
}

TEST_CASE("rules: 3 players with 13 each: small camps at a1, a16 and p16, targets across",
          "[rules]") {
    Rules r = Rules::for_game(3, 16);
    r.camps = CampSetup::Small;
    REQUIRE(r.problem().empty());
    const Camps c = Camps::of(r);
    const Bitboard small_a1 = camp_squares(16, CampShape::Small, Corner::A1);
    const Bitboard small_p16 = camp_squares(16, CampShape::Small, Corner::P16);
    CHECK(c.home[0] == small_a1);
    CHECK(c.home[1] == camp_squares(16, CampShape::Small, Corner::A16));
    CHECK(c.home[2] == small_p16);
    CHECK(c.target[0] == small_p16);
    CHECK(c.target[1] == camp_squares(16, CampShape::Small, Corner::P1));
    CHECK(c.target[2] == small_a1);
    CHECK(target_corner(r, 0) == parse_square("p16", 16));
    CHECK(target_corner(r, 1) == parse_square("p1", 16));
    CHECK(target_corner(r, 2) == parse_square("a1", 16));
    // The default setup keeps its large camps.
    CHECK(Camps::of(Rules::for_game(3, 16)).home[0].count() == 19);
}

TEST_CASE("rules: each player's target corner", "[rules]") {
    CHECK(target_corner(Rules::for_game(2, 8), 0) == parse_square("h8", 8));
    CHECK(target_corner(Rules::for_game(2, 10), 1) == parse_square("a1", 10));
    const Rules four = Rules::for_game(4, 16);
    const char* corners[4] = {"p16", "p1", "a1", "a16"};
    for (int p = 0; p < 4; ++p) CHECK(target_corner(four, p) == parse_square(corners[p], 16));
}

TEST_CASE("rules: impossible combinations are refused", "[rules]") {
    Rules r = Rules::for_game(3, 16);
    CHECK(r.problem().empty());
    r.size = 8;
    CHECK(r.problem() == "3 and 4 players need the 16x16 board");
    Rules p = Rules::for_game(2, 16);
    p.partners = Partners::Opposite;
    CHECK(p.problem() == "partners need 4 players");
    for (int players : {2, 4}) {
        Rules c = Rules::for_game(players, 16);
        c.camps = CampSetup::Small;
        CHECK(c.problem() == "camps=small is for 3 players");
    }
    Rules f = Rules::for_game(2, 16);
    f.first = 2;
    CHECK_FALSE(f.problem().empty());
}

TEST_CASE("rules: evacuation defaults by board size and partners", "[rules]") {
    CHECK(Rules::for_game(2, 8).evacuate == 30);
    CHECK(Rules::for_game(2, 10).evacuate == 50);
    CHECK(Rules::for_game(2, 16).evacuate == 60);
    Rules r = Rules::for_game(4, 16);
    r.partners = Partners::Opposite;
    CHECK(r.partner(0) == 2);
    CHECK(r.same_side(1, 3));
    r.partners = Partners::Adjacent;
    CHECK(r.partner(0) == 1);
    CHECK(r.partner(3) == 2);
    CHECK_FALSE(r.same_side(1, 2));
}
