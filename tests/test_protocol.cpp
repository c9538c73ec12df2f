// The engine protocol through the real program: every command, its framing, and bad input
// of every kind answered with "? ..." leaving the game unchanged.
#include "halma.hpp"
#include "halma/ai.hpp"
#include "support.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

using namespace halma;
using test_support::run_program;

namespace {

// Runs an engine session and returns its whole standard output.
std::string session(const std::string& input, int* status = nullptr) {
    int st = 0;
    std::string out = run_program("--engine", input, st);
    if (status) *status = st;
    return out;
}

const std::string kStart =
    "...........22222/...........22222/............2222/.............222/..............22/"
    "................/................/................/................/................/"
    "................/11............../111............./1111............/11111.........../"
    "11111........... 1";

} // namespace

TEST_CASE("protocol: the example session of the man page, byte for byte", "[protocol]") {
    int status = -1;
    CHECK(session("newgame players=2\nplay a5-a6\nperft 1\nstatus\n", &status) ==
          "=\n\n=\n\n= 40\n\n= playing\n\n");
    CHECK(status == 0);
}

TEST_CASE("protocol: board, legal, play, undo, status", "[protocol]") {
    std::string out = session("board\nplay a5-a6\nboard\nundo\nboard\nundo\n");
    CHECK(out == "= " + kStart + "\n\n=\n\n= " +
                     "...........22222/...........22222/............2222/.............222/"
                     "..............22/................/................/................/"
                     "................/................/1.............../.1............../"
                     "111............./1111............/11111.........../11111........... 2" +
                     "\n\n=\n\n= " + kStart + "\n\n? nothing to undo\n\n");
    std::string legal = session("legal\n");
    CHECK(legal.rfind("= ", 0) == 0);
    CHECK(legal.size() > 3);
    CHECK(legal.substr(legal.size() - 2) == "\n\n");
    int lines = 0;
    for (char c : legal) lines += c == '\n';
    CHECK(lines == 41); // 40 moves and the empty line
    CHECK(legal.find("a5-a7\n") == std::string::npos);
    CHECK(legal.find("c3-c4\n") == std::string::npos);
    CHECK(legal.find("a5-a6\n") != std::string::npos);
    CHECK(legal.find("a4-a6\n") != std::string::npos);
}

TEST_CASE("protocol: newgame keys, setup, perft and status of a finished game", "[protocol]") {
    CHECK(session("newgame players=4\nperft 3\n") == "=\n\n= 32768\n\n");
    CHECK(session("newgame players=2 size=8\nperft 3\n") == "=\n\n= 20050\n\n");
    CHECK(session("newgame players=3 first=2\nboard\n").find(" 2\n\n") != std::string::npos);
    // 3 players with 13 each: small camps at a1, a16 and p16; the p1 corner empty.
    CHECK(session("newgame players=3 camps=small\nboard\nperft 2\n") ==
          "=\n\n= 2222........3333/2222........3333/222..........333/22............33/"
          "................/................/................/................/"
          "................/................/................/................/"
          "11............../111............./1111............/1111............ 1\n\n"
          "= 1024\n\n");
    CHECK(session("newgame players=4 camps=small\nnewgame camps=big\n") ==
          "? camps=small is for 3 players\n\n? bad value 'big' for camps (mixed or small)\n\n");
    std::string position =
        halma::position_string(test_support::place(8, "1:h8,g8,f8,h7,f7,h6,g6,h5,d7 2:g7,a1"));
    std::string won = "newgame size=8 evacuate=0 spoil=fill\nsetup " + position +
                      "\nplay d7-e8\nstatus\nlegal\nperft 1\ngenmove\nplay e8-d7\n";
    CHECK(session(won) == "=\n\n=\n\n=\n\n= winner 1\n\n=\n\n= 0\n\n? game over\n\n"
                          "? illegal move: the game is over\n\n");
}

