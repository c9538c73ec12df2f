// Two club servers sharing one PostgreSQL database (tests/sh/pg_catch2.sh runs these), started
// at once on a new database (one makes the tables): a seek made at one is taken at the other, and
// one seat's moves sent to both servers at once are played once: the first saved wins, everyone is
// told that one, the other's sender is told; a tournament started at one runs at both, each round
// paired once.
#include "club_support.hpp"

#include "halma.hpp"
#include "store/sql.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <sstream>
#include <thread>

using namespace club_support;

namespace {

// Club directory b shares directory a's store: two servers, one club.
struct TwoHosts {
    ClubDir a;
    test_support::TempDir other;
    std::string b;
    std::unique_ptr<ClubServer> at_a, at_b;
    TwoHosts() : b(other.path + "/club") {
        chmod(other.path.c_str(), 0755);
        mkdir(b.c_str(), 0755);
        const std::string store = test_support::slurp(a.path + "/" + halma::club::kStoreFile);
        REQUIRE(store.rfind("postgresql:", 0) == 0);
        std::ofstream(b + "/" + halma::club::kStoreFile) << store;
        at_a = std::make_unique<ClubServer>(a.path);
        at_b = std::make_unique<ClubServer>(b);
    }
};

// Whether a client's listing of the games names game id.
bool lists(WireClient& c, long long id) {
    for (const Message& m : c.listing("games"))
        if (m.verb == Verb::GameLine && m.game == id) return true;
    return false;
}

bool moved_by(const Message& m, int seat) { return m.verb == Verb::Moved && m.seat == seat; }

// A game of two begun across the hosts: the seeker (at one server) challenges the taker (at
// the other), who accepts once the seek has reached its server; both hear that it began.
// Returns its number.
long long game_across(WireClient& seeker, WireClient& taker) {
    REQUIRE(seeker.hello());
    REQUIRE(taker.hello());
    seeker.send("seek size=8 first=1 pace=days:3 to=" + net::user_name(kNobody));
    Message seek;
    REQUIRE(seeker.wait_verb(Verb::GameLine, &seek));
    const long long id = seek.game;
    // The other server hears of the seek once it is committed.
    bool heard = false;
    for (int i = 0; i < 200 && !(heard = lists(taker, id)); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    REQUIRE(heard);
    taker.send("accept " + std::to_string(id));
    for (WireClient* c : {&taker, &seeker})
        REQUIRE(c->wait([&](const Message& m) {
            return m.verb == Verb::GameLine && m.game == id && m.word == "playing";
        }));
    return id;
}

// The client goes to game id's table, at its seat (or to watch).
void sit_at(WireClient& c, long long id) {
    c.send("play " + std::to_string(id));
    REQUIRE(c.wait_verb(Verb::Watchers));
}

// A game of two across the hosts, both players at its table.
void playing_across(WireClient& seeker, WireClient& taker) {
    const long long id = game_across(seeker, taker);
    sit_at(seeker, id);
    sit_at(taker, id);
}

} // namespace

TEST_CASE("club servers sharing PostgreSQL: a seek crosses, a ply is played once",
          "[.][postgres][share]") {
    REQUIRE(std::getenv("PG_TEST_CONNINFO"));
    TwoHosts hosts;
    WireClient seeker(hosts.a.path), taker(hosts.b, kNobody);
    const long long id = game_across(seeker, taker);

    // The seeker's seat is played from both servers; both send a first move at once.
    WireClient twin(hosts.b);
    REQUIRE(twin.hello());
    for (WireClient* c : {&seeker, &twin, &taker}) sit_at(*c, id);
    seeker.send("move d1-e2");
    twin.send("move c1-d2");
    Message here, there, watched;
    REQUIRE(seeker.wait([](const Message& m) { return moved_by(m, 1); }, &here));
    REQUIRE(twin.wait([](const Message& m) { return moved_by(m, 1); }, &there));
    REQUIRE(taker.wait([](const Message& m) { return moved_by(m, 1); }, &watched));
    CHECK(here.word == there.word);
    CHECK(watched.word == here.word);
    // The loser's sender was told why its move was not played.
    WireClient& lost = here.word == "d1-e2" ? twin : seeker;
    const bool told = std::any_of(lost.seen.begin(), lost.seen.end(), [](const Message& m) {
        return m.verb == Verb::Error && (m.text.find("moved on") != std::string::npos ||
                                         m.text.find("not your turn") != std::string::npos);
    });
    CHECK(told);
    // The game goes on from the move played, at either server.
    taker.send("move e8-d7");
    for (WireClient* c : {&seeker, &twin})
        REQUIRE(c->wait([](const Message& m) { return moved_by(m, 2) && m.word == "e8-d7"; }));
    seeker.send("fetch " + std::to_string(id));
    Message record;
    REQUIRE(seeker.wait_verb(Verb::Record, &record));
    CHECK(record.text.find("1. " + here.word + " e8-d7\n") != std::string::npos);
}

TEST_CASE("club servers sharing PostgreSQL: a game aborted at one host says by whom at the other",
          "[.][postgres][share]") {
    REQUIRE(std::getenv("PG_TEST_CONNINFO"));
    TwoHosts hosts;
    WireClient seeker(hosts.a.path), taker(hosts.b, kNobody);
    playing_across(seeker, taker);
    seeker.send("abort");
    Message here, there;
    REQUIRE(seeker.wait_verb(Verb::Over, &here));
    REQUIRE(taker.wait_verb(Verb::Over, &there));
    CHECK(here.text.rfind("game aborted by ", 0) == 0);
    CHECK(there.text == here.text);
}

TEST_CASE("club servers sharing PostgreSQL: a tournament runs once at two hosts, each round "
          "paired once, to its final standings",
          "[.][postgres][share]") {
    REQUIRE(std::getenv("PG_TEST_CONNINFO"));
    TwoHosts hosts;
    Shell at_a{hosts.a.path, 0, {}}, at_b{hosts.b, 0, {}};
    at_a("tournament new shared system=swiss rounds=2 size=8 pace=live:30");
    REQUIRE(at_a.status == 0);
    for (const char* level : {"1", "1", "2", "2"})
        at_a(std::string("tournament join shared ai:") + level);
    // Started at one host; the other runs its games' computers as well (the first move saved is
    // played) and hears every end: both may pair the next round, the row lets one.
    const std::string started = at_b("tournament start shared");
    INFO(started << at_b.err);
    REQUIRE(at_b.status == 0);
    const std::string standings = standings_at_end(at_a, "shared");
    INFO(standings);
    REQUIRE(standings.rfind("shared: Swiss of 2 rounds, 4 players, finished\n", 0) == 0);
    // The two hosts say the same.
    CHECK(at_b("tournament standings shared") == standings);
    // Two rounds of two games, no pair met twice; the games are 1 to 4 and there is no fifth
    // (a round paired at both hosts would have made more).
    std::set<std::pair<std::string, std::string>> met;
    for (const char* round : {"1", "2"}) {
        std::istringstream lines(at_a(std::string("tournament pairings shared ") + round));
        std::string line;
        std::getline(lines, line); // the round's heading
        int games = 0;
        for (; std::getline(lines, line); ++games) {
            std::istringstream words(line);
            std::string board, first, second;
            words >> board >> first >> second;
            CHECK(met.insert(std::minmax(first, second)).second);
        }
        CHECK(games == 2);
    }
    for (int game = 1; game <= 4; ++game) {
        const std::string record = at_b("record " + std::to_string(game));
        CHECK(record.find("tournament: shared round " + std::string(game <= 2 ? "1" : "2") +
                          "\n") != std::string::npos);
        CHECK(record.find("\nresult: ") != std::string::npos);
    }
    at_a("record 5");
    CHECK(at_a.status != 0);
}

TEST_CASE("club servers sharing PostgreSQL: the box's times are the same at both hosts",
          "[.][postgres][share]") {
    REQUIRE(std::getenv("PG_TEST_CONNINFO"));
    TwoHosts hosts;
    WireClient seeker(hosts.a.path), taker(hosts.b, kNobody);
    playing_across(seeker, taker);
    // Each host hears the other's moves a few milliseconds after they were made: the times are
    // worked out from when each move was saved, not from when it was heard.
    seeker.send("move d1-e2");
    REQUIRE(taker.wait([](const Message& m) { return moved_by(m, 1); }));
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    taker.send("move e8-d7");
    REQUIRE(seeker.wait([](const Message& m) { return moved_by(m, 2); }));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    seeker.send("resign");
    Message here, there;
    REQUIRE(seeker.wait_verb(Verb::Used, &here));
    REQUIRE(taker.wait_verb(Verb::Used, &there));
    REQUIRE(here.numbers.size() == 2);
    CHECK(here.numbers == there.numbers);
    CHECK(here.numbers[1] >= 150);
    CHECK(here.numbers[0] >= 100);
}
