// Tournaments without a server: their words, the pairing of each system (checked against
// rounds counted by hand), scores by place, and the standings with their tie-breaks.
#include "tourney/pairing.hpp"
#include "tourney/standings.hpp"
#include "tourney/words.hpp"

#include <catch2/catch.hpp>
#include <set>

using namespace halma::tourney;

namespace {

Event event_of(const std::string& words, const std::vector<std::pair<std::string, double>>& field) {
    Event e;
    e.name = "evening";
    REQUIRE(parse_description(words, e.description) == "");
    for (const auto& [name, rating] : field) e.entrants.push_back(Entrant{name, rating, false});
    return e;
}

int entrant(const Event& e, const std::string& name) {
    for (std::size_t i = 0; i < e.entrants.size(); ++i)
        if (e.entrants[i].name == name) return static_cast<int>(i);
    FAIL("no entrant " << name);
    return -1;
}

// A round's boards as names, seat 0 (who moves first) first: "e-a b-d".
std::string boards_text(const Event& e, const Round& r) {
    std::string out;
    for (const Board& b : r.boards) {
        out += out.empty() ? "" : " ";
        for (std::size_t s = 0; s < b.seats.size(); ++s)
            out += (s ? "-" : "") + (b.seats[s] == kComputer ? "ai" : e.entrants[b.seats[s]].name);
    }
    return out;
}

// Ends the game on the board of `first` in the latest round: winner first, or a draw.
void result(Event& e, const std::string& first, const std::string& second, bool draw = false) {
    for (Board& b : e.rounds.back().boards)
        if (b.seats.size() == 2 &&
            (b.seats[0] == entrant(e, first) || b.seats[1] == entrant(e, first))) {
            REQUIRE((b.seats[0] == entrant(e, second) || b.seats[1] == entrant(e, second)));
            const bool first_sits_first = b.seats[0] == entrant(e, first);
            b.ranks = draw               ? std::vector<int>{0, 0}
                      : first_sits_first ? std::vector<int>{0, 1}
                                         : std::vector<int>{1, 0};
            return;
        }
    FAIL("no board of " << first);
}

} // namespace

TEST_CASE("tournament words: new, join, pairings and what is refused", "[tourney]") {
    Command c;
    REQUIRE(parse_command("new evening system=swiss rounds=3 size=8 pace=clock:3+2", c) == "");
    CHECK(c.verb == Verb::New);
    CHECK(c.name == "evening");
    CHECK(c.description.rounds == 3);
    CHECK(c.description.table_size() == 2);
    CHECK(c.description.game.rated); // timed: rated unless said
    CHECK(c.description.entry.empty());
    CHECK(command_text(c) ==
          "new evening system=swiss rounds=3 size=8 pace=clock:3+2 rated=yes entry=open");
    REQUIRE(parse_command("new four system=swiss rounds=2 players=4 entry=ann,bob", c) == "");
    CHECK(c.description.table_size() == 4);
    CHECK(c.description.entry == std::vector<std::string>{"ann", "bob"});
    REQUIRE(parse_command("join evening ai:3", c) == "");
    CHECK(c.ai_level == 3);
    REQUIRE(parse_command("pairings evening 2", c) == "");
    CHECK(c.round == 2);
    REQUIRE(parse_command("list", c) == "");
    CHECK(c.verb == Verb::List);

    const std::pair<const char*, const char*> refused[] = {
        {"", "tournament takes new, join, leave, start, list, standings or pairings"},
        {"new evening system=swiss", "system=swiss needs rounds=N"},
        {"new evening system=robin rounds=3",
         "system=robin plays as many rounds as the field needs: no rounds="},
        {"new evening system=robin players=3",
         "system=robin pairs two players a game; tables of 3 or 4 play system=swiss"},
        {"new evening system=swiss rounds=3 to=bob",
         "to= is a seek's: entry= says who may join a tournament"},
        {"new evening system=swiss rounds=3 first=2",
         "first= is not a tournament's: the pairing says who moves first"},
        {"new evening system=knockout", "system= is swiss or robin, not 'knockout'"},
        {"new evening system=swiss rounds=0", "rounds= is a number from 1 to 30"},
        {"new evening system=swiss rounds=2 entry=ann,ann", "'ann' is named twice in entry="},
        {"new evening system=swiss rounds=2 pace=weekly",
         "bad pace 'weekly': a pace is live, live:SECONDS, clock:M+S or days:N"},
        {"new ev!l system=swiss rounds=2",
         "'ev!l' is not a tournament's name (letters, digits, '_', '-', '.')"},
        {"join evening ai:9", "no AI level 9 (ai:1 to ai:5)"},
        {"join evening bob", "tournament join NAME takes at most ai:LEVEL after the name"},
        {"start", "tournament start needs the tournament's name"},
        {"leave evening now", "tournament leave takes the name alone"},
        {"pairings evening 0", "tournament pairings NAME takes at most a round's number (1 to 99)"},
    };
    for (const auto& [words, why] : refused) {
        INFO(words);
        Command before;
        REQUIRE(parse_command("standings kept", before) == "");
        Command out = before;
        CHECK(parse_command(words, out) == why);
        CHECK(command_text(out) == "standings kept");
    }
}

