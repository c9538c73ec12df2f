// Bad peers and other users: garbage, overlong lines, floods, silence, too many
// connections, moves out of turn or illegal, a client that stops reading; and a joiner
// running as another uid, admitted only with the invite code. The host's game never changes
// because of them and the real clients are still served.
#include "net_support.hpp"

#include <catch2/catch.hpp>

using namespace net_support;

namespace {

const Rules kSmall = Rules::for_game(2, 8);

// Whether a raw peer has been sent a line starting with prefix.
bool got_line(const RawPeer& r, const std::string& prefix) {
    return r.got.rfind(prefix, 0) == 0 || r.got.find("\n" + prefix) != std::string::npos;
}

// Pumps the table until the raw peer's connection is closed by the host.
bool closed_by_host(Table& t, RawPeer& r) {
    return t.pump_until([&] { return !r.read(); });
}

// Runs `hello` as user 65534 in a child process against the table's game, pumping the host
// meanwhile; returns the first line the host answered with (or what went wrong).
std::string hello_as_other_user(Table& t, const std::string& code) {
    int fds[2];
    if (pipe(fds) != 0) return "no pipe";
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        std::string answer;
        if (!become(65534)) {
            answer = "cannot become user 65534";
        } else {
            Rendezvous dir;
            Client c;
            answer = dir.open(t.dir.path());
            if (answer.empty()) answer = c.open(dir, t.host.name(), Role::Play, -1, code);
            const auto end = Clock::now() + std::chrono::seconds(5);
            Message m;
            while (answer.empty() && Clock::now() < end && !c.closed()) {
                pollfd p{c.fd(), c.events(), 0};
                poll(&p, 1, 100);
                c.handle(p.revents);
                if (c.next(m)) answer = write_message(m);
            }
            if (answer.empty()) answer = "no answer: " + c.why_closed();
        }
        (void)!write(fds[1], answer.data(), answer.size());
        _exit(0);
    }
    close(fds[1]);
    int status = 0;
    t.pump_until([&] { return waitpid(pid, &status, WNOHANG) == pid; }, 8000);
    char buf[512];
    ssize_t n = read(fds[0], buf, sizeof buf);
    close(fds[0]);
    return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : "child said nothing";
}

} // namespace

TEST_CASE("peers: garbage and bad moves get errors, then the peer is cut off", "[net]") {
    TempGamesDir tmp;
    HostLimits limits;
    limits.max_strikes = 4;
    Table t(tmp.path, kSmall, {SeatKind::Local, SeatKind::Remote}, limits);
    RawPeer bad(tmp.path, "test");
    Client watcher;
    Seen seen;
    REQUIRE(t.watch(watcher) == "");
    t.raws.push_back(&bad);
    REQUIRE(bad.send("hello 1 play any -\n"));
    REQUIRE(t.pump_until([&] { return t.count(HostEvent::Kind::Joined) == 1; }));
    const Position before = t.game.position();
    REQUIRE(t.game.to_move() == 0);
    REQUIRE(bad.send("move a1-b2\n")); // not its turn
    REQUIRE(t.pump_until([&] { return got_line(bad, "error it is not your turn"); }));
    t.play(0, first_move(t.game));
    const Position mid = t.game.position();
    REQUIRE(bad.send("move a1-h8\n")); // its turn, but not its piece and no such move
    REQUIRE(t.pump_until([&] { return got_line(bad, "error move a1-h8: "); }));
    REQUIRE(bad.send("\x01\x02 garbage\n"));
    REQUIRE(t.pump_until([&] { return got_line(bad, "error unknown message"); }));
    REQUIRE(bad.send(std::string(10000, 'z') + "\n")); // the fourth strike
    REQUIRE(closed_by_host(t, bad));
    CHECK(got_line(bad, "error a line longer than 4096 bytes"));
    CHECK(got_line(bad, "closing too many bad lines"));
    CHECK(t.game.position() == mid);
    CHECK(t.game.ply() == 1);
    CHECK(before != mid);
    CHECK(t.count(HostEvent::Kind::Move) == 0);
    CHECK(t.host.waiting_seat() == 1); // its seat is held, as for any drop
    // The real client is still served.
    t.host.say("still here");
    REQUIRE(t.pump_until([&] {
        seen.take(watcher);
        return seen.count(Verb::Chat) == 1;
    }));
    CHECK(seen.game.position() == t.game.position());
}

