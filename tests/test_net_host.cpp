// The host and its clients over real sockets: admission, play, chat, drops and rejoins,
// undo by consent, and the host leaving.
#include "net_support.hpp"

#include <catch2/catch.hpp>

using namespace net_support;

namespace {

const Rules kSmall = Rules::for_game(2, 8);

// A client joined (or watching) and its view, pumped by the table.
struct Joined {
    Client client;
    Seen seen;
    std::string error;
    Joined(Table& t, Role role, int seat = -1, const std::string& code = "") {
        error = client.open(t.dir, t.host.name(), role, seat, code);
        t.clients.push_back(&client);
    }
    // Pumps the table until this client has a message of verb v (or closes).
    bool wait_for(Table& t, Verb v, int n = 1) {
        return t.pump_until([&] {
            seen.take(client);
            return seen.count(v) >= n || client.closed();
        }) && seen.count(v) >= n;
    }
};

} // namespace

TEST_CASE("host: the host's own user joins without a code and sees the whole game", "[net]") {
    TempGamesDir tmp;
    Table t(tmp.path, kSmall, {SeatKind::Local, SeatKind::Remote});
    CHECK(t.host.code().size() == 6);
    t.play(0, first_move(t.game)); // a move before anyone joins
    Joined bob(t, Role::Play);
    REQUIRE(bob.error == "");
    REQUIRE(bob.wait_for(t, Verb::Watchers));
    const Message* w = bob.seen.last(Verb::Welcome);
    REQUIRE(w);
    CHECK(w->seat == 2);
    CHECK(w->user == user_name(geteuid()));
    CHECK(bob.seen.problem == "");
    CHECK(bob.seen.game.position() == t.game.position());
    CHECK(bob.seen.game.ply() == 1);
    CHECK(t.count(HostEvent::Kind::Joined) == 1);
    CHECK(t.host.seats()[1].state == SeatState::Joined);
    CHECK(bob.client.host_user() == user_name(geteuid()));
    // The seat list came with the record: seat 1 is the host's, seat 2 bob's.
    CHECK(bob.seen.count(Verb::Seat) == 2);
}

TEST_CASE("host: a game is played from two ends and a watcher sees every move", "[net]") {
    TempGamesDir tmp;
    Table t(tmp.path, kSmall, {SeatKind::Local, SeatKind::Remote});
    Joined bob(t, Role::Play, 1);
    Joined carol(t, Role::Watch);
    REQUIRE(bob.wait_for(t, Verb::Watchers));
    REQUIRE(carol.wait_for(t, Verb::Watchers));
    if (t.game.to_move() != 0) t.game.play(first_move(t.game));
    int moves = 0;
    for (; moves < 20 && !t.game.over(); ++moves) {
        if (t.game.to_move() == 0) {
            t.play(0, first_move(t.game));
        } else { // bob moves from his end, through his copy of the game
            Move m = first_move(bob.seen.game);
            REQUIRE(bob.client.move(chain_name(bob.seen.game.position(), m, false)));
        }
        REQUIRE(bob.wait_for(t, Verb::Moved, moves + 1));
        REQUIRE(carol.wait_for(t, Verb::Moved, moves + 1));
    }
    CHECK(bob.seen.problem == "");
    CHECK(carol.seen.problem == "");
    CHECK(carol.seen.game.position() == t.game.position());
    CHECK(bob.seen.game.position() == t.game.position());
    CHECK(t.count(HostEvent::Kind::Move) == 10);
    // Chat reaches everyone, cleaned of control characters.
    REQUIRE(bob.client.say("good \x1b[31mgame"));
    REQUIRE(carol.wait_for(t, Verb::Chat));
    CHECK(carol.seen.last(Verb::Chat)->text == "good [31mgame");
    CHECK(bob.wait_for(t, Verb::Chat));
    t.host.say("thanks");
    REQUIRE(carol.wait_for(t, Verb::Chat, 2));
    CHECK(carol.seen.last(Verb::Chat)->user == t.host.host_user());
    CHECK(t.count(HostEvent::Kind::Said) == 2);
}

TEST_CASE("host: seats that are not free are refused with a reason", "[net]") {
    TempGamesDir tmp;
    Table t(tmp.path, Rules::for_game(4, 16),
            {SeatKind::Local, SeatKind::Remote, SeatKind::Ai, SeatKind::Remote});
    Joined a(t, Role::Play, 0), b(t, Role::Play, 2), c(t, Role::Play, 3);
    REQUIRE(c.wait_for(t, Verb::Welcome));
    REQUIRE(a.wait_for(t, Verb::Refused));
    CHECK_THAT(a.seen.last(Verb::Refused)->text, Catch::Contains("host's keyboard"));
    REQUIRE(b.wait_for(t, Verb::Refused));
    CHECK_THAT(b.seen.last(Verb::Refused)->text, Catch::Contains("played by the computer"));
    Joined d(t, Role::Play), e(t, Role::Play);
    REQUIRE(d.wait_for(t, Verb::Welcome));
    CHECK(d.seen.last(Verb::Welcome)->seat == 2);
    REQUIRE(e.wait_for(t, Verb::Refused));
    CHECK_THAT(e.seen.last(Verb::Refused)->text, Catch::Contains("no free seat"));
    CHECK(e.client.closed());
    Joined f(t, Role::Play, 6);
    CHECK_THAT(f.error, Catch::Contains("at most 4 seats")); // cannot even be asked for
}