TEST_CASE("protocol: newgame on the small boards plays strict unless spoil=fill is asked for",
          "[protocol][spoil]") {
    // Player 2 hops into the square player 1 vacated at home, a1: under fill that fills the
    // camp still full of player 1's pieces and wins at player 2's second move.
    const std::string opening = "play a1-c3\nplay f7-f6\nplay c3-d4\nplay g7-a1\nstatus\n";
    CHECK(session("newgame size=8 first=1\n" + opening) ==
          "=\n\n=\n\n=\n\n=\n\n=\n\n= playing\n\n");
    CHECK(session("newgame size=8 first=1 spoil=fill\n" + opening) ==
          "=\n\n=\n\n=\n\n=\n\n=\n\n= winner 2\n\n");
    // The record of a new game says which rule it plays.
    test_support::TempDir dir;
    for (const auto& [size, spoil] : {std::pair{"8", "strict"}, {"10", "strict"}, {"16", "fill"}}) {
        INFO(size);
        const std::string file = dir.path + "/" + size + ".halma";
        REQUIRE(session(std::string("newgame size=") + size + "\nsave " + file + "\n") ==
                "=\n\n=\n\n");
        std::ostringstream text;
        text << std::ifstream(file).rdbuf();
        CHECK(text.str().find(std::string("\nspoil: ") + spoil + "\n") != std::string::npos);
    }
}

TEST_CASE("protocol: genmove plays a legal move and writes every landing", "[protocol]") {
    std::string out = session("newgame size=8\ngenmove\nboard\nlevel 1\nmovetime 50\ngenmove\n");
    REQUIRE(out.rfind("=\n\n= ", 0) == 0);
    out = out.substr(3);
    std::string first = out.substr(2, out.find('\n') - 2);
    CHECK(first.find('-') != std::string::npos);
    // The move it named is the one it played: replaying it gives the same board.
    std::string replay = session("newgame size=8\nplay " + first + "\nboard\n");
    std::size_t board_at = out.find("\n\n= ") + 3;
    std::string board = out.substr(board_at, out.find('\n', board_at) - board_at);
    CHECK(replay.find(board) != std::string::npos);
    CHECK(out.find("=\n\n=\n\n= ", board_at) != std::string::npos);
}

TEST_CASE("protocol: under a node budget genmove plays the AI's own choice for its seed",
          "[protocol]") {
    // Each genmove takes the next seed; a level that thinks a third of movetime gets a third
    // of the nodes; the clock (a long movetime) does not decide.
    struct Table {
        Options options;
        int level;
    };
    const Table tables[] = {{{{"players", "4"}, {"partners", "opposite"}}, 5},
                            {{{"players", "4"}}, 5},
                            {{{"size", "10"}}, 4}};
    for (const Table& t : tables) {
        std::string newgame = "newgame";
        for (const auto& [key, value] : t.options) newgame += " " + key + "=" + value;
        INFO(newgame);
        const std::string out =
            session(newgame + "\nlevel " + std::to_string(t.level) +
                    "\nmovetime 600000\nnodes 20000\nseed 41\ngenmove\ngenmove\n");
        REQUIRE(out.rfind("=\n\n=\n\n=\n\n=\n\n=\n\n= ", 0) == 0);
        std::size_t at = 15;
        Rules rules;
        REQUIRE(!rules_from_options(t.options, rules).failed());
        Game game(rules);
        for (std::uint64_t seed : {41, 42}) {
            ai::Limits limits;
            limits.level = t.level;
            limits.movetime_ms = 600000;
            limits.seed = seed;
            limits.nodes = ai::clock_nodes(ai::level_settings(t.level, rules), 20000);
            const Move m = ai::choose_move(game, limits);
            const std::string name = chain_name(game.position(), m, rules.longjumps);
            CHECK(out.substr(at, name.size() + 4) == "= " + name + "\n\n");
            at += name.size() + 4;
            game.play(m);
        }
    }
    // A budget past six digits: the plan home of a full table gets through millions of
    // positions in the time a search gets through a few hundred thousand.
    CHECK(session("nodes 999999999\nnodes 1300000\nnodes 0\n") == "=\n\n=\n\n=\n\n");
}