TEST_CASE("peers: a silent connection is dropped after the hello bound", "[net]") {
    TempGamesDir tmp;
    HostLimits limits;
    limits.hello_time = std::chrono::milliseconds(150);
    Table t(tmp.path, kSmall, {SeatKind::Local, SeatKind::Remote}, limits);
    RawPeer silent(tmp.path, "test");
    t.raws.push_back(&silent);
    REQUIRE(t.pump_until([&] { return t.host.connections() == 1; }));
    // The host asks to be woken for the deadline, and not before there is one.
    const int timeout = t.host.timeout_ms(Clock::now());
    CHECK(timeout > 0);
    CHECK(timeout <= 151);
    REQUIRE(closed_by_host(t, silent));
    CHECK(got_line(silent, "refused no hello in time"));
    CHECK(t.host.connections() == 0);
    CHECK(t.host.timeout_ms(Clock::now()) == -1);
    // A line that is not a hello is refused at once.
    RawPeer rude(tmp.path, "test");
    t.raws.push_back(&rude);
    REQUIRE(rude.send("move e4-e5\n"));
    REQUIRE(closed_by_host(t, rude));
    CHECK(got_line(rude, "refused say hello first"));
}

TEST_CASE("peers: floods are cut off and chat is rate limited", "[net]") {
    TempGamesDir tmp;
    HostLimits limits;
    limits.max_flood = 20;
    Table t(tmp.path, kSmall, {SeatKind::Local, SeatKind::Remote}, limits);
    RawPeer flood(tmp.path, "test"), chatty(tmp.path, "test");
    t.raws = {&flood, &chatty};
    REQUIRE(flood.send("hello 1 watch - -\n"));
    REQUIRE(chatty.send("hello 1 watch - -\n"));
    REQUIRE(t.pump_until([&] { return t.host.watchers() == 2; }));
    std::string lines;
    for (int i = 0; i < 200; ++i) lines += "say flood\n";
    REQUIRE(flood.send(lines));
    REQUIRE(closed_by_host(t, flood));
    CHECK(got_line(flood, "error too much chat"));
    CHECK(got_line(flood, "error too many lines; slow down"));
    CHECK(got_line(flood, "closing flooding"));
    CHECK(t.count(HostEvent::Kind::Said) == 5); // its burst of chat went out
    std::string says;
    for (int i = 0; i < 10; ++i) says += "say hello " + std::to_string(i) + "\n";
    REQUIRE(chatty.send(says));
    REQUIRE(t.pump_until([&] { return got_line(chatty, "error too much chat"); }));
    CHECK(t.count(HostEvent::Kind::Said) == 10); // the burst, then the rate
    CHECK(chatty.read());                        // still connected
}

TEST_CASE("peers: connections past the bound are refused at once", "[net]") {
    TempGamesDir tmp;
    HostLimits limits;
    limits.admission.max_connections = 3;
    Table t(tmp.path, kSmall, {SeatKind::Local, SeatKind::Remote}, limits);
    std::vector<std::unique_ptr<RawPeer>> peers;
    for (int i = 0; i < 5; ++i) {
        peers.push_back(std::make_unique<RawPeer>(tmp.path, "test"));
        t.raws.push_back(peers.back().get());
    }
    REQUIRE(t.pump_until([&] { return !peers[3]->read() && !peers[4]->read(); }));
    CHECK(got_line(*peers[4], "refused too many connections"));
    CHECK(t.host.connections() == 3);
    CHECK(peers[0]->read());
}

TEST_CASE("peers: a client that stops reading is dropped, the others are served", "[net]") {
    TempGamesDir tmp;
    HostLimits limits;
    limits.max_queued = 4096;
    Table t(tmp.path, kSmall, {SeatKind::Local, SeatKind::Remote}, limits);
    RawPeer deaf(tmp.path, "test");
    Client reader;
    Seen seen;
    REQUIRE(t.watch(reader) == "");
    REQUIRE(deaf.send("hello 1 play any -\n")); // it never reads (not in t.raws)
    REQUIRE(t.pump_until([&] { return t.count(HostEvent::Kind::Joined) == 1; }));
    const std::string text(150, 'x');
    int said = 0;
    // Chat from the host until the socket's buffer and the queue are full.
    REQUIRE(t.pump_until(
        [&] {
            for (int i = 0; i < 50; ++i, ++said) t.host.say(text);
            seen.take(reader);
            return t.count(HostEvent::Kind::Dropped) == 1;
        },
        5000));
    CHECK(t.host.waiting_seat() == 1);
    REQUIRE(t.pump_until([&] {
        seen.take(reader);
        return seen.count(Verb::Chat) == said;
    }));
    CHECK_FALSE(reader.closed());
}