TEST_CASE("host: a dropped player's seat is held, and the same user gets it back", "[net]") {
    TempGamesDir tmp;
    Table t(tmp.path, kSmall, {SeatKind::Local, SeatKind::Remote});
    auto bob = std::make_unique<Joined>(t, Role::Play);
    Joined carol(t, Role::Watch);
    REQUIRE(bob->wait_for(t, Verb::Watchers));
    REQUIRE(carol.wait_for(t, Verb::Watchers));
    t.play(t.game.to_move(), first_move(t.game));
    REQUIRE(carol.wait_for(t, Verb::Moved));
    // bob's terminal goes away: no goodbye, just an end of file.
    t.clients.erase(std::find(t.clients.begin(), t.clients.end(), &bob->client));
    bob.reset();
    REQUIRE(t.pump_until([&] { return t.count(HostEvent::Kind::Dropped) == 1; }));
    CHECK(t.host.waiting_seat() == 1);
    REQUIRE(carol.wait_for(t, Verb::Seat, 3));
    CHECK(carol.seen.last(Verb::Seat)->state == SeatState::Waiting);
    std::string why;
    CHECK_FALSE(t.host.ask_undo(0, why));
    CHECK_THAT(why, Catch::Contains("waiting for"));
    // The game moves on at the host meanwhile, then bob comes back to the current position.
    if (t.game.to_move() == 0) t.play(0, first_move(t.game));
    Joined back(t, Role::Play);
    REQUIRE(back.wait_for(t, Verb::Watchers));
    CHECK(back.seen.last(Verb::Welcome)->seat == 2);
    CHECK(back.seen.game.position() == t.game.position());
    CHECK(t.count(HostEvent::Kind::Rejoined) == 1);
    CHECK(t.host.waiting_seat() == -1);
    // Asking for the seat again takes it over from the older connection.
    Joined again(t, Role::Play, 1);
    REQUIRE(again.wait_for(t, Verb::Watchers));
    REQUIRE(back.wait_for(t, Verb::Dropped));
    CHECK_THAT(back.seen.last(Verb::Dropped)->text, Catch::Contains("taken by a new connection"));
    CHECK(t.host.seats()[1].state == SeatState::Joined);
}

TEST_CASE("host: a waiting seat can go to the AI, a joined one cannot", "[net]") {
    TempGamesDir tmp;
    Table t(tmp.path, kSmall, {SeatKind::Local, SeatKind::Remote});
    auto bob = std::make_unique<Joined>(t, Role::Play);
    REQUIRE(bob->wait_for(t, Verb::Watchers));
    CHECK_THAT(t.host.give_to_ai(1, 3), Catch::Contains("is played by"));
    CHECK_THAT(t.host.give_to_ai(0, 3), Catch::Contains("not remote"));
    CHECK_THAT(t.host.give_to_ai(5, 3), Catch::Contains("no seat 6"));
    t.clients.clear();
    bob.reset();
    REQUIRE(t.pump_until([&] { return t.host.waiting_seat() == 1; }));
    CHECK(t.host.give_to_ai(1, 3) == "");
    CHECK(t.host.seats()[1].state == SeatState::Ai);
    Joined late(t, Role::Play);
    REQUIRE(late.wait_for(t, Verb::Refused));
    CHECK_THAT(late.seen.last(Verb::Refused)->text, Catch::Contains("no free seat"));
}

