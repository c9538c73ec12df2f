// club::Table, one game of the club, driven as the server drives it but with a clock moved on
// by hand, a store kept in memory and the people at the table recorded: every rule of the
// pace (a first move due in half a minute, a game clock charged with its increment, a loss on
// time, a move that arrives after its deadline, a restart that resumes the clock, a takeback
// that gives no time back, a claim a minute after a player left), draws, aborts and what the
// table asks of the store and the server. No case waits for real time.
#include "club/table.hpp"
#include "halma.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>

using namespace halma;
using namespace halma::club;
using net::Message;
using net::Verb;

namespace {

// A clock or used line's times, as the wire writes them: "MS MS".
std::string times_of(const Message& m) {
    std::string out;
    for (long long ms : m.numbers) out += (out.empty() ? "" : " ") + std::to_string(ms);
    return out;
}

// A day in 2026, in ms: the table's clock starts here and moves only when a test says so.
constexpr Millis kStart = 1796000000000LL;

struct FakeClock final : TableClock {
    Millis at = kStart;
    [[nodiscard]] Millis now() const override { return at; }
    void advance(Millis ms) { at += ms; }
};

// The store as a table writes it: one game's row, its moves and the ratings, in memory. A
// write can be made to fail.
struct FakeStore final : TableStore {
    GameRow row;
    std::vector<std::string> moves;
    std::vector<Millis> move_times;
    std::map<long long, Rating> ratings;
    int ratings_read = 0;
    std::string record;
    bool fail = false; // the next transaction throws, writing nothing

    void transaction(const std::function<void()>& fn) override {
        if (std::exchange(fail, false)) throw std::runtime_error("the disk is full");
        const GameRow kept_row = row;
        const auto kept_moves = moves;
        const auto kept_times = move_times;
        const auto kept_ratings = ratings;
        try {
            fn();
        } catch (...) {
            row = kept_row, moves = kept_moves, move_times = kept_times, ratings = kept_ratings;
            throw;
        }
    }
    void start_game(long long, Millis started, Millis deadline) override {
        row.state = "playing";
        row.started = started;
        row.deadline = deadline;
    }
    std::optional<Millis> lock_deadline(long long) override {
        if (row.state != "playing") return std::nullopt;
        return row.deadline;
    }
    void set_deadline(long long, Millis deadline) override { row.deadline = deadline; }
    void set_clock(long long, int seat, Millis left) override { row.seats[seat].clock = left; }
    void add_move(long long, int ply, int, const std::string& move, Millis at) override {
        REQUIRE(ply == static_cast<int>(moves.size()));
        moves.push_back(move);
        move_times.push_back(at);
    }
    void remove_moves(long long, int from) override {
        moves.resize(from);
        move_times.resize(from);
    }
    void set_out(long long, int seat, const std::string& why) override {
        row.seats[seat].out = why;
    }
    Rating rating(long long player, const std::string&, Millis*) override {
        ++ratings_read;
        return ratings[player];
    }
    void set_rating(long long player, const std::string&, const Rating& r, long long,
                    Millis) override {
        ratings[player] = r;
    }
    void finish_game(long long, const std::string& result, const std::string& how,
                     const std::string& kept, Millis ended) override {
        row.state = "over";
        row.result = result;
        row.how = how;
        row.ended = ended;
        record = kept;
    }
};

// The people at the table and the server around it: what they were told, and who is here.
struct FakeHost final : TableHost {
    std::vector<Message> told;
    std::vector<bool> here{true, true, true, true};
    int turns = 0, repositioned = 0, stale = 0;
    std::vector<std::string> shared;
    bool ended_here = false, analyse = false;