TEST_CASE("tournament scores: places, draws and partners", "[tourney]") {
    CHECK(place_points(Board{{0, 1}, {0, 1}, {}}, 0) == 1);
    CHECK(place_points(Board{{0, 1}, {0, 0}, {}}, 1) == 0.5);
    CHECK(place_points(Board{{0, 1, 2}, {1, 0, 2}, {}}, 0) == 1);
    CHECK(place_points(Board{{0, 1, 2}, {1, 0, 2}, {}}, 1) == 2);
    CHECK(place_points(Board{{0, 1, 2, 3}, {3, 0, 1, 2}, {}}, 0) == 0);
    CHECK(place_points(Board{{0, 1, 2, 3}, {3, 0, 1, 2}, {}}, 1) == 3);
    // Partners finish level: the winning side shares 3 and 2, the other 1 and 0.
    CHECK(place_points(Board{{0, 1, 2, 3}, {0, 1, 0, 1}, {}}, 2) == 2.5);
    CHECK(place_points(Board{{0, 1, 2, 3}, {0, 1, 0, 1}, {}}, 3) == 0.5);
    // Two level second of four: 2 and 1 shared.
    CHECK(place_points(Board{{0, 1, 2, 3}, {0, 1, 1, 3}, {}}, 1) == 1.5);
}

TEST_CASE("tournament Swiss for two: rounds 1 to 3 of six as counted by hand", "[tourney]") {
    Event e =
        event_of("system=swiss rounds=3 size=8",
                 {{"a", 1500}, {"b", 1700}, {"c", 1600}, {"d", 1400}, {"e", 1800}, {"f", 1300}});
    // Round 1 by rating (e b c a d f): top half against bottom half, the better placed
    // moving first on odd boards.
    e.rounds.push_back(pair_next_round(e));
    CHECK(boards_text(e, e.rounds[0]) == "e-a d-b c-f");
    CHECK(e.rounds[0].bye == -1);
    result(e, "e", "a");
    result(e, "d", "b");
    result(e, "c", "f", true);
    // Round 2: e d (1), c f (1/2, but they met: c goes down to b), f and a.
    // e and d both moved first once: e, better placed on board 1, first; b moved second;
    // f and a both second: f, better placed on board 3, first.
    e.rounds.push_back(pair_next_round(e));
    CHECK(boards_text(e, e.rounds[1]) == "e-d b-c f-a");
    result(e, "e", "d");
    result(e, "b", "c");
    result(e, "f", "a");
    // Round 3: e (2) meets f (1.5) and moves second (it moved first twice); b has met d
    // and c, so meets a, who moved second twice and moves first; d and c.
    e.rounds.push_back(pair_next_round(e));
    CHECK(boards_text(e, e.rounds[2]) == "f-e a-b d-c");
    std::set<std::pair<int, int>> pairs;
    for (const Round& r : e.rounds)
        for (const Board& b : r.boards)
            CHECK(pairs.insert(std::minmax(b.seats[0], b.seats[1])).second);
    result(e, "f", "e");
    result(e, "a", "b", true);
    result(e, "d", "c");

    // Points f 2.5, e 2, d 2, b 1.5, c 0.5, a 0.5. Buchholz: e a+d+f = 0.5+2+2.5 = 5, d
    // b+e+c = 4; c f+b+d = 6, a e+f+b = 6. Sonneborn-Berger: c drew f (1.25), a drew b
    // (0.75); b beat c and drew a (0.5 + 0.25).
    const std::vector<Standing> s = standings_of(e);
    const std::vector<std::tuple<std::string, double, double, double, int>> expected = {
        {"f", 2.5, 3, 2.75, 1}, {"e", 2, 5, 2.5, 2},    {"d", 2, 4, 2, 3},
        {"b", 1.5, 3, 0.75, 4}, {"c", 0.5, 6, 1.25, 5}, {"a", 0.5, 6, 0.75, 6}};
    REQUIRE(s.size() == expected.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto& [name, points, bh, sb, place] = expected[i];
        INFO(name);
        CHECK(e.entrants[s[i].entrant].name == name);
        CHECK(s[i].points == points);
        CHECK(s[i].buchholz == bh);
        CHECK(s[i].sonneborn_berger == sb);
        CHECK(s[i].place == place);
    }
    e.finished = true;
    const std::vector<std::string> text = standings_text(e);
    CHECK(text[0] == "evening: Swiss of 3 rounds, 6 players, finished");
    CHECK(text[1] == "Pl  Name               Pts     Bh     SB R1   R2   R3");
    CHECK(text[2] == "1   f                  2.5      3   2.75 =5s  +6f  +2f");
    CHECK(text[7] == "6   a                  0.5      6   0.75 -2s  -1s  =4f");
    for (const std::string& line : text) CHECK(line.size() <= 80);
    CHECK(pairings_text(e, 3)[1] == "1   f                e                1-0");
}

