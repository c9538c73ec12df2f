// The club's server as people meet it: the real program serving a temporary club, clients at
// the wire as two Unix users. A game against the computer and between two people, the lobby's
// listings, time running out, undo, the limits of networked play, a server killed at random
// moments (no move anyone was told of is lost), and backups taken while it works.
#include "club_support.hpp"

#include "club/store.hpp"
#include "halma.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <random>
#include <sqlite3.h>
#include <thread>

using namespace club_support;

namespace {

// The moves of a game's record, in notation.
std::vector<std::string> record_moves(const std::string& record) {
    Game g;
    Options headers;
    if (read_record(record, g, headers).failed()) return {{"unreadable record"}};
    std::vector<std::string> out;
    Game replay = g.rewound();
    for (std::size_t i = 0; i < g.ply(); ++i) {
        out.push_back(chain_name(replay.position(), g.move_at(i), g.rules().longjumps));
        replay.make(g.move_at(i));
    }
    return out;
}

// The record of a game, fetched.
std::string fetch(WireClient& c, long long id) {
    c.send("fetch " + std::to_string(id));
    Message m;
    return c.wait([](const Message& x) { return x.verb == Verb::Record || x.verb == Verb::Error; },
                  &m)
               ? m.text
               : std::string();
}

// A legal move of the player to move, in notation, drawn with rng ("pass" when it must).
std::string some_move(const Game& g, std::mt19937& rng) {
    MoveList list;
    g.legal_moves(list);
    if (list.empty()) return "pass";
    const Move m = list[static_cast<int>(rng() % static_cast<unsigned>(list.size()))];
    return chain_name(g.position(), m, g.rules().longjumps);
}

// The number of the game a `game` line, or the last one, names.
long long last_game(const WireClient& c) {
    for (auto it = c.seen.rbegin(); it != c.seen.rend(); ++it)
        if (it->verb == Verb::GameLine) return it->count;
    return 0;
}

// Two people at one table: root seeks, nobody accepts, both sit down.
struct TwoPlayers {
    WireClient a, b;
    long long id = 0;
    TwoPlayers(const std::string& dir, const std::string& options) : a(dir), b(dir, kNobody) {
        REQUIRE(a.hello());
        REQUIRE(b.hello());
        a.send("seek " + options + " to=" + net::user_name(kNobody));
        REQUIRE(a.wait_verb(Verb::GameLine));
        id = last_game(a);
        b.send("accept " + std::to_string(id));
        Message started;
        REQUIRE(b.wait_verb(Verb::GameLine, &started));
        CHECK(started.word == "playing");
        enter();
    }
    void enter() {
        for (WireClient* c : {&a, &b}) {
            c->send("play " + std::to_string(id));
            REQUIRE(c->wait_verb(Verb::Watchers));
        }
    }
};

} // namespace