TEST_CASE("protocol: bad input of every kind answers '? ...' and changes nothing", "[protocol]") {
    const std::string moved = "play a5-a6\n";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"frobnicate\n", "? unknown command\n\n"},
        {"BOARD\n", "? unknown command\n\n"},
        {"newgame players=5\n", "? bad value '5' for players (2, 3 or 4)\n\n"},
        {"newgame colour=red\n", "? unknown option 'colour'\n\n"},
        {"newgame players\n", "? bad option 'players': expected key=value\n\n"},
        {"newgame players=3 size=8\n", "? 3 and 4 players need the 16x16 board\n\n"},
        {"setup ./. 1\n",
         "? bad position: a position has 8, 10 or 16 ranks separated by '/', not 2\n\n"},
        {"setup\n",
         "? bad position: a position needs the board, a space and the player to move\n\n"},
        {"play p12-p9\n", "? illegal move: no step or hop chain leads from p12 to p9\n\n"},
        {"play a6-a7\n", "? illegal move: a6 holds a piece of player 1; it is player 2's turn\n\n"},
        {"play\n", "? play needs one move, e.g. play e4-f5\n\n"},
        {"play zz\n", "? illegal move: 'zz' is not a square of the 16x16 board\n\n"},
        {"play pass\n", "? illegal move: pass is only allowed when no move is possible\n\n"},
        {"level 0\n", "? the level must be a number from 1 to 5\n\n"},
        {"level x\n", "? the level must be a number from 1 to 5\n\n"},
        {"movetime -5\n", "? movetime must be a number from 1 to 999999\n\n"},
        {"nodes 1000000000\n", "? the node budget must be a number from 0 to 999999999\n\n"},
        {"nodes\n", "? the node budget must be a number from 0 to 999999999\n\n"},
        {"nodes 5x\n", "? the node budget must be a number from 0 to 999999999\n\n"},
        {"seed -1\n", "? the seed must be a number from 0 to 999999\n\n"},
        {"seed 1 2\n", "? the seed must be a number from 0 to 999999\n\n"},
        {"perft\n", "? the depth must be a number from 0 to 20\n\n"},
        {"board now\n", "? this command takes no arguments\n\n"},
        {"load /nonexistent/file\n",
         "? cannot read /nonexistent/file: No such file or directory\n\n"},
        {"save /nonexistent/dir/file\n",
         "? cannot write /nonexistent/dir/file: No such file or directory\n\n"},
        {"load\n", "? load needs a file name\n\n"},
    };
    for (const auto& [line, answer] : cases) {
        INFO(line);
        std::string out = session(moved + "board\n" + line + "board\n");
        std::size_t a = out.find("\n\n= ") + 2, b = out.find("\n\n", a) + 2;
        std::string board = out.substr(a, b - a);
        CHECK(out.substr(b, answer.size()) == answer);
        CHECK(out.substr(b + answer.size()) == board);
    }
}

TEST_CASE("protocol: blank lines and comments get no answer; quit and EOF exit 0", "[protocol]") {
    int status = -1;
    CHECK(session("\n# a comment\n   \nstatus\r\nquit\nstatus\n", &status) == "= playing\n\n=\n\n");
    CHECK(status == 0);
    CHECK(session("status", &status) == "= playing\n\n"); // no final newline
    CHECK(status == 0);
}

TEST_CASE("protocol: help lists every command", "[protocol]") {
    std::string out = session("help\n");
    for (const char* cmd :
         {"newgame", "setup", "board", "legal", "play", "genmove", "level", "movetime", "nodes",
          "seed", "perft", "status", "result", "undo", "save", "load", "help", "quit"})
        CHECK(("\n" + out.substr(2)).find(std::string("\n") + cmd) != std::string::npos);
    CHECK(out.substr(out.size() - 2) == "\n\n");
}

TEST_CASE("protocol: save and load a record; a corrupt one is refused with its line",
          "[protocol]") {
    std::string dir = test_support::temp_dir();
    std::string file = dir + "/game.halma";
    std::string out = session("newgame size=10\nplay a5-b6\nsave " + file + "\n");
    CHECK(out == "=\n\n=\n\n=\n\n");
    std::string loaded = session("load " + file + "\nboard\nundo\nundo\n");
    CHECK(loaded.rfind("=\n\n= ", 0) == 0);
    CHECK(loaded.find(" 2\n\n=\n\n? nothing to undo\n\n") != std::string::npos);
    std::ofstream(dir + "/bad.halma") << "players: 2\n\n1. a5-a6 p12-p11\n2. a6-a9\n";
    CHECK(session("load " + dir + "/bad.halma\nboard\n") ==
          "? " + dir +
              "/bad.halma: line 4: move 'a6-a9': no step or hop chain leads from a6 to a9\n\n= " +
              kStart + "\n\n");
    std::system(("rm -rf '" + dir + "'").c_str());
}

TEST_CASE("protocol: --help and --version print to stdout; a bad option exits 2", "[protocol]") {
    int status = -1;
    std::string err;
    CHECK(run_program("--version", "", status).rfind("halma ", 0) == 0);
    CHECK(status == 0);
    CHECK(run_program("--help", "", status).find("--engine") != std::string::npos);
    CHECK(status == 0);
    CHECK(run_program("--bogus", "", status, &err).empty());
    CHECK(status == 2);
    CHECK(err.find("--bogus") != std::string::npos);
    CHECK(err.find("usage") != std::string::npos);
}