TEST_CASE("tournament Swiss for two: an odd field's bye goes to the lowest, never twice",
          "[tourney]") {
    Event e = event_of("system=swiss rounds=4 size=8",
                       {{"a", 1500}, {"b", 1600}, {"c", 1700}, {"d", 1800}, {"e", 1900}});
    std::set<int> byes;
    std::set<std::pair<int, int>> pairs;
    for (int round = 0; round < 4; ++round) {
        e.rounds.push_back(pair_next_round(e));
        const Round& r = e.rounds.back();
        REQUIRE(r.bye >= 0);
        CHECK(byes.insert(r.bye).second);
        CHECK(r.boards.size() == 2);
        for (Board& b : e.rounds.back().boards) {
            CHECK(pairs.insert(std::minmax(b.seats[0], b.seats[1])).second);
            b.ranks = e.entrants[b.seats[0]].rating > e.entrants[b.seats[1]].rating
                          ? std::vector<int>{0, 1}
                          : std::vector<int>{1, 0};
        }
    }
    // Round 1: a, rated lowest, sits out and scores a win.
    CHECK(e.rounds[0].bye == entrant(e, "a"));
    CHECK(points_of(e)[entrant(e, "a")] >= 1);
}

TEST_CASE("tournament round robin: FIDE's Berger tables, every pair once", "[tourney]") {
    Event e = event_of(
        "system=robin size=8",
        {{"p1", 2000}, {"p2", 1900}, {"p3", 1800}, {"p4", 1700}, {"p5", 1600}, {"p6", 1500}});
    CHECK(e.planned_rounds() == 5);
    const char* berger[] = {"p1-p6 p2-p5 p3-p4", "p6-p4 p5-p3 p1-p2", "p2-p6 p3-p1 p4-p5",
                            "p6-p5 p1-p4 p2-p3", "p3-p6 p4-p2 p5-p1"};
    for (const char* expected : berger) {
        e.rounds.push_back(pair_next_round(e));
        CHECK(boards_text(e, e.rounds.back()) == expected);
    }
    for (int n = 3; n <= 9; ++n) {
        Event odd = event_of("system=robin size=8", {});
        for (int i = 0; i < n; ++i)
            odd.entrants.push_back(Entrant{"p" + std::to_string(i), 1500.0 - i, false});
        std::set<std::pair<int, int>> pairs;
        std::vector<int> firsts(n, 0), rests(n, 0);
        for (int r = 0; r < odd.planned_rounds(); ++r) {
            odd.rounds.push_back(pair_next_round(odd));
            if (odd.rounds.back().bye >= 0) ++rests[odd.rounds.back().bye];
            for (const Board& b : odd.rounds.back().boards) {
                CHECK(pairs.insert(std::minmax(b.seats[0], b.seats[1])).second);
                ++firsts[b.seats[0]];
            }
        }
        INFO(n << " players");
        CHECK(static_cast<int>(pairs.size()) == n * (n - 1) / 2);
        for (int i = 0; i < n; ++i) {
            CHECK(rests[i] == n % 2);
            CHECK(std::abs(2 * firsts[i] - (n - 1)) <= 1 + n % 2); // first moves balanced
        }
    }
}

TEST_CASE("tournament tables of four: eight players over two rounds, seats turned", "[tourney]") {
    Event e = event_of("system=swiss rounds=2 players=4", {{"p1", 2000},
                                                           {"p2", 1900},
                                                           {"p3", 1800},
                                                           {"p4", 1700},
                                                           {"p5", 1600},
                                                           {"p6", 1500},
                                                           {"p7", 1400},
                                                           {"p8", 1300}});
    e.rounds.push_back(pair_next_round(e));
    CHECK(boards_text(e, e.rounds[0]) == "p1-p2-p3-p4 p5-p6-p7-p8");
    for (Board& b : e.rounds[0].boards) b.ranks = {0, 1, 2, 3};
    // Points 3 p1 p5, 2 p2 p6, 1 p3 p7, 0 p4 p8. Every four of eight hold two of one
    // table of round 1: each table of round 2 takes two from each, the best first (p1 p5,
    // then p2 p6), so that no table holds three who met. Nobody keeps a seat: the first
    // arrangement where none does puts p2 in seat 1, p1 in seat 2, p5 in 3, p6 in 4.
    e.rounds.push_back(pair_next_round(e));
    CHECK(boards_text(e, e.rounds[1]) == "p2-p1-p5-p6 p3-p4-p8-p7");
    // Pairings of tables: four names a line, each with its place, within 79 columns.
    e.entrants[0].name = "a-name-of-thirty-two-characters.";
    const std::vector<std::string> text = pairings_text(e, 1);
    CHECK(text[1] ==
          "1    a-name-of-thirt 1  p2              2  p3              3  p4              4");
    for (const std::string& line : text) CHECK(line.size() <= 79);
    for (const Board& b : e.rounds[1].boards)
        for (std::size_t s = 0; s < b.seats.size(); ++s)
            for (const Board& before : e.rounds[0].boards)
                if (before.seats.size() > s) CHECK(before.seats[s] != b.seats[s]);
}