TEST_CASE("club server: a game against the computer, from seek to ratings", "[club][server]") {
    ClubDir dir;
    ClubServer server(dir.path);
    WireClient me(dir.path);
    REQUIRE(me.hello());
    me.send("seek size=8 to=ai:1 first=1 pace=days:2");
    Message line;
    REQUIRE(me.wait_verb(Verb::GameLine, &line));
    CHECK(line.word == "playing");
    CHECK(line.seat == 1);
    CHECK(line.detail.rfind("days:2 ", 0) == 0);
    REQUIRE(me.wait([](const Message& m) { return m.verb == Verb::Turns && m.count == 1; }));
    me.send("play " + std::to_string(line.count));
    Message welcome;
    REQUIRE(me.wait_verb(Verb::Welcome, &welcome));
    CHECK(welcome.role == net::Role::Play);
    CHECK(welcome.seat == 1);
    Message record;
    REQUIRE(me.wait_verb(Verb::Record, &record));
    Game g;
    Options headers;
    REQUIRE_FALSE(read_record(record.text, g, headers).failed());
    CHECK(header_value(headers, "player2") == "ai:1");
    // Three moves of mine, each answered by the computer.
    std::mt19937 rng(7);
    for (int i = 0; i < 3; ++i) {
        const std::string mine = some_move(g, rng);
        me.send("move " + mine);
        Message moved;
        REQUIRE(
            me.wait([](const Message& m) { return m.verb == Verb::Moved && m.seat == 1; }, &moved));
        CHECK(moved.word == mine);
        g.play(parse_move(g, mine).move);
        REQUIRE(
            me.wait([](const Message& m) { return m.verb == Verb::Moved && m.seat == 2; }, &moved));
        g.play(parse_move(g, moved.word).move);
    }
    // An illegal move is refused and changes nothing.
    me.send("move a1-h8");
    Message error;
    REQUIRE(me.wait_verb(Verb::Error, &error));
    CHECK(error.text.find("move a1-h8") == 0);
    me.send("resign");
    Message over;
    REQUIRE(me.wait_verb(Verb::Over, &over));
    CHECK(over.text.find("resigned") != std::string::npos);
    // The archive holds the game as a record that reads, with every move.
    const std::string archived = fetch(me, line.count);
    CHECK(record_moves(archived) == record_moves(write_record(g)));
    CHECK(archived.find("order: 2>1") != std::string::npos);
    CHECK(archived.find("ended: resign") != std::string::npos);
    // Ratings moved: mine down from a newcomer's 1500, the computer's level 1 up from 1000.
    bool mine = false, its = false;
    for (const Message& m : me.listing("ratings")) {
        if (m.verb != Verb::RatingLine || m.word != "2p-small") continue;
        const int rating = std::stoi(m.detail);
        if (m.user == net::user_name(geteuid())) mine = rating < 1500;
        if (m.user == "ai:1") its = rating > 1000;
    }
    CHECK(mine);
    CHECK(its);
    const std::vector<Message> history = me.listing("history");
    REQUIRE(history.size() == 2);
    CHECK(history[0].word == "over");
    CHECK(history[0].detail.find("2>1 resign") != std::string::npos);
}

TEST_CASE("club server: two people, one away; notify and the lobby put your move first",
          "[club][server]") {
    ClubDir dir;
    ClubServer server(dir.path);
    TwoPlayers t(dir.path, "size=8 first=1");
    // A challenge is seen by its two players only.
    WireClient third(dir.path, kNobody - 1);
    REQUIRE(third.hello());
    t.a.send("seek size=10 to=" + net::user_name(kNobody));
    REQUIRE(
        t.a.wait([](const Message& m) { return m.verb == Verb::GameLine && m.word == "seeking"; }));
    const long long challenge = last_game(t.a);
    const std::vector<Message> seen = third.listing("games");
    CHECK(std::none_of(seen.begin(), seen.end(),
                       [&](const Message& m) { return m.count == challenge; }));
    // The third watches the game the two play.
    third.send("watch " + std::to_string(t.id));
    REQUIRE(third.wait_verb(Verb::Record));
    std::mt19937 rng(3);
    Game g(Rules::for_game(2, 8));
    const std::string first = some_move(g, rng);
    t.a.send("move " + first);
    REQUIRE(third.wait([&](const Message& m) { return m.verb == Verb::Moved && m.word == first; }));
    g.play(parse_move(g, first).move);
    // Nobody's move now; nobody leaves; the seat waits.
    t.b.conn.close("left");
    REQUIRE(t.a.wait([](const Message& m) {
        return m.verb == Verb::Seat && m.seat == 2 && m.state == net::SeatState::Waiting;
    }));
    t.a.send("move " + some_move(g, rng));
    REQUIRE(t.a.wait_verb(Verb::Error)); // not root's turn
    // Nobody comes back: two games wait (this one and the challenge is not begun: one).
    WireClient back(dir.path, kNobody);
    REQUIRE(back.hello());
    REQUIRE(back.wait([](const Message& m) { return m.verb == Verb::Turns && m.count == 1; }));
    const std::vector<Message> games = back.listing("games");
    REQUIRE(games.size() >= 3);
    CHECK(games[0].count == t.id); // waiting for nobody's move: first
    back.send("play " + std::to_string(t.id));
    Message rec;
    REQUIRE(back.wait_verb(Verb::Record, &rec));
    CHECK(record_moves(rec.text) == std::vector<std::string>{first});
    const std::string second = some_move(g, rng);
    back.send("move " + second);
    REQUIRE(t.a.wait([&](const Message& m) { return m.verb == Verb::Moved && m.word == second; }));
    // Undo needs the other's consent.
    t.a.send("undo");
    REQUIRE(back.wait_verb(Verb::UndoAsk));
    back.send("consent yes");
    Message undone;
    REQUIRE(t.a.wait_verb(Verb::Undone, &undone));
    CHECK(undone.count == 2);
    CHECK(record_moves(fetch(third, t.id)).empty());
}

