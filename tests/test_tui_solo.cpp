// The front end's solitaire parts that need no terminal: --solo on the command line, the
// form's puzzle line, building moves on a puzzle, opening solo records, and the best-scores
// file (first score, better, worse, damaged files set aside).
#include "files/record_file.hpp"
#include "files/solo_scores.hpp"
#include "halma.hpp"
#include "halma/solo.hpp"
#include "play/chain_builder.hpp"
#include "play/new_game_form.hpp"
#include "play/words.hpp"
#include "settings/command_line.hpp"
#include "start/opening.hpp"

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

using namespace halma;
using namespace halma::files;
using namespace halma::play;
using namespace halma::settings;
using namespace halma::start;

namespace {

// crossing-8x8's best known solution (as tests/test_solo.cpp replays it).
const char* const kBest8x8 =
    "b1-d3 b2-d2-d4 a3-b4 a1-a3-c3-e5 a2-c4-e4-e6 c1-c3-a3-c5 b3-b5-d5-f7 d1-b3-b5-d5-f5 "
    "a4-c4-e4-g6-e8 c2-e4-g6 b4-d6-f6-h6 f5-h7-h5 d3-d5-f5-h7 d4-f6-f8 e5-e7-g7 c5-d6 "
    "d6-f6-h8 e6-g8";

Puzzle builtin(const char* name) {
    Puzzle p;
    REQUIRE(solo::builtin_puzzle(name, p));
    return p;
}

// Plays space-separated moves on a puzzle.
void play_all(Game& g, const std::string& moves) {
    std::size_t start = 0;
    while (start < moves.size()) {
        std::size_t end = moves.find(' ', start);
        if (end == std::string::npos) end = moves.size();
        ParsedMove pm = parse_move(g, moves.substr(start, end - start));
        REQUIRE(pm.error.empty());
        REQUIRE(g.play(pm.move));
        start = end + 1;
    }
}

// A fresh directory under /tmp, removed with its files at the end of the test.
struct TempDir {
    std::string path;
    TempDir() {
        char name[] = "/tmp/halma-solo-XXXXXX";
        REQUIRE(mkdtemp(name) != nullptr);
        path = name;
    }
    ~TempDir() { (void)std::system(("rm -rf '" + path + "'").c_str()); }
};

std::string slurp(const std::string& path) {
    std::string text;
    REQUIRE(read_file(path, text).empty());
    return text;
}

} // namespace

TEST_CASE("tui solo: --solo takes an optional built-in puzzle name", "[tui][solo]") {
    Config c;
    const char* bare[] = {"halma", "--solo"};
    REQUIRE(parse_command_line(2, bare, c).empty());
    CHECK(c.solo == "crossing");
    const char* named[] = {"halma", "--solo", "crossing-8x8", "--ascii"};
    REQUIRE(parse_command_line(4, named, c).empty());
    CHECK(c.solo == "crossing-8x8");
    CHECK(c.display.ascii);
    const char* then_option[] = {"halma", "--solo", "--ascii"};
    REQUIRE(parse_command_line(3, then_option, c).empty());
    CHECK(c.solo == "crossing");
    const char* inline_name[] = {"halma", "--solo=symmetry"};
    REQUIRE(parse_command_line(2, inline_name, c).empty());
    CHECK(c.solo == "symmetry");
    const char* unknown[] = {"halma", "--solo", "nope"};
    std::string err = parse_command_line(3, unknown, c);
    CHECK(err.find("unknown puzzle 'nope'") != std::string::npos);
    CHECK(err.find("crossing crossing-13 crossing-10x10 crossing-8x8 symmetry") !=
          std::string::npos);
    const char* with_load[] = {"halma", "--solo", "--load", "x.halma"};
    CHECK(parse_command_line(4, with_load, c).find("cannot be combined") != std::string::npos);
    CHECK(std::string(help_text()).find("--solo [PUZZLE]") != std::string::npos);
}