    void tell(const Table&, const Message& m) override { told.push_back(m); }
    [[nodiscard]] bool seated_here(const Table&, int seat) const override { return here[seat]; }
    void seat_changed(Table&, int) override {}
    void turn_passed(Table&) override { ++turns; }
    void position_changed(const Table&) override { ++repositioned; }
    void changed_elsewhere(const Table&) override { ++stale; }
    void share_offer(Verb kind, const Table&, int seat, bool made,
                     const std::string& words) override {
        shared.push_back(std::string(kind == Verb::ShareDraw ? "draw " : "undo ") +
                         std::to_string(seat) + (made ? " made " : " refused ") + words);
    }
    void ended(Table&, bool played) override {
        ended_here = true;
        analyse = played;
    }
    // The last line of a verb told at the table (a default one when none was).
    [[nodiscard]] Message last(Verb verb) const {
        for (auto it = told.rbegin(); it != told.rend(); ++it)
            if (it->verb == verb) return *it;
        return Message{};
    }
    [[nodiscard]] int count(Verb verb) const {
        return static_cast<int>(std::count_if(told.begin(), told.end(),
                                              [&](const Message& m) { return m.verb == verb; }));
    }
};

// A game of two on 8x8 between alice (seat 1, first to move) and bob, begun at kStart.
struct AtTable {
    FakeClock clock;
    FakeStore store;
    FakeHost host;
    std::optional<Table> table;

    // Two players on 8x8 (family 2p-small), or three or four on the standard board.
    explicit AtTable(const std::string& pace, bool rated = false, int players = 2) {
        store.row.id = 7;
        store.row.state = "seeking";
        store.row.rules =
            players == 2 ? "size=8 first=1" : "players=" + std::to_string(players) + " first=1";
        store.row.pace = pace;
        store.row.rated = rated;
        store.row.family = players == 2 ? "2p-small" : "3-4p";
        store.row.seats.resize(static_cast<std::size_t>(players));
        const char* names[] = {"alice", "bob", "carol", "dave"};
        for (int s = 0; s < players; ++s) {
            store.row.seats[s].player = s + 1;
            store.row.seats[s].name = names[s];
        }
        table.emplace(store.row, clock, store, host);
        REQUIRE(table->start().empty());
        table->begin();
    }
    Table& t() { return *table; }
    // A legal move of the player to move, in notation: the first the generator gives.
    [[nodiscard]] std::string a_move() const {
        MoveList list;
        table->game().legal_moves(list);
        REQUIRE_FALSE(list.empty());
        return chain_name(table->game().position(), list[0], table->game().rules().longjumps);
    }
    // The player to move moves; nothing refused.
    void play() {
        const Refusal r = table->move(table->game().to_move(), a_move());
        REQUIRE_FALSE(r);
    }
    // The first move, made at another server and saved there at `at`, heard here now.
    void first_move_elsewhere(const std::string& move, Millis at) {
        GameRow row = store.row;
        row.moves = {move};
        row.move_times = {at};
        table->sync(row);
    }
    // The game resigned at another server (result: the finishing order), at `at`, as that
    // server's game `played` stood; heard here now.
    void resigned_elsewhere(const std::string& result, Millis at, const Game& played) {
        GameRow ended = store.row;
        ended.state = "over";
        ended.result = result;
        ended.how = "resign";
        ended.ended = at;
        table->ended_elsewhere(ended, played, -1, {}, {});
    }
    // The clocks a clock line shows now, and whose runs (0: none).
    [[nodiscard]] std::pair<int, std::string> clocks() const {
        const Message m = table->clock_line();
        return {m.seat, times_of(m)};
    }
};

} // namespace

