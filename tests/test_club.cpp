// The club's parts that need no server: the store (created 0600, refusing damaged and newer
// files without touching them, backed up), seeks, finishing orders and their ratings, and
// the wire's club messages.
#include "club/listing.hpp"
#include "club/seek.hpp"
#include "club/table_chat.hpp"
#include "net/wire.hpp"
#include "rating/families.hpp"
#include "rating/ranking.hpp"
#include "store/store.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <sqlite3.h>
#include <sys/stat.h>
#include <thread>

using namespace halma;
using namespace halma::club;

namespace {

std::string sql_value(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    std::string out;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* s = nullptr;
        if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK &&
            sqlite3_step(s) == SQLITE_ROW)
            out = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
        sqlite3_finalize(s);
    }
    sqlite3_close(db);
    return out;
}

// A new club's store with one player in it, alice.
struct NewStore {
    test_support::TempDir dir;
    std::string path = dir.path + "/club.db";
    Store store;
    long long alice = 0;
    NewStore() {
        REQUIRE(store.open(path, true) == "");
        alice = store.unix_player(1000, "alice", 0);
    }
};

} // namespace

TEST_CASE("club store: a new database is 0600, of this schema, and opens again", "[club]") {
    test_support::TempDir dir;
    const std::string path = dir.path + "/club.db";
    {
        Store s;
        REQUIRE(s.open(path, true) == "");
        CHECK(s.find_player("ai:3") > 0);
    }
    struct stat st;
    REQUIRE(stat(path.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
    CHECK(sql_value(path, "PRAGMA user_version") == std::to_string(kSchemaVersion));
    CHECK(sql_value(path, "PRAGMA journal_mode") == "wal");
    Store again;
    CHECK(again.open(path, false) == "");
    Store missing;
    CHECK(missing.open(dir.path + "/none.db", false).find("there is no club database") == 0);
}

TEST_CASE("club store: a batch's transactions are saved together when it commits, and one "
          "that fails is undone alone",
          "[club]") {
    NewStore club;
    Store& s = club.store;
    const std::string& path = club.path;
    const long long p = club.alice;
    // What another reader of the file sees: the lobby's chat, in order.
    const auto chat = [&] {
        return sql_value(path, "SELECT coalesce(group_concat(text, ' '), '') FROM "
                               "(SELECT text FROM chat ORDER BY id)");
    };
    s.begin_batch();
    s.transaction([&] { s.add_chat(p, "one", 1); });
    CHECK_THROWS(s.transaction([&] {
        s.add_chat(p, "lost", 2);
        throw std::runtime_error("the handler failed");
    }));
    s.transaction([&] { s.transaction([&] { s.add_chat(p, "two", 3); }); });
    CHECK(chat() == ""); // nothing is saved before the batch commits
    CHECK(s.recent_chat(10).size() == 2);
    CHECK(s.commit_batch() == "");
    CHECK(chat() == "one two");
    // Out of a batch each transaction is saved at once, as before.
    s.transaction([&] { s.add_chat(p, "three", 4); });
    CHECK(chat() == "one two three");
    // A batch with no writes commits nothing and fails nothing.
    s.begin_batch();
    CHECK(s.commit_batch() == "");
    // A batch whose commit fails (here a foreign key checked only at the commit) saves none
    // of its writes, and says why.
    s.begin_batch();
    s.transaction([&] { s.add_chat(p, "four", 5); });
    s.transaction([&] {
        s.connection().exec("PRAGMA defer_foreign_keys=ON");
        s.add_chat(p + 1000, "nobody's", 6);
    });
    CHECK(s.commit_batch().find("FOREIGN KEY") != std::string::npos);
    CHECK(chat() == "one two three");
    CHECK(s.recent_chat(10).size() == 3);
}

TEST_CASE("club store: the write-ahead log is copied into the database as it grows, the store "
          "open and writing",
          "[club]") {
    NewStore club;
    const auto database_size = [&] {
        struct stat st;
        return stat(club.path.c_str(), &st) == 0 ? static_cast<long long>(st.st_size) : 0LL;
    };
    Store& s = club.store;
    // 40 commits of 100 lines of chat of 3000 bytes: some 12 MB through the log, three times
    // what it holds before it is copied.
    constexpr long long kWritten = 40LL * 100 * 3000;
    for (int batch = 0; batch < 40; ++batch) {
        s.begin_batch();
        for (int line = 0; line < 100; ++line)
            s.transaction(
                [&] { s.add_chat(club.alice, std::string(3000, 'a' + line % 26), batch); });
        REQUIRE(s.commit_batch() == "");
    }
    // Copied meanwhile, the store still open: the database file holds most of it (waited
    // for, as it is copied beside the writes; it would hold none before the store closed).
    for (int i = 0; i < 400 && database_size() < kWritten / 2; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK(database_size() >= kWritten / 2);
    CHECK(s.recent_chat(5000).size() == 4000);
    CHECK(sql_value(club.path, "SELECT count(*) FROM chat") == "4000");
}

TEST_CASE("club store: a damaged, foreign or newer database is refused and left as it is",
          "[club]") {
    test_support::TempDir dir;
    const std::string garbage = dir.path + "/garbage.db";
    std::ofstream(garbage, std::ios::binary) << std::string(8192, '\x5a');
    const std::string newer = dir.path + "/newer.db";
    {
        Store s;
        REQUIRE(s.open(newer, true) == "");
    }
    sqlite3* db = nullptr;
    sqlite3_open(newer.c_str(), &db);
    sqlite3_exec(db, "PRAGMA user_version=99", nullptr, nullptr, nullptr);
    sqlite3_close(db);
    const std::string foreign = dir.path + "/foreign.db";
    sqlite3_open(foreign.c_str(), &db);
    sqlite3_exec(db, "CREATE TABLE t(x)", nullptr, nullptr, nullptr);
    sqlite3_close(db);
    // A real database with a page overwritten in the middle of a table.
    const std::string torn = dir.path + "/torn.db";
    {
        Store s;
        REQUIRE(s.open(torn, true) == "");
        s.transaction([&] {
            for (int i = 0; i < 400; ++i) s.add_chat(1, std::string(200, 'a' + i % 26), i);
        });
    }
    sqlite3_open(torn.c_str(), &db);
    sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE", nullptr,
                 nullptr, nullptr);
    sqlite3_close(db);
    {
        std::fstream f(torn, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(4096 * 11); // a whole page of the chat table
        f << std::string(4096, '\x01');
    }
    const struct {
        std::string path;
        const char* says;
    } cases[] = {{garbage, "is not a club database that can be read"},
                 {newer, "was written by a newer halma (schema 99"},
                 {foreign, "is a database, but not a club's"},
                 {torn, "is damaged"}};
    for (const auto& c : cases) {
        INFO(c.path);
        const std::string before = test_support::slurp(c.path);
        Store s;
        const std::string e = s.open(c.path, true);
        CHECK(e.find(c.says) != std::string::npos);
        CHECK(e.find("left as it is") != std::string::npos);
        const bool untouched = test_support::slurp(c.path) == before;
        CHECK(untouched);
    }
}

TEST_CASE("club store: a backup is a database of its own with the same games", "[club]") {
    test_support::TempDir dir;
    const std::string path = dir.path + "/club.db", copy = dir.path + "/copy.db";
    Store s;
    REQUIRE(s.open(path, true) == "");
    s.transaction([&] { s.add_chat(s.find_player("ai:1"), "hello", 1); });
    REQUIRE(backup_database(path, copy) == "");
    struct stat st;
    REQUIRE(stat(copy.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
    CHECK(sql_value(copy, "SELECT text FROM chat") == "hello");
    CHECK(sql_value(copy, "PRAGMA integrity_check") == "ok");
    CHECK(backup_database(dir.path + "/none.db", copy).find("there is no club database") == 0);
}

TEST_CASE("club seeks: options, challenges, pace and what is refused", "[club]") {
    Seek s;
    REQUIRE(parse_seek("size=8 to=bob pace=days:3 rated=no", s) == "");
    CHECK(s.rules.size == 8);
    CHECK(s.invited == std::vector<std::string>{"bob"});
    CHECK(s.pace.kind == Pace::Kind::Days);
    CHECK(s.pace.per_move() == 3 * 86400);
    CHECK_FALSE(s.rated);
    CHECK(rating_family(s.rules) == "2p-small");
    Seek again;
    REQUIRE(parse_seek(seek_text(s), again) == "");
    CHECK(seek_text(again) == seek_text(s));
    REQUIRE(parse_seek("players=4 partners=opposite to=ai:2,carol pace=live:90", s) == "");
    CHECK(rating_family(s.rules) == "3-4p");
    CHECK(s.pace.seconds == 90);
    CHECK(pace_text(s.pace) == "live:90");
    REQUIRE(parse_seek("", s) == "");
    CHECK(rating_family(s.rules) == "2p16");
    CHECK(s.pace.per_move() == 0);
    const struct {
        const char* words;
        const char* says;
    } bad[] = {{"size=9", "bad value '9' for size"},
               {"pace=days:31", "bad pace"},
               {"pace=weekly", "bad pace"},
               {"to=bob,carol", "to= names 2 players for the 1 other seats"},
               {"to=ai:7", "no AI level 7"},
               {"to=a:b", "is not a player"},
               {"rated=maybe", "rated= is yes or no"},
               {"size=8 size=10", "size= is given twice"},
               {"colour=red", "unknown option"},
               {"players", "is not key=value"},
               {"players=3 size=8", "16x16"}};
    for (const auto& b : bad) {
        INFO(b.words);
        const std::string before = seek_text(s);
        CHECK(parse_seek(b.words, s).find(b.says) != std::string::npos);
        CHECK(seek_text(s) == before);
    }
}

TEST_CASE("club seeks: a game clock's pace, and only a timed game is rated", "[club]") {
    Pace p;
    REQUIRE(read_pace("clock:3+2", p) == "");
    CHECK(p.kind == Pace::Kind::Clock);
    CHECK(p.minutes == 3);
    CHECK(p.seconds == 2);
    CHECK(p.clock_start_ms() == 180000);
    CHECK(p.increment_ms() == 2000);
    CHECK(p.per_move() == 0);
    CHECK(p.timed());
    CHECK(p.live());
    CHECK(pace_text(p) == "clock:3+2");
    for (const char* text : {"clock:1+0", "clock:180+60", "live", "live:5", "days:1"}) {
        INFO(text);
        Pace q;
        REQUIRE(read_pace(text, q) == "");
        CHECK(pace_text(q) == text);
    }
    // Each refusal names what is wrong, and leaves the pace as it was.
    const struct {
        const char* text;
        const char* says;
    } bad[] = {{"clock:0+0", "1 to 180 minutes"},
               {"clock:999+0", "1 to 180 minutes"},
               {"clock:5", "the minutes and the seconds added a move"},
               {"clock:5+-1", "adds 0 to 60 seconds"},
               {"clock:5+61", "adds 0 to 60 seconds"},
               {"clock:+2", "1 to 180 minutes"},
               {"clock", "the minutes and the seconds"}};
    for (const auto& b : bad) {
        INFO(b.text);
        Pace q = p;
        CHECK_THAT(read_pace(b.text, q), Catch::Contains(b.says));
        CHECK(q == p);
        Seek s;
        CHECK_THAT(parse_seek(std::string("pace=") + b.text, s), Catch::Contains(b.says));
    }
    // A seek with a clock reads and writes back; it is rated unless it says otherwise.
    Seek s;
    REQUIRE(parse_seek("size=8 pace=clock:3+2", s) == "");
    CHECK(s.pace == p);
    CHECK(s.rated);
    Seek again;
    REQUIRE(parse_seek(seek_text(s), again) == "");
    CHECK(seek_text(again) == seek_text(s));
    CHECK(again.pace == p);
    CHECK(seek_text(s).find("pace=clock:3+2 rated=yes") != std::string::npos);
    REQUIRE(parse_seek("pace=clock:3+2 rated=no", s) == "");
    CHECK_FALSE(s.rated);
    // Rated by default when timed, unrated for an untimed live game; rated needs a clock.
    for (const char* pace : {"clock:1+0", "days:3", "live:30"}) {
        INFO(pace);
        REQUIRE(parse_seek(std::string("pace=") + pace, s) == "");
        CHECK(s.rated);
    }
    REQUIRE(parse_seek("pace=live", s) == "");
    CHECK_FALSE(s.rated);
    REQUIRE(parse_seek("", s) == "");
    CHECK_FALSE(s.rated);
    CHECK_THAT(parse_seek("rated=yes pace=live", s), Catch::Contains("a rated game needs a clock"));
    CHECK_THAT(parse_seek("rated=yes", s), Catch::Contains("a rated game needs a clock"));
}

TEST_CASE("club ratings: finishing orders", "[club]") {
    Game two(Rules::for_game(2, 8));
    CHECK(order_text(finishing_ranks(two, {false, false}, 1)) == "1>2");
    CHECK(order_text(finishing_ranks(two, {false, false}, 0)) == "2>1");
    // A game of three still going on: the one left when the others go out wins.
    Game three(Rules::for_game(3, 16));
    CHECK(order_text(finishing_ranks(three, {true, false, true}, -1)) == "2>1=3");
    // Partners concede together.
    Rules partners = Rules::for_game(4, 16);
    partners.partners = Partners::Opposite;
    Game four(partners);
    const std::vector<int> ranks = finishing_ranks(four, {false, false, false, false}, 1);
    CHECK(ranks[1] == ranks[four.rules().partner(1)]);
    CHECK(ranks[0] < ranks[1]);
}

TEST_CASE("club ratings: each pair of opponents is a result, partners never", "[club]") {
    Rules partners = Rules::for_game(4, 16);
    partners.partners = Partners::Opposite;
    const std::vector<Rating> before(4, Rating{});
    const std::vector<int> ranks = {0, 1, 0, 1}; // seats 1 and 3 (partners) beat 2 and 4
    const std::vector<Rating> after = rate_game(partners, ranks, {1, 2, 3, 4}, before);
    CHECK(after[0].rating > 1500);
    CHECK(after[0].rating == Approx(after[2].rating));
    CHECK(after[1].rating < 1500);
    // Four players without partners: the middle two gain and lose by their places.
    const Rules free = Rules::for_game(4, 16);
    const std::vector<Rating> order = rate_game(free, {0, 1, 2, 3}, {1, 2, 3, 4}, before);
    CHECK(order[0].rating > order[1].rating);
    CHECK(order[1].rating > 1500);
    CHECK(order[2].rating < 1500);
    CHECK(order[3].rating < order[2].rating);
    // The same player in two seats (the computer twice) has no result against itself.
    const std::vector<Rating> twice =
        rate_game(Rules::for_game(3, 16), {0, 1, 1}, {7, 8, 8}, before);
    CHECK(twice[1].rating == Approx(twice[2].rating));
    CHECK(twice[0].rating > 1500);
}

TEST_CASE("club wire: lobby messages read and write back", "[club][net]") {
    const char* lines[] = {
        "hello 1 lobby - -",
        "welcome lobby - bob",
        "seek size=8 to=ai:3 pace=days:2",
        "accept 12",
        "play 12",
        "watch 7",
        "resign",
        "resign 12",
        "games",
        "ratings",
        "history",
        "history ai:3",
        "history *",
        "fetch 99",
        "notify",
        "who",
        "lobby",
        "game 12 playing 2 alice,bob live:60 41 rated - - 2 players 8x8",
        "game 3 over - alice,ai:3,- days:3 - unrated 3>1=2 time 3 players 16x16",
        "game 4 seeking - carol,- live - rated - - 2 players 16x16",
        "rating alice 2p16 1523 87 12",
        "here alice",
        "gone alice",
        "game 5 playing 1 alice,bob days:30 2592000 rated - - 2 players 8x8",
        "turns 2",
        "end",
        "as SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s",
        "name night-owl",
        "link 123456789012",
        "addkey",
        "key night-owl",
        "key -",
        "code 123456789012 10",
    };
    for (const char* line : lines) {
        INFO(line);
        net::Message m;
        REQUIRE(net::parse_message(line, m) == "");
        CHECK(net::write_message(m) == std::string(line) + "\n");
    }
    const char* bad[] = {"hello 1 lobby 2 -",
                         "hello 1 lobby - abc",
                         "accept 0",
                         "accept x",
                         "game 1 playing 1 alice live - rated - - x",
                         "game 1 over - alice,bob live - rated 1>1 moves x",
                         "game 1 over - alice,bob live - rated 1>3 moves x",
                         "game 1 playing 1 alice live - rated - - x",
                         "game 1 playing 1 a,b weekly - rated - - x",
                         "rating - 2p16 1 2 3",
                         "history a b",
                         "game 5 playing 1 alice,bob days:30 2592001 rated - - 2 players 8x8",
                         "gone -",
                         "here -",
                         "as SHA256:short",
                         "as MD5:00:11:22",
                         "as SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s extra",
                         "name -x",
                         "name",
                         "link -",
                         "link ab-cd",
                         "addkey now",
                         "key a b",
                         "code 123 0",
                         "code 123"};
    for (const char* line : bad) {
        INFO(line);
        net::Message m;
        CHECK(net::parse_message(line, m) != "");
    }
    CHECK(net::client_verb(net::Verb::Seek));
    CHECK(net::client_verb(net::Verb::As));
    CHECK(net::client_verb(net::Verb::AddKey));
    CHECK_FALSE(net::client_verb(net::Verb::Key));
    CHECK_FALSE(net::client_verb(net::Verb::Code));
    CHECK_FALSE(net::client_verb(net::Verb::Record));
    CHECK_FALSE(net::client_verb(net::Verb::GameLine));
}

TEST_CASE("club wire: a server's decoder collects no record from a client", "[club][net]") {
    net::Decoder d(net::From::Client);
    d.feed("record 5\nmove e4-g6\n");
    net::Message m;
    std::string error;
    CHECK(d.next(m, error) == net::Decoder::Got::WrongSide);
    CHECK(error == "'record' is sent by a host, not by a client");
    REQUIRE(d.next(m, error) == net::Decoder::Got::Message);
    CHECK(m.verb == net::Verb::Move);
}

TEST_CASE("club listings: a game line said as the shell and the lobby say it", "[club]") {
    const auto info = [](const char* line) {
        net::Message m;
        REQUIRE(net::parse_message(line, m) == "");
        club::GameInfo g;
        REQUIRE(club::read_game(m, g));
        return g;
    };
    const club::GameInfo playing =
        info("game 5 playing 2 alice,bob days:30 2592000 rated - - 2 players 8x8");
    CHECK(playing.terms.due == 2592000);
    CHECK(playing.to_move() == "bob");
    CHECK(club::game_text(playing, "bob") ==
          "5  alice, bob  your move (30d 00h left)  2 players 8x8, days:30, rated");
    CHECK(club::game_text(playing, "alice") ==
          "5  alice, bob  bob to move (30d 00h left)  2 players 8x8, days:30, rated");
    const club::GameInfo over =
        info("game 3 over - alice,ai:3,- days:3 - unrated 3>1=2 time 3 players 16x16");
    CHECK(club::outcome_words(over) == "(open) > alice = ai:3 (on time)");
    CHECK(club::game_text(over, "alice") ==
          "3  alice, ai:3, (open)  (open) > alice = ai:3 (on time)  3 players 16x16, days:3, "
          "unrated");
    const club::GameInfo withdrawn = info("game 4 over - carol,- live - rated - - 2 players 16x16");
    CHECK(club::outcome_words(withdrawn) == "withdrawn");
    const club::GameInfo seeking =
        info("game 4 seeking - carol,- live - rated - - 2 players 16x16");
    CHECK(club::game_text(seeking, "carol") ==
          "4  carol, (open)  seeking players  2 players 16x16, live, rated");
    // A tournament's game: where it is played after how it ended, before the variant.
    const club::GameInfo top =
        info("game 9 playing 1 alice,ai:2 live:5 4 rated - - evening/2/1 2 players 8x8");
    CHECK(top.terms.place.tournament == "evening");
    CHECK(top.terms.place.round == 2);
    CHECK(top.terms.place.board == 1);
    CHECK(top.variant == "2 players 8x8");
    net::Message line;
    REQUIRE(net::parse_message("game 9 playing 1 alice,ai:2 live:5 4 rated - - evening/2/1 2 "
                               "players 8x8",
                               line) == "");
    CHECK(net::write_message(line) ==
          "game 9 playing 1 alice,ai:2 live:5 4 rated - - evening/2/1 2 players 8x8\n");
    // No place (a round from 1): the variant's words, as from a server that says none.
    CHECK(info("game 9 playing 1 alice,bob live - rated - - evening/0/1 x").terms.place.board == 0);
    CHECK(club::time_left(45) == "45s");
    CHECK(club::time_left(245) == "4m 05s");
    CHECK(club::time_left(3 * 3600 + 12 * 60) == "3h 12m");
    net::Message not_a_game;
    club::GameInfo g;
    REQUIRE(net::parse_message("here alice", not_a_game) == "");
    CHECK_FALSE(club::read_game(not_a_game, g));
}

TEST_CASE("club records: the table's chat is kept as comments a record reader passes over",
          "[club]") {
    Game g(Rules{});
    const std::string said = said_comments(
        {{"bob", "good luck", false}, {"carol", "b should jump: now # really", true}});
    CHECK(said == "# said bob: good luck\n# said (watching) carol: b should jump: now # really\n");
    const std::string record = write_record(g) + said;
    CHECK(said_in_record(record) ==
          std::vector<std::string>{"bob: good luck",
                                   "carol (watching): b should jump: now # really"});
    Game again;
    Options headers;
    REQUIRE_FALSE(read_record(record, again, headers).failed());
    CHECK(write_record(again) == write_record(g));
    // Other comments, and lines without a speaker, are not chat.
    CHECK(said_in_record("# halma game record\n# said : nobody\n# said bob\n# bob: hi\n").empty());
}