TEST_CASE("tournament tables of three: a short field takes a computer, mates not repeated",
          "[tourney]") {
    Event e = event_of("system=swiss rounds=3 players=3", {});
    for (int i = 0; i < 8; ++i)
        e.entrants.push_back(Entrant{"p" + std::to_string(i + 1), 2000.0 - 100 * i, false});
    // 8 players at tables of 3: three tables, the lowest with a computer seat.
    e.rounds.push_back(pair_next_round(e));
    CHECK(boards_text(e, e.rounds[0]) == "p1-p2-p3 p4-p5-p6 p7-p8-ai");
    std::set<std::pair<int, int>> pairs;
    for (int round = 0; round < 2; ++round) {
        if (round) e.rounds.push_back(pair_next_round(e));
        for (Board& b : e.rounds.back().boards) {
            b.ranks = {0, 1, 2};
            for (int x : b.seats)
                for (int y : b.seats)
                    if (x < y && x != kComputer) CHECK(pairs.insert({x, y}).second);
        }
    }
}

TEST_CASE("tournament standings: a table's points and opponents' scores", "[tourney]") {
    Event e = event_of("system=swiss rounds=1 players=4", {{"a", 1500}, {"b", 1500}, {"c", 1500}});
    e.rounds.push_back(pair_next_round(e));
    REQUIRE(e.rounds[0].boards.size() == 1);
    Board& b = e.rounds[0].boards[0];
    CHECK(std::count(b.seats.begin(), b.seats.end(), kComputer) == 1);
    // Ranks by seat: a first, the computer second, b third, c fourth.
    b.ranks.assign(4, 0);
    b.ranks[std::find(b.seats.begin(), b.seats.end(), kComputer) - b.seats.begin()] = 1;
    b.ranks[std::find(b.seats.begin(), b.seats.end(), 1) - b.seats.begin()] = 2;
    b.ranks[std::find(b.seats.begin(), b.seats.end(), 2) - b.seats.begin()] = 3;
    const std::vector<Standing> s = standings_of(e);
    // a 3 (mates 1 + 0), b 1 (3 + 0, ahead of c: 0), c 0 (3 + 1).
    CHECK(s[0].points == 3);
    CHECK(s[0].buchholz == 1);
    CHECK(s[0].sonneborn_berger == 1);
    CHECK(s[1].points == 1);
    CHECK(s[1].buchholz == 3);
    CHECK(s[2].buchholz == 4);
    CHECK(standings_text(e)[2] == "1   a                    3      1      1 t1/1");
}

TEST_CASE("tournament standings: a game lost by forfeit and a player withdrawn are marked",
          "[tourney]") {
    Event e = event_of("system=swiss rounds=2 size=8", {{"a", 1600}, {"b", 1500}});
    e.rounds.push_back(pair_next_round(e));
    Board& game = e.rounds[0].boards.at(0);
    REQUIRE(e.entrants[game.seats[0]].name == "a");
    game.ranks = {1, 0}; // a made no first move
    game.forfeited = {true, false};
    e.entrants[0].withdrawn = true;
    const std::vector<std::string> text = standings_text(e);
    REQUIRE(text.size() == 5);
    CHECK(text[2] == "1   b                    1      0      0 +2s");
    CHECK(text[3] == "2   a (w)                0      1      0 F1f");
    CHECK(text[4] == "(w) withdrawn (left, or lost two games by forfeit): paired no more");

    Event t = event_of("system=swiss rounds=1 players=3", {{"a", 1500}, {"b", 1500}, {"c", 1500}});
    t.rounds.push_back(pair_next_round(t));
    Board& table = t.rounds[0].boards.at(0);
    table.ranks = {0, 1, 2};
    table.forfeited = {false, false, true};
    const std::vector<std::string> lines = standings_text(t);
    CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& l) {
              return l.size() > 3 && l.compare(l.size() - 3, 3, "t1F") == 0;
          }) == 1);
    CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& l) {
              return l.find("(w)") != std::string::npos;
          }) == 0);
}
