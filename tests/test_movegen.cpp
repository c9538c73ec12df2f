// Move generation against every ruling of the rules on hand-built positions.
#include "support.hpp"

#include <catch2/catch.hpp>

using namespace halma;
using test_support::game_at;
using test_support::legal;
using test_support::place;
using test_support::sq;

namespace {
Rules two(int size = 16) {
    Rules r = Rules::for_game(2, size);
    r.evacuate = 0;
    return r;
}
Bitboard squares(std::initializer_list<const char*> names, int size = 16) {
    Bitboard b;
    for (const char* n : names) b.set(parse_square(n, size));
    return b;
}
} // namespace

TEST_CASE("movegen: steps go to the eight empty neighbours", "[movegen]") {
    Game g = game_at(two(), place(16, "1:e4 2:e5"));
    CHECK(step_targets(g.position(), sq("e4")) ==
          squares({"d3", "e3", "f3", "d4", "f4", "d5", "f5"}));
    CHECK(legal(g, "e4-f5"));
    CHECK_FALSE(legal(g, "e4-e5"));
}

TEST_CASE("movegen: a hop goes over a piece of any colour, never over an empty square",
          "[movegen]") {
    Game g = game_at(two(), place(16, "1:e4,e5 2:f5"));
    CHECK(hop_landings(g.position(), sq("e4"), false) == squares({"e6", "g6", "g4"}));
    CHECK(legal(g, "e4-g6"));
    CHECK(legal(g, "e4-e6"));
    CHECK_FALSE(legal(g, "e4-c6"));
}

TEST_CASE("movegen: a chain may revisit squares, its own start included", "[movegen]") {
    // c3 hops d4 to e5, back over d4 to c3 (its start, empty while it moves), then over c4.
    Game g = game_at(two(), place(16, "1:c3 2:d4,c4"));
    CHECK(legal(g, "c3-e5-c3-c5"));
    CHECK(legal(g, "c3-c5"));
    CHECK(hop_landings(g.position(), sq("c3"), false) == squares({"e5", "c5", "e3"}));
}

TEST_CASE("movegen: a chain back to its own start is not a move", "[movegen]") {
    Game g = game_at(two(), place(16, "1:c3 2:d4"));
    ParsedMove back = parse_move(g, "c3-e5-c3");
    CHECK_FALSE(back.error.empty());
    CHECK(back.error.find("different square") != std::string::npos);
    MoveList list;
    g.legal_moves(list);
    for (Move m : list) CHECK(m.from() != m.to());
    CHECK(g.perft(1) == 8); // 7 steps (d4 is taken) and the hop to e5
}

TEST_CASE("movegen: the camp rule counts only the end square of a chain", "[movegen]") {
    // m14 stands in player 1's target camp. m14-k12-m12-o12 leaves the camp and comes back.
    Game g = game_at(two(), place(16, "1:m14 2:l13,l12,n12,a1"));
    CHECK(legal(g, "m14-k12-m12-o12"));
    CHECK(legal(g, "m14-o12"));
    CHECK_FALSE(legal(g, "m14-k12"));
    CHECK_FALSE(legal(g, "m14-l14"));
    CHECK(legal(g, "m14-n13"));
    Bitboard to = destinations(g.position(), g.rules(), g.camps(), 0, sq("m14"));
    CHECK((to & ~g.camps().target[0]).empty());
    CHECK(to.test(sq("o12")));
    CHECK(parse_move(g, "m14-k12").error.find("target camp") != std::string::npos);
}

TEST_CASE("movegen: pieces may enter any other camp freely", "[movegen]") {
    Rules r = Rules::for_game(4, 16);
    r.evacuate = 0;
    // Player 1 steps into player 2's home camp at a16, which is not its target.
    Game g = game_at(r, place(16, "1:e13 2:a16"));
    CHECK(legal(g, "e13-d13"));
}

