// The analysis kept with a record (think/kept_analysis.hpp): read back whole, taken only for
// its own game and planner, a damaged or forged line refused with a message; the record
// still reads as before. The learn puzzles solved (files/learned.hpp). The protocol's
// analysis judging the movers only.
#include "files/learned.hpp"
#include "files/record_file.hpp"
#include "halma/record.hpp"
#include "think/analysis.hpp"
#include "think/kept_analysis.hpp"

#include <catch2/catch.hpp>

using namespace halma;
using namespace halma::think;

namespace {

constexpr std::uint64_t kNodes = 20000; // enough for an 8x8 crossing, quick in every build

Game played(std::initializer_list<const char*> moves, int players = 2, int size = 8) {
    Game g(Rules::for_game(players, size));
    for (const char* text : moves) {
        const ParsedMove pm = parse_move(g, text);
        INFO(text << ": " << pm.error);
        REQUIRE(pm.error.empty());
        REQUIRE(g.play(pm.move));
    }
    return g;
}

Analysis judged(const Game& g, Judged seats = Judged::Every) {
    Analysis a(g, seats);
    while (!a.complete())
        a.add(judge_seats(a.next_position(), a.next_seats(), a.next_known(), kNodes));
    return a;
}

// The record with its analysis, as kept.
std::string kept_record(const Game& g) { return write_record(g) + analysis_comments(g, judged(g)); }

// Replaces the first `from` in text by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

// What reading a kept analysis comes to, the analysis left as it was unless used.
KeptRead read(const std::string& text, const Game& g, Analysis& out) {
    return read_kept_analysis(text, g, out);
}

} // namespace

TEST_CASE("a kept analysis reads back as made, and the record reads as before", "[analysis]") {
    const Game g = played({"b3-c4", "g6-f5", "c4-d5", "f5-e4"});
    const Analysis made = judged(g);
    const std::string text = write_record(g) + analysis_comments(g, made);
    Game again;
    Options headers;
    REQUIRE_FALSE(read_record(text, again, headers).failed());
    CHECK(again.ply() == g.ply());
    Analysis kept;
    const KeptRead r = read(text, again, kept);
    CHECK(r.kept == Kept::Used);
    CHECK(r.why.empty());
    REQUIRE(kept.complete());
    for (int pos = 0; pos <= made.moves(); ++pos)
        for (Seat p = 0; p < 2; ++p) CHECK(kept.figure(pos, p) == made.figure(pos, p));
    for (int i = 0; i < made.moves(); ++i) {
        CHECK(kept.best(i) == made.best(i));
        CHECK(kept.cost(i) == made.cost(i));
    }
    CHECK(analysis_comments(again, kept) == analysis_comments(g, made)); // written again the same
    CHECK(without_analysis(text) == write_record(g));
    // A record without one keeps none.
    CHECK(read(write_record(g), g, kept).kept == Kept::None);
}

TEST_CASE("a kept analysis of another game or planner is not taken", "[analysis]") {
    const Game g = played({"b3-c4", "g6-f5"});
    const Game other = played({"b3-c4", "g6-f5", "c4-d5"});
    Analysis out;
    const KeptRead moved = read(write_record(other) + analysis_comments(g, judged(g)), other, out);
    CHECK(moved.kept == Kept::Stale);
    CHECK(moved.why.find("another game") != std::string::npos);
    const std::string text = kept_record(g);
    const KeptRead planner = read(replaced(text, planner_word(), "race0-5"), g, out);
    CHECK(planner.kept == Kept::Stale);
    CHECK(planner.why.find("another planner") != std::string::npos);
    CHECK_FALSE(out.complete()); // left as it was
}

