// Game: finishing under every spoil option, evacuation, partners, passes, the move limit,
// history, and random games of every variant played out and undone.
#include "support.hpp"

#include <catch2/catch.hpp>
#include <random>

using namespace halma;
using test_support::game_at;
using test_support::legal;
using test_support::place;
using test_support::sq;

namespace {

Rules rules(int players, int size, Spoil spoil = Spoil::Fill, int evacuate = 0) {
    Rules r = Rules::for_game(players, size);
    r.spoil = spoil;
    r.evacuate = evacuate;
    return r;
}

// Plays a move written in notation, failing the test if it is illegal.
void play(Game& g, const char* text) {
    ParsedMove pm = parse_move(g, text);
    INFO(text << ": " << pm.error);
    REQUIRE(pm.error.empty());
    g.play(pm.move);
    REQUIRE(g.is_ok());
}

// Player 1's 8x8 target holds 8 of its pieces, a piece of player 2 at home on g7 and an
// empty e8; d7 can step in and fill it.
Position almost_full_8x8() { return place(8, "1:h8,g8,f8,h7,f7,h6,g6,h5,d7 2:g7,a1"); }

} // namespace

TEST_CASE("game: fill wins with an opposing piece left in the camp, strict does not", "[game]") {
    Game fill = game_at(rules(2, 8, Spoil::Fill), almost_full_8x8());
    play(fill, "d7-e8");
    CHECK(fill.result() == Result{Outcome::Won, 1u});
    CHECK(fill.ending() == Ending{Ending::Rule::Finished, 0});
    CHECK(result_name(fill.result()) == "winner 1");
    MoveList list;
    fill.legal_moves(list);
    CHECK(list.empty());
    CHECK_FALSE(fill.must_pass());
    CHECK(fill.perft(1) == 0);

    Game strict = game_at(rules(2, 8, Spoil::Strict), almost_full_8x8());
    play(strict, "d7-e8");
    CHECK(strict.result().outcome == Outcome::Playing);
    CHECK(strict.ending() == Ending{});
}

TEST_CASE("game: strict and swap win only with every square one's own", "[game]") {
    Game g = game_at(rules(2, 8, Spoil::Swap), place(8, "1:h8,g8,f8,h7,f7,h6,g6,h5,e8,f6 2:g7,a1"));
    // f6 swaps with g7 (player 2 at home in player 1's target): the camp is all player 1's.
    CHECK(legal(g, "f6-g7"));
    play(g, "f6-g7");
    CHECK(g.result() == Result{Outcome::Won, 1u});
    CHECK(g.position().at(sq("f6", 8)) == 1);
}

TEST_CASE("game: the evacuation rule in 2 players: pieces left at home lose", "[game]") {
    // Player 1 has one piece at home (d1) and must have none there after its first move.
    Position pos = place(8, "1:d1,d4 2:h8,e5");
    Game leaves = game_at(rules(2, 8, Spoil::Fill, 1), pos);
    play(leaves, "d1-e2");
    CHECK(leaves.result().outcome == Outcome::Playing);
    Game stays = game_at(rules(2, 8, Spoil::Fill, 1), pos);
    play(stays, "d4-c4");
    CHECK(stays.result() == Result{Outcome::Won, 2u});
    CHECK(stays.ending() == Ending{Ending::Rule::Evacuation, 0});
    // Only the N-th move is checked: with N = 2 the first move may leave a1 occupied.
    Game later = game_at(rules(2, 8, Spoil::Fill, 2), pos);
    play(later, "d4-c4");
    CHECK(later.result().outcome == Outcome::Playing);
}

TEST_CASE("game: the evacuation rule in 4 players: offenders drop out, the last one wins",
          "[game]") {
    Game g(rules(4, 16, Spoil::Fill, 1));
    const Position start = g.position();
    play(g, "d1-e1"); // player 1 leaves 12 pieces at home
    CHECK(g.dropped(0));
    CHECK(g.position().pieces(0).empty());
    CHECK(g.to_move() == 1);
    CHECK(g.result().outcome == Outcome::Playing);
    play(g, "a13-a12");
    play(g, "p13-p12");
    CHECK(g.dropped(2));
    CHECK(g.result() == Result{Outcome::Won, 1u << 3});
    CHECK(g.ending() == Ending{Ending::Rule::LastSide, 2});
    CHECK(result_name(g.result()) == "winner 4");
    CHECK(g.undo());
    CHECK(g.ending() == Ending{});
    CHECK(g.redo());
    CHECK(g.ending() == Ending{Ending::Rule::LastSide, 2});
    while (g.undo()) CHECK(g.is_ok());
    CHECK(g.position() == start);
    CHECK(g.position().hash() == start.hash());
    CHECK_FALSE(g.dropped(0));
}

TEST_CASE("game: the evacuation rule in 3 players", "[game]") {
    Game g(rules(3, 16, Spoil::Fill, 1));
    play(g, "e1-f1");
    CHECK(g.dropped(0));
    CHECK(g.to_move() == 1);
    play(g, "d16-e16");
    CHECK(g.result() == Result{Outcome::Won, 1u << 2});
    CHECK(g.ending() == Ending{Ending::Rule::LastSide, 1});
}

