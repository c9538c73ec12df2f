// The record against the computer (src/files/stats.hpp): which games count and how, the file
// format read back, each kind of damage named by line, the damaged file set aside, and the
// words the player reads (--stats, the game-over line).
#include "files/stats.hpp"
#include "halma/ai.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace halma;
using namespace halma::files;
using test_support::slurp;
using test_support::TempDir;

namespace {

// A game of these rules played to its end by level 2 in every seat.
Game played_out(const Rules& rules, std::uint64_t seed) {
    Game g(rules);
    ai::Searcher searcher;
    while (!g.over()) {
        ai::Limits limits;
        limits.level = 2;
        limits.seed = seed + static_cast<std::uint64_t>(g.ply());
        g.make(searcher.choose(g, limits));
        REQUIRE(g.ply() < 2000);
    }
    return g;
}

// The one winner of a finished game without partners.
int winner_of(const Game& g) {
    for (int p = 0; p < g.players(); ++p)
        if (g.result().won_by(p)) return p;
    return -1;
}

GameTally tally(const Rules& rules, std::vector<int> levels, Verdict verdict, int moves) {
    GameTally t;
    t.rules = rules;
    t.levels = std::move(levels);
    t.verdict = verdict;
    t.moves = moves;
    return t;
}

const std::string kLine16 =
    "players=2 size=16 spoil=fill evacuate=60 longjumps=0 partners=none win=first maxturns=0 ";

} // namespace

TEST_CASE("stats: a finished game against the computer counts, for the person at the table",
          "[stats]") {
    const Rules rules = Rules::for_game(2, 8);
    const Game g = played_out(rules, 7);
    REQUIRE(g.result().outcome == Outcome::Won);
    const int w = winner_of(g), l = 1 - w;
    std::vector<int> seats(2, 4);
    seats[w] = 0;
    auto won = tally_game(g, seats);
    REQUIRE(won);
    CHECK(won->verdict == Verdict::Won);
    CHECK(won->moves == g.moves_made(w));
    CHECK(won->levels == std::vector<int>{4});
    seats[w] = 2;
    seats[l] = 0;
    auto lost = tally_game(g, seats);
    REQUIRE(lost);
    CHECK(lost->verdict == Verdict::Lost);
    CHECK(lost->levels == std::vector<int>{2});

    CHECK_FALSE(tally_game(g, {0, 0}));    // two people
    CHECK_FALSE(tally_game(g, {3, 3}));    // nobody
    CHECK_FALSE(tally_game(g, {0, 3, 3})); // seats of another game
    CHECK_FALSE(tally_game(Game(rules), {0, 3}));
    Game set_up(rules);
    REQUIRE(set_up.setup(g.position()) == "");
    REQUIRE(set_up.over());
    CHECK_FALSE(tally_game(set_up, {0, 3}));
}

TEST_CASE("stats: a drawn game, and a four-player game with its levels sorted", "[stats]") {
    Rules rules = Rules::for_game(2, 10);
    rules.maxturns = 1;
    Game g(rules);
    for (int i = 0; i < 2; ++i) {
        MoveList list;
        g.legal_moves(list);
        g.make(list[0]);
    }
    REQUIRE(g.result().outcome == Outcome::Draw);
    auto drawn = tally_game(g, {1, 0});
    REQUIRE(drawn);
    CHECK(drawn->verdict == Verdict::Drawn);

    Rules four = Rules::for_game(4, 16);
    four.maxturns = 2;
    Game g4(four);
    while (!g4.over()) {
        MoveList list;
        g4.legal_moves(list);
        g4.make(list.empty() ? Move::pass() : list[0]);
    }
    auto t = tally_game(g4, {5, 0, 2, 3});
    REQUIRE(t);
    Stats stats;
    const StatsEntry& e = add_game(stats, *t);
    CHECK(e.levels == std::vector<int>{2, 3, 5});
    CHECK(find_entry(stats, four, {3, 5, 2}) == &stats.entries[0]);
    CHECK(find_entry(stats, four, {3, 5, 1}) == nullptr);
}