TEST_CASE("peers: another user needs the invite code, and is named by the kernel", "[net]") {
    if (geteuid() != 0) {
        WARN("needs root to run a client as another uid; skipped");
        return;
    }
    TempGamesDir tmp;
    HostLimits limits;
    limits.max_wrong_codes = 2;
    Table t(tmp.path, kSmall, {SeatKind::Local, SeatKind::Remote}, limits);
    CHECK_THAT(hello_as_other_user(t, ""), Catch::StartsWith("refused this game needs the "
                                                             "invite code"));
    CHECK(hello_as_other_user(t, "zzzzzz") == "refused wrong invite code\n");
    std::string code = t.host.code();
    for (char& c : code) c = static_cast<char>(std::toupper(c)); // typed in any case
    const std::string welcome = hello_as_other_user(t, code);
    CHECK(welcome == "welcome play 2 " + user_name(65534) + "\n");
    CHECK(t.host.seats()[1].user == user_name(65534));
    // Past the bound of wrong codes, even the right one is refused.
    REQUIRE(t.pump_until([&] { return t.host.waiting_seat() == 1; }));
    CHECK(hello_as_other_user(t, "yyyyyy") == "refused wrong invite code\n");
    CHECK_THAT(hello_as_other_user(t, t.host.code()), Catch::Contains("too many wrong invite"));
    CHECK(t.host.waiting_seat() == 1);
}

TEST_CASE("peers: a host's verb from a client is refused at once, and no record is kept", "[net]") {
    TempGamesDir tmp;
    Table t(tmp.path, kSmall, {SeatKind::Local, SeatKind::Remote}); // ten seconds to say hello
    // Before a hello: a record header and the start of its lines. The host refuses it at the
    // header instead of collecting what follows.
    RawPeer sender(tmp.path, "test");
    t.raws.push_back(&sender);
    std::string record = "record 20000\n";
    for (int i = 0; i < 20; ++i) record += std::string(4000, 'x') + "\n";
    REQUIRE(sender.send(record));
    REQUIRE(closed_by_host(t, sender));
    CHECK(got_line(sender, "refused 'record' is sent by a host, not by a client"));
    REQUIRE(t.pump_until([&] { return t.host.connections() == 0; }));
    // After a hello: a watcher that sends a host's move is cut off, not merely told.
    RawPeer watcher(tmp.path, "test");
    t.raws.push_back(&watcher);
    REQUIRE(watcher.send("hello 1 watch - -\n"));
    REQUIRE(t.pump_until([&] { return t.host.watchers() == 1; }));
    REQUIRE(watcher.send("moved 1 d1-e2\n"));
    REQUIRE(closed_by_host(t, watcher));
    CHECK(got_line(watcher, "closing 'moved' is sent by a host, not by a client"));
    CHECK(t.game.ply() == 0);
}

TEST_CASE("peers: what a client sends is read only as far as the bound on unread input", "[net]") {
    int ends[2];
    REQUIRE(socketpair(AF_UNIX, SOCK_STREAM, 0, ends) == 0);
    UniqueFd far(ends[1]);
    Connection conn{UniqueFd(ends[0]), From::Client, 4096};
    Admission admission; // the host's policy
    std::string lines;
    for (int i = 0; i < 5000; ++i) lines += "say line " + std::to_string(i) + "\n";
    REQUIRE(send(far.get(), lines.data(), lines.size(), 0) == static_cast<ssize_t>(lines.size()));
    int read_lines = 0;
    for (int round = 0; round < 1000 && read_lines < 5000; ++round) {
        REQUIRE(conn.read_some(admission.read_allowance(conn.decoder.pending())));
        CHECK(conn.decoder.pending() <= admission.limits().max_unread);
        Message m;
        std::string error;
        while (conn.decoder.next(m, error) == Decoder::Got::Message) ++read_lines;
    }
    CHECK(read_lines == 5000); // every line still arrives, a bounded piece at a time
}

TEST_CASE("peers: a reader that keeps falling behind gets every byte, in order", "[net]") {
    int ends[2];
    REQUIRE(socketpair(AF_UNIX, SOCK_STREAM, 0, ends) == 0);
    UniqueFd far(ends[1]);
    const int small = 4096;
    REQUIRE(setsockopt(ends[0], SOL_SOCKET, SO_SNDBUF, &small, sizeof small) == 0);
    Connection conn{UniqueFd(ends[0]), From::Host, 1 << 20};
    const auto shared = std::make_shared<const std::string>(std::string(3000, 's') + "\n");
    std::string sent;
    std::string got;
    char buf[1500];
    for (int i = 0; i < 400; ++i) {
        const std::string own = "line " + std::to_string(i) + "\n";
        REQUIRE(conn.send(own));
        REQUIRE(conn.send_shared(shared));
        sent += own + *shared;
        const ssize_t n = recv(far.get(), buf, sizeof buf, MSG_DONTWAIT); // less than was sent
        if (n > 0) got.append(buf, static_cast<std::size_t>(n));
        REQUIRE(conn.flush());
        CHECK(conn.queued() + got.size() <= sent.size());
    }
    for (int round = 0; round < 100000 && got.size() < sent.size(); ++round) {
        REQUIRE(conn.flush());
        const ssize_t n = recv(far.get(), buf, sizeof buf, MSG_DONTWAIT);
        if (n > 0) got.append(buf, static_cast<std::size_t>(n));
    }
    CHECK(conn.queued() == 0);
    CHECK(got == sent);
}