namespace {
// 4 players, partners opposite (1+3 against 2+4). Player 1 fills its target with l16-m16;
// player 3 needs e1-d1 and e2-d2.
Position partners_position() {
    return place(16, "1:n16,o16,p16,m15,n15,o15,p15,n14,o14,p14,o13,p13,l16 "
                     "3:a1,b1,c1,a2,b2,c2,a3,b3,c3,a4,b4,e1,e2 2:h8 4:i9");
}
Rules partners(PartnerWin win) {
    Rules r = rules(4, 16);
    r.partners = Partners::Opposite;
    r.win = win;
    return r;
}
} // namespace

TEST_CASE("game: partners, win=first: the first to finish wins for the side", "[game]") {
    Game g = game_at(partners(PartnerWin::First), partners_position());
    play(g, "l16-m16");
    CHECK(g.result() == Result{Outcome::Won, 0b0101u});
    CHECK(g.ending() == Ending{Ending::Rule::Finished, 0});
    CHECK(result_name(g.result()) == "winners 1 3");
}

TEST_CASE("game: partners, win=both: a finished player moves its partner's pieces", "[game]") {
    Game g = game_at(partners(PartnerWin::Both), partners_position());
    play(g, "l16-m16");
    CHECK(g.result().outcome == Outcome::Playing);
    CHECK(g.finished(0));
    play(g, "h8-h7");
    play(g, "e2-d2");
    play(g, "i9-i8");
    CHECK(g.to_move() == 0);
    CHECK(g.owner_to_move() == 2);
    CHECK_FALSE(legal(g, "m16-l16")); // its own pieces are done
    CHECK(legal(g, "e1-d1"));
    play(g, "e1-d1");
    CHECK(g.result() == Result{Outcome::Won, 0b0101u});
    CHECK(g.ending() == Ending{Ending::Rule::PartnersHome, 0});
}

TEST_CASE("game: under fill a partner's pieces do not fill one's camp; an opponent's do",
          "[game]") {
    // Player 3 (player 1's partner, opposite) has parked 12 pieces at home, player 1's
    // target; player 1 runs its one piece into the last square. That is no win: a partner's
    // piece counts as an empty square.
    const char* parked = "3:n16,o16,p16,m15,n15,o15,p15,n14,o14,p14,o13,p13 1:l16 2:h8 4:i9";
    for (PartnerWin win : {PartnerWin::First, PartnerWin::Both}) {
        Game g = game_at(partners(win), place(16, parked));
        play(g, "l16-m16");
        CHECK(g.result().outcome == Outcome::Playing);
        CHECK_FALSE(g.finished(0));
    }
    // The same squares held by player 2, an opponent, fill the camp: player 1 wins.
    Game g =
        game_at(partners(PartnerWin::First),
                place(16, "2:n16,o16,p16,m15,n15,o15,p15,n14,o14,p14,o13,p13 1:l16 3:h8 4:i9"));
    play(g, "l16-m16");
    CHECK(g.result() == Result{Outcome::Won, 0b0101u});
    // Without partners the same pieces are an opponent's and fill the camp.
    Game alone = game_at(rules(4, 16), place(16, parked));
    play(alone, "l16-m16");
    CHECK(alone.result() == Result{Outcome::Won, 1u});
}

TEST_CASE("game: partners adjacent pair 1+2 against 3+4", "[game]") {
    Rules r = rules(4, 16);
    r.partners = Partners::Adjacent;
    Game g = game_at(r, place(16, "1:n16,o16,p16,m15,n15,o15,p15,n14,o14,p14,o13,p13,l16 "
                                  "2:a8 3:h8 4:i9"));
    play(g, "l16-m16");
    CHECK(g.result() == Result{Outcome::Won, 0b0011u});
}

TEST_CASE("game: a player with no move passes", "[game]") {
    // a1 is walled in: its neighbours are taken and every hop lands on a piece.
    Game g = game_at(rules(2, 8), place(8, "1:a1 2:a2,b1,b2,a3,c1,c3,h8"));
    MoveList list;
    g.legal_moves(list);
    CHECK(list.empty());
    CHECK(g.must_pass());
    CHECK(g.perft(1) == 1);
    CHECK(legal(g, "pass"));
    play(g, "pass");
    CHECK(g.to_move() == 1);
    CHECK_FALSE(legal(g, "pass")); // player 2 can move
    CHECK(parse_move(g, "pass").error.find("only allowed") != std::string::npos);
}

TEST_CASE("game: the move limit ends the game in a draw", "[game]") {
    Rules r = Rules::for_game(2, 16);
    r.maxturns = 2;
    Game g(r);
    play(g, "a5-a6");
    play(g, "p12-p11");
    play(g, "a6-a7");
    CHECK(g.result().outcome == Outcome::Playing);
    play(g, "p11-p10");
    CHECK(g.result().outcome == Outcome::Draw);
    CHECK(g.ending() == Ending{Ending::Rule::MoveLimit, 1});
    CHECK(result_name(g.result()) == "draw");
    CHECK(g.perft(2) == 0);
}