TEST_CASE("stats: counting by variant and levels, who moved first left out", "[stats]") {
    Stats stats;
    Rules r16 = Rules::for_game(2, 16), strict = r16;
    strict.spoil = Spoil::Strict;
    Rules second = r16;
    second.first = 1;
    add_game(stats, tally(r16, {4}, Verdict::Won, 90));
    add_game(stats, tally(second, {4}, Verdict::Lost, 120));
    add_game(stats, tally(r16, {4}, Verdict::Won, 85));
    add_game(stats, tally(r16, {4}, Verdict::Won, 99));
    add_game(stats, tally(r16, {3}, Verdict::Drawn, 200));
    add_game(stats, tally(strict, {4}, Verdict::Lost, 70));
    REQUIRE(stats.entries.size() == 3);
    const StatsEntry& e = stats.entries[0];
    CHECK((e.won == 3 && e.lost == 1 && e.drawn == 0 && e.fewest == 85));
    CHECK(e.rules.first == 0);
    CHECK(standing_line(e) == "3 wins, 1 loss against level 4 on 16x16");
    CHECK(standing_line(stats.entries[1]) == "0 wins, 0 losses, 1 draw against level 3 on 16x16");
    CHECK(standing_line(stats.entries[2]) ==
          "0 wins, 1 loss against level 4 on 16x16, spoil strict");
}

TEST_CASE("stats: the words for variants and levels", "[stats]") {
    Rules r = Rules::for_game(4, 16);
    r.partners = Partners::Opposite;
    r.win = PartnerWin::Both;
    r.evacuate = 0;
    r.longjumps = true;
    r.maxturns = 150;
    CHECK(variant_words(r) ==
          "16x16, 4 players, partners opposite, both to finish, no evacuation, long jumps, draw "
          "after 150");
    Rules eight = Rules::for_game(2, 8);
    CHECK(variant_words(eight) == "8x8");
    eight.evacuate = 20;
    eight.spoil = Spoil::Swap;
    CHECK(variant_words(eight) == "8x8, spoil swap, evacuate by 20");
    CHECK(levels_words({4}) == "level 4");
    CHECK(levels_words({3, 3}) == "two at level 3");
    CHECK(levels_words({1, 1, 1}) == "three at level 1");
    CHECK(levels_words({2, 3, 5}) == "levels 2, 3 and 5");
    CHECK(levels_words({2, 5}) == "levels 2 and 5");
}

TEST_CASE("stats: the file reads back as written, comments and blank lines aside", "[stats]") {
    Stats stats;
    add_game(stats, tally(Rules::for_game(2, 16), {4}, Verdict::Won, 87));
    add_game(stats, tally(Rules::for_game(3, 16), {5, 1}, Verdict::Lost, 0));
    const std::string text = write_stats(stats);
    CHECK(text.rfind("# halma: your record", 0) == 0);
    CHECK(text.find(kLine16 + "levels=4 won=1 lost=0 drawn=0 fewest=87\n") != std::string::npos);
    CHECK(text.find("levels=1,5 won=0 lost=1 drawn=0 fewest=0\n") != std::string::npos);
    Stats again;
    REQUIRE_FALSE(read_stats("\n# mine\n" + text + "\n", again).failed());
    CHECK(write_stats(again) == text);
    // Rule words left out take their defaults; levels are read in any order.
    REQUIRE_FALSE(read_stats("players=3 levels=5,1 lost=1 won=0 drawn=0 fewest=0", again).failed());
    CHECK(write_stats(again) == write_stats(Stats{{stats.entries[1]}}));
}