TEST_CASE("protocol: status and result of records ended on and off the board",
          "[protocol][result]") {
    test_support::TempDir dir;
    auto answers = [&](const std::string& name, const std::string& record) {
        const std::string file = dir.path + "/" + name + ".halma";
        std::ofstream(file) << record;
        return session("load " + file + "\nstatus\nresult\n");
    };
    const std::string two = "# halma game record\nplayers: 2\nsize: 16\n";
    CHECK(answers("resigned", two + "result: winner 2 by resign\n\n1. a5-a6 p12-p11\n") ==
          "=\n\n= winner 2\n\n= winner 2 by resign\n\n");
    CHECK(answers("aborted", two + "result: aborted by abort\n\n1. a5-a6\n") ==
          "=\n\n= aborted\n\n= aborted by abort\n\n");
    CHECK(answers("time", two + "result: winner 1 by time\n\n1. a5-a6\n") ==
          "=\n\n= winner 1\n\n= winner 1 by time\n\n");
    CHECK(answers("agreed", two + "result: draw by agreement\n\n1. a5-a6 p12-p11\n") ==
          "=\n\n= draw\n\n= draw by agreement\n\n");
    // An older club record: "order" and "ended" say who resigned.
    CHECK(answers("club", two + "player1: alice\nplayer2: bob\norder: 2>1\nended: resign\n"
                                "result: playing\n\n1. a5-a6 p12-p11\n") ==
          "=\n\n= winner 2\n\n= winner 2 by resign\n\n");
    CHECK(answers("maxturns", two + "maxturns: 1\n\n1. a5-a6 p12-p11\n") ==
          "=\n\n= draw\n\n= draw by max-turns\n\n");
    // A contradicting header is refused and the game stays as it was.
    CHECK(answers("bad", two + "result: winner 1 by home\n\n1. a5-a6\n") ==
          "? " + dir.path +
              "/bad.halma: line 4: the result says 'winner 1 by home' but the moves give "
              "'playing'\n\n= playing\n\n= playing\n\n");
    // Won by moves, played in the session; a game going on.
    std::string position =
        halma::position_string(test_support::place(8, "1:h8,g8,f8,h7,f7,h6,g6,h5,d7 2:g7,a1"));
    CHECK(session("newgame size=8 evacuate=0 spoil=fill\nresult\nsetup " + position +
                  "\nplay d7-e8\nstatus\nresult\n") ==
          "=\n\n= playing\n\n=\n\n=\n\n= winner 1\n\n= winner 1 by home\n\n");
    CHECK(session("newgame maxturns=1\nplay a5-a6\nplay p12-p11\nstatus\nresult\nundo\nresult\n") ==
          "=\n\n=\n\n=\n\n= draw\n\n= draw by max-turns\n\n=\n\n= playing\n\n");
    // A resigned game saved by the engine keeps its result.
    const std::string saved = dir.path + "/saved.halma";
    CHECK(session("load " + dir.path + "/resigned.halma\nsave " + saved + "\nload " + saved +
                  "\nresult\n") == "=\n\n=\n\n=\n\n= winner 2 by resign\n\n");
}

namespace {
// An engine session on a set-up position of these rules: its answers to the commands after.
std::string on_position(const std::string& rules, int size, const std::string& pieces,
                        const std::string& commands) {
    return session("newgame " + rules + "\nsetup " +
                   position_string(test_support::place(size, pieces)) + "\n" + commands);
}
// n answers "=" to commands that succeed silently.
std::string ok(int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += "=\n\n";
    return s;
}
} // namespace