TEST_CASE("peers: one user's connections waiting to say hello are capped, so the host's own "
          "user still gets in",
          "[net]") {
    if (geteuid() != 0) {
        WARN("needs root to run a client as another uid; skipped");
        return;
    }
    TempGamesDir tmp;
    Table t(tmp.path, kSmall, {SeatKind::Local, SeatKind::Remote});
    Crowd other(tmp.path, "test", 65534, 32); // every connection there is, and then some
    REQUIRE(t.pump_until([&] { return other.hung_up() == 28; }, 5000));
    CHECK(t.host.connections() == 4);
    CHECK_THAT(other.said, Catch::StartsWith("refused " + user_name(65534) +
                                             " already has 4 connections to this game that "
                                             "have not said hello"));
    Client me;
    Seen seen;
    REQUIRE(me.open(t.dir, "test", Role::Play, -1, "") == "");
    t.clients.push_back(&me);
    REQUIRE(t.pump_until([&] {
        seen.take(me);
        return seen.count(Verb::Welcome) == 1 || me.closed();
    }));
    CHECK(seen.last(Verb::Welcome)->seat == 2);
}

TEST_CASE("peers: the last connections are kept for users let in before and for held seats",
          "[net]") {
    if (geteuid() != 0) {
        WARN("needs root to run a client as another uid; skipped");
        return;
    }
    TempGamesDir tmp;
    HostLimits limits;
    limits.admission.max_connections = 10;
    limits.admission.kept_for_known = 4;
    Table t(tmp.path, kSmall, {SeatKind::Local, SeatKind::Remote}, limits);
    // User 65534 takes seat 2 with the code and drops out: the seat is held for them.
    REQUIRE(hello_as_other_user(t, t.host.code()) == "welcome play 2 " + user_name(65534) + "\n");
    REQUIRE(t.pump_until([&] { return t.host.waiting_seat() == 1; }));
    // Two users who were never let in: between them they get 10 - 1 (the held seat) - 4
    // (for users let in) = 5 connections.
    Crowd a(tmp.path, "test", 65530, 4);
    REQUIRE(t.pump_until([&] { return t.host.connections() == 4; }));
    Crowd b(tmp.path, "test", 65531, 4);
    REQUIRE(t.pump_until([&] { return b.hung_up() == 3; }));
    CHECK(a.hung_up() == 0);
    CHECK(t.host.connections() == 5);
    CHECK_THAT(b.said, Catch::StartsWith("refused the last connections to this game are kept "
                                         "for players already let in"));
    // The host's own user gets the kept ones, all but the held seat's.
    std::vector<std::unique_ptr<Client>> mine;
    std::vector<Seen> seen(5);
    for (int i = 0; i < 5; ++i) {
        mine.push_back(std::make_unique<Client>());
        REQUIRE(t.watch(*mine.back()) == "");
    }
    REQUIRE(t.pump_until([&] {
        for (int i = 0; i < 5; ++i) seen[i].take(*mine[i]);
        return t.host.watchers() == 4 && mine[4]->closed();
    }));
    REQUIRE(seen[4].last(Verb::Refused));
    CHECK_THAT(seen[4].last(Verb::Refused)->text,
               Catch::Contains("kept for players whose seats are held"));
    // The player whose seat is held comes back on it.
    CHECK(hello_as_other_user(t, t.host.code()) == "welcome play 2 " + user_name(65534) + "\n");
}

TEST_CASE("peers: a connection whose user the kernel does not name is told so", "[net]") {
    int fds[2];
    REQUIRE(pipe(fds) == 0); // not a socket: SO_PEERCRED fails
    UniqueFd a(fds[0]), b(fds[1]);
    const Credentials who = peer_credentials(a.get());
    CHECK_FALSE(who.known);
    CHECK(who.error == ENOTSOCK);
    const std::string why = Admission().refusal(who, {}, {});
    CHECK_THAT(why, Catch::Contains("cannot tell who you are") && Catch::Contains("SO_PEERCRED"));
    CHECK_THAT(why, !Catch::Contains("too many"));
    const Credentials root{true, 0, 0};
    CHECK(Admission().refusal(root, {}, {}) == "");
}