TEST_CASE("stats: each kind of damage names its line and reads nothing", "[stats]") {
    const std::string good = kLine16 + "levels=4 won=1 lost=2 drawn=0 fewest=87\n";
    const std::pair<std::string, std::string> cases[] = {
        {"levels=4 won=1 lost=2 drawn=0", "no fewest="},
        {"levels=4 won=1 lost=2 drawn=0 fewest=87 colour=red", "unknown option 'colour'"},
        {"levels=4 won=x lost=2 drawn=0 fewest=87", "bad count 'x' for won"},
        {"levels=4 won=1 lost=1234567 drawn=0 fewest=87", "bad count '1234567' for lost"},
        {"levels=6 won=1 lost=2 drawn=0 fewest=87", "bad levels '6'"},
        {"levels=4,4 won=1 lost=2 drawn=0 fewest=87", "a 2-player game has 1 AI seat, not 2"},
        {"levels=4 levels=4 won=1 lost=2 drawn=0 fewest=87", "'levels' given twice"},
        {"first=2 levels=4 won=1 lost=2 drawn=0 fewest=87",
         "who moves first is not part of a variant"},
        {"levels=4 won=0 lost=2 drawn=0 fewest=87",
         "fewest is given with the first win, and only then"},
        {"levels=4 won=2 lost=2 drawn=0 fewest=0",
         "fewest is given with the first win, and only then"},
        {"players=3 size=8 levels=4,4 won=0 lost=0 drawn=0 fewest=0",
         "3 and 4 players need the 16x16 board"},
        {"levels 4", "'levels' is not key=value"},
        {good.substr(0, good.size() - 1), "a second line for the same variant and levels"},
        {"levels=4 won=1 lost=2\x01 drawn=0 fewest=87", "control characters"},
    };
    for (const auto& [line, why] : cases) {
        INFO(line);
        Stats stats;
        REQUIRE_FALSE(read_stats(good, stats).failed());
        const TextError err = read_stats("# mine\n" + good + line + "\n", stats);
        CHECK(err.message() == "line 3: " + why);
        CHECK(stats.entries.size() == 1);
        CHECK(stats.entries[0].lost == 2);
    }
}

TEST_CASE("stats: counts stop short of what the file can hold", "[stats]") {
    Stats stats;
    REQUIRE_FALSE(
        read_stats(kLine16 + "levels=3 won=999999 lost=999999 drawn=999999 fewest=1", stats)
            .failed());
    const Rules r = Rules::for_game(2, 16);
    for (Verdict v : {Verdict::Won, Verdict::Lost, Verdict::Drawn})
        add_game(stats, tally(r, {3}, v, 5));
    Stats again;
    REQUIRE_FALSE(read_stats(write_stats(stats), again).failed());
    CHECK((again.entries[0].won == kMaxCount && again.entries[0].lost == kMaxCount &&
           again.entries[0].drawn == kMaxCount && again.entries[0].fewest == 1));
}

TEST_CASE("stats: the --stats table", "[stats]") {
    CHECK(render_stats({}) == "No games against the computer finished yet.\n");
    Stats stats;
    Rules eight = Rules::for_game(2, 8), sixteen = Rules::for_game(2, 16);
    add_game(stats, tally(eight, {1}, Verdict::Won, 31));
    add_game(stats, tally(sixteen, {4}, Verdict::Lost, 0));
    add_game(stats, tally(sixteen, {4}, Verdict::Won, 102));
    add_game(stats, tally(Rules::for_game(4, 16), {2, 3, 5}, Verdict::Drawn, 0));
    CHECK(render_stats(stats) == "Your record against the computer\n"
                                 "\n"
                                 "variant           against             won  lost  drawn  fewest\n"
                                 "16x16             level 4               1     1      0     102\n"
                                 "16x16, 4 players  levels 2, 3 and 5     0     0      1       -\n"
                                 "8x8               level 1               1     0      0      31\n"
                                 "\n"
                                 "all games                               2     1      1\n");
}