TEST_CASE("club table: each first move is due within half a minute, else the game is aborted",
          "[club][table][clock]") {
    SECTION("a live game whose first mover never moves") {
        AtTable g("live");
        CHECK(g.t().deadline() == kStart + kFirstMoveMs);
        CHECK(g.store.row.deadline == kStart + kFirstMoveMs);
        g.clock.advance(10000);
        CHECK(g.clocks() == std::make_pair(1, std::string("20000 0")));
        g.clock.advance(kFirstMoveMs - 10000 - 1);
        CHECK_FALSE(g.t().due(g.clock.now()));
        g.clock.advance(1);
        REQUIRE(g.t().due(g.clock.now()));
        g.t().deadline_passed();
        CHECK(g.host.ended_here);
        CHECK_FALSE(g.host.analyse);
        CHECK(g.host.last(Verb::Ended).terms.result.empty());
        CHECK(g.host.last(Verb::Ended).terms.how == "abort");
        CHECK(g.host.last(Verb::Over).text == "game aborted: alice made no first move in time");
        CHECK(g.store.row.how == "abort");
        CHECK(g.store.row.ended == kStart + kFirstMoveMs);
    }
    SECTION("a rated clock game whose second player never makes a first move: no rating") {
        AtTable g("clock:1+0", true);
        g.clock.advance(5000);
        g.play(); // alice's first move, off the clock
        CHECK(g.store.row.seats[0].clock == 60000);
        CHECK(g.t().deadline() == kStart + 5000 + kFirstMoveMs);
        CHECK(g.clocks() == std::make_pair(2, std::string("60000 30000")));
        g.clock.advance(kFirstMoveMs);
        g.t().deadline_passed();
        CHECK(g.host.last(Verb::Over).text == "game aborted: bob made no first move in time");
        CHECK(g.host.count(Verb::Rated) == 0);
        CHECK(g.store.ratings_read == 0);
        CHECK(g.store.moves.size() == 1);
    }
}

TEST_CASE("club table: a game clock charges the mover's time and adds the increment",
          "[club][table][clock]") {
    AtTable g("clock:1+2");
    // The first moves are not charged, however long they take.
    g.clock.advance(20000);
    g.play();
    g.clock.advance(25000);
    g.play();
    CHECK(g.clocks() == std::make_pair(1, std::string("60000 60000")));
    CHECK(g.t().deadline() == g.clock.now() + 60000);
    // Alice thinks 400 ms: the minute less that, and 2 s added; bob's turn starts with his.
    g.clock.advance(400);
    g.play();
    CHECK(g.clocks() == std::make_pair(2, std::string("61600 60000")));
    CHECK(g.store.row.seats[0].clock == 61600);
    // Bob's runs down while he thinks, alice's stands still.
    g.clock.advance(7300);
    CHECK(g.clocks() == std::make_pair(2, std::string("61600 52700")));
    g.play();
    CHECK(g.clocks() == std::make_pair(1, std::string("61600 54700")));
    CHECK(g.t().deadline() == g.clock.now() + 61600);
    // The players were told each move's clocks.
    CHECK(times_of(g.host.last(Verb::ClockLine)) == "61600 54700");
}

TEST_CASE("club table: the mover's clock runs out and they lose on time; a rated game asks "
          "for ratings",
          "[club][table][clock]") {
    AtTable g("clock:1+0", true);
    g.play();
    g.play();
    g.clock.advance(59999);
    CHECK_FALSE(g.t().due(g.clock.now()));
    CHECK(g.clocks() == std::make_pair(1, std::string("1 60000")));
    g.clock.advance(1);
    REQUIRE(g.t().due(g.clock.now()));
    g.t().deadline_passed();
    CHECK(g.host.last(Verb::Ended).terms.result == "2>1");
    CHECK(g.host.last(Verb::Ended).terms.how == "time");
    CHECK(g.host.last(Verb::Over).text == "alice ran out of time: bob wins");
    CHECK(g.host.count(Verb::Rated) == 2);
    CHECK(g.host.analyse);
    CHECK(g.store.ratings_read == 2);
    CHECK(g.store.ratings[1].rating < 1500);
    CHECK(g.store.ratings[2].rating > 1500);
    CHECK(g.store.record.find("\nresult: winner 2 by time\n") != std::string::npos);
}

TEST_CASE("club table: a move that arrives after its deadline does not count",
          "[club][table][clock]") {
    AtTable g("clock:1+0");
    g.play();
    g.play();
    // The server was busy (or stopped) past the deadline; the move reaches it after.
    g.clock.advance(60500);
    const Refusal r = g.t().move(0, g.a_move());
    CHECK_FALSE(r);
    CHECK(g.store.moves.size() == 2);
    CHECK(g.host.last(Verb::Ended).terms.how == "time");
    CHECK(g.host.last(Verb::Over).text == "alice ran out of time: bob wins");
}