TEST_CASE("club server: a live game's limit per move, and who is out in a game of three",
          "[club][server]") {
    ClubDir dir;
    ClubServer server(dir.path);
    WireClient me(dir.path), other(dir.path, kNobody);
    REQUIRE(me.hello());
    REQUIRE(other.hello());
    // Two players: the one who lets a second pass loses.
    me.send("seek size=8 to=ai:2 first=1 pace=live:1 rated=no");
    REQUIRE(me.wait_verb(Verb::GameLine));
    Message over;
    REQUIRE(me.wait([](const Message& m) { return m.verb == Verb::GameLine && m.word == "over"; },
                    &over, 5000));
    CHECK(over.detail == "live:1 - unrated 2>1 time");
    // Three players: seat 1 runs out and is out, the computer plays on for it; when seat 3
    // runs out too, the computer's own seat is the last one in and wins.
    me.send("seek players=3 to=ai:1," + net::user_name(kNobody) + " first=1 pace=live:1");
    REQUIRE(
        me.wait([](const Message& m) { return m.verb == Verb::GameLine && m.word == "seeking"; }));
    const long long id = last_game(me);
    other.send("accept " + std::to_string(id));
    REQUIRE(me.wait(
        [&](const Message& m) {
            return m.verb == Verb::GameLine && m.count == id && m.word == "over";
        },
        &over, 20000));
    CHECK(over.detail == "live:1 - rated 2>1=3 time");
}

TEST_CASE("club server: the limits of networked play hold", "[club][server]") {
    ClubDir dir;
    ClubServer server(dir.path);
    // A record from a client is refused at once, not collected.
    WireClient liar(dir.path);
    liar.send("record 20000");
    Message m;
    REQUIRE(liar.wait_verb(Verb::Refused, &m));
    CHECK(m.text == "'record' is sent by a host, not by a client");
    // A hello to play a seat is a hosted game's; the club wants the lobby.
    WireClient host_like(dir.path);
    host_like.send("hello 1 play any -");
    REQUIRE(host_like.wait_verb(Verb::Refused, &m));
    CHECK(m.text.find("this is a club") == 0);
    // A message only a server sends drops the client that sent it.
    WireClient c(dir.path);
    REQUIRE(c.hello());
    c.send("moved 1 a1-a2");
    REQUIRE(c.wait_verb(Verb::Dropped, &m));
    CHECK(m.text == "'moved' is sent by a host, not by a client");
    // Eight silent connections of one user are held; the ninth is turned away, while
    // another user still gets in.
    std::vector<std::unique_ptr<WireClient>> silent;
    for (int i = 0; i < 8; ++i) silent.push_back(std::make_unique<WireClient>(dir.path, kNobody));
    WireClient ninth(dir.path, kNobody);
    REQUIRE(ninth.wait_verb(Verb::Refused, &m));
    CHECK(m.text.find("that have not said hello") != std::string::npos);
    WireClient owner(dir.path);
    CHECK(owner.hello());
    // A flood is cut off.
    WireClient flood(dir.path);
    REQUIRE(flood.hello());
    std::string lines;
    for (int i = 0; i < 400; ++i) lines += "who\n";
    flood.conn.send(lines);
    REQUIRE(flood.wait([](const Message& x) { return x.verb == Verb::Dropped; }, &m));
    CHECK(m.text == "flooding");
}

