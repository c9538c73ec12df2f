// The club's store on both engines: the same calls read back the same players, games,
// ratings and chat from SQLite and from PostgreSQL; PostgreSQL's database is checked on
// opening as SQLite's file is. The PostgreSQL cases run where PG_TEST_CONNINFO names a
// server (tests/sh/pg_catch2.sh starts one and runs them).
#include "club_support.hpp"
#include "store/store.hpp"
#include "store/store_dump.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>
#include <libpq-fe.h>

using namespace halma;
using namespace halma::club;

namespace {

// Runs SQL on the database a store URI names.
void postgres_exec(const std::string& uri, const std::string& sql) {
    PGconn* c = PQconnectdb(uri.substr(std::string("postgresql:").size()).c_str());
    PGresult* r = PQexec(c, sql.c_str());
    const bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    PQfinish(c);
    REQUIRE(ok);
}

StoreUri postgres_uri() {
    StoreUri uri;
    REQUIRE(read_store_uri(club_support::fresh_postgres_store(), uri) == "");
    return uri;
}

// Writes through every kind of call and reads it all back.
void round_trip(Store& s) {
    const long long me = s.unix_player(1000, "Ann", 5);
    CHECK(s.name_taken("ann"));
    CHECK_FALSE(s.name_taken("bob"));
    const long long key = s.add_key_player("bob", "SHA256:x", 6);
    CHECK(s.key_player("SHA256:x") == key);
    GameRow g;
    g.state = "seeking";
    g.rules = "players=2 size=8";
    g.pace = "days:3";
    g.family = "2p-small";
    g.created = 7;
    g.seats.resize(2);
    g.seats[0].player = me;
    g.seats[1].invited = key;
    long long id = 0;
    s.transaction([&] {
        id = s.add_game(g);
        s.set_seat(id, 1, key);
        s.start_game(id, 8, 0);
        s.add_move(id, 0, 0, "c3-d4", 9);
        s.add_move(id, 1, 1, "f6-e5", 10);
        s.set_clock(id, 0, 12345);
    });
    const std::vector<GameRow> open = s.open_games();
    REQUIRE(open.size() == 1);
    CHECK(open[0].state == "playing");
    CHECK(open[0].deadline == 0);
    CHECK(open[0].moves == std::vector<std::string>{"c3-d4", "f6-e5"});
    REQUIRE(open[0].seats.size() == 2);
    CHECK(open[0].seats[1].name == "bob");
    CHECK(open[0].seats[1].invited_name == "bob");
    CHECK(open[0].seats[0].clock == 12345);
    CHECK(open[0].seats[1].clock == -1);
    s.transaction([&] {
        s.set_rating(me, "2p-small", {1612.5, 180.25, 0.0599}, id, 11);
        s.set_rating(me, "2p-small", {1620.125, 170.5, 0.06}, id, 12);
        s.finish_game(id, "1-0", "moves", "[record]", 13);
    });
    Millis updated = 0;
    const Rating r = s.rating(me, "2p-small", &updated);
    CHECK(r.rating == 1620.125);
    CHECK(r.volatility == 0.06);
    CHECK(updated == 12);
    bool found = false;
    for (const RatingRow& row : s.ratings())
        if (row.name == "Ann") found = row.games == 2;
    CHECK(found);
    CHECK(s.open_games().empty());
    CHECK(s.archived_record(id) == "[record]");
    REQUIRE(s.finished_games(me, 10).size() == 1);
    CHECK(s.finished_games(key, 10)[0].result == "1-0");
    s.transaction([&] { s.add_chat(me, "it's \"quoted\" and ünïcode", 14); });
    REQUIRE(s.recent_chat(5).size() == 1);
    CHECK(s.recent_chat(5)[0].text == "it's \"quoted\" and ünïcode");
    // A transaction that fails leaves nothing behind.
    CHECK_THROWS(s.transaction([&] {
        s.add_chat(me, "lost", 15);
        s.add_move(id + 99, 0, 0, "x", 0); // no such game
    }));
    CHECK(s.recent_chat(5).size() == 1);
}

// A store's dump, as text.
std::string dump_text(Store& s) { return write_dump(export_dump(s)); }

// Reads a dump's text into a new store.
void import_text(Store& into, const std::string& text) {
    Dump dump;
    REQUIRE(read_dump(text, dump) == "");
    REQUIRE(import_dump(into, dump) == "");
}

} // namespace

TEST_CASE("club store: the same calls read back the same on SQLite", "[club]") {
    test_support::TempDir dir;
    Store s;
    REQUIRE(s.open(dir.path + "/club.db", true) == "");
    round_trip(s);
}

TEST_CASE("club store: the same calls read back the same on PostgreSQL", "[.][postgres]") {
    Store s;
    REQUIRE(s.open(postgres_uri(), "") == "");
    round_trip(s);
}