TEST_CASE("club table: a live game's limit per move; three players, who runs out is out",
          "[club][table][clock]") {
    AtTable g("live:5", false, 3);
    Table& t = g.t();
    FakeClock& clock = g.clock;
    FakeStore& store = g.store;
    FakeHost& host = g.host;
    for (int i = 0; i < 3; ++i) g.play(); // the first moves: half a minute each
    CHECK(t.deadline() == clock.now() + 5000);
    clock.advance(5000);
    t.deadline_passed();
    CHECK(t.out(0));
    CHECK(store.row.seats[0].out == "time");
    CHECK(host.last(Verb::Chat).text == "ran out of time and is out of the game");
    CHECK_FALSE(host.ended_here);
    // The computer plays on in the seat (its turn has no deadline); the next is bob's.
    CHECK(t.ai_level(0) > 0);
    CHECK(t.deadline() == 0);
}

TEST_CASE("club table: a restart resumes the clocks; a deadline per move that passed gives a "
          "grace",
          "[club][table][clock]") {
    SECTION("a game clock: the mover's turn starts again with the time it had") {
        AtTable g("clock:2+1");
        for (int i = 0; i < 3; ++i) g.play();
        g.clock.advance(700);
        // The server stops; an hour later it reads the game back from the store.
        GameRow kept = g.store.row;
        kept.moves = g.store.moves;
        g.clock.advance(3600 * 1000);
        Table back(kept, g.clock, g.store, g.host);
        back.resume();
        CHECK(back.game().ply() == 3);
        CHECK(back.deadline() == g.clock.now() + 120000);
        CHECK(g.store.row.deadline == back.deadline());
        const Message clocks = back.clock_line();
        CHECK(clocks.seat == 2);
        CHECK(times_of(clocks) == std::to_string(kept.seats[0].clock) + " 120000");
        CHECK(kept.seats[0].clock == 121000);
    }
    SECTION("correspondence: a day a move, the deadline passed while down: an hour's grace") {
        AtTable g("days:1");
        g.play();
        GameRow kept = g.store.row;
        kept.moves = g.store.moves;
        g.clock.advance(2 * 86400 * 1000LL);
        Table back(kept, g.clock, g.store, g.host);
        back.resume();
        CHECK(back.deadline() == g.clock.now() + kRestartGraceMs);
        CHECK_FALSE(back.due(g.clock.now()));
    }
    SECTION("a live game's first move starts again with its half minute") {
        AtTable g("live");
        g.clock.advance(25000);
        GameRow kept = g.store.row;
        g.clock.advance(600000);
        Table back(kept, g.clock, g.store, g.host);
        back.resume();
        CHECK(back.deadline() == g.clock.now() + kFirstMoveMs);
    }
}

TEST_CASE("club table: a takeback agreed gives no one time back", "[club][table][clock]") {
    AtTable g("clock:1+0");
    g.play();
    g.play();
    g.clock.advance(1000);
    g.play(); // alice: 59000 left
    g.clock.advance(300);
    // Bob is away: no takeback. Back, he is asked and agrees.
    g.host.here[1] = false;
    CHECK(g.t().ask_undo(0).text == "cannot take back while bob is away");
    g.host.here[1] = true;
    CHECK_FALSE(g.t().ask_undo(0));
    CHECK(g.host.last(Verb::UndoAsk).seat == 1);
    CHECK(g.t().consent(0, true).text == "nobody asked you to agree to an undo");
    // Bob's turn, interrupted, is charged all the same; alice goes on from what she had.
    g.clock.advance(200);
    CHECK_FALSE(g.t().consent(1, true));
    CHECK(g.host.last(Verb::Undone).count == 1);
    CHECK(g.store.moves.size() == 2);
    CHECK(g.clocks() == std::make_pair(1, std::string("59000 59500")));
    CHECK(g.store.row.seats[1].clock == 59500);
    CHECK(g.t().deadline() == g.clock.now() + 59000);
    CHECK(g.host.repositioned == 1);
    // Refused, nothing changes.
    g.play();
    CHECK_FALSE(g.t().ask_undo(0));
    CHECK_FALSE(g.t().consent(1, false));
    CHECK(g.host.last(Verb::UndoNo).text == "bob said no");
    CHECK(g.store.moves.size() == 3);
}

