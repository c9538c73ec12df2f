// Tournaments at the club's server, through the shell's verbs (`halma --club tournament
// ...`): created, joined by computer members, started (round 1 paired as counted by hand),
// kept by the store across a SIGKILL of the server, bad words refused with the reason; and a
// Swiss whose rounds run themselves to the final standings, the server killed mid-round; a
// Swiss of tables of four whose second round turns every seat.
#include "club_support.hpp"
#include "store/store.hpp"
#include "support.hpp"
#include "tourney/director.hpp"
#include "tourney/rounds.hpp"

#include <catch2/catch.hpp>
#include <cctype>
#include <chrono>
#include <map>
#include <pwd.h>
#include <set>
#include <sstream>
#include <thread>

using namespace club_support;
using namespace halma;
using namespace halma::club;

TEST_CASE("club tournaments: new, join, start and pairings from the shell, kept across a "
          "SIGKILL of the server",
          "[club][server][tourney]") {
    ClubDir dir;
    ClubServer server(dir.path);
    Shell club{dir.path, 0, {}};
    const std::string me = getpwuid(geteuid())->pw_name;

    CHECK(club("tournament list") == "No tournaments.\n");
    CHECK(club("tournament new evening system=swiss rounds=3 size=8") ==
          "tournament evening: system=swiss rounds=3 size=8 pace=live rated=no entry=open\n"
          "players join it with: tournament join evening\n");
    CHECK(club.status == 0);
    CHECK(club("tournament new evening system=robin size=8") == "");
    CHECK(club.status == 1);
    CHECK(club.err == "halma: a tournament named evening exists already\n");
    CHECK(club("tournament new late system=robin rounds=2") == "");
    CHECK(club.status == 2);
    CHECK(club.err == "halma: system=robin plays as many rounds as the field needs: no rounds=\n");

    CHECK(club("tournament join evening") == me + " joined evening (1 player)\n");
    CHECK(club("tournament join evening") == "");
    CHECK(club.err == "halma: " + me + " is in evening already\n");
    CHECK(club("tournament start evening") == "");
    CHECK(club.err == "halma: evening needs 2 players to start; it has 1\n");
    for (int level = 1; level <= 4; ++level)
        CHECK(club("tournament join evening ai:" + std::to_string(level)) ==
              "ai:" + std::to_string(level) + " joined evening (" + std::to_string(level + 1) +
                  " players)\n");
    CHECK(club("tournament pairings evening") == "");
    CHECK(club.err == "halma: evening has not started: no round is paired yet\n");

    // Ratings in 2p-small: ai:4 1750, me 1500 (a newcomer, joined before ai:3's 1500), ai:3,
    // ai:2 1250, ai:1 1000. Five: ai:1, the lowest, has the bye; the rest top half against
    // bottom half, the better placed moving first on board 1, the other on board 2.
    const std::string round1 = "evening: round 1 of 3\n"
                               "1   ai:4             ai:3             playing\n"
                               "2   ai:2             " +
                               me + std::string(17 - me.size(), ' ') +
                               "playing\n"
                               "bye ai:1, worth a win\n";
    CHECK(club("tournament start evening") ==
          "evening: Swiss of 3 rounds, 5 players, round 1 of 3 under way\n" + round1);
    CHECK(club("tournament join evening ai:5") == "");
    CHECK(club.err == "halma: evening has started: its entry is closed\n");
    CHECK(club("tournament list") ==
          "evening: Swiss of 3 rounds, 5 players, round 1 of 3 under way (by " + me + ")\n");

    server.stop(SIGKILL);
    server.start();
    CHECK(club("tournament pairings evening 1") == round1);
    const std::string standings = club("tournament standings evening");
    CHECK(standings.rfind("evening: Swiss of 3 rounds, 5 players, round 1 of 3 under way\n"
                          "Pl  Name               Pts     Bh     SB R1\n"
                          "1   ai:1                 1      0      0 +bye\n",
                          0) == 0);
    CHECK(club("tournament leave evening") == me + " withdrew from evening: paired no more\n");
}