TEST_CASE("host: undo needs every other person's consent", "[net]") {
    TempGamesDir tmp;
    Table t(tmp.path, Rules::for_game(3, 16),
            {SeatKind::Local, SeatKind::Remote, SeatKind::Remote});
    Joined bob(t, Role::Play, 1), carol(t, Role::Play, 2);
    REQUIRE(bob.wait_for(t, Verb::Watchers));
    REQUIRE(carol.wait_for(t, Verb::Watchers));
    REQUIRE(t.game.to_move() == 0);
    t.play(0, first_move(t.game));
    for (Joined* j : {&bob, &carol}) {
        REQUIRE(j->wait_for(t, Verb::Moved, j == &bob ? 1 : 2));
        Move m = first_move(j->seen.game);
        REQUIRE(j->client.move(chain_name(j->seen.game.position(), m, false)));
        REQUIRE(j->wait_for(t, Verb::Moved, j == &bob ? 2 : 3));
    }
    REQUIRE(t.game.ply() == 3);
    // bob asks; carol and the host are asked; carol says no: nothing is taken back.
    Message undo;
    undo.verb = Verb::Undo;
    REQUIRE(bob.client.send(undo));
    REQUIRE(carol.wait_for(t, Verb::UndoAsk));
    CHECK(t.count(HostEvent::Kind::UndoAsked) == 1);
    Message no;
    no.verb = Verb::Consent;
    REQUIRE(carol.client.send(no));
    REQUIRE(bob.wait_for(t, Verb::UndoNo));
    CHECK_THAT(bob.seen.last(Verb::UndoNo)->text, Catch::Contains("said no"));
    CHECK(t.game.ply() == 3);
    // Asked again, carol and the host agree: back to bob's turn, everyone's copy too.
    REQUIRE(bob.client.send(undo));
    REQUIRE(carol.wait_for(t, Verb::UndoAsk, 2));
    Message yes = no;
    yes.yes = true;
    REQUIRE(carol.client.send(yes));
    REQUIRE(t.pump_until([&] { return t.count(HostEvent::Kind::UndoAsked) == 2; }));
    t.host.answer_undo(true);
    REQUIRE(bob.wait_for(t, Verb::Undone));
    REQUIRE(carol.wait_for(t, Verb::Undone));
    CHECK(t.game.ply() == 1);
    CHECK(t.game.to_move() == 1);
    CHECK(bob.seen.game.position() == t.game.position());
    CHECK(carol.seen.game.position() == t.game.position());
    // A consent nobody asked for is answered, not acted on.
    REQUIRE(carol.client.send(yes));
    REQUIRE(carol.wait_for(t, Verb::Error));
    CHECK(t.game.ply() == 1);
}

TEST_CASE("host: clients are told when the host leaves, and never hang on it", "[net]") {
    TempGamesDir tmp;
    auto t = std::make_unique<Table>(tmp.path, kSmall,
                                     std::vector<SeatKind>{SeatKind::Local, SeatKind::Remote});
    Joined bob(*t, Role::Play);
    REQUIRE(bob.wait_for(*t, Verb::Watchers));
    t->host.leave();
    std::vector<pollfd> fds = {{bob.client.fd(), bob.client.events(), 0}};
    REQUIRE(poll(fds.data(), 1, 2000) == 1);
    bob.client.handle(fds[0].revents);
    bob.seen.take(bob.client);
    CHECK(bob.seen.count(Verb::Leaving) == 1);
    CHECK(bob.client.closed());
    struct stat st;
    CHECK(lstat((tmp.path + "/halma-test.sock").c_str(), &st) != 0);

    // A host that dies without a word: the end of file is an event too.
    Rendezvous dir;
    REQUIRE(dir.open(tmp.path) == "");
    UniqueFd listener;
    REQUIRE(dir.listen("mute", listener) == "");
    Client c;
    REQUIRE(c.open(dir, "mute", Role::Watch, -1, "") == "");
    UniqueFd accepted(accept(listener.get(), nullptr, nullptr));
    accepted.reset();
    fds = {{c.fd(), c.events(), 0}};
    REQUIRE(poll(fds.data(), 1, 2000) == 1);
    c.handle(fds[0].revents);
    Message m;
    CHECK_FALSE(c.next(m));
    CHECK(c.closed());
    CHECK_THAT(c.why_closed(), Catch::Contains("hung up"));
}

TEST_CASE("host: a game of more than 20,000 record lines and 1 MiB is joined and watched",
          "[net]") {
    TempGamesDir tmp;
    Rules rules = Rules::for_game(2, 8);
    rules.evacuate = 0; // no deadline to leave home: the game runs as long as it is played
    Table t(tmp.path, rules, {SeatKind::Local, SeatKind::Remote});
    REQUIRE(t.game.to_move() == 0);
    const char* shuffle[] = {"d1-e2", "e8-d7", "e2-d1", "d7-e8"};
    bool legal = true;
    for (int i = 0; i < 120000 && legal; ++i) {
        const ParsedMove pm = parse_move(t.game, shuffle[i % 4]);
        legal = pm.error.empty();
        if (legal) t.game.play(pm.move);
    }
    REQUIRE(legal);
    REQUIRE(write_record(t.game).size() > (1u << 20));
    Joined bob(t, Role::Play), carol(t, Role::Watch);
    REQUIRE(bob.wait_for(t, Verb::Watchers));
    REQUIRE(carol.wait_for(t, Verb::Watchers));
    CHECK(bob.seen.problem == "");
    CHECK(bob.seen.game.ply() == t.game.ply());
    CHECK(bob.seen.game.position() == t.game.position());
    CHECK(carol.seen.game.ply() == t.game.ply());
    // The game goes on from there at both ends.
    t.play(t.game.to_move(), first_move(t.game));
    REQUIRE(carol.wait_for(t, Verb::Moved));
    CHECK(carol.seen.game.position() == t.game.position());
    CHECK(carol.seen.problem == "");
}