TEST_CASE("club table: the end tells each seat's time used as the server counted it, the turn a "
          "takeback interrupted and the turn a resignation ended included",
          "[club][table][clock]") {
    AtTable g("clock:1+0");
    g.clock.advance(2000);
    g.play(); // alice 2000
    g.clock.advance(3500);
    g.play(); // bob 3500
    g.clock.advance(1000);
    g.play(); // alice 3000
    g.clock.advance(300);
    CHECK_FALSE(g.t().ask_undo(0));
    g.clock.advance(200);
    CHECK_FALSE(g.t().consent(1, true));  // bob's turn, interrupted: 4000
    CHECK(g.host.count(Verb::Used) == 0); // nothing is told before the end
    g.clock.advance(4000);
    CHECK_FALSE(g.t().resign(1)); // alice thought 4000 more: 7000
    const auto used = std::find_if(g.host.told.begin(), g.host.told.end(),
                                   [](const Message& m) { return m.verb == Verb::Used; });
    REQUIRE(used != g.host.told.end());
    CHECK(times_of(*used) == "7000 4000");
    // Told before the result, so that every terminal draws the box with the server's times;
    // together they are the game's time from its start to its end.
    CHECK(std::next(used)->verb == Verb::Ended);
    CHECK(g.store.row.ended - g.store.row.started == 7000 + 4000);
    SECTION("a game read back part played: the times its moves were saved with, and the turn "
            "since the restart") {
        AtTable h("clock:1+0");
        h.clock.advance(3000);
        h.play(); // alice 3000
        h.clock.advance(2000);
        h.play();              // bob 2000
        h.clock.advance(1000); // alice's turn when the server stops: not counted
        GameRow kept = h.store.row;
        kept.moves = h.store.moves;
        kept.move_times = h.store.move_times;
        h.clock.advance(60000); // down for a minute: not counted either
        Table back(kept, h.clock, h.store, h.host);
        back.resume();
        h.host.told.clear();
        h.clock.advance(4000);
        CHECK_FALSE(back.resign(0)); // alice, 4000 more
        CHECK(h.host.count(Verb::Ended) == 1);
        CHECK(times_of(h.host.last(Verb::Used)) == "7000 2000");
    }
    SECTION("a game read back without its moves' times tells none") {
        AtTable h("clock:1+0");
        h.play();
        GameRow kept = h.store.row;
        kept.moves = h.store.moves;
        Table back(kept, h.clock, h.store, h.host);
        back.resume();
        h.host.told.clear();
        CHECK_FALSE(back.resign(0));
        CHECK(h.host.count(Verb::Ended) == 1);
        CHECK(h.host.count(Verb::Used) == 0);
    }
}

TEST_CASE("club table: a game without a clock tells its times used too", "[club][table][clock]") {
    AtTable g("live"); // no limit a move, but the first moves' half minute
    g.clock.advance(20000);
    g.play(); // alice 20000
    g.clock.advance(1500);
    g.play(); // bob 1500
    g.clock.advance(95000);
    CHECK_FALSE(g.t().resign(1)); // alice thought 95000 more
    CHECK(times_of(g.host.last(Verb::Used)) == "115000 1500");
}

TEST_CASE("club table: a game may be aborted until every player has moved, and not after",
          "[club][table]") {
    AtTable g("clock:5+0", true);
    g.play();
    AtTable later("clock:5+0", true);
    later.play();
    later.play();
    CHECK(later.t().abort(0).text ==
          "every player has moved: the game can no longer be aborted (:resign)");
    CHECK_FALSE(g.t().abort(1));
    CHECK(g.host.last(Verb::Over).text == "game aborted by bob before every player had moved");
    CHECK(g.host.count(Verb::Rated) == 0);
    CHECK(g.store.ratings_read == 0);
    CHECK(g.store.record.find("\nresult: aborted by abort\n") != std::string::npos);
}