TEST_CASE("movegen: long jumps, free and blocked", "[movegen]") {
    Rules r = two();
    r.longjumps = true;
    // a1 jumps d4 (three squares away) and lands three squares beyond, on g7.
    Game free = game_at(r, place(16, "1:a1 2:d4"));
    CHECK(legal(free, "a1-g7"));
    CHECK(hop_landings(free.position(), sq("a1"), true).test(sq("g7")));
    // A piece between the landing and the hopped piece blocks it.
    Game blocked_beyond = game_at(r, place(16, "1:a1 2:d4,f6"));
    CHECK_FALSE(legal(blocked_beyond, "a1-g7"));
    // A piece on the way means the jump is over that one, which needs d4 empty beyond it.
    Game two_pieces = game_at(r, place(16, "1:a1 2:c3,d4"));
    CHECK_FALSE(legal(two_pieces, "a1-e5"));
    CHECK_FALSE(legal(two_pieces, "a1-g7"));
    // A landing off the board is no jump.
    Game edge = game_at(r, place(16, "1:a1 2:i9"));
    CHECK_FALSE(hop_landings(edge.position(), sq("a1"), true).test(sq("p16")));
    CHECK(hop_landings(edge.position(), sq("a1"), true).empty());
    // Without the option only short hops exist.
    Game off = game_at(two(), place(16, "1:a1 2:d4"));
    CHECK_FALSE(legal(off, "a1-g7"));
    CHECK(parse_move(off, "a1-g7-g9").error.find("long jumps are off") != std::string::npos);
}

TEST_CASE("movegen: a long jump may pass over the vacated start square", "[movegen]") {
    Rules r = two();
    r.longjumps = true;
    // e5 hops to g7, then to g5; from g5 the ray west passes f5 and e5 (its start, empty
    // while it moves) to d5, and lands as far beyond, on a5.
    Game g = game_at(r, place(16, "1:e5 2:f6,g6,d5"));
    CHECK(legal(g, "e5-g7-g5-a5"));
    CHECK(legal(g, "e5-a5"));
    CHECK(hop_landings(g.position(), sq("e5"), true).test(sq("a5")));
}

TEST_CASE("movegen: swap only onto a piece standing in its own home camp", "[movegen]") {
    Rules r = Rules::for_game(4, 16);
    r.evacuate = 0;
    r.spoil = Spoil::Swap;
    // Player 1's target is p16's small camp, player 3's home. m16 holds a player 3 piece
    // (at home): swappable. m15 holds a player 2 piece (not at home): not swappable.
    Game g = game_at(r, place(16, "1:l16,l14 2:m15 3:m16 4:a1"));
    CHECK(legal(g, "l16-m16"));
    CHECK_FALSE(legal(g, "l14-m15"));
    CHECK(g.play(Move(sq("l16"), sq("m16"))));
    CHECK(g.position().at(sq("m16")) == 0);
    CHECK(g.position().at(sq("l16")) == 2);
    CHECK(g.is_ok());
    CHECK(g.undo());
    CHECK(g.position().at(sq("m16")) == 2);
    CHECK(g.position().at(sq("l16")) == 0);
    // Without spoil=swap the same step is refused.
    r.spoil = Spoil::Strict;
    Game strict = game_at(r, place(16, "1:l16 3:m16 4:a1"));
    CHECK_FALSE(legal(strict, "l16-m16"));
}

TEST_CASE("movegen: a swap onto a square outside the target camp is refused", "[movegen]") {
    Rules r = two();
    r.spoil = Spoil::Swap;
    // k16 is not in the camp; a piece of player 2 there is not swappable.
    Game g = game_at(r, place(16, "1:j16 2:k16,p16"));
    CHECK_FALSE(legal(g, "j16-k16"));
    Game home = game_at(r, place(16, "1:k16 2:l16"));
    CHECK(legal(home, "k16-l16"));
}

TEST_CASE("movegen: hops keep the square colour, and so file and rank parity", "[movegen]") {
    Game g(Rules::for_game(2, 16));
    for (int i = 0; i < 40 && !g.over(); ++i) {
        MoveList list;
        g.legal_moves(list);
        for (Move m : list)
            if (king_distance(m.from(), m.to()) > 1) {
                CHECK((file_of(m.from()) - file_of(m.to())) % 2 == 0);
                CHECK((rank_of(m.from()) - rank_of(m.to())) % 2 == 0);
            }
        g.make(list[static_cast<std::size_t>(i * 7) % list.size()]);
    }
}

TEST_CASE("movegen: hop_path spells the shortest chain", "[movegen]") {
    Game g = game_at(two(), place(16, "1:c3 2:d4,c4,e6"));
    CHECK(hop_path(g.position(), sq("c3"), sq("c5"), false) ==
          std::vector<int>{sq("c3"), sq("c5")});
    CHECK(hop_path(g.position(), sq("c3"), sq("e7"), false) ==
          std::vector<int>{sq("c3"), sq("e5"), sq("e7")});
    CHECK(hop_path(g.position(), sq("c3"), sq("h8"), false).empty());
    CHECK(chain_name(g.position(), Move(sq("c3"), sq("e7")), false) == "c3-e5-e7");
}