namespace {

// The lines of a text.
std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// The two names of a pairings line of a game of two ("1   ai:2   ai:1   1-0"), in order.
std::pair<std::string, std::string> pair_of(const std::string& line) {
    std::istringstream in(line);
    std::string board, a, b;
    in >> board >> a >> b;
    return {a, b};
}

// The points of every player of the standings together.
double points_in_all(const std::string& standings) {
    double points = 0;
    for (const std::string& line : lines_of(standings))
        if (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0])))
            points += std::stod(line.substr(21, 5));
    return points;
}

} // namespace

TEST_CASE("club tournaments: a Swiss of computer members runs itself round after round, "
          "through a SIGKILL of the server, to its final standings",
          "[club][server][tourney]") {
    ClubDir dir;
    ClubServer server(dir.path);
    Shell club{dir.path, 0, {}};
    REQUIRE(club.status == 0);
    club("tournament new auto system=swiss rounds=2 size=8 pace=live:30");
    for (const char* level : {"1", "1", "2", "2"})
        club(std::string("tournament join auto ai:") + level);
    // By rating: ai:2 (1250) twice, then ai:1 (1000) twice; top half against bottom half,
    // the better placed moving first on board 1, the other on board 2.
    const std::vector<std::string> started = lines_of(club("tournament start auto"));
    REQUIRE(started.size() == 4);
    CHECK(pair_of(started[2]) == std::make_pair(std::string("ai:2"), std::string("ai:1")));
    CHECK(pair_of(started[3]) == std::make_pair(std::string("ai:1#2"), std::string("ai:2#2")));
    // Killed mid-round: the games and the round go on from the store.
    server.stop(SIGKILL);
    server.start();
    const std::string standings = standings_at_end(club, "auto");
    INFO(standings);
    REQUIRE(lines_of(standings).at(0) == "auto: Swiss of 2 rounds, 4 players, finished");
    // Four games of two: four points in all; no pair met twice.
    CHECK(points_in_all(standings) == 4);
    std::set<std::pair<std::string, std::string>> met;
    for (const char* round : {"1", "2"}) {
        const std::vector<std::string> games =
            lines_of(club(std::string("tournament pairings auto ") + round));
        REQUIRE(games.size() == 3);
        for (std::size_t i = 1; i < games.size(); ++i) {
            auto [a, b] = pair_of(games[i]);
            CHECK(games[i].find("playing") == std::string::npos);
            CHECK(met.insert(std::minmax(a, b)).second);
        }
    }
    // Each game's record names the tournament and its round (games 1 and 2 round 1, 3 and 4
    // round 2), and the games were rated.
    for (int game = 1; game <= 4; ++game)
        CHECK(club("record " + std::to_string(game))
                  .find("tournament: auto round " + std::string(game <= 2 ? "1" : "2") + "\n") !=
              std::string::npos);
    // The record names the club's players (the computer at its level), seat 1 first.
    CHECK(club("record 1").find("player1: ai:2\nplayer2: ai:1\n") != std::string::npos);
    const std::string ratings = club("ratings");
    CHECK(ratings.find(" ai:1 ") != std::string::npos);
    CHECK(ratings.find(" ai:2 ") != std::string::npos);
}

TEST_CASE("club tournaments: a player away is told a round began, by notify and in the lobby",
          "[club][server][tourney]") {
    ClubDir dir;
    ClubServer server(dir.path);
    Shell club{dir.path, 0, {}};
    club("tournament new post system=swiss rounds=1 size=8 pace=days:2");
    club("tournament join post");
    club("tournament join post ai:1");
    WireClient lobby(dir.path);
    REQUIRE(lobby.hello());
    REQUIRE(lines_of(club("tournament start post")).size() == 3);
    // Round 1: the player (1500) first against ai:1 (1000), a correspondence game: nobody is
    // taken to the board; the lobby is told, and so is the shell's notify (a login file's).
    const std::string begun = "post round 1 has begun: your game 1; a first move not made in "
                              "time loses it";
    CHECK(lobby.wait([&](const Message& m) { return m.verb == Verb::Over && m.text == begun; }));
    CHECK(club("notify") == "halma: " + begun + "\nhalma: your move in 1 club game\n");
    // A lobby that comes later is told as it comes in.
    WireClient later(dir.path);
    REQUIRE(later.hello());
    CHECK(later.wait([&](const Message& m) { return m.verb == Verb::Over && m.text == begun; }));
}

