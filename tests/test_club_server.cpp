// The club's server as people meet it: the real program serving a temporary club, clients at
// the wire as two Unix users. A game against the computer and between two people, the lobby's
// listings, time running out, undo, the limits of networked play, a server killed at random
// moments (no move anyone was told of is lost, one game or many moving at once), and backups
// taken while it works.
#include "club_support.hpp"

#include "club/table_chat.hpp"
#include "halma.hpp"
#include "store/store.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <sqlite3.h>
#include <sstream>
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
        if (it->verb == Verb::GameLine) return it->game;
    return 0;
}

// Two people at one table: one (root) seeks, the other (nobody) accepts, both sit down: a
// game in one sitting brings its players in from the lobby, one by correspondence is entered.
struct TwoPlayers {
    WireClient a, b;
    long long id = 0;
    TwoPlayers(const std::string& dir, const std::string& options, uid_t first = geteuid(),
               uid_t second = kNobody, int second_version = net::kWireVersion)
        : a(dir, first), b(dir, second) {
        b.version = second_version;
        REQUIRE(a.hello());
        REQUIRE(b.hello());
        a.send("seek " + options + " to=" + net::user_name(second));
        REQUIRE(a.wait_verb(Verb::GameLine));
        id = last_game(a);
        b.send("accept " + std::to_string(id));
        Message started;
        REQUIRE(b.wait_verb(Verb::GameLine, &started));
        CHECK(started.word == "playing");
        if (options.find("pace=days") != std::string::npos) {
            enter();
            return;
        }
        for (WireClient* c : {&a, &b}) {
            Message welcome;
            REQUIRE(c->wait_verb(Verb::Welcome, &welcome));
            CHECK(welcome.role == net::Role::Play);
            CHECK(welcome.seat == (c == &a ? 1 : 2));
            REQUIRE(c->wait_verb(Verb::Watchers));
        }
    }
    void enter() {
        for (WireClient* c : {&a, &b}) {
            const std::size_t from = c->seen.size();
            c->send("play " + std::to_string(id));
            const bool in = c->wait_verb(Verb::Watchers);
            INFO("play " << id << " was answered:\n" << c->heard(from));
            INFO("its record now:\n" << (in ? std::string() : fetch(*c, id).substr(0, 600)));
            REQUIRE(in);
        }
    }
    // Both connect again (the server restarted), at the lobby.
    void reconnect(const std::string& dir) {
        a = WireClient(dir);
        b = WireClient(dir, kNobody);
        REQUIRE(a.hello());
        REQUIRE(b.hello());
    }
};

// The times a clock line gives, in ms, seat by seat.
std::vector<long long> clock_times(const Message& m) { return m.numbers; }

using Steady = std::chrono::steady_clock;
// The client's and the server's clocks are read a moment apart, each to the millisecond.
constexpr long long kSlackMs = 5;
// A live game's first move is due within this (the server's rule).
constexpr long long kFirstMoveMs = 30 * 1000;

long long ms_since(Steady::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Steady::now() - t).count();
}

// A move played at a table by whoever is to move, and seen by both.
void play_this(TwoPlayers& t, Game& g, const std::string& move) {
    WireClient& mover = g.to_move() == 0 ? t.a : t.b;
    const int seat = g.to_move() + 1;
    mover.send("move " + move);
    const auto played = [&](const Message& m) {
        return m.verb == Verb::Moved && m.seat == seat && m.word == move;
    };
    REQUIRE(t.a.wait(played));
    REQUIRE(t.b.wait(played));
    g.play(parse_move(g, move).move);
}

// The player to move at a table plays a move drawn with rng; both players see it.
void play_one(TwoPlayers& t, Game& g, std::mt19937& rng) { play_this(t, g, some_move(g, rng)); }

// The next clock line a client was sent (read while waiting for something else, or waited
// for): the seat whose clock it says runs is checked, the times returned.
std::vector<long long> next_clock(WireClient& c, int running) {
    Message m;
    std::size_t n = 0;
    bool seen = false;
    for (const Message& x : c.seen)
        if (x.verb == Verb::ClockLine && n++ == c.clocks_read) {
            m = x;
            seen = true;
            break;
        }
    if (!seen) REQUIRE(c.wait_verb(Verb::ClockLine, &m));
    ++c.clocks_read;
    CHECK(m.seat == running);
    return clock_times(m);
}

// The lobby's ratings: "NAME FAMILY RATING RD GAMES" a line.
std::vector<std::string> ratings(WireClient& c) {
    std::vector<std::string> out;
    for (const Message& m : c.listing("ratings"))
        if (m.verb == Verb::RatingLine && m.numbers.size() == 3)
            out.push_back(m.user + " " + m.word + " " + std::to_string(m.numbers[0]) + " " +
                          std::to_string(m.numbers[1]) + " " + std::to_string(m.numbers[2]));
    return out;
}