TEST_CASE("club server: a damaged database stops the server and is left as it is",
          "[club][server]") {
    ClubDir dir;
    REQUIRE(mkdir(dir.path.c_str(), 0755) == 0);
    const std::string db = dir.path + "/club.db";
    std::ofstream(db, std::ios::binary)
        << "not a database at all, but long enough to look at" << std::string(5000, 'x');
    const std::string before = test_support::slurp(db);
    int status = 0;
    std::string err;
    (void)test_support::run_program("--club-server --club-dir " + dir.path, "", status, &err);
    CHECK(status == 1);
    CHECK(err.find("is not a club database that can be read") != std::string::npos);
    const bool untouched = test_support::slurp(db) == before;
    CHECK(untouched);
}

TEST_CASE("club server: killed at random moments, no move anyone was told of is lost",
          "[club][server][kill]") {
    ClubDir dir;
    ClubServer server(dir.path);
    std::mt19937 rng(2026);
    std::unique_ptr<TwoPlayers> table =
        std::make_unique<TwoPlayers>(dir.path, "size=8 maxturns=25");
    std::vector<std::string> told; // every move a player saw played, in order
    Game g(Rules::for_game(2, 8));
    const auto refetch = [&] {
        Options h;
        REQUIRE_FALSE(read_record(fetch(table->a, table->id), g, h).failed());
    };
    refetch();
    int kills = 0, games = 1;
    for (; kills < 30; ++kills) {
        // A killer waits a random moment while the players move as fast as they can.
        const int delay_us = static_cast<int>(rng() % 40000);
        const pid_t pid = server.pid;
        std::thread killer([pid, delay_us] {
            std::this_thread::sleep_for(std::chrono::microseconds(delay_us));
            kill(pid, SIGKILL);
        });
        for (;;) {
            if (g.over()) break;
            WireClient& mover = g.to_move() == 0 ? table->a : table->b;
            const int seat = g.to_move() + 1;
            const std::string move = some_move(g, rng);
            if (!mover.send("move " + move)) break;
            if (!mover.wait(
                    [&](const Message& m) { return m.verb == Verb::Moved && m.seat == seat; },
                    nullptr, 3000))
                break; // the server died before telling
            told.push_back(move);
            g.play(parse_move(g, move).move);
        }
        killer.join();
        server.stop(SIGKILL);
        server.start();
        // Every move told is in the game, in order; the game goes on from there.
        TwoPlayers* t = table.get();
        t->a = WireClient(dir.path);
        t->b = WireClient(dir.path, kNobody);
        REQUIRE(t->a.hello());
        REQUIRE(t->b.hello());
        const std::vector<std::string> kept = record_moves(fetch(t->a, t->id));
        REQUIRE(kept.size() >= told.size());
        CHECK(std::equal(told.begin(), told.end(), kept.begin()));
        told = kept;
        refetch();
        if (g.over() || kept.size() >= 2 * 25) { // the game ended: a new one
            table = std::make_unique<TwoPlayers>(dir.path, "size=8 maxturns=25");
            told.clear();
            refetch();
            ++games;
        } else {
            t->enter();
        }
    }
    CHECK(kills == 30);
    CHECK(games >= 1);
}