TEST_CASE("club table: a draw is offered, declined, lapses and is agreed", "[club][table]") {
    AtTable g("clock:5+0", true);
    g.play();
    g.play();
    CHECK_FALSE(g.t().draw(0, true));
    CHECK(g.t().draw_offer() == 0);
    CHECK(g.t().draw(0, true).text == "your offer is waiting for an answer");
    CHECK(g.t().draw(0, false).text == "no draw is offered to you");
    CHECK_FALSE(g.t().draw(1, false));
    CHECK(g.host.last(Verb::DrawNo).text == "bob declined the draw");
    CHECK(g.t().draw(0, true).text == "you may offer a draw again after your next move");
    g.play();
    CHECK_FALSE(g.t().draw(1, true));
    g.play(); // bob, who offered: it stands
    CHECK(g.t().draw_offer() == 1);
    g.play(); // alice moves instead
    CHECK(g.host.last(Verb::DrawNo).text == "alice moved instead");
    CHECK_FALSE(g.t().draw(1, true));
    CHECK_FALSE(g.t().draw(0, true));
    CHECK(g.host.last(Verb::Ended).terms.result == "1=2");
    CHECK(g.host.last(Verb::Over).text == "draw agreed");
    CHECK(g.host.count(Verb::Rated) == 2);
    CHECK(g.host.shared.front() == "draw 0 made alice");
}

TEST_CASE("club table: a claim against a player away from an untimed game, after a minute",
          "[club][table][clock]") {
    AtTable g("live");
    g.play();
    g.play();
    g.play(); // bob to move
    g.t().mark_presence(1, true);
    CHECK(g.t().claim(0).text == "bob is here");
    CHECK(g.t().claim(1).text == "there is nobody away to claim against");
    g.t().mark_presence(1, false); // bob's connection closed
    g.clock.advance(59000);
    CHECK(g.t().claim(0).text == "bob has been away less than a minute; wait 2 seconds");
    g.clock.advance(999);
    CHECK(g.t().claim(0).text == "bob has been away less than a minute; wait 1 seconds");
    g.clock.advance(1);
    CHECK_FALSE(g.t().claim(0));
    CHECK(g.host.last(Verb::Ended).terms.result == "1>2");
    CHECK(g.host.last(Verb::Ended).terms.how == "left");
    CHECK(g.host.last(Verb::Over).text == "bob left and alice claimed the game: alice wins");
    CHECK(g.store.record.find("\nresult: winner 1 by left\n") != std::string::npos);

    AtTable timed("clock:1+0");
    timed.play();
    timed.t().mark_presence(1, false);
    timed.clock.advance(kClaimAfterMs);
    CHECK(timed.t().claim(0).text == "this game has a clock: a player who is away loses on time");
}

TEST_CASE("club table: a move the store cannot keep changes nothing", "[club][table]") {
    AtTable g("clock:1+0");
    g.play();
    g.play();
    g.clock.advance(1000);
    g.store.fail = true;
    const Refusal r = g.t().move(0, g.a_move());
    CHECK(r.text == "your move could not be saved: the disk is full");
    CHECK_FALSE(r.strike);
    CHECK(g.t().game().ply() == 2);
    CHECK(g.clocks() == std::make_pair(1, std::string("59000 60000")));
    CHECK(g.t().move(1, g.a_move()).strike);
    CHECK(g.t().move(0, "a1-a1").strike);
}