TEST_CASE("game: a set-up position that is already won has no moves", "[game]") {
    Game g = game_at(rules(2, 8), place(8, "1:h8,g8,f8,e8,h7,g7,f7,h6,g6,h5 2:a1", 1));
    CHECK(g.result() == Result{Outcome::Won, 1u});
    CHECK(g.ending() == Ending{Ending::Rule::Finished, 0});
    CHECK(g.perft(3) == 0);
}

TEST_CASE("game: setup refuses positions this game cannot hold", "[game]") {
    Game g(rules(2, 16));
    CHECK_FALSE(g.setup(place(16, "3:a1")).empty());
    CHECK_FALSE(g.setup(place(8, "1:a1")).empty());
    Position crowded(16);
    for (int i = 0; i < 20; ++i) crowded.put(64 + i, 0);
    CHECK(g.setup(crowded).find("more than its camp holds") != std::string::npos);
}

TEST_CASE("game: undo and redo walk the history", "[game]") {
    Game g;
    const Position start = g.position();
    play(g, "a5-a6");
    play(g, "p12-p11");
    const Position after = g.position();
    CHECK(g.ply() == 2);
    CHECK(g.undo());
    CHECK(g.undo());
    CHECK_FALSE(g.undo());
    CHECK(g.position() == start);
    CHECK(g.redo());
    CHECK(g.redo());
    CHECK_FALSE(g.redo());
    CHECK(g.position() == after);
    CHECK(g.undo());
    play(g, "p13-p11"); // a new move clears what could be redone
    CHECK_FALSE(g.can_redo());
}

namespace {

// Every variant of the rules, each with a move limit so random games end.
std::vector<Rules> all_variants() {
    std::vector<Rules> out;
    for (int size : {8, 10, 16})
        for (Spoil spoil : {Spoil::Fill, Spoil::Strict, Spoil::Swap})
            for (bool longjumps : {false, true}) {
                Rules r = Rules::for_game(2, size);
                r.spoil = spoil;
                r.longjumps = longjumps;
                out.push_back(r);
            }
    for (int players : {3, 4})
        for (int evacuate : {0, 12, 60}) {
            Rules r = Rules::for_game(players, 16);
            r.evacuate = evacuate;
            out.push_back(r);
        }
    Rules small = Rules::for_game(3, 16);
    small.camps = CampSetup::Small;
    out.push_back(small);
    for (Partners p : {Partners::Opposite, Partners::Adjacent})
        for (PartnerWin w : {PartnerWin::First, PartnerWin::Both}) {
            Rules r = Rules::for_game(4, 16);
            r.partners = p;
            r.win = w;
            r.evacuate = 0;
            out.push_back(r);
        }
    for (Rules& r : out) r.maxturns = 90;
    return out;
}

// Picks a move that heads for the target camp most of the time, so games get far.
Move random_move(const Game& g, std::mt19937_64& rng) {
    MoveList list;
    g.legal_moves(list);
    if (list.empty()) return Move::pass();
    if (rng() % 3) {
        int corner = target_corner(g.rules(), g.owner_to_move());
        Move best = list[0];
        int best_gain = -99;
        for (Move m : list) {
            int gain = king_distance(m.from(), corner) - king_distance(m.to(), corner) +
                       static_cast<int>(rng() % 2);
            if (gain > best_gain) best_gain = gain, best = m;
        }
        return best;
    }
    return list[rng() % list.size()];
}

} // namespace

TEST_CASE("game: random games of every variant end, stay consistent and undo to the start",
          "[game][random]") {
    std::mt19937_64 rng(20261130);
    int finished_games = 0;
    for (const Rules& r : all_variants()) {
        for (int rep = 0; rep < 3; ++rep) {
            Game g(r);
            const Position start = g.position();
            std::vector<std::uint64_t> hashes{start.hash()};
            while (!g.over()) {
                Move m = random_move(g, rng);
                int owner = g.owner_to_move();
                REQUIRE(g.play(m));
                if (!m.is_pass()) {
                    // A chain keeps the square colour; a step moves one square.
                    int d = king_distance(m.from(), m.to());
                    if (d > 1) CHECK(((file_of(m.from()) ^ file_of(m.to())) & 1) == 0);
                    if (d > 1) CHECK(((rank_of(m.from()) ^ rank_of(m.to())) & 1) == 0);
                    if (!g.dropped(owner)) CHECK(g.position().at(m.to()) == owner);
                }
                REQUIRE(g.is_ok());
                hashes.push_back(g.position().hash());
                REQUIRE(g.ply() < 400);
            }
            ++finished_games;
            // Undo all the way back: every hash on the way matches the one played.
            for (std::size_t i = g.ply(); i-- > 0;) {
                REQUIRE(g.undo());
                REQUIRE(g.is_ok());
                REQUIRE(g.position().hash() == hashes[i]);
            }
            CHECK(g.position() == start);
            CHECK(g.result().outcome == Outcome::Playing);
        }
    }
    CHECK(finished_games == static_cast<int>(all_variants().size()) * 3);
}