TEST_CASE("club server: backups taken while games are played are consistent",
          "[club][server][backup]") {
    ClubDir dir;
    ClubServer server(dir.path);
    TwoPlayers t(dir.path, "size=8 evacuate=0 rated=no");
    std::atomic<int> told{0};
    std::atomic<bool> stop{false}, load_over{false};
    std::vector<std::string> moves;
    std::thread load([&] {
        std::mt19937 rng(11);
        Game g(Rules::for_game(2, 8));
        Options h;
        (void)read_record(fetch(t.a, t.id), g, h);
        while (!stop && !g.over()) {
            WireClient& mover = g.to_move() == 0 ? t.a : t.b;
            const int seat = g.to_move() + 1;
            const std::string move = some_move(g, rng);
            mover.send("move " + move);
            mover.send("say busy"); // two lines a move, within the limit of 20 a second
            std::this_thread::sleep_for(std::chrono::milliseconds(60));
            if (!mover.wait(
                    [&](const Message& m) { return m.verb == Verb::Moved && m.seat == seat; }))
                break;
            moves.push_back(move);
            g.play(parse_move(g, move).move);
            ++told;
        }
        load_over = true;
    });
    // Six backups at least, and on until the game has gone on for more than ten moves, so
    // that a quick machine's backups do not all come before the game is under way.
    int checked = 0;
    for (int i = 0; i < 6 || (told <= 10 && !load_over && i < 400); ++i) {
        const int before = told;
        const std::string copy = dir.temp.path + "/backup" + std::to_string(i) + ".db";
        int status = 0;
        std::string err;
        (void)test_support::run_program("--club-dir " + dir.path + " --club backup " + copy, "",
                                        status, &err);
        INFO(err);
        REQUIRE(status == 0);
        // The copy is a sound database whose moves are a run from the first, at least as
        // many as were told when it was started.
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open_v2(copy.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
        sqlite3_stmt* s = nullptr;
        sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &s, nullptr);
        REQUIRE(sqlite3_step(s) == SQLITE_ROW);
        CHECK(std::string(reinterpret_cast<const char*>(sqlite3_column_text(s, 0))) == "ok");
        sqlite3_finalize(s);
        sqlite3_prepare_v2(db, "SELECT count(*), coalesce(max(ply), -1) FROM moves", -1, &s,
                           nullptr);
        REQUIRE(sqlite3_step(s) == SQLITE_ROW);
        const int count = sqlite3_column_int(s, 0), top = sqlite3_column_int(s, 1);
        sqlite3_finalize(s);
        sqlite3_close(db);
        CHECK(count == top + 1);
        CHECK(count >= before);
        checked += count > 0;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    stop = true;
    load.join();
    CHECK(checked > 0);
    CHECK(told > 10);
}

TEST_CASE("club shell: the verbs print one line an item, notify says your turns or nothing",
          "[club][server]") {
    ClubDir dir;
    const std::string club = "--club-dir " + dir.path + " --club ";
    int status = 0;
    std::string err;
    // Nobody there: notify prints nothing at once, and does not start a server.
    CHECK(test_support::run_program(club + "notify", "", status, &err).empty());
    CHECK(status == 0);
    struct stat st;
    CHECK(stat(dir.path.c_str(), &st) != 0);
    CHECK(test_support::run_program(club + "shuffle", "", status, &err).empty());
    CHECK(status == 2);
    CHECK(err.find("unknown club command 'shuffle'") != std::string::npos);
    {
        ClubServer server(dir.path);
        WireClient me(dir.path);
        REQUIRE(me.hello());
        me.send("seek size=8 to=ai:1 first=1 pace=days:3");
        REQUIRE(me.wait([](const Message& m) { return m.verb == Verb::Turns && m.count == 1; }));
        const long long id = last_game(me);
        CHECK(test_support::run_program(club + "notify", "", status) ==
              "halma: your move in 1 club game\n");
        const std::string games = test_support::run_program(club + "games", "", status);
        CHECK(games.rfind(std::to_string(id) + "  " + net::user_name(geteuid()) +
                              ", ai:1  your move (2d 23h left)",
                          0) == 0);
        CHECK(std::count(games.begin(), games.end(), '\n') == 1);
        const std::string record =
            test_support::run_program(club + "record " + std::to_string(id), "", status);
        Game g;
        Options h;
        CHECK_FALSE(read_record(record, g, h).failed());
        CHECK(header_value(h, "pace") == "days:3");
        CHECK(test_support::run_program(club + "history", "", status) == "No finished games.\n");
        CHECK(test_support::run_program(club + "record 999", "", status, &err).empty());
        CHECK(err == "halma: no game 999\n");
        CHECK(status == 1);
    }
    // The first command other than notify starts a server of its own in the background.
    CHECK(test_support::run_program(club + "games", "", status, &err) ==
          std::to_string(1) + "  " + net::user_name(geteuid()) +
              ", ai:1  your move (2d 23h left)  2 players 8x8, days:3, rated\n");
    const std::string log = test_support::slurp(dir.path + "/club.log");
    const std::size_t at = log.rfind("halma: club server ");
    REQUIRE(at != std::string::npos);
    const pid_t started = std::atoi(log.c_str() + at + 19);
    REQUIRE(started > 0);
    CHECK(kill(started, SIGTERM) == 0);
}