TEST_CASE("club store: PostgreSQL's database is checked as SQLite's file is", "[.][postgres]") {
    const StoreUri uri = postgres_uri();
    {
        Store s;
        REQUIRE(s.open(uri, "") == "");
        Store second; // several servers share one database
        CHECK(second.open(uri, "") == "");
    }
    {
        Store again; // of this schema: opens again, migrating nothing
        CHECK(again.open(uri, "") == "");
    }
    postgres_exec("postgresql:" + uri.conninfo, "UPDATE halma_schema SET version = 99");
    Store newer;
    const std::string e = newer.open(uri, "");
    CHECK_THAT(e, Catch::Contains("PostgreSQL database club_") &&
                      Catch::Contains("was written by a newer halma (schema 99") &&
                      Catch::Contains("left as it is"));
    const StoreUri other = postgres_uri();
    postgres_exec("postgresql:" + other.conninfo, "CREATE TABLE t(x int)");
    Store foreign;
    CHECK_THAT(foreign.open(other, ""), Catch::Contains("is a database, but not a club's"));
    StoreUri nowhere;
    REQUIRE(read_store_uri("postgresql:host=/nonexistent dbname=halma", nowhere) == "");
    Store unreachable;
    CHECK_THAT(unreachable.open(nowhere, ""),
               Catch::StartsWith("cannot reach the club's PostgreSQL database: "));
}

TEST_CASE("club store: --club-store's words", "[club]") {
    StoreUri uri;
    CHECK(read_store_uri("sqlite", uri) == "");
    CHECK(uri.engine == Engine::Sqlite);
    CHECK(read_store_uri("postgresql:host=/run/postgresql dbname=halma", uri) == "");
    CHECK(uri.engine == Engine::Postgres);
    CHECK(uri.conninfo == "host=/run/postgresql dbname=halma");
    CHECK(store_uri_text(uri) == "postgresql:host=/run/postgresql dbname=halma");
    CHECK_THAT(read_store_uri("postgresql:", uri), Catch::Contains("needs a connection string"));
    CHECK_THAT(read_store_uri("mysql:x", uri), Catch::Contains("sqlite or postgresql:CONNINFO"));
    CHECK_THAT(read_store_uri("postgresql:a\nb", uri), Catch::Contains("one line"));
}

TEST_CASE("club dump: a store read into a new one dumps the same, and takes new rows after",
          "[club]") {
    test_support::TempDir dir;
    Store from, into;
    REQUIRE(from.open(dir.path + "/from.db", true) == "");
    round_trip(from);
    const std::string text = dump_text(from);
    REQUIRE(into.open(dir.path + "/into.db", true) == "");
    import_text(into, text);
    CHECK(dump_text(into) == text);
    CHECK(into.recent_chat(5).at(0).text == "it's \"quoted\" and ünïcode");
    Dump dump;
    REQUIRE(read_dump(text, dump) == "");
    CHECK_THAT(import_dump(into, dump), Catch::Contains("already has players or games"));
    CHECK(into.unix_player(1001, "Cy", 20) > into.find_player("bob"));
}

TEST_CASE("club dump: SQLite to PostgreSQL to SQLite, the same dump", "[.][postgres]") {
    test_support::TempDir dir;
    Store sqlite;
    REQUIRE(sqlite.open(dir.path + "/club.db", true) == "");
    round_trip(sqlite);
    const std::string text = dump_text(sqlite);
    Store pg;
    REQUIRE(pg.open(postgres_uri(), "") == "");
    import_text(pg, text);
    CHECK(dump_text(pg) == text);
    // New rows are numbered after the ones imported.
    const long long bob = pg.find_player("bob");
    CHECK(pg.unix_player(1001, "Cy", 20) > bob);
    Store back;
    REQUIRE(back.open(dir.path + "/back.db", true) == "");
    import_text(back, dump_text(pg));
    CHECK(dump_text(back) == dump_text(pg));
}

TEST_CASE("club dump: what is not a dump is refused with its line", "[club]") {
    test_support::TempDir dir;
    Store s;
    REQUIRE(s.open(dir.path + "/club.db", true) == "");
    const std::string good = dump_text(s);
    const auto refusal = [](const std::string& text) {
        Dump d;
        return read_dump(text, d);
    };
    CHECK(refusal(good) == "");
    CHECK(refusal("") == "the dump is empty");
    CHECK(refusal("halma club dump 1\n") ==
          "line 1: a dump of another schema; this halma reads \"halma club dump 4\"");
    CHECK(refusal("hello\n") == "line 1: not a club's dump (it starts \"halma club dump\")");
    std::string text = good;
    text.replace(text.find("\tai:1\t"), 7, "\tai:1 "); // one field fewer
    CHECK(refusal(text) == "line 3: 5 fields where players has 6");
    text = good;
    text.replace(text.find("\t1\t"), 3, "\tx\t");
    CHECK(refusal(text) == "line 3: the field ai_level is not an integer");
    text = good;
    text.replace(text.find("ai:1"), 4, "ai\\q");
    CHECK_THAT(refusal(text), Catch::StartsWith("line 3: the field name is not one"));
    CHECK(refusal(good.substr(0, good.size() - 4)) ==
          "line 33: the dump stops before its end line");
    CHECK(refusal(good + "more\n") == "line 35: nothing follows end");
}