// The error a line is answered with.
std::string refusal(WireClient& c, const std::string& line) {
    c.send(line);
    Message m;
    return c.wait_verb(Verb::Error, &m) ? m.text : "(no error)";
}

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
    CHECK(line.terms.pace == "days:2");
    REQUIRE(me.wait([](const Message& m) { return m.verb == Verb::Turns && m.count == 1; }));
    me.send("play " + std::to_string(line.game));
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
    const std::string archived = fetch(me, line.game);
    CHECK(record_moves(archived) == record_moves(write_record(g)));
    CHECK(archived.find("\norder: 2>1\n") != std::string::npos);
    CHECK(archived.find("\nresult: winner 2 by resign\n") != std::string::npos);
    CHECK(archived.find("\nstarted: 20") != std::string::npos);
    CHECK(archived.find("\nfinished: 20") != std::string::npos);
    CHECK(archived.find("ended:") == std::string::npos);
    Game replayed;
    Options archived_headers;
    REQUIRE_FALSE(read_record(archived, replayed, archived_headers).failed());
    CHECK(replayed.over());
    CHECK(replayed.ending().rule == Ending::Rule::Resigned);
    // Ratings moved: mine down from a newcomer's 1500, the computer's level 1 up from 1000.
    bool mine = false, its = false;
    for (const Message& m : me.listing("ratings")) {
        if (m.verb != Verb::RatingLine || m.word != "2p-small") continue;
        REQUIRE(m.numbers.size() == 3);
        const long long rating = m.numbers[0];
        if (m.user == net::user_name(geteuid())) mine = rating < 1500;
        if (m.user == "ai:1") its = rating > 1000;
    }
    CHECK(mine);
    CHECK(its);
    const std::vector<Message> history = me.listing("history");
    REQUIRE(history.size() == 2);
    CHECK(history[0].word == "over");
    CHECK(history[0].terms.result == "2>1");
    CHECK(history[0].terms.how == "resign");
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
                       [&](const Message& m) { return m.game == challenge; }));
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
    CHECK(games[0].game == t.id); // waiting for nobody's move: first
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
    // Two players: the seeker is brought into the game, makes the first move (due within
    // half a minute, the limit not yet running), and then lets a second pass: it loses.
    me.send("seek size=8 to=ai:2 first=1 pace=live:1 rated=no");
    Message record;
    REQUIRE(me.wait_verb(Verb::Welcome));
    const long long two = last_game(me);
    REQUIRE(me.wait_verb(Verb::Record, &record));
    Game g;
    Options headers;
    REQUIRE_FALSE(read_record(record.text, g, headers).failed());
    std::mt19937 rng(9);
    me.send("move " + some_move(g, rng));
    REQUIRE(me.wait([](const Message& m) { return m.verb == Verb::Moved && m.seat == 2; }));
    Message ended;
    REQUIRE(me.wait_verb(Verb::Ended, &ended, 5000));
    CHECK(ended.terms.result == "2>1");
    CHECK(ended.terms.how == "time");
    Message over;
    REQUIRE(me.wait_verb(Verb::Over, &over));
    CHECK(over.text.find(" ran out of time: ") != std::string::npos);
    // Three players: seat 1 runs out and is out, the computer plays on for it; when seat 3
    // runs out too, the computer's own seat is the last one in and wins.
    me.send("lobby");
    me.send("seek players=3 to=ai:1," + net::user_name(kNobody) + " first=1 pace=live:1");
    REQUIRE(
        me.wait([](const Message& m) { return m.verb == Verb::GameLine && m.word == "seeking"; }));
    const long long three = last_game(me);
    other.send("accept " + std::to_string(three));
    REQUIRE(me.wait_verb(Verb::Record, &record));
    REQUIRE(other.wait_verb(Verb::Record));
    REQUIRE_FALSE(read_record(record.text, g, headers).failed());
    // Every first move is made, the computer's between.
    me.send("move " + some_move(g, rng));
    for (int seat = 1; seat <= 2; ++seat) {
        Message moved;
        REQUIRE(me.wait([&](const Message& m) { return m.verb == Verb::Moved && m.seat == seat; },
                        &moved));
        g.play(parse_move(g, moved.word).move);
    }
    other.send("move " + some_move(g, rng));
    REQUIRE(other.wait([](const Message& m) { return m.verb == Verb::Moved && m.seat == 3; }));
    REQUIRE(me.wait(
        [](const Message& m) {
            return m.verb == Verb::Chat && m.text == "ran out of time and is out of the game";
        },
        nullptr, 5000));
    REQUIRE(me.wait_verb(Verb::Ended, &ended, 20000));
    CHECK(ended.terms.result == "2>1=3");
    CHECK(ended.terms.how == "time");
    // The lobby's history tells both games as they ended.
    me.send("lobby");
    int found = 0;
    for (const Message& m : me.listing("history")) {
        if (m.verb != Verb::GameLine) continue;
        if (m.game == two) CHECK(m.terms == net::Terms{"live:1", -1, false, "2>1", "time", {}});
        if (m.game == three) CHECK(m.terms == net::Terms{"live:1", -1, true, "2>1=3", "time", {}});
        found += m.game == two || m.game == three;
    }
    CHECK(found == 2);
    const std::string archived = fetch(me, three);
    CHECK(archived.find("\norder: 2>1=3\n") != std::string::npos);
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
          "[club][server][sqlite]") {
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
            Message played;
            if (!mover.wait(
                    [&](const Message& m) { return m.verb == Verb::Moved && m.seat == seat; },
                    &played, 3000))
                break; // the server died before telling
            // On PostgreSQL the killed server's last commit may land after the new one read
            // the game: that move is told, and the mover's is refused.
            told.push_back(played.word);
            g.play(parse_move(g, played.word).move);
        }
        killer.join();
        server.stop(SIGKILL);
        server.start();
        // Every move told is in the game, in order; the game goes on from there.
        TwoPlayers* t = table.get();
        t->reconnect(dir.path);
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

// The moves a client saw played (since it came in), in order.
std::vector<std::string> moves_seen(const WireClient& c) {
    std::vector<std::string> out;
    for (const Message& m : c.seen)
        if (m.verb == Verb::Moved) out.push_back(m.word);
    return out;
}

namespace {

// A game of a burst: its two players (users of their own) and a watcher.
struct BurstGame {
    std::unique_ptr<TwoPlayers> t;
    std::unique_ptr<WireClient> watcher;
    Game g;
    std::vector<std::string> kept; // the moves of its record when the clients came in
    [[nodiscard]] std::vector<WireClient*> clients() const { return {&t->a, &t->b, watcher.get()}; }
};

// After a restart, a game's record holds every move any of its clients saw, in order, and at
// most the one move in flight besides: none lost, none doubled. Its players (users first and
// first + 1) connect again. A game the random moves have ended (a player home) is taken as the
// record ends it, to be played no more.
void check_kept_after_restart(BurstGame& b, const std::string& dir, uid_t first) {
    std::vector<std::vector<std::string>> saw;
    for (WireClient* c : b.clients()) {
        c->wait([](const Message&) { return false; }, nullptr, 200); // all it was sent
        saw.push_back(b.kept);
        for (const std::string& m : moves_seen(*c)) saw.back().push_back(m);
    }
    b.t->a = WireClient(dir, first);
    b.t->b = WireClient(dir, first + 1);
    REQUIRE(b.t->a.hello());
    REQUIRE(b.t->b.hello());
    const std::string record = fetch(b.t->a, b.t->id);
    const std::vector<std::string> kept = record_moves(record);
    Game now;
    Options headers;
    REQUIRE_FALSE(read_record(record, now, headers).failed());
    if (now.over()) b.g = now;
    std::size_t most = 0;
    for (const std::vector<std::string>& moves : saw) {
        INFO("game " << b.t->id << ": " << moves.size() << " moves seen, " << kept.size()
                     << " kept");
        REQUIRE(kept.size() >= moves.size());
        CHECK(std::equal(moves.begin(), moves.end(), kept.begin()));
        most = std::max(most, moves.size());
    }
    CHECK(kept.size() <= most + 1);
}

} // namespace