TEST_CASE("tui solo: the new-game form's last line picks a puzzle", "[tui][solo]") {
    NewGameForm form(Rules::for_game(2, 16), {SeatSpec{false, 3}, SeatSpec{true, 3}}, true);
    const int last = form.rows() - 1;
    CHECK(form.label(last) == "Solitaire");
    CHECK(form.value(last) == "off");
    CHECK(form.solo().empty());
    CHECK(form.value(0) == "2");
    form.change(last, 1);
    CHECK(form.solo() == "crossing");
    CHECK(form.value(0) == "2 (not used)");
    form.set_solo("crossing-8x8");
    CHECK(form.solo() == "crossing-8x8");
    form.change(last, -4);
    CHECK(form.solo().empty());
}

TEST_CASE("tui solo: the chain builder plays a puzzle hop by hop", "[tui][solo]") {
    Game g(builtin("crossing-8x8"));
    ChainBuilder b;
    const auto at = [](const char* name) { return parse_square(name, 8); };
    // b1 hops over c2 to d3, where no hop goes on: selected, marked, played.
    REQUIRE(b.choose(g, at("b1")).kind == ChooseKind::Selected);
    CHECK(b.end_marks(g).test(at("d3")));
    CHECK(b.next_marks(g).test(at("d3")));
    ChooseResult r = b.choose(g, at("d3"));
    REQUIRE(r.kind == ChooseKind::Played);
    CHECK(path_name(r.path) == "b1-d3");
    REQUIRE(g.play(r.move));
    // b2 hops to d2, then on to d4 (over d3), step by step.
    REQUIRE(b.choose(g, at("b2")).kind == ChooseKind::Selected);
    REQUIRE(b.choose(g, at("d2")).kind == ChooseKind::Hopped);
    r = b.choose(g, at("d4"));
    REQUIRE(r.kind == ChooseKind::Played);
    CHECK(path_name(r.path) == "b2-d2-d4");
    REQUIRE(g.play(r.move));
    CHECK(move_texts(g).back() == "b2-d2-d4");
    // An empty square is refused with the one player's name.
    r = b.choose(g, at("h8"));
    CHECK(r.kind == ChooseKind::Refused);
    CHECK(r.message == "no piece on h8; choose one of player 1's pieces");
    // A square out of reach says why in the engine's words.
    REQUIRE(b.choose(g, at("d3")).kind == ChooseKind::Selected);
    r = b.choose(g, at("h1"));
    CHECK(r.kind == ChooseKind::Refused);
    CHECK(r.message == "no step or hop chain leads from d3 to h1");
}

TEST_CASE("tui solo: puzzle records open from a file; the intro names title and par",
          "[tui][solo]") {
    TempDir dir;
    Game g(builtin("crossing-8x8"));
    play_all(g, "b1-d3 b2-d2-d4");
    const std::string path = dir.path + "/p.halma";
    REQUIRE(save_record(path, g).empty());
    Game back;
    Options headers;
    REQUIRE(!load_game_file(path, back, headers).failed());
    CHECK(back.ply() == 2);
    REQUIRE(back.puzzle());
    CHECK(back.puzzle()->name == "crossing-8x8");
    CHECK(solo_intro(*back.puzzle()) ==
          "Solitaire crossing-8x8: " + back.puzzle()->title + "; par 18");
    // On the status line the title is left out: the panel shows it whole.
    CHECK(solo_intro(*back.puzzle(), false) == "Solitaire crossing-8x8; par 18");
    REQUIRE(write_file_atomically(path, "# halma solo record\nname: crossing-8x8\nsize: 8\n"
                                        "start: camp a1 8x8\ngoal: fill camp h8 8x8\n\n"
                                        "1. a1-a9\n")
                .empty());
    TextError err = load_game_file(path, back, headers);
    CHECK(err.message().find(path + ": line 7") == 0);
    CHECK(back.ply() == 2); // unchanged on failure
    // A bare puzzle file starts its puzzle; a damaged one names its line.
    REQUIRE(write_file_atomically(path, write_puzzle(builtin("crossing-13"))).empty());
    REQUIRE(!load_game_file(path, back, headers).failed());
    CHECK(back.puzzle()->name == "crossing-13");
    CHECK(back.ply() == 0);
    REQUIRE(write_file_atomically(path, "name: x\nstart: a1\ngoal: fill q1\n").empty());
    CHECK(load_game_file(path, back, headers).message() ==
          path + ": line 3: 'q1' is not a square of the 16x16 board");
}