TEST_CASE("club table: a tournament's game forfeits a first move not made, in those words, is "
          "not aborted, and hears its end",
          "[club][table][clock]") {
    AtTable g("clock:3+0", true);
    g.t().set_first_move_missed(Table::FirstMoveMissed::Forfeit);
    std::vector<std::string> results;
    g.t().on_end([&](const Table& t) { results.push_back(t.row().result + " " + t.row().how); });
    CHECK(g.t().abort(0).text == "a tournament's game is not called off: :resign ends it for you");
    CHECK(g.t().playing());
    g.play();
    g.clock.advance(kFirstMoveMs);
    REQUIRE(g.t().due(g.clock.now()));
    g.t().deadline_passed();
    CHECK(g.host.last(Verb::Ended).terms.result == "1>2");
    CHECK(g.host.last(Verb::Over).text == "bob made no first move in time: alice wins by forfeit");
    CHECK(g.host.count(Verb::Rated) == 2);
    CHECK(results == std::vector<std::string>{"1>2 time"}); // the record's words: by time
    CHECK(g.host.ended_here);

    // A lobby's game is called off instead, and its end heard all the same.
    AtTable lobby("clock:3+0", true);
    lobby.t().on_end(
        [&](const Table& t) { results.push_back("-" + t.row().result + " " + t.row().how); });
    lobby.clock.advance(kFirstMoveMs);
    lobby.t().deadline_passed();
    CHECK(results.back() == "- abort");
}

TEST_CASE("club table: at a tournament's table of three, who makes no first move forfeits and is "
          "out, and the game goes on",
          "[club][table][clock]") {
    AtTable g("live:5", true, 3);
    Table& t = g.t();
    t.set_first_move_missed(Table::FirstMoveMissed::Forfeit);
    g.play();
    // bob makes no first move: out by forfeit, in those words; the computer plays on for him.
    g.clock.advance(kFirstMoveMs);
    t.deadline_passed();
    CHECK(t.out(1));
    CHECK(g.host.last(Verb::Chat).user == "bob");
    CHECK(g.host.last(Verb::Chat).text == "made no first move in time and forfeits the game");
    CHECK_FALSE(g.host.ended_here);
    CHECK(t.playing());
    // The computer's move for bob, then carol makes none either: alice alone is left, and wins.
    MoveList list;
    t.game().legal_moves(list);
    REQUIRE(t.game().to_move() == 1);
    CHECK(t.ai_level(1) > 0);
    REQUIRE(t.computer_move(t.game().ply(), list[0]));
    REQUIRE(t.game().to_move() == 2);
    g.clock.advance(kFirstMoveMs);
    t.deadline_passed();
    CHECK(t.out(2));
    CHECK(g.host.ended_here);
    CHECK(g.host.last(Verb::Over).text == "everyone else is out: alice wins");
}

TEST_CASE("club table: moves and an end made at another server are charged at the times they "
          "were saved with, not when they were heard",
          "[club][table][clock]") {
    AtTable g("days:3");
    const Millis start = g.store.row.started;
    // alice moves at another server 2 s in; this one hears it half a second later.
    g.clock.advance(2500);
    g.first_move_elsewhere("d1-e2", start + 2000);
    REQUIRE(g.t().game().ply() == 1);
    // bob resigns there 1.5 s after alice's move, heard here 300 ms later.
    g.clock.advance(1300);
    g.resigned_elsewhere("1>2", start + 3500, g.t().game());
    CHECK(times_of(g.host.last(Verb::Used)) == "2000 1500");
}

TEST_CASE("club table: a last move not heard before the game's end elsewhere is charged at the "
          "end's time",
          "[club][table][clock]") {
    // The move that ends a game on the board is saved at the time the game ends: the server
    // that hears both at once charges it there too.
    AtTable g("days:3");
    const Millis start = g.store.row.started;
    g.clock.advance(2100);
    g.first_move_elsewhere("d1-e2", start + 2000);
    Game played = g.t().game();
    MoveList list;
    played.legal_moves(list);
    REQUIRE(played.play(list[0])); // bob's, unheard here
    g.clock.advance(1700);         // heard 300 ms after the end
    g.resigned_elsewhere("2>1", start + 3500, played);
    CHECK(times_of(g.host.last(Verb::Used)) == "2000 1500");
}