TEST_CASE("club server: games moving at once, everyone sees every move; killed mid-burst, "
          "every move seen is kept once",
          "[club][server][kill]") {
    ClubDir dir;
    ClubServer server(dir.path);
    std::mt19937 rng(54);
    constexpr int kGames = 8;
    constexpr uid_t kFirstUid = 30100;
    using Board = BurstGame;
    std::vector<Board> boards(kGames);
    const auto watch = [&](Board& b) {
        b.watcher = std::make_unique<WireClient>(dir.path);
        REQUIRE(b.watcher->hello());
        b.watcher->send("watch " + std::to_string(b.t->id));
        REQUIRE(b.watcher->wait_verb(Verb::Watchers));
        const std::string record = fetch(*b.watcher, b.t->id);
        Options h;
        REQUIRE_FALSE(read_record(record, b.g, h).failed());
        b.kept = record_moves(record);
    };
    for (int k = 0; k < kGames; ++k) {
        const uid_t first = kFirstUid + 2 * static_cast<uid_t>(k);
        boards[k].t = std::make_unique<TwoPlayers>(dir.path, "size=8 evacuate=0", first, first + 1);
        watch(boards[k]);
    }
    // A round: every game's player to move sends a move, all at once; then each of the
    // game's clients waits for it. False when the server is gone.
    const auto round = [&] {
        std::vector<std::string> sent(kGames);
        for (int k = 0; k < kGames; ++k) {
            Board& b = boards[k];
            if (b.g.over()) continue;
            sent[k] = some_move(b.g, rng);
            (b.g.to_move() == 0 ? b.t->a : b.t->b).send("move " + sent[k]);
        }
        for (int k = 0; k < kGames; ++k) {
            Board& b = boards[k];
            const std::string& move = sent[k];
            if (move.empty()) continue;
            const int seat = b.g.to_move() + 1;
            for (WireClient* c : b.clients())
                if (!c->wait([&](const Message& m) {
                        return m.verb == Verb::Moved && m.seat == seat && m.word == move;
                    }))
                    return false;
            b.g.play(parse_move(b.g, move).move);
        }
        return true;
    };
    for (int i = 0; i < 6; ++i) REQUIRE(round());
    for (Board& b : boards)
        for (WireClient* c : b.clients()) CHECK(moves_seen(*c).size() == 6);
    constexpr int kKills = 10;
    for (int kills = 0; kills < kKills; ++kills) {
        // A round, then a killer waits a random moment while the games move as fast as they
        // can.
        REQUIRE(round());
        const int delay_us = static_cast<int>(rng() % 30000);
        const pid_t pid = server.pid;
        std::thread killer([pid, delay_us] {
            std::this_thread::sleep_for(std::chrono::microseconds(delay_us));
            kill(pid, SIGKILL);
        });
        for (int i = 0; i < 200 && round(); ++i) {
        }
        killer.join();
        server.stop(SIGKILL);
        server.start();
        for (int k = 0; k < kGames; ++k)
            check_kept_after_restart(boards[k], dir.path, kFirstUid + 2 * static_cast<uid_t>(k));
        for (Board& b : boards)
            if (!b.g.over()) {
                b.t->enter();
                watch(b);
            }
    }
    for (Board& b : boards) // the games went on, or a player came home
        CHECK((b.g.over() || b.kept.size() >= 6 + kKills));
}

