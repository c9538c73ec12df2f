// Game records: written, read back, compared; bad records refused by line number.
#include "support.hpp"

#include <catch2/catch.hpp>

using namespace halma;
using test_support::game_at;
using test_support::place;

namespace {
void play_all(Game& g, std::initializer_list<const char*> moves) {
    for (const char* m : moves) {
        ParsedMove pm = parse_move(g, m);
        INFO(m << ": " << pm.error);
        REQUIRE(pm.error.empty());
        g.play(pm.move);
    }
}
bool same_game(const Game& a, const Game& b) {
    if (a.ply() != b.ply() || a.result() != b.result()) return false;
    if (options_of(a.rules()) != options_of(b.rules())) return false;
    for (std::size_t i = 0; i < a.ply(); ++i)
        if (a.move_at(i) != b.move_at(i)) return false;
    return a.position() == b.position() && a.initial() == b.initial();
}
} // namespace

TEST_CASE("record: a game is written and read back unchanged", "[record]") {
    Rules r = Rules::for_game(2, 16);
    r.first = 1;
    r.spoil = Spoil::Strict;
    Game g(r);
    play_all(g, {"p12-p11", "a5-a6", "n14-n12", "c3-d4", "o13-m13"});
    Options extra{{"seats", "human ai:3"}, {"date", "2026-11-30"}};
    std::string text = write_record(g, extra);
    CHECK(text.find("spoil: strict\n") != std::string::npos);
    CHECK(text.find("first: 2\n") != std::string::npos);
    CHECK(text.find("seats: human ai:3\n") != std::string::npos);
    CHECK(text.find("result: playing\n") != std::string::npos);
    CHECK(text.find("1. p12-p11 a5-a6\n2. n14-n12 c3-d4\n3. o13-m13\n") != std::string::npos);
    Game back;
    Options headers;
    REQUIRE(read_record(text, back, headers).message() == "");
    CHECK(same_game(g, back));
    CHECK(headers == extra);
}

TEST_CASE("record: a set-up game keeps its position and a finished game its result", "[record]") {
    Rules r = Rules::for_game(2, 8);
    r.evacuate = 0;
    Game g = game_at(r, place(8, "1:h8,g8,f8,h7,f7,h6,g6,h5,d7 2:g7,a1"));
    play_all(g, {"d7-e8"});
    std::string text = write_record(g);
    CHECK(text.find("position: ") != std::string::npos);
    CHECK(text.find("result: winner 1\n") != std::string::npos);
    Game back;
    Options headers;
    REQUIRE(read_record(text, back, headers).message() == "");
    CHECK(same_game(g, back));
    CHECK(back.from_setup());
}

TEST_CASE("record: hand-written records with comments and no round numbers are read", "[record]") {
    std::string text = "# my game\n"
                       "players: 2   # two of us\n"
                       "\n"
                       "a5-a6 p12-p11\n"
                       "   b5-b6   # a comment\n";
    Game g;
    Options headers;
    REQUIRE(read_record(text, g, headers).message() == "");
    CHECK(g.ply() == 3);
    CHECK(g.to_move() == 1);
}

TEST_CASE("record: a bad record is refused with its line and leaves the game alone", "[record]") {
    Game g;
    play_all(g, {"a5-a6"});
    const Position before = g.position();
    Options headers{{"keep", "me"}};
    auto err = [&](const std::string& text) { return read_record(text, g, headers).message(); };
    CHECK(err("players: 2\n\n1. a5-a6 p12-p11\n2. a6-a9\n").rfind("line 4: move 'a6-a9'", 0) == 0);
    CHECK(err("players: 5\n").rfind("line 1: bad value '5' for players", 0) == 0);
    CHECK(err("# c\nsize: 8\nspoil: sometimes\n").rfind("line 3: bad value 'sometimes'", 0) == 0);
    CHECK(err("players: 2\n1. a5-a6\n3. p12-p11\n").rfind("line 3: round 3 where round 1", 0) == 0);
    CHECK(err("players: 2\nresult: winner 1\n1. a5-a6\n").rfind("line 2: the result says", 0) == 0);
    CHECK(err("players: 2\n1. a5-a6\nsize: 8\n").rfind("line 3: a header line after", 0) == 0);
    CHECK(err("position: ..../.... 1\n").rfind("line 1: ", 0) == 0);
    CHECK(err(std::string("players: 2\n1. a5-a6\x01\n")).rfind("line 2: control character", 0) ==
          0);
    CHECK(err("players: 2\nmaxturns: 1\n1. a5-a6 p12-p11 a6-a7\n").find("the game is over") !=
          std::string::npos);
    CHECK(g.position() == before);
    CHECK(headers == Options{{"keep", "me"}});
}

TEST_CASE("record: 3 players with 13 each round-trip; records without camps keep 19/13/19",
          "[record]") {
    Rules r = Rules::for_game(3, 16);
    r.camps = CampSetup::Small;
    Game g(r);
    play_all(g, {"d1-e1", "d16-e16", "m16-l16"});
    std::string text = write_record(g);
    CHECK(text.find("camps: small\n") != std::string::npos);
    Game back;
    Options headers;
    REQUIRE(read_record(text, back, headers).message() == "");
    CHECK(same_game(g, back));
    CHECK(back.rules().camps == CampSetup::Small);
    CHECK(back.initial().pieces(0).count() == 13);
    // A record written before the option existed names no camps: 19/13/19, as it was played.
    Game old;
    REQUIRE(
        read_record("players: 3\nsize: 16\nspoil: fill\n\n1. e1-f1\n", old, headers).message() ==
        "");
    CHECK(old.rules().camps == CampSetup::Mixed);
    CHECK(old.initial().pieces(0).count() == 19);
    // 2- and 4-player records are written as before, and read back.
    for (int players : {2, 4}) {
        Game plain(Rules::for_game(players, 16));
        std::string t = write_record(plain);
        CHECK(t.find("camps") == std::string::npos);
        Game again;
        REQUIRE(read_record(t, again, headers).message() == "");
        CHECK(same_game(plain, again));
    }
}

TEST_CASE("record: a drop-out game writes rounds by each player's own move count", "[record]") {
    Rules r = Rules::for_game(4, 16);
    r.evacuate = 1;
    Game g(r);
    play_all(g, {"d1-e1", "a13-a12", "p13-p12"});
    CHECK(g.over());
    std::string text = write_record(g);
    Game back;
    Options headers;
    REQUIRE(read_record(text, back, headers).message() == "");
    CHECK(same_game(g, back));
    CHECK(result_name(back.result()) == "winner 4");
}