TEST_CASE("a damaged or forged kept analysis is refused with the line named", "[analysis]") {
    const Game g = played({"b3-c4", "g6-f5", "c4-d5"});
    const std::string text = kept_record(g);
    // The line of position 1 as written, to spoil in many ways.
    const std::size_t at = text.find("# judged 1 ");
    REQUIRE(at != std::string::npos);
    const std::string line = text.substr(at, text.find('\n', at) - at);
    const std::vector<std::string_view> w = split_words(line);
    REQUIRE(w.size() == 6); // "#", "judged", the number, two figures, the best move
    const std::string best(w[5]);
    const std::vector<std::string> forged = {
        replaced(text, line, "# judged 1 12 abc " + best),             // a figure not a number
        replaced(text, line, "# judged 1 12 999999 " + best),          // out of range
        replaced(text, line, "# judged 1 12 12 a1-h8"),                // not a legal move
        replaced(text, line, "# judged 1 12 12"),                      // words missing
        replaced(text, line, "# judged 2 12 12 " + best),              // out of order
        replaced(text, line, ""),                                      // a position missing
        text + "# judged 4 1 1 -\n",                                   // one too many
        text + "# analysis " + planner_word() + " 0000000000000000\n", // a second analysis
        replaced(text, "# analysis", "# judged 0 1 1 -\n# analysis"),  // before its head
        replaced(text, line, line + "\x01"),                           // a control character
    };
    for (const std::string& f : forged) {
        INFO(f);
        Game again;
        Options headers;
        REQUIRE_FALSE(read_record(f, again, headers).failed()); // the game reads all the same
        Analysis out;
        const KeptRead r = read(f, again, out);
        CHECK(r.kept != Kept::Used);
        CHECK(r.why.find("analysing again") != std::string::npos);
        CHECK_FALSE(out.complete());
    }
}

TEST_CASE("the protocol's analysis judges the movers only and prices moves the same",
          "[analysis]") {
    Game g(Rules::for_game(4, 16)); // each seat plays its last legal move
    for (int i = 0; i < 4; ++i) {
        MoveList list;
        g.legal_moves(list);
        REQUIRE(list.size() > 0);
        REQUIRE(g.play(list[list.size() - 1]));
    }
    const Analysis every = judged(g, Judged::Every);
    const Analysis movers = judged(g, Judged::Movers);
    for (int i = 0; i < movers.moves(); ++i) {
        CHECK(movers.cost(i) == every.cost(i));
        CHECK(movers.best(i) == every.best(i));
    }
    REQUIRE(every.figure(1, 0) >= 0); // figures found, to compare
    // Position 1 needs the first mover (after) and the second (before), not the others.
    CHECK(movers.figure(1, 0) == every.figure(1, 0));
    CHECK(movers.figure(1, 1) == every.figure(1, 1));
    CHECK(movers.figure(1, 2) == kRaceUnknown);
    CHECK(movers.figure(1, 3) == kRaceUnknown);
}

TEST_CASE("the learn puzzles solved are kept per game, bad lines passed over", "[analysis]") {
    std::string text = "garbage line\n0123456789abcdef 4 x\n";
    CHECK(files::solved_moves(text, "0123456789abcdef").empty());
    text = files::with_solved(text, "0123456789abcdef", 7);
    text = files::with_solved(text, "0123456789abcdef", 3);
    text = files::with_solved(text, "00000000000000ff", 3);
    text = files::with_solved(text, "0123456789abcdef", 7); // twice is once
    CHECK(files::solved_moves(text, "0123456789abcdef") == std::vector<int>{3, 7});
    CHECK(files::solved_moves(text, "00000000000000ff") == std::vector<int>{3});
    CHECK(files::solved_moves(text, "0000000000000001").empty());
    CHECK(text.find("garbage") == std::string::npos);
}

TEST_CASE("the record fuzzer's seed keeps an analysis that is taken", "[analysis]") {
    std::string text;
    REQUIRE(files::read_file("tests/fuzz/corpus/record/game-kept-analysis", text).empty());
    // The seed names the planner of its day: named as this one, it is taken.
    const std::size_t head = text.find("# analysis ");
    REQUIRE(head != std::string::npos);
    const std::size_t word = head + std::string("# analysis ").size();
    text.replace(word, text.find(' ', word) - word, planner_word());
    Game g;
    Options headers;
    REQUIRE_FALSE(read_record(text, g, headers).failed());
    Analysis kept;
    CHECK(read_kept_analysis(text, g, kept).kept == Kept::Used);
    CHECK(kept.complete());
}
