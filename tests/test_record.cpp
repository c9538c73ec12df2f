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
    r.spoil = Spoil::Fill; // player 2's piece on g7 fills a square
    Game g = game_at(r, place(8, "1:h8,g8,f8,h7,f7,h6,g6,h5,d7 2:g7,a1"));
    play_all(g, {"d7-e8"});
    std::string text = write_record(g);
    CHECK(text.find("position: ") != std::string::npos);
    CHECK(text.find("result: winner 1 by home\n") != std::string::npos);
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

TEST_CASE("record: a small board's game records its spoil rule; records without one fill",
          "[record][spoil]") {
    Game strict(Rules::for_game(2, 8));
    play_all(strict, {"a1-c3", "f7-f6", "c3-d4", "g7-a1"});
    CHECK(!strict.over()); // under strict, a1 holds player 2's piece: player 1's camp is not full
    const std::string text = write_record(strict);
    CHECK(text.find("\nspoil: strict\n") != std::string::npos);
    Game back;
    Options headers;
    REQUIRE(read_record(text, back, headers).message() == "");
    CHECK(same_game(strict, back));
    // Without a spoil line a record plays fill, the rule every board had when it was written:
    // the same moves are then player 2's win, as they were.
    const std::string old = "players: 2\nsize: 8\nfirst: 1\nresult: winner 2 by home\n\n"
                            "1. a1-c3 f7-f6\n2. c3-d4 g7-a1\n";
    REQUIRE(read_record(old, back, headers).message() == "");
    CHECK(back.rules().spoil == Spoil::Fill);
    CHECK(back.over());
    CHECK(result_text(back) == "winner 2 by home");
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

namespace {
// A 2-player game of a few moves, concluded off the board.
Game concluded_game(Result result, Ending::Rule rule, int seat) {
    Game g(Rules::for_game(2, 16));
    play_all(g, {"a5-a6", "p12-p11", "b5-b6"});
    g.conclude(result, rule, seat);
    return g;
}
// Reads a record; returns the error's message (empty on success).
std::string read_text(const std::string& text, Game& g) {
    Options headers;
    return read_record(text, g, headers).message();
}
} // namespace

TEST_CASE("record: results off the board are written and read back", "[record][result]") {
    using R = Ending::Rule;
    struct Case {
        Result result;
        R rule;
        int seat;
        const char* words;
    };
    const Case cases[] = {
        {{Outcome::Won, 0b10}, R::Resigned, 0, "winner 2 by resign"},
        {{Outcome::Won, 0b01}, R::OutOfTime, 1, "winner 1 by time"},
        {{Outcome::Won, 0b01}, R::Left, 1, "winner 1 by left"},
        {{Outcome::Draw, 0}, R::Agreement, 1, "draw by agreement"},
        {{Outcome::Draw, 0}, R::Aborted, 1, "aborted by abort"},
    };
    for (const Case& c : cases) {
        INFO(c.words);
        const Game g = concluded_game(c.result, c.rule, c.seat);
        CHECK(result_text(g) == c.words);
        const std::string text = write_record(g, {{"player1", "alice"}, {"player2", "bob"}});
        CHECK(text.find(std::string("result: ") + c.words + "\n") != std::string::npos);
        Game back;
        REQUIRE(read_text(text, back) == "");
        CHECK(back.over());
        CHECK(back.concluded());
        CHECK(back.ply() == 3);
        CHECK(back.result() == c.result);
        CHECK(back.ending().rule == c.rule);
        if (c.rule != R::Agreement && c.rule != R::Aborted) CHECK(back.ending().seat == c.seat);
        CHECK(result_text(back) == c.words);
        CHECK(write_record(back, {{"player1", "alice"}, {"player2", "bob"}}) == text);
    }
    // An abort before any move, and a partnership resigning.
    Game none(Rules::for_game(2, 16));
    none.conclude({Outcome::Draw, 0}, R::Aborted, 0);
    Game back;
    REQUIRE(read_text(write_record(none), back) == "");
    CHECK(status_text(back) == "aborted");
    CHECK(result_text(back) == "aborted by abort");
    REQUIRE(read_text("players: 4\npartners: opposite\nresult: winners 2 4 by resign\n", back) ==
            "");
    CHECK(back.result() == Result{Outcome::Won, 0b1010});
    CHECK(back.ending() == Ending{R::Resigned, 0}); // the player to move, who lost
    CHECK(result_text(back) == "winners 2 4 by resign");
}

TEST_CASE("record: results on the board are written with their reason", "[record][result]") {
    Game draw;
    REQUIRE(read_text("players: 2\nmaxturns: 1\n\n1. a5-a6 p12-p11\n", draw) == "");
    CHECK(result_text(draw) == "draw by max-turns");
    CHECK(write_record(draw).find("result: draw by max-turns\n") != std::string::npos);
    Game back;
    CHECK(read_text("players: 2\nmaxturns: 1\nresult: draw by max-turns\n\n1. a5-a6 p12-p11\n",
                    back) == "");
    CHECK(read_text("players: 2\nmaxturns: 1\nresult: draw\n\n1. a5-a6 p12-p11\n", back) == "");
    Game playing(Rules::for_game(2, 16));
    CHECK(result_text(playing) == "playing");
    CHECK(write_record(playing).find("result: playing\n") != std::string::npos);
}

TEST_CASE("record: a bad or contradicting result header is an error with its line",
          "[record][result]") {
    const std::string head = "players: 2\nmaxturns: 1\n";
    auto error = [&](const std::string& result, const std::string& moves) {
        Game g;
        Options headers{{"keep", "me"}};
        const TextError err =
            read_record(head + "result: " + result + "\n\n" + moves + "\n", g, headers);
        CHECK(g.ply() == 0); // left alone
        CHECK(headers == Options{{"keep", "me"}});
        if (err.failed()) {
            CHECK(err.line == 3);
            CHECK(err.key == "result");
        }
        return err.text;
    };
    CHECK(error("winner 3 by resign", "a5-a6").find("not a seat of this game") !=
          std::string::npos);
    CHECK(error("winner 2 by banana", "a5-a6").find("unknown reason 'banana'") !=
          std::string::npos);
    CHECK(error("winner by resign", "a5-a6").find("takes one seat") != std::string::npos);
    CHECK(error("winners 1 2 by resign", "a5-a6").find("two partners") != std::string::npos);
    CHECK(error("draw by resign", "a5-a6").find("agreement or max-turns") != std::string::npos);
    CHECK(error("winner 1 by agreement", "a5-a6").find("gives a draw") != std::string::npos);
    CHECK(error("aborted by resign", "a5-a6").find("aborted by abort") != std::string::npos);
    CHECK(error("winner 2 by abort", "a5-a6").find("goes with 'aborted'") != std::string::npos);
    CHECK(error("playing by resign", "a5-a6").find("takes no reason") != std::string::npos);
    CHECK(error("lost", "a5-a6").find("is not a result") != std::string::npos);
    CHECK(error("winner 2 by", "a5-a6").find("one reason") != std::string::npos);
    CHECK(error("by resign", "a5-a6").find("no result") != std::string::npos);
    CHECK(error("winner 2 by resign by time", "a5-a6") != "");
    CHECK(error("winner 2 2 by resign", "a5-a6") != "");
    CHECK(error("winner 99999999999999999999 by resign", "a5-a6") != "");
    // Words that read but contradict the replayed game.
    CHECK(error("winner 1 by home", "a5-a6") ==
          "the result says 'winner 1 by home' but the moves give 'playing'");
    CHECK(error("playing", "a5-a6 p12-p11") ==
          "the result says 'playing' but the moves give 'draw by max-turns'");
    CHECK(error("winner 2 by resign", "a5-a6 p12-p11") ==
          "the result says 'winner 2 by resign' but the moves give 'draw by max-turns'");
    CHECK(error("draw by agreement", "a5-a6 p12-p11") ==
          "the result says 'draw by agreement' but the moves give 'draw by max-turns'");
    CHECK(error("aborted by abort", "a5-a6 p12-p11") != "");
    Game g;
    Options headers;
    CHECK(read_record("players: 3\nresult: draw by agreement\n", g, headers).text ==
          "'draw by agreement' is not a result: a draw is agreed by 2 players only");
}

TEST_CASE("record: an older club record's order and ended conclude a 2-player game",
          "[record][result]") {
    Game g;
    REQUIRE(read_text("players: 2\nplayer1: alice\nplayer2: bob\norder: 2>1\nended: resign\n"
                      "result: playing\n\n1. a5-a6 p12-p11\n",
                      g) == "");
    CHECK(result_text(g) == "winner 2 by resign");
    CHECK(g.ending() == Ending{Ending::Rule::Resigned, 0});
    REQUIRE(read_text("players: 2\norder: 1>2\nended: time\n\n1. a5-a6\n", g) == "");
    CHECK(result_text(g) == "winner 1 by time");
    CHECK(g.ending() == Ending{Ending::Rule::OutOfTime, 1});
    // What cannot be read cleanly is left playing.
    for (const char* headers :
         {"players: 2\norder: 1=2\nended: resign\n", "players: 2\norder: 2>1\nended: moves\n",
          "players: 2\norder: 3>1\nended: resign\n", "players: 3\norder: 2>1>3\nended: resign\n"}) {
        INFO(headers);
        REQUIRE(read_text(headers, g) == "");
        CHECK(result_text(g) == "playing");
    }
    // A result header of the new kind decides over the old ones.
    REQUIRE(read_text("players: 2\norder: 2>1\nended: resign\nresult: winner 1 by time\n\n"
                      "1. a5-a6\n",
                      g) == "");
    CHECK(result_text(g) == "winner 1 by time");
}