TEST_CASE("protocol: the leave-home rule holds from the N-th move on, in two players",
          "[protocol][result]") {
    // 8x8, N = 2: player 1 has d1 at home, player 2 nothing at home.
    const std::string rules = "size=8 evacuate=2";
    const std::string pieces = "1:d1,g4 2:a8,b8";
    // Still at home after the N-th move: lost.
    CHECK(on_position(rules, 8, pieces, "play g4-g5\nplay a8-a7\nplay g5-g6\nresult\n") ==
          ok(5) + "= winner 2 by leave-home\n\n");
    // Out before the N-th, home empty at it: the game goes on; back home at N+1: lost.
    CHECK(on_position(rules, 8, pieces,
                      "play d1-e1\nplay a8-a7\nplay g4-g5\nresult\nplay a7-a6\n"
                      "play e1-d1\nresult\nstatus\nlegal\n") ==
          ok(5) + "= playing\n\n" + ok(2) + "= winner 2 by leave-home\n\n= winner 2\n\n=\n\n");
    // The same move back home taken back: the game goes on.
    CHECK(on_position(rules, 8, pieces,
                      "play d1-e1\nplay a8-a7\nplay g4-g5\nplay a7-a6\nplay e1-d1\nundo\n"
                      "result\n") == ok(8) + "= playing\n\n");
    // At N+1 a chain over player 2's pieces on d2 and c2 lands at home on c1 and hops on
    // out to c3: only where it ends counts. Ending on c1 loses.
    const std::string chain = "1:e3,g4 2:d2,c2,a8";
    const std::string through = on_position(
        rules, 8, chain,
        "play g4-g5\nplay a8-a7\nplay g5-g6\nplay a7-a6\nplay e3-c1-c3\nresult\nboard\n");
    const std::string played = ok(7) + "= playing\n\n= ";
    REQUIRE(through.substr(0, played.size()) == played);
    Position pos;
    REQUIRE(parse_position(through.substr(played.size(), through.size() - played.size() - 2), 2,
                           pos) == "");
    CHECK(pos.at(test_support::sq("c3", 8)) == 0);
    CHECK(pos.at(test_support::sq("e3", 8)) == kEmpty);
    CHECK(on_position(rules, 8, chain,
                      "play g4-g5\nplay a8-a7\nplay g5-g6\nplay a7-a6\nplay e3-c1\nresult\n") ==
          ok(7) + "= winner 2 by leave-home\n\n");
}

TEST_CASE("protocol: the leave-home rule holds from the N-th move on, in four players",
          "[protocol][result]") {
    // N = 2. Player 4's chain l3-n1-l1 over player 2's m2 and player 3's m1 passes through
    // its home camp (n1) and ends outside it. Players 2 and 3 can step home (d15, m16).
    const std::string pieces = "1:d1,h5 2:e12,m2,e15 3:l12,m1,l16 4:l3,l5";
    const std::string rounds = "play d1-e1\nplay e12-e11\nplay l12-l11\nplay l5-l6\n"
                               "play h5-h6\nplay e11-e10\nplay l11-l10\nplay l6-l7\n";
    // Player 1 back home at move 3 drops out, its pieces off the board; player 4's chain
    // through home does not; players 2 and 3 back home at move 4 drop out: player 4 wins.
    const std::string out = on_position(
        "players=4 evacuate=2", 16, pieces,
        rounds + "play e1-d1\nstatus\nplay e10-e9\nplay l10-l9\nplay l3-n1-l1\nresult\nboard\n"
                 "play e15-d15\nresult\nplay l16-m16\nresult\n");
    const std::string before = ok(11) + "= playing\n\n" + ok(3) + "= playing\n\n= ";
    REQUIRE(out.substr(0, before.size()) == before);
    const std::string board =
        out.substr(before.size(), out.find('\n', before.size()) - before.size());
    CHECK(board.find('1') == std::string::npos);
    Position pos;
    REQUIRE(parse_position(board, 4, pos).empty());
    CHECK(pos.at(test_support::sq("l1", 16)) == 3);
    CHECK(pos.at(test_support::sq("l3", 16)) == kEmpty);
    CHECK(pos.to_move() == 1);
    CHECK(out.substr(out.find('\n', before.size())) ==
          "\n\n=\n\n= playing\n\n=\n\n= winner 4 by leave-home\n\n");
}