TEST_CASE("club tournaments: the players of the game whose end begins a round are told at its "
          "box, and the lobby takes them to the board",
          "[club][server][tourney]") {
    ClubDir dir;
    ClubServer server(dir.path);
    Shell club{dir.path, 0, {}};
    club("tournament new quick system=swiss rounds=2 size=8 pace=live:30");
    WireClient me(dir.path), them(dir.path, kNobody);
    // Each a lobby on a screen, as the front end's (it asks who is here): the connection a
    // round takes to the board, not a shell's that may still be closing.
    for (WireClient* c : {&me, &them}) {
        REQUIRE(c->hello());
        (void)c->listing("who");
    }
    club("tournament join quick");
    them.send("tournament join quick");
    REQUIRE(them.wait([](const Message& m) { return m.verb == Verb::TourneyLine; }));
    club("tournament join quick ai:1");
    // Round 1: the two people (1500) at game 1, ai:1 (1000) the bye; both taken to the board.
    me.send("tournament start quick");
    for (WireClient* c : {&me, &them})
        REQUIRE(c->wait(
            [](const Message& m) { return m.verb == Verb::Welcome && m.role == net::Role::Play; }));
    // Its end begins round 2 (me against ai:1, them the bye) while both look at its box.
    them.send("resign");
    const std::string begun = "quick round 2 has begun: your game 2; a first move not made in "
                              "time loses it; q takes you to its board";
    REQUIRE(me.wait([&](const Message& m) { return m.verb == Verb::Error && m.text == begun; }));
    REQUIRE(them.wait_verb(Verb::Over));
    CHECK(std::none_of(them.seen.begin(), them.seen.end(), [](const Message& m) {
        return m.text.find("has begun") != std::string::npos;
    }));
    // q: the lobby takes the player to the round's game at once.
    me.send("lobby");
    Message welcome;
    REQUIRE(me.wait(
        [](const Message& m) { return m.verb == Verb::Welcome && m.role == net::Role::Play; },
        &welcome));
    Message record;
    REQUIRE(me.wait_verb(Verb::Record, &record));
    CHECK(record.text.find("tournament: quick round 2\n") != std::string::npos);
}

namespace {

// The players of a pairings line of a table ("1    ai:2   3  ai:1   4 ..."), in seat order.
std::vector<std::string> table_of(const std::string& line) {
    std::istringstream in(line);
    std::string board, name, place;
    std::vector<std::string> seats;
    in >> board;
    while (in >> name >> place) seats.push_back(name);
    return seats;
}

// The players named by a record's lines player1:, player2:, ..., in seat order.
std::vector<std::string> record_players(const std::string& record) {
    std::vector<std::string> out;
    for (const std::string& line : lines_of(record))
        if (line.size() > 6 && line.rfind("player", 0) == 0 &&
            std::isdigit(static_cast<unsigned char>(line[6])) &&
            line.find(": ") != std::string::npos)
            out.push_back(line.substr(line.find(": ") + 2));
    return out;
}

// The club's name of an entrant: a computer member's level without its "#2".
std::string club_name(const std::string& entrant) { return entrant.substr(0, entrant.find('#')); }

} // namespace