TEST_CASE("tui solo: the best score is kept, beaten, and a damaged file set aside", "[tui][solo]") {
    TempDir dir;
    const std::string path = scores_path(dir.path);
    Game best(builtin("crossing-8x8"));
    play_all(best, kBest8x8);
    REQUIRE(best.result().outcome == Outcome::Won);
    Game longer(builtin("crossing-8x8"));
    play_all(longer, std::string("a4-a5 a5-a4 ") + kBest8x8);
    REQUIRE(static_cast<int>(longer.ply()) == 20);

    // First score: written with the date and the moves.
    ScoreOutcome r = record_score(path, longer, "2026-11-30");
    CHECK(r.best);
    CHECK_FALSE(r.error);
    CHECK(r.message == "first score for crossing-8x8");
    std::vector<solo::Score> scores;
    REQUIRE(!solo::read_scores(slurp(path), scores).failed());
    REQUIRE(scores.size() == 1);
    CHECK(scores[0].moves == 20);
    CHECK(scores[0].date == "2026-11-30");
    CHECK(scores[0].move_list.front() == "a4-a5");
    // A better one replaces it; a worse or equal one leaves it.
    r = record_score(path, best, "2026-12-01");
    CHECK(r.best);
    CHECK(r.previous == 20);
    CHECK(r.message == "new best, was 20");
    r = record_score(path, longer, "2026-12-02");
    CHECK_FALSE(r.best);
    CHECK(r.message == "best stays 18 (2026-12-01)");
    r = record_score(path, best, "2026-12-03");
    CHECK_FALSE(r.best);
    REQUIRE(!solo::read_scores(slurp(path), scores).failed());
    REQUIRE(scores.size() == 1);
    CHECK(scores[0].moves == 18);
    CHECK(scores[0].date == "2026-12-01");
    // Other puzzles' scores stay when one is added.
    const std::string kept = "score: crossing-13 99 2026-01-01";
    std::string text = slurp(path);
    // (a made-up score for another puzzle is only checked when that puzzle is solved)
    std::string other_moves;
    for (int i = 0; i < 99; ++i) other_moves += " a1-b2";
    REQUIRE(write_file_atomically(path, text + kept + other_moves + "\n").empty());
    r = record_score(path, best, "2026-12-04");
    CHECK_FALSE(r.error);
    CHECK(slurp(path).find(kept) != std::string::npos);

    // A file that is not a scores file is set aside, named, and a fresh file written.
    REQUIRE(write_file_atomically(path, "garbage\n").empty());
    r = record_score(path, longer, "2026-12-05");
    CHECK(r.error);
    CHECK(r.best);
    CHECK(r.set_aside == path + ".bad");
    CHECK(r.message.find("damaged scores file kept as " + path + ".bad (line 1:") == 0);
    CHECK(slurp(path + ".bad") == "garbage\n");
    REQUIRE(!solo::read_scores(slurp(path), scores).failed());
    CHECK(scores.at(0).moves == 20);
    // A well-formed entry whose moves do not solve the puzzle is damage too.
    REQUIRE(write_file_atomically(path, "# halma solo scores\n"
                                        "score: crossing-8x8 1 2026-01-01 a1-b2\n")
                .empty());
    r = record_score(path, longer, "2026-12-06");
    CHECK(r.error);
    CHECK(r.set_aside == path + ".bad1");
    CHECK(r.message.find("does not replay") != std::string::npos);
    // Today's date is written the way the scores format wants it.
    CHECK(solo::valid_date(today()));
    // A solve from a set-up position is not scored.
    Game setup(builtin("crossing-8x8"));
    REQUIRE(setup.setup(best.position()).empty());
    r = record_score(path, setup, "2026-12-07");
    CHECK_FALSE(r.best);
    CHECK(r.message.find("not scored") == 0);
}