TEST_CASE("club server: backups taken while games are played are consistent",
          "[club][server][backup][sqlite]") {
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
          "[club][server][sqlite]") {
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

TEST_CASE("club server: a game clock charges the mover and adds the increment; a client cannot "
          "stop it",
          "[club][server][clock]") {
    ClubDir dir;
    ClubServer server(dir.path);
    TwoPlayers t(dir.path, "size=8 first=1 pace=clock:1+2");
    // Entering, no clock runs yet: a minute each, the mover given the time for its first
    // move instead.
    for (WireClient* c : {&t.a, &t.b}) {
        const std::vector<long long> entering = next_clock(*c, 1);
        REQUIRE(entering.size() == 2);
        CHECK(entering[0] > 0);
        CHECK(entering[0] <= kFirstMoveMs);
        CHECK(entering[1] == 60000);
    }
    Game g(Rules::for_game(2, 8));
    std::mt19937 rng(17);
    // The first moves are not charged; after them seat 1's clock runs from a whole minute.
    play_one(t, g, rng);
    const auto b_sends = Steady::now();
    play_one(t, g, rng);
    for (WireClient* c : {&t.a, &t.b}) {
        const std::vector<long long> first = next_clock(*c, 2); // seat 2's first move
        REQUIRE(first.size() == 2);
        CHECK(first[0] == 60000);
        CHECK(first[1] <= kFirstMoveMs);
        CHECK(next_clock(*c, 1) == std::vector<long long>{60000, 60000});
    }
    // Seat 1 moves: its time is the minute less what it took, and 2 s added (to the
    // millisecond, with a clock moved by hand, in test_club_table.cpp).
    const auto a_sends = Steady::now();
    play_one(t, g, rng);
    const auto a_told = Steady::now();
    const long long took_at_most = ms_since(b_sends);
    const std::vector<long long> after_a = next_clock(t.a, 2);
    REQUIRE(after_a.size() == 2);
    CHECK(after_a[0] <= 60000 + 2000);
    CHECK(after_a[0] >= 60000 - took_at_most + 2000 - kSlackMs);
    CHECK(after_a[1] == 60000); // seat 2's turn starts with what it had
    CHECK(next_clock(t.b, 2) == after_a);
    // Seat 2's clock runs whatever the clients send: bad lines, an undo asked and refused, a
    // draw offered twice and declined, a move out of turn, an abort too late.
    CHECK_THAT(refusal(t.b, "move a1-a1"), Catch::Contains("move a1-a1"));
    CHECK_THAT(refusal(t.b, "abort"), Catch::Contains("can no longer be aborted"));
    CHECK_THAT(refusal(t.a, "draw no"), Catch::Contains("no draw is offered to you"));
    t.b.send("draw yes");
    REQUIRE(t.a.wait_verb(Verb::DrawAsk));
    CHECK_THAT(refusal(t.b, "draw yes"), Catch::Contains("waiting for an answer"));
    t.b.send("undo");
    REQUIRE(t.a.wait_verb(Verb::UndoAsk));
    t.a.send("consent no");
    REQUIRE(t.b.wait_verb(Verb::UndoNo));
    CHECK_THAT(refusal(t.a, "move " + some_move(g, rng)), Catch::Contains("not your turn"));
    t.a.send("draw no");
    REQUIRE(t.b.wait_verb(Verb::DrawNo));
    // Entering again shows seat 2's clock still running, down by the time gone by.
    const auto b_asks = Steady::now();
    t.b.send("play " + std::to_string(t.id));
    REQUIRE(t.b.wait_verb(Verb::Welcome));
    Message again;
    REQUIRE(t.b.wait_verb(Verb::ClockLine, &again));
    ++t.b.clocks_read;
    const long long gone_at_least =
        std::chrono::duration_cast<std::chrono::milliseconds>(b_asks - a_told).count();
    const long long gone_at_most = ms_since(a_sends);
    CHECK(again.seat == 2);
    const std::vector<long long> shown = clock_times(again);
    REQUIRE(shown.size() == 2);
    CHECK(shown[0] == after_a[0]); // the waiting clock stands still
    CHECK(shown[1] <= 60000 - gone_at_least + kSlackMs);
    CHECK(shown[1] >= 60000 - gone_at_most - kSlackMs);
    REQUIRE(t.b.wait_verb(Verb::Watchers));
    // Seat 2 moves: charged all the time it took, with 2 s added; seat 1's clock runs on
    // from what it had.
    const auto b_moves = Steady::now();
    play_one(t, g, rng);
    const std::vector<long long> after_b = next_clock(t.a, 1);
    REQUIRE(after_b.size() == 2);
    CHECK(after_b[0] == after_a[0]);
    CHECK(after_b[1] <=
          60000 - std::chrono::duration_cast<std::chrono::milliseconds>(b_moves - a_told).count() +
              kSlackMs + 2000);
    CHECK(after_b[1] >= 60000 - ms_since(a_sends) + 2000 - kSlackMs);
    // A rated game: a resignation moves both ratings from a newcomer's 1500.
    t.a.send("resign");
    Message ended, rated1, rated2;
    REQUIRE(t.b.wait_verb(Verb::Ended, &ended));
    CHECK(ended.terms.result == "2>1");
    CHECK(ended.terms.how == "resign");
    REQUIRE(t.b.wait_verb(Verb::Rated, &rated1));
    REQUIRE(t.b.wait_verb(Verb::Rated, &rated2));
    CHECK(rated1.seat == 1);
    CHECK(rated2.seat == 2);
    REQUIRE(rated1.numbers.size() == 2);
    REQUIRE(rated2.numbers.size() == 2);
    CHECK(rated1.numbers[0] == 1500);
    CHECK(rated2.numbers[0] == 1500);
    CHECK(rated1.numbers[1] < 1500);
    CHECK(rated2.numbers[1] > 1500);
    REQUIRE(t.b.wait_verb(Verb::Over));
}

TEST_CASE("club server: a takeback agreed gives no one time back", "[club][server][clock]") {
    ClubDir dir;
    ClubServer server(dir.path);
    TwoPlayers t(dir.path, "size=8 first=1 pace=clock:1+0");
    (void)next_clock(t.a, 1);
    Game g(Rules::for_game(2, 8));
    std::mt19937 rng(5);
    play_one(t, g, rng); // the first moves, off the clock
    play_one(t, g, rng);
    (void)next_clock(t.a, 2);
    (void)next_clock(t.a, 1);
    play_one(t, g, rng);
    const std::vector<long long> before = next_clock(t.a, 2);
    const auto b_turn = Steady::now();
    // Seat 1 asks to take its move back and seat 2 agrees: seat 2's turn is charged all the
    // same, and seat 1 goes on from what it had.
    t.a.send("undo");
    REQUIRE(t.b.wait_verb(Verb::UndoAsk));
    t.b.send("consent yes");
    REQUIRE(t.a.wait_verb(Verb::Undone));
    const std::vector<long long> after = next_clock(t.a, 1);
    REQUIRE(after.size() == 2);
    // Nobody is given time back; the bounds below only say nobody is charged much more,
    // with room for the messages' way on a loaded machine.
    constexpr long long kLatencyMs = 100;
    CHECK(after[1] <= before[1]);
    CHECK(after[1] >= before[1] - ms_since(b_turn) - kLatencyMs);
    CHECK(after[0] <= before[0]);
    CHECK(after[0] >= before[0] - kLatencyMs);
}

TEST_CASE("club server: a game is aborted until every player has moved, and not after",
          "[club][server]") {
    ClubDir dir;
    ClubServer server(dir.path);
    WireClient lobby(dir.path, kNobody - 1);
    REQUIRE(lobby.hello());
    const std::vector<std::string> before = ratings(lobby);
    TwoPlayers t(dir.path, "size=8 first=1 pace=clock:5+0"); // rated
    Game g(Rules::for_game(2, 8));
    std::mt19937 rng(23);
    play_one(t, g, rng);
    // Seat 2 has not moved: either player may call the game off. No result, no ratings.
    t.b.send("abort");
    Message ended, over;
    REQUIRE(t.a.wait_verb(Verb::Ended, &ended));
    CHECK(ended.terms.result.empty());
    CHECK(ended.terms.how == "abort");
    const std::size_t ended_at = t.a.seen.size();
    REQUIRE(t.a.wait_verb(Verb::Over, &over));
    CHECK(over.text ==
          "game aborted by " + net::user_name(kNobody) + " before every player had moved");
    CHECK(std::none_of(t.a.seen.begin() + static_cast<long>(ended_at), t.a.seen.end(),
                       [](const Message& m) { return m.verb == Verb::Rated; }));
    CHECK(ratings(lobby) == before);
    bool listed = false;
    for (const Message& m : lobby.listing("history *"))
        if (m.verb == Verb::GameLine && m.game == t.id) {
            listed = true;
            CHECK(m.terms == net::Terms{"clock:5+0", -1, true, "", "abort", {}});
        }
    CHECK(listed);
    const std::string archived = fetch(lobby, t.id);
    CHECK(archived.find("\nresult: aborted by abort\n") != std::string::npos);
    // Once both have moved, an abort is refused and the game goes on.
    TwoPlayers u(dir.path, "size=8 first=1 pace=clock:5+0");
    Game h(Rules::for_game(2, 8));
    play_one(u, h, rng);
    play_one(u, h, rng);
    CHECK_THAT(refusal(u.a, "abort"), Catch::Contains("can no longer be aborted"));
    CHECK_THAT(refusal(u.b, "abort"), Catch::Contains("can no longer be aborted"));
    play_one(u, h, rng);
    play_one(u, h, rng);
    CHECK(record_moves(fetch(lobby, u.id)).size() == 4);
}

TEST_CASE("club server: a client of the network version before is served and sent nothing it "
          "cannot read; one of a version not served is refused with the versions that are",
          "[club][server]") {
    ClubDir dir;
    ClubServer server(dir.path);
    TwoPlayers t(dir.path, "size=8 first=1 pace=clock:5+0", geteuid(), kNobody,
                 net::kOldestWireVersion);
    Game g(Rules::for_game(2, 8));
    std::mt19937 rng(5);
    play_one(t, g, rng);
    play_one(t, g, rng);
    t.a.send("resign");
    Message used;
    REQUIRE(t.a.wait_verb(Verb::Used, &used)); // the box's times, the server's count
    CHECK(used.numbers.size() == 2);
    REQUIRE(t.a.wait_verb(Verb::Over));
    REQUIRE(t.b.wait_verb(Verb::Over));
    CHECK(std::none_of(t.b.seen.begin(), t.b.seen.end(),
                       [](const Message& m) { return m.verb == Verb::Used; }));
    CHECK(t.b.errors.empty());
    WireClient later(dir.path);
    later.version = net::kWireVersion + 1;
    REQUIRE(later.send("hello " + std::to_string(later.version) + " lobby - -"));
    Message refused;
    REQUIRE(later.wait_verb(Verb::Refused, &refused));
    CHECK(refused.text == "this club speaks network versions 1 to " +
                              std::to_string(net::kWireVersion) + ", not " +
                              std::to_string(later.version) + "; use the same halma as the club");
}

TEST_CASE("club server: a draw is offered, declined, lapses, and is agreed", "[club][server]") {
    ClubDir dir;
    ClubServer server(dir.path);
    const std::string alice = net::user_name(geteuid()), bob = net::user_name(kNobody);
    int a_rating = 0, b_rating = 0;
    {
        // A first rated game, resigned, so that the two ratings differ.
        TwoPlayers first(dir.path, "size=8 first=1 pace=clock:5+0");
        first.a.send("resign");
        Message r1, r2;
        REQUIRE(first.a.wait_verb(Verb::Rated, &r1));
        REQUIRE(first.a.wait_verb(Verb::Rated, &r2));
        REQUIRE(r1.numbers.size() == 2);
        REQUIRE(r2.numbers.size() == 2);
        a_rating = static_cast<int>(r1.numbers[1]);
        b_rating = static_cast<int>(r2.numbers[1]);
        REQUIRE(a_rating < b_rating);
    }
    TwoPlayers t(dir.path, "size=8 first=1 pace=clock:5+0");
    Game g(Rules::for_game(2, 8));
    std::mt19937 rng(29);
    play_one(t, g, rng);
    play_one(t, g, rng);
    // An offer: both see it; the one who offers cannot take it up, nor offer it again.
    t.a.send("draw yes");
    Message ask;
    REQUIRE(t.b.wait_verb(Verb::DrawAsk, &ask));
    CHECK(ask.seat == 1);
    CHECK(ask.user == alice);
    REQUIRE(t.a.wait_verb(Verb::DrawAsk));
    CHECK_THAT(refusal(t.a, "draw yes"), Catch::Contains("your offer is waiting for an answer"));
    CHECK_THAT(refusal(t.a, "draw no"), Catch::Contains("no draw is offered to you"));
    // Declined: both are told; no new offer until the offerer has moved again.
    t.b.send("draw no");
    Message no;
    REQUIRE(t.a.wait_verb(Verb::DrawNo, &no));
    CHECK(no.text == bob + " declined the draw");
    REQUIRE(t.b.wait_verb(Verb::DrawNo));
    CHECK_THAT(refusal(t.a, "draw yes"), Catch::Contains("after your next move"));
    play_one(t, g, rng);
    // An offer lapses when the other moves instead of answering.
    t.b.send("draw yes");
    REQUIRE(t.a.wait_verb(Verb::DrawAsk, &ask));
    CHECK(ask.seat == 2);
    play_one(t, g, rng); // bob, who offered: the offer stands
    play_one(t, g, rng); // alice moves instead
    REQUIRE(t.b.wait_verb(Verb::DrawNo, &no));
    CHECK(no.text == alice + " moved instead");
    // Bob has moved since his offer: one more, and no other before his next move.
    t.b.send("draw yes");
    REQUIRE(t.a.wait_verb(Verb::DrawAsk, &ask));
    CHECK(ask.seat == 2);
    t.a.send("draw no");
    REQUIRE(t.b.wait_verb(Verb::DrawNo, &no));
    CHECK(no.text == alice + " declined the draw");
    CHECK_THAT(refusal(t.b, "draw yes"), Catch::Contains("after your next move"));
    play_one(t, g, rng);
    // Agreed: a draw for both, each rating moved towards the other's.
    t.a.send("draw yes");
    REQUIRE(t.b.wait_verb(Verb::DrawAsk));
    t.b.send("draw yes");
    Message ended, r1, r2, over;
    REQUIRE(t.a.wait_verb(Verb::Ended, &ended));
    CHECK(ended.terms.result == "1=2");
    CHECK(ended.terms.how == "agreement");
    REQUIRE(t.a.wait_verb(Verb::Rated, &r1));
    REQUIRE(t.a.wait_verb(Verb::Rated, &r2));
    REQUIRE(t.a.wait_verb(Verb::Over, &over));
    CHECK(over.text == "draw agreed");
    CHECK(r1.seat == 1);
    CHECK(r2.seat == 2);
    const auto before_after = [](const Message& m) {
        REQUIRE(m.numbers.size() == 2);
        return std::make_pair(static_cast<int>(m.numbers[0]), static_cast<int>(m.numbers[1]));
    };
    CHECK(before_after(r1).first == a_rating);
    CHECK(before_after(r1).second > a_rating);
    CHECK(before_after(r2).first == b_rating);
    CHECK(before_after(r2).second < b_rating);
    WireClient lobby(dir.path, kNobody - 1);
    REQUIRE(lobby.hello());
    CHECK(fetch(lobby, t.id).find("\nresult: draw by agreement\n") != std::string::npos);
}

TEST_CASE("club server: no claim while the player to move is here, in a game with a clock, nor "
          "within a minute of leaving",
          "[club][server][clock]") {
    // The rules of time (a first move not made, a clock run out, a move too late, a claim
    // after a minute) are club::Table's, driven with a clock moved by hand in
    // test_club_table.cpp; here the server's players reach them.
    ClubDir dir;
    ClubServer server(dir.path);
    std::mt19937 rng(31);
    TwoPlayers timed(dir.path, "size=8 first=1 pace=clock:1+0");
    Game tg(Rules::for_game(2, 8));
    play_one(timed, tg, rng);
    play_one(timed, tg, rng);
    TwoPlayers away(dir.path, "size=8 first=1 rated=no", kNobody - 5, kNobody - 6);
    Game ag(Rules::for_game(2, 8));
    for (int i = 0; i < 3; ++i) play_one(away, ag, rng);
    CHECK_THAT(refusal(away.a, "claim"), Catch::Contains(" is here"));
    CHECK_THAT(refusal(away.b, "claim"), Catch::Contains("nobody away"));
    CHECK_THAT(refusal(timed.b, "claim"), Catch::Contains("this game has a clock"));
    away.b.conn.close("gone");
    REQUIRE(away.a.wait([](const Message& m) {
        return m.verb == Verb::Seat && m.seat == 2 && m.state == net::SeatState::Waiting;
    }));
    CHECK_THAT(refusal(away.a, "claim"), Catch::Contains("has been away less than a minute"));
}

TEST_CASE("club server: killed and restarted, a clock keeps its time and charges no time down",
          "[club][server][kill][clock]") {
    ClubDir dir;
    ClubServer server(dir.path);
    TwoPlayers t(dir.path, "size=8 first=1 pace=clock:2+1");
    Game g(Rules::for_game(2, 8));
    std::mt19937 rng(37);
    for (int i = 0; i < 3; ++i) play_one(t, g, rng);
    std::vector<long long> told;
    // Entering and after each move: the first moves' times, then the clocks.
    for (int running : {1, 2, 1, 2}) told = next_clock(t.b, running);
    // Seat 2 to move: seat 1 has what its move left it, seat 2 the two minutes it began with.
    REQUIRE(told.size() == 2);
    CHECK(told[1] == 120000);
    CHECK(told[0] > 120000); // the second added came to more than the time taken
    // The server dies in seat 2's turn and is started again (a turn resumed after an hour
    // down, to the millisecond, is in test_club_table.cpp).
    server.stop(SIGKILL);
    server.start();
    t.reconnect(dir.path);
    const auto entering = Steady::now();
    t.enter();
    // Entering again: the waiting clock exactly as it was, the mover's as at its turn's start.
    for (WireClient* c : {&t.a, &t.b}) {
        const std::vector<long long> now = next_clock(*c, 2);
        REQUIRE(now.size() == 2);
        CHECK(now[0] == told[0]);
        CHECK(now[1] <= told[1]);
        CHECK(now[1] >= told[1] - ms_since(entering) - 500);
    }
    // And the game goes on from there.
    Options h;
    REQUIRE_FALSE(read_record(fetch(t.a, t.id), g, h).failed());
    REQUIRE(g.ply() == 3);
    play_one(t, g, rng);
    const std::vector<long long> after = next_clock(t.a, 1);
    REQUIRE(after.size() == 2);
    CHECK(after[0] == told[0]);
    CHECK(after[1] <= 121000);
    CHECK(after[1] >= 121000 - ms_since(entering) - 500);
    play_one(t, g, rng);
    CHECK(record_moves(fetch(t.a, t.id)).size() == 5);
}

TEST_CASE("club server: a game kept from when the leave-home rule held at the N-th move alone "
          "goes on under that rule",
          "[club][server][sqlite]") {
    ClubDir dir;
    ClubServer server(dir.path);
    TwoPlayers kept(dir.path, "size=8 evacuate=14 first=1 pace=days:2");
    // Fourteen moves each empty both homes by the deadline; player 1's 15th, d2-c1, goes
    // back home, which the rule as it is would lose, and the game went on, as the rule then
    // let it: the club keeps it going under that rule.
    const std::vector<std::string> moves = {
        "b1-d3",       "h7-f5",    "a1-c3-e3", "h8-f6-f4-d2-d4", "a2-c4-e4", "g7-g5-e5-c3",
        "b2-d2-f4-f6", "g8-e6",    "c2-c4-e2", "f7-d5-f3",       "a3-b4",    "e8-e7",
        "a4-c4",       "h5-f7-d5", "b3-b5",    "f8-d6",          "c1-d2",    "h6-g5",
        "d2-f4-h6",    "g6-g4",    "d1-d2",    "e7-c5-a3",       "f6-g7",    "e6-c6-a4-a2",
        "e4-g6-g8",    "g5-f4",    "c4-e4-g6", "g4-e4-c2",       "d2-c1",    "f5-h7-f7",
        "b5-b3"};
    server.stop(SIGTERM);
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((dir.path + "/club.db").c_str(), &db) == SQLITE_OK);
    for (std::size_t ply = 0; ply < moves.size(); ++ply) {
        const std::string insert = "INSERT INTO moves VALUES(" + std::to_string(kept.id) + ", " +
                                   std::to_string(ply) + ", " + std::to_string(ply % 2) + ", '" +
                                   moves[ply] + "', 0)";
        CHECK(sqlite3_exec(db, insert.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    }
    sqlite3_close(db);
    server.start();
    kept.reconnect(dir.path);
    kept.enter();
    const std::string record = fetch(kept.a, kept.id);
    CHECK(record.find("\nresult: playing\n") != std::string::npos);
    CHECK(record_moves(record) == moves);
    // Player 2 plays on.
    kept.b.send("move d4-b2");
    REQUIRE(
        kept.a.wait([](const Message& m) { return m.verb == Verb::Moved && m.word == "d4-b2"; }));
    CHECK(record_moves(fetch(kept.a, kept.id)).size() == moves.size() + 1);
}

TEST_CASE("club server: a seek on a small board plays strict; a game kept without a rule, fill",
          "[club][server][spoil][sqlite]") {
    ClubDir dir;
    ClubServer server(dir.path);
    // Player 2 hops into a1, the square player 1 left at home: under strict nobody has won.
    const std::vector<std::string> opening = {"a1-c3", "f7-f6", "c3-d4", "g7-e5-c3-a1"};
    TwoPlayers strict(dir.path, "size=8 first=1 pace=days:2");
    Game g(Rules::for_game(2, 8));
    for (const std::string& move : opening) play_this(strict, g, move);
    const std::string record = fetch(strict.a, strict.id);
    CHECK(record.find("\nspoil: strict\n") != std::string::npos);
    CHECK(record.find("\nresult: playing\n") != std::string::npos);
    // A game the club kept before it wrote the rule down (its rules without spoil=) goes on
    // under fill, the rule it was begun under: the same hop wins it.
    TwoPlayers kept(dir.path, "size=8 first=1 pace=days:2");
    Game old(Rules::for_game(2, 8));
    for (std::size_t i = 0; i + 1 < opening.size(); ++i) play_this(kept, old, opening[i]);
    server.stop(SIGTERM);
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((dir.path + "/club.db").c_str(), &db) == SQLITE_OK);
    const std::string update =
        "UPDATE games SET rules = 'size=8 first=1' WHERE id = " + std::to_string(kept.id);
    CHECK(sqlite3_exec(db, update.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    CHECK(sqlite3_changes(db) == 1);
    sqlite3_close(db);
    server.start();
    kept.reconnect(dir.path);
    kept.enter();
    kept.b.send("move " + opening.back());
    REQUIRE(kept.a.wait_verb(Verb::Over));
    const std::string won = fetch(kept.a, kept.id);
    CHECK(won.find("\nspoil: fill\n") != std::string::npos);
    CHECK(won.find("\nresult: winner 2 by home\n") != std::string::npos);
    // The strict game, read again after the restart, is still strict and going on.
    CHECK(fetch(kept.a, strict.id).find("\nspoil: strict\n") != std::string::npos);
}

namespace {

// The texts of the chat lines a client has read since message `from`.
std::vector<std::string> chat_since(const WireClient& c, std::size_t from) {
    std::vector<std::string> out;
    for (std::size_t i = from; i < c.seen.size(); ++i)
        if (c.seen[i].verb == Verb::Chat) out.push_back(c.seen[i].text);
    return out;
}

// A client says a line at its table and reads it back.
void say_at(WireClient& c, const std::string& text) {
    c.send("say " + text);
    REQUIRE(c.wait([&](const Message& m) { return m.verb == Verb::Chat && m.text == text; }));
}

// A client watches a game: it reads up to the watchers line that follows the record.
void watch_game(WireClient& c, long long id) {
    REQUIRE(c.hello());
    c.send("watch " + std::to_string(id));
    REQUIRE(c.wait_verb(Verb::Record));
    REQUIRE(c.wait_verb(Verb::Watchers));
}

} // namespace

TEST_CASE("club server: whoever enters a game is shown its last lines of chat", "[club][server]") {
    ClubDir dir;
    ClubServer server(dir.path);
    TwoPlayers t(dir.path, "size=8 first=1"); // unrated: everyone's chat reaches everyone
    std::vector<std::string> said;
    for (WireClient* c : {&t.a, &t.b})
        for (int i = 1; i <= 5; ++i) {
            said.push_back((c == &t.a ? "a" : "b") + std::to_string(i));
            say_at(*c, said.back());
        }
    WireClient first(dir.path, kNobody - 1);
    watch_game(first, t.id);
    CHECK(chat_since(first, 0) == said);
    for (const char* line : {"w1", "w2"}) {
        said.push_back(line);
        say_at(first, line);
    }
    REQUIRE(t.a.wait([](const Message& m) { return m.verb == Verb::Chat && m.text == "w2"; }));
    REQUIRE(t.b.wait([](const Message& m) { return m.verb == Verb::Chat && m.text == "w2"; }));
    // The last ten lines are kept.
    WireClient second(dir.path, kNobody - 2);
    watch_game(second, t.id);
    CHECK(chat_since(second, 0) == std::vector<std::string>(said.end() - 10, said.end()));
    REQUIRE(t.a.wait([](const Message& m) { return m.verb == Verb::Watchers && m.count == 2; }));
    // A watcher gone back to the lobby is counted out.
    second.send("lobby");
    REQUIRE(t.b.wait([](const Message& m) { return m.verb == Verb::Watchers && m.count == 1; }));
}

TEST_CASE("club server: in a rated game what watchers say reaches watchers only",
          "[club][server]") {
    ClubDir dir;
    ClubServer server(dir.path);
    TwoPlayers t(dir.path, "size=8 first=1 pace=clock:5+0"); // rated
    WireClient w1(dir.path, kNobody - 1), w2(dir.path, kNobody - 2);
    watch_game(w1, t.id);
    watch_game(w2, t.id);
    const std::size_t a_from = t.a.seen.size(), b_from = t.b.seen.size();
    say_at(t.a, "good luck");
    REQUIRE(
        w1.wait([](const Message& m) { return m.verb == Verb::Chat && m.text == "good luck"; }));
    REQUIRE(
        w2.wait([](const Message& m) { return m.verb == Verb::Chat && m.text == "good luck"; }));
    // The watcher is told once where its chat goes.
    const std::size_t w1_from = w1.seen.size();
    say_at(w1, "b should jump");
    Message note;
    REQUIRE(w1.wait_verb(Verb::Error, &note));
    CHECK(note.text == "watchers' chat reaches watchers only in a rated game");
    say_at(w1, "agreed");
    REQUIRE(w2.wait([](const Message& m) { return m.verb == Verb::Chat && m.text == "agreed"; }));
    say_at(t.b, "thanks");
    REQUIRE(w1.wait([](const Message& m) { return m.verb == Verb::Chat && m.text == "thanks"; }));
    REQUIRE(w2.wait([](const Message& m) { return m.verb == Verb::Chat && m.text == "thanks"; }));
    REQUIRE(t.a.wait([](const Message& m) { return m.verb == Verb::Chat && m.text == "thanks"; }));
    CHECK(std::count_if(w1.seen.begin() + static_cast<long>(w1_from), w1.seen.end(),
                        [](const Message& m) { return m.verb == Verb::Error; }) == 1);
    CHECK(chat_since(w2, 0) ==
          std::vector<std::string>{"good luck", "b should jump", "agreed", "thanks"});
    CHECK(chat_since(t.a, a_from) == std::vector<std::string>{"good luck", "thanks"});
    CHECK(chat_since(t.b, b_from) == std::vector<std::string>{"good luck", "thanks"});
    // Coming back in, a player is shown the players' lines; a new watcher every line.
    t.b.send("lobby");
    REQUIRE(t.b.wait_verb(Verb::Welcome));
    const std::size_t back = t.b.seen.size();
    t.b.send("play " + std::to_string(t.id));
    REQUIRE(t.b.wait_verb(Verb::Watchers));
    CHECK(chat_since(t.b, back) == std::vector<std::string>{"good luck", "thanks"});
    WireClient w3(dir.path, kNobody - 3);
    watch_game(w3, t.id);
    CHECK(chat_since(w3, 0) ==
          std::vector<std::string>{"good luck", "b should jump", "agreed", "thanks"});
    // After the game the players read every line in its archived record.
    t.a.send("resign");
    REQUIRE(t.a.wait_verb(Verb::Over));
    std::map<std::string, std::string> who; // each line's speaker, as the watchers saw it
    for (const Message& m : w3.seen)
        if (m.verb == Verb::Chat) who[m.text] = m.user;
    CHECK(club::said_in_record(fetch(t.a, t.id)) ==
          std::vector<std::string>{
              who["good luck"] + ": good luck", who["b should jump"] + " (watching): b should jump",
              who["agreed"] + " (watching): agreed", who["thanks"] + ": thanks"});
}

TEST_CASE("club server: a second connection of a player asks before it takes the seat over; "
          "the first stays connected, in the lobby",
          "[club][server][seat]") {
    ClubDir dir;
    ClubServer server(dir.path);
    TwoPlayers t(dir.path, "size=8 first=1 pace=days:3");
    const std::string id = std::to_string(t.id);
    WireClient second(dir.path); // the same player as t.a
    REQUIRE(second.hello());
    second.send("play " + id);
    Message held;
    REQUIRE(second.wait(
        [](const Message& m) {
            return m.verb == Verb::Held || m.verb == Verb::Welcome || m.verb == Verb::Error;
        },
        &held));
    CHECK(held.verb == Verb::Held);
    CHECK(held.game == t.id);
    // Asked, not taken: the first still plays the seat.
    std::mt19937 rng(5);
    Game g(Rules::for_game(2, 8));
    play_one(t, g, rng);
    // Taken over: the first is told, welcomed to the lobby, and stays connected there.
    second.send("take " + id);
    Message welcome;
    REQUIRE(second.wait_verb(Verb::Welcome, &welcome));
    CHECK(welcome.role == net::Role::Play);
    CHECK(welcome.seat == 1);
    Message taken;
    REQUIRE(t.a.wait_verb(Verb::Taken, &taken));
    CHECK(taken.game == t.id);
    REQUIRE(t.a.wait_verb(Verb::Welcome, &welcome));
    CHECK(welcome.role == net::Role::Lobby);
    const std::vector<Message> games = t.a.listing("games");
    CHECK(std::any_of(games.begin(), games.end(), [&](const Message& m) {
        return m.verb == Verb::GameLine && m.game == t.id;
    }));
    CHECK(t.a.conn.open());
    CHECK_FALSE(t.a.conn.at_eof());
    // The seat is the second's now: its move is played, the first's is not a game's line.
    const std::string move = some_move(g, rng);
    t.b.send("move " + move);
    REQUIRE(second.wait([&](const Message& m) { return m.verb == Verb::Moved && m.word == move; }));
    g.play(parse_move(g, move).move);
    const std::string mine = some_move(g, rng);
    second.send("move " + mine);
    REQUIRE(t.b.wait([&](const Message& m) { return m.verb == Verb::Moved && m.word == mine; }));
    CHECK(std::none_of(t.a.seen.begin(), t.a.seen.end(),
                       [&](const Message& m) { return m.verb == Verb::Moved && m.word == mine; }));
}

TEST_CASE("club server: a dropped player logging in again is taken back into the game; the "
          "opponent is told the seat is held",
          "[club][server][seat]") {
    ClubDir dir;
    ClubServer server(dir.path);
    TwoPlayers t(dir.path, "size=8 first=1 pace=days:3");
    // The first drops: the other sees the seat held for them.
    t.a.conn.close("dropped");
    REQUIRE(t.b.wait([](const Message& m) {
        return m.verb == Verb::Seat && m.seat == 1 && m.state == net::SeatState::Waiting;
    }));
    // A shell's hello (no rejoin) stays in the lobby; a lobby's rejoin goes back to the game.
    WireClient shell(dir.path);
    REQUIRE(shell.hello());
    CHECK(shell.listing("games").size() >= 2);
    CHECK(std::none_of(shell.seen.begin(), shell.seen.end(), [](const Message& m) {
        return m.verb == Verb::Welcome && m.role == net::Role::Play;
    }));
    WireClient back(dir.path);
    REQUIRE(back.hello());
    back.send("rejoin");
    Message welcome;
    REQUIRE(back.wait_verb(Verb::Welcome, &welcome));
    CHECK(welcome.role == net::Role::Play);
    CHECK(welcome.seat == 1);
    REQUIRE(back.wait_verb(Verb::Record));
    REQUIRE(t.b.wait([](const Message& m) {
        return m.verb == Verb::Seat && m.seat == 1 && m.state == net::SeatState::Joined;
    }));
    // Back in the lobby by choice: the seat is no longer one to be taken back to.
    back.send("lobby");
    REQUIRE(back.wait(
        [](const Message& m) { return m.verb == Verb::Welcome && m.role == net::Role::Lobby; }));
    WireClient later(dir.path);
    REQUIRE(later.hello());
    later.send("rejoin");
    later.send("notify");
    REQUIRE(later.wait_verb(Verb::Turns));
    REQUIRE(later.wait_verb(Verb::Turns)); // the welcome's, then notify's
    CHECK(std::none_of(later.seen.begin(), later.seen.end(), [](const Message& m) {
        return m.verb == Verb::Welcome && m.role == net::Role::Play;
    }));
}