TEST_CASE("club tournaments: a Swiss of tables of four, eight computer members over two "
          "rounds at the server: seats turned, table-mates met again no more than the field "
          "forces",
          "[club][server][tourney]") {
    ClubDir dir;
    ClubServer server(dir.path);
    Shell club{dir.path, 0, {}};
    REQUIRE(club("tournament new four system=swiss rounds=2 players=4 pace=live:30") != "");
    for (const char* level : {"1", "2", "1", "2", "1", "2", "1", "2"})
        club(std::string("tournament join four ai:") + level);
    REQUIRE(lines_of(club("tournament start four")).size() == 4);
    const std::string standings = standings_at_end(club, "four");
    INFO(standings);
    REQUIRE(lines_of(standings).at(0) == "four: Swiss of tables of four of 2 rounds, 8 players, "
                                         "finished");
    // Each round two tables of four, in seat order; everyone in one of them.
    std::vector<std::vector<std::vector<std::string>>> rounds;
    for (const char* round : {"1", "2"}) {
        const std::vector<std::string> lines =
            lines_of(club(std::string("tournament pairings four ") + round));
        REQUIRE(lines.size() == 3);
        rounds.emplace_back();
        std::set<std::string> seated;
        for (std::size_t i = 1; i < lines.size(); ++i) {
            rounds.back().push_back(table_of(lines[i]));
            REQUIRE(rounds.back().back().size() == 4);
            seated.insert(rounds.back().back().begin(), rounds.back().back().end());
        }
        CHECK(seated.size() == 8);
    }
    // Round 1: by rating (ai:2 1250, then ai:1 1000), then the order they joined.
    CHECK(rounds[0][0] == std::vector<std::string>{"ai:2", "ai:2#2", "ai:2#3", "ai:2#4"});
    CHECK(rounds[0][1] == std::vector<std::string>{"ai:1", "ai:1#2", "ai:1#3", "ai:1#4"});
    // Round 2: nobody in the seat they had; eight at two tables must meet a round-1 mate
    // again (four of eight hold two of one table), each player one and no more.
    std::map<std::string, int> seat_before, table_before;
    for (int t = 0; t < 2; ++t)
        for (int s = 0; s < 4; ++s) {
            seat_before[rounds[0][t][s]] = s;
            table_before[rounds[0][t][s]] = t;
        }
    for (const std::vector<std::string>& table : rounds[1])
        for (int s = 0; s < 4; ++s) {
            CHECK(seat_before[table[s]] != s);
            int met_again = 0;
            for (const std::string& mate : table)
                met_again += mate != table[s] && table_before[mate] == table_before[table[s]];
            CHECK(met_again == 1);
        }
    // Each game's record: the tournament and its round, the players in seat order as the
    // club names them.
    for (int game = 1; game <= 4; ++game) {
        const std::string record = club("record " + std::to_string(game));
        const int round = game <= 2 ? 1 : 2;
        CHECK(record.find("tournament: four round " + std::to_string(round) + "\n") !=
              std::string::npos);
        std::vector<std::string> want;
        for (const std::string& name : rounds[round - 1][(game - 1) % 2])
            want.push_back(club_name(name));
        CHECK(record_players(record) == want);
    }
    // A table scores 3, 2, 1 and 0 (players level share theirs): 24 points in four games.
    CHECK(points_in_all(standings) == 24);
}

namespace {

// The club as a tournament's rounds see it: each game begun is a row of the store, kept here
// with its seats, to be ended by the test.
struct FakeHall : tourney::Hall {
    Store& store;
    std::vector<std::vector<std::string>> games; // names by seat, in the order begun
    std::vector<long long> ids;
    explicit FakeHall(Store& s) : store(s) {}
    long long begin_game(const tourney::Description& d, const std::vector<tourney::Seating>& seats,
                         const tourney::BoardOf& at) override {
        GameRow row;
        row.state = "playing";
        row.rules = "players=2 size=8";
        row.pace = net::pace_text(d.game.pace);
        row.family = "2p-small";
        row.created = 1;
        games.emplace_back();
        for (const tourney::Seating& s : seats) {
            row.seats.push_back(SeatRow{});
            row.seats.back().player = s.player;
            games.back().push_back(s.name);
        }
        games.back().push_back(tourney::label_of(at) + " (" +
                               net::place_text(tourney::place_of(at)) + ")");
        long long id = 0;
        store.transaction([&] {
            id = store.add_game(row);
            tourney::Records(store).set_game(at.tournament, at.round, at.board, id);
        });
        ids.push_back(id);
        return id;
    }
};

} // namespace