TEST_CASE("stats: recording games in the file, a damaged one set aside", "[stats]") {
    TempDir dir;
    REQUIRE(!dir.path.empty());
    const std::string path = stats_path(dir.path);
    const Rules r = Rules::for_game(2, 16);
    StatsOutcome first = record_game(path, tally(r, {4}, Verdict::Won, 90));
    CHECK_FALSE(first.error);
    CHECK(first.message == "");
    CHECK(first.new_best);
    CHECK(standing_line(first.entry) == "1 win, 0 losses against level 4 on 16x16");
    StatsOutcome second = record_game(path, tally(r, {4}, Verdict::Won, 95));
    CHECK_FALSE(second.new_best);
    StatsOutcome third = record_game(path, tally(r, {4}, Verdict::Lost, 80));
    CHECK_FALSE(third.new_best);
    CHECK(standing_line(third.entry) == "2 wins, 1 loss against level 4 on 16x16");
    Stats stats;
    REQUIRE_FALSE(load_stats(path, stats).failed());
    REQUIRE(stats.entries.size() == 1);
    CHECK(stats.entries[0].fewest == 90);

    const std::string damaged = slurp(path) + "players=2 nonsense\n";
    std::ofstream(path) << damaged;
    const TextError err = load_stats(path, stats);
    CHECK(err.message() == path + ": line 4: 'nonsense' is not key=value");
    StatsOutcome after = record_game(path, tally(r, {4}, Verdict::Won, 70));
    CHECK_FALSE(after.error);
    CHECK(after.message == "damaged record kept as " + path + ".bad (" + path +
                               ": line 4: 'nonsense' is not key=value)");
    CHECK(slurp(path + ".bad") == damaged);
    CHECK(standing_line(after.entry) == "1 win, 0 losses against level 4 on 16x16");

    Stats none;
    CHECK_FALSE(load_stats(dir.path + "/missing", none).failed());
    CHECK(none.entries.empty());
    REQUIRE(mkdir((dir.path + "/dir").c_str(), 0700) == 0);
    StatsOutcome into_dir = record_game(dir.path + "/dir", tally(r, {4}, Verdict::Won, 70));
    CHECK(into_dir.error);
    struct stat st;
    CHECK((stat((dir.path + "/dir").c_str(), &st) == 0 && S_ISDIR(st.st_mode)));
}

TEST_CASE("stats: halmas finishing games at the same moment lose no count", "[stats]") {
    TempDir dir;
    REQUIRE(!dir.path.empty());
    const std::string path = stats_path(dir.path);
    const Rules r = Rules::for_game(2, 8);
    constexpr int kProcesses = 4, kGames = 25;
    std::vector<pid_t> children;
    for (int i = 0; i < kProcesses; ++i) {
        const pid_t pid = fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            for (int g = 0; g < kGames; ++g)
                if (record_game(path, tally(r, {1}, Verdict::Won, 40 + g)).error) _exit(1);
            _exit(0);
        }
        children.push_back(pid);
    }
    for (pid_t pid : children) {
        int status = 0;
        REQUIRE(waitpid(pid, &status, 0) == pid);
        CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 0));
    }
    Stats stats;
    REQUIRE_FALSE(load_stats(path, stats).failed());
    REQUIRE(stats.entries.size() == 1);
    CHECK(stats.entries[0].won == kProcesses * kGames);
    CHECK(stats.entries[0].fewest == 40);
}

TEST_CASE("stats: the table's columns fit short variants too", "[stats]") {
    Stats stats;
    add_game(stats, tally(Rules::for_game(2, 8), {3}, Verdict::Won, 40));
    CHECK(render_stats(stats) == "Your record against the computer\n"
                                 "\n"
                                 "variant    against   won  lost  drawn  fewest\n"
                                 "8x8        level 3     1     0      0      40\n"
                                 "\n"
                                 "all games              1     0      0\n");
}

namespace {

GameTally with_hints(GameTally t) {
    t.hints = true;
    return t;
}

} // namespace

TEST_CASE("stats: games with hints are kept apart, and a win with hints is no win against the "
          "level",
          "[stats]") {
    Stats stats;
    const Rules r = Rules::for_game(2, 16);
    add_game(stats, tally(r, {4}, Verdict::Won, 90));
    const StatsEntry& hinted = add_game(stats, with_hints(tally(r, {4}, Verdict::Won, 60)));
    CHECK(hinted.hints);
    CHECK((hinted.won == 1 && hinted.fewest == 0));
    add_game(stats, with_hints(tally(r, {4}, Verdict::Lost, 70)));
    REQUIRE(stats.entries.size() == 2);
    const StatsEntry& own = stats.entries[0];
    CHECK((own.won == 1 && own.lost == 0 && own.fewest == 90)); // the hinted games left it alone
    CHECK(find_entry(stats, r, {4}) == &own);
    CHECK(find_entry(stats, r, {4}, true) == &stats.entries[1]);
    CHECK(find_entry(stats, r, {3}, true) == nullptr);
    CHECK(standing_line(stats.entries[1]) == "with hints: 1 win, 1 loss against level 4 on 16x16");

    // The file: its own line, marked hints=used, with no fewest; it reads back as written.
    const std::string text = write_stats(stats);
    CHECK(text.find(kLine16 + "levels=4 won=1 lost=0 drawn=0 fewest=90\n") != std::string::npos);
    CHECK(text.find(kLine16 + "levels=4 hints=used won=1 lost=1 drawn=0 fewest=0\n") !=
          std::string::npos);
    Stats again;
    REQUIRE_FALSE(read_stats(text, again).failed());
    CHECK(write_stats(again) == text);
    REQUIRE(again.entries.size() == 2);
    CHECK((!again.entries[0].hints && again.entries[1].hints));

    // A file written before hints were kept apart reads as it did: no line has hints.
    REQUIRE_FALSE(read_stats(kLine16 + "levels=4 won=3 lost=1 drawn=0 fewest=85", again).failed());
    REQUIRE(again.entries.size() == 1);
    CHECK_FALSE(again.entries[0].hints);
    CHECK(again.entries[0].fewest == 85);
}