TEST_CASE("protocol: a record played when the leave-home rule held at the N-th move alone "
          "keeps that rule only where it changes the result",
          "[protocol][result]") {
    test_support::TempDir dir;
    auto answers = [&](const std::string& name, const std::string& record,
                       const std::string& commands) {
        const std::string file = dir.path + "/" + name + ".halma";
        std::ofstream(file) << record;
        return session("load " + file + "\n" + commands);
    };
    const std::string head = "# halma game record\nplayers: 2\nsize: 8\nevacuate: 2\nposition: " +
                             position_string(test_support::place(8, "1:d1,g4 2:a8,b8")) + "\n";
    const std::string back = "1. d1-e1 a8-a7\n2. g4-g5 a7-a6\n3. e1-d1";
    // Player 1 went back home at move 3 and the game went on: it replays under the rule it
    // was played under, and goes on under it.
    CHECK(answers("on", head + "result: playing\n\n" + back + " a6-a5\n4. g5-g6\n",
                  "result\nplay a5-a4\nresult\n") == "=\n\n= playing\n\n=\n\n= playing\n\n");
    CHECK(answers("resigned", head + "result: winner 1 by resign\n\n" + back + "\n", "result\n") ==
          "=\n\n= winner 1 by resign\n\n");
    // One that the rule as it is ends at the same move, to the same result, plays under it.
    CHECK(answers("lost", head + "result: winner 2 by leave-home\n\n" + back + "\n", "result\n") ==
          "=\n\n= winner 2 by leave-home\n\n");
    CHECK(answers("still", head + "result: playing\n\n1. g4-g5 a8-a7\n2. g5-g6\n", "result\n")
              .find("but the moves give 'winner 2 by leave-home'") != std::string::npos);
}

TEST_CASE("protocol: with a seed genmove thinks by the nodes that stand for movetime",
          "[protocol]") {
    // No node budget given: the seed makes the clock's levels think by the budget that
    // stands for movetime on the reference machine, so the moves are the library's choices
    // under that budget, and the clock (busy or not) decides nothing.
    for (int level : {4, 5}) {
        INFO("level " << level);
        const std::string out = session("newgame size=10\nlevel " + std::to_string(level) +
                                        "\nmovetime 60\nseed 9\ngenmove\ngenmove\n");
        REQUIRE(out.rfind(ok(4) + "= ", 0) == 0);
        std::size_t at = ok(4).size();
        const Rules rules = Rules::for_game(2, 10);
        Game game(rules);
        for (std::uint64_t seed : {9, 10}) {
            ai::Limits limits;
            limits.level = level;
            limits.movetime_ms = ai::kMaxMovetimeMs;
            limits.seed = seed;
            limits.nodes = ai::repeatable_nodes(ai::level_settings(level, rules), rules, 60);
            REQUIRE(limits.nodes > 0);
            const Move m = ai::choose_move(game, limits);
            const std::string name = chain_name(game.position(), m, rules.longjumps);
            CHECK(out.substr(at, name.size() + 4) == "= " + name + "\n\n");
            at += name.size() + 4;
            game.play(m);
        }
    }
}

TEST_CASE("protocol: on the small boards every level races out of its camp from the first "
          "move, never back to squares it held",
          "[protocol][race]") {
    // Twelve moves a player of a game against itself: no move inside the home camp that
    // brings no piece nearer the target, no move back to a set of squares held before.
    for (int size : {8, 10}) {
        for (int level = ai::kMinLevel; level <= ai::kMaxLevel; ++level) {
            INFO(size << "x" << size << ", level " << level);
            std::string commands = "newgame size=" + std::to_string(size) + "\nlevel " +
                                   std::to_string(level) + "\nmovetime 40\nseed 3\n";
            for (int i = 0; i < 24; ++i) commands += "genmove\n";
            const std::string out = session(commands);
            REQUIRE(out.rfind(ok(4), 0) == 0);
            Game game(Rules::for_game(2, size));
            std::vector<Bitboard> held[2] = {{game.position().pieces(0)},
                                             {game.position().pieces(1)}};
            std::istringstream answers(out.substr(ok(4).size()));
            for (std::string line; std::getline(answers, line);) {
                if (line.empty()) continue;
                REQUIRE(line.rfind("= ", 0) == 0);
                const ParsedMove pm = parse_move(game, line.substr(2));
                REQUIRE(pm.error.empty());
                const int p = game.to_move();
                const Bitboard home = game.camps().home[p];
                const int corner = target_corner(game.rules(), p);
                auto far = [&](int sq) {
                    return std::abs(file_of(sq) - file_of(corner)) +
                           std::abs(rank_of(sq) - rank_of(corner));
                };
                INFO("move " << game.ply() + 1 << ": " << line.substr(2));
                CHECK_FALSE((home.test(pm.move.from()) && home.test(pm.move.to()) &&
                             far(pm.move.to()) >= far(pm.move.from())));
                game.play(pm.move);
                const Bitboard now = game.position().pieces(p);
                CHECK(std::find(held[p].begin(), held[p].end(), now) == held[p].end());
                held[p].push_back(now);
            }
            CHECK(game.ply() == 24);
        }
    }
}