TEST_CASE("club tournaments: rounds follow each other, a player who forfeits twice is "
          "withdrawn, the last round finishes the tournament",
          "[club][tourney]") {
    test_support::TempDir dir;
    Store store;
    REQUIRE(store.open(dir.path + "/club.db", true) == "");
    FakeHall hall(store);
    std::map<std::string, tourney::Caller> people;
    for (const char* name : {"ann", "bob", "cat", "dan"})
        people[name] = {store.unix_player(20000 + static_cast<long long>(people.size()), name, 1),
                        name, false};
    const auto run = [&](const std::string& who, const std::string& words) {
        std::string text;
        for (const net::Message& m : tourney::answer_words(store, hall, people[who], words, 1))
            if (m.verb != net::Verb::End)
                text += (m.verb == net::Verb::Error ? "error: " : "") + m.text + "\n";
        return text;
    };
    run("ann", "new t system=swiss rounds=3 size=8 pace=live:30");
    for (const char* name : {"ann", "bob", "cat", "dan"}) run(name, "join t");
    run("ann", "start t");
    // Round 1 (everyone 1500, in the order they joined): ann-cat, dan-bob (board 2 the other
    // way round). ann makes no first move: a forfeit.
    REQUIRE(hall.games.size() == 2);
    CHECK(hall.games[0] == std::vector<std::string>{"ann", "cat", "t round 1 (t/1/1)"});
    CHECK(hall.games[1] == std::vector<std::string>{"dan", "bob", "t round 1 (t/1/2)"});
    CHECK(tourney::game_ended(store, hall, hall.ids[0], {1, 0}, {0}, 2));
    CHECK(hall.games.size() == 2); // round 2 waits for round 1's last game
    CHECK(tourney::game_ended(store, hall, hall.ids[1], {0, 1}, {}, 2));
    // Round 2: cat-dan (cat moved second), bob-ann (ann moved first): ann forfeits again.
    REQUIRE(hall.games.size() == 4);
    CHECK(hall.games[2] == std::vector<std::string>{"cat", "dan", "t round 2 (t/2/1)"});
    CHECK(hall.games[3] == std::vector<std::string>{"bob", "ann", "t round 2 (t/2/2)"});
    CHECK(tourney::game_ended(store, hall, hall.ids[3], {0, 1}, {1}, 3));
    CHECK(!tourney::game_ended(store, hall, 999, {0, 1}, {}, 3)); // no tournament's game
    // Heard twice (another server of the club heard the end too): kept once.
    CHECK(tourney::game_ended(store, hall, hall.ids[3], {1, 0}, {}, 3));
    CHECK(tourney::game_ended(store, hall, hall.ids[2], {0, 0}, {}, 3));
    // Round 3 without ann, withdrawn: cat 1.5, dan 1.5, bob 1. The bye: not bob, the lowest,
    // for cat and dan have met; dan. cat meets bob, both having moved second then first:
    // cat, better placed, first on board 1.
    REQUIRE(hall.games.size() == 5);
    CHECK(hall.games[4] == std::vector<std::string>{"cat", "bob", "t round 3 (t/3/1)"});
    CHECK(run("ann", "pairings t 3").find("ann") == std::string::npos);
    CHECK(run("ann", "standings t").find("ann") != std::string::npos);
    CHECK(tourney::game_ended(store, hall, hall.ids[4], {0, 1}, {}, 4));
    CHECK(hall.games.size() == 5);
    CHECK(run("bob", "standings t").rfind("t: Swiss of 3 rounds, 4 players, finished\n", 0) == 0);
    // ann's games lost by forfeit and her withdrawal, read back from the store.
    const std::string standings = run("bob", "standings t");
    const auto ann = standings.find("ann (w)");
    REQUIRE(ann != std::string::npos);
    const std::string line = standings.substr(ann, standings.find('\n', ann) - ann);
    CHECK(line.find(" F") != std::string::npos);
    CHECK(line.find(" F", line.find(" F") + 1) != std::string::npos); // both rounds
    CHECK(
        standings.find("\n(w) withdrawn (left, or lost two games by forfeit): paired no more\n") !=
        std::string::npos);
    CHECK(run("bob", "leave t") == "error: t is over\n");
}