TEST_CASE("stats: a damaged line with hints names what is wrong", "[stats]") {
    const std::string good = kLine16 + "levels=4 won=1 lost=2 drawn=0 fewest=87\n" + kLine16 +
                             "levels=4 hints=used won=1 lost=0 drawn=0 fewest=0\n";
    const std::pair<std::string, std::string> cases[] = {
        {"levels=4 hints=yes won=1 lost=0 drawn=0 fewest=0", "bad hints 'yes' (only hints=used)"},
        {"levels=4 hints=used won=1 lost=0 drawn=0 fewest=40", "a line with hints keeps no fewest"},
        {"levels=4 hints=used hints=used won=0 lost=0 drawn=0 fewest=0", "'hints' given twice"},
        {"levels=4 hints=used won=0 lost=0 drawn=1 fewest=0",
         "a second line with hints for the same variant and levels"},
    };
    for (const auto& [line, why] : cases) {
        INFO(line);
        Stats stats;
        REQUIRE_FALSE(read_stats(good, stats).failed());
        const TextError err = read_stats(good + line + "\n", stats);
        CHECK(err.message() == "line 3: " + why);
        CHECK(stats.entries.size() == 2);
    }
}

TEST_CASE("stats: the --stats table shows the games with hints apart, with their own total",
          "[stats]") {
    Stats stats;
    const Rules eight = Rules::for_game(2, 8), sixteen = Rules::for_game(2, 16);
    add_game(stats, with_hints(tally(sixteen, {4}, Verdict::Won, 80)));
    add_game(stats, tally(sixteen, {4}, Verdict::Lost, 0));
    add_game(stats, tally(eight, {1}, Verdict::Won, 31));
    add_game(stats, with_hints(tally(eight, {2}, Verdict::Drawn, 0)));
    CHECK(render_stats(stats) == "Your record against the computer\n"
                                 "\n"
                                 "variant        against              won  lost  drawn  fewest\n"
                                 "16x16          level 4                0     1      0       -\n"
                                 "16x16          level 4 with hints     1     0      0       -\n"
                                 "8x8            level 1                1     0      0      31\n"
                                 "8x8            level 2 with hints     0     0      1       -\n"
                                 "\n"
                                 "without hints                         1     1      0\n"
                                 "with hints                            1     0      1\n");
}

TEST_CASE("stats: recording a game with hints in the file is no new best", "[stats]") {
    TempDir dir;
    REQUIRE(!dir.path.empty());
    const std::string path = stats_path(dir.path);
    const Rules r = Rules::for_game(2, 8);
    const StatsOutcome first = record_game(path, with_hints(tally(r, {1}, Verdict::Won, 30)));
    CHECK_FALSE(first.error);
    CHECK_FALSE(first.new_best);
    CHECK(standing_line(first.entry) == "with hints: 1 win, 0 losses against level 1 on 8x8");
    const StatsOutcome second = record_game(path, tally(r, {1}, Verdict::Won, 40));
    CHECK(second.new_best);
    CHECK(standing_line(second.entry) == "1 win, 0 losses against level 1 on 8x8");
    Stats stats;
    REQUIRE_FALSE(load_stats(path, stats).failed());
    REQUIRE(stats.entries.size() == 2);
    CHECK(stats.entries[0].hints);
    CHECK((!stats.entries[1].hints && stats.entries[1].fewest == 40));
}
