// Helpers for the network tests: a temporary rendezvous directory, a host table that plays
// the front end's part (applies the events as the game loop does), clients and raw sockets
// driven by one poll() with a bound on the wait.
#pragma once

#include "halma.hpp"
#include "net/client.hpp"
#include "net/host.hpp"
#include "net/rendezvous.hpp"
#include "start/listing.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <functional>
#include <grp.h>
#include <memory>
#include <poll.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace net_support {

using namespace halma;
using namespace halma::net;

// A fresh directory in /tmp, sticky and open to all like /tmp itself, removed afterwards.
struct TempGamesDir {
    std::string path;
    TempGamesDir() {
        char tmpl[] = "/tmp/halma-net-test-XXXXXX";
        path = mkdtemp(tmpl) ? tmpl : "";
        chmod(path.c_str(), 01777);
    }
    ~TempGamesDir() { (void)!std::system(("rm -rf '" + path + "'").c_str()); }
};

// A raw client socket connected to a game, for sending what a real client never would.
struct RawPeer {
    UniqueFd fd;
    std::string got; // everything read so far

    explicit RawPeer(const std::string& dir, const std::string& game) {
        fd.reset(socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        std::string path = dir + "/" + Rendezvous::file_of(game);
        path.copy(addr.sun_path, sizeof addr.sun_path - 1);
        if (connect(fd.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) fd.reset();
    }
    // Sends bytes (blocking); false if the host has gone.
    bool send(const std::string& bytes) const {
        return fd && ::send(fd.get(), bytes.data(), bytes.size(), MSG_NOSIGNAL) ==
                         static_cast<ssize_t>(bytes.size());
    }
    // Reads what is there without waiting; false once the host has closed the connection.
    bool read() {
        char buf[65536];
        for (;;) {
            ssize_t n = recv(fd.get(), buf, sizeof buf, MSG_DONTWAIT);
            if (n > 0) {
                got.append(buf, static_cast<std::size_t>(n));
                continue;
            }
            return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
        }
    }
};

// Makes this process another user (it must be root); false when it cannot.
inline bool become(uid_t uid) {
    return setgroups(0, nullptr) == 0 && setresgid(uid, uid, uid) == 0 &&
           setresuid(uid, uid, uid) == 0;
}

// n raw connections to a game held open, saying nothing, by a child process running as
// another user; whatever the host sends one of them before hanging up on it comes back as a
// line. The child ends with the object.
struct Crowd {
    pid_t pid = -1;
    UniqueFd from_child;
    std::string said; // a line for each connection the host hung up on: what it sent first

    Crowd(const std::string& dir, const std::string& game, uid_t uid, int n) {
        int fds[2];
        if (pipe(fds) != 0) return;
        pid = fork();
        if (pid == 0) {
            close(fds[0]);
            if (!become(uid)) _exit(1);
            std::vector<std::unique_ptr<RawPeer>> peers;
            for (int i = 0; i < n; ++i) peers.push_back(std::make_unique<RawPeer>(dir, game));
            for (;;)
                for (auto& p : peers)
                    if (p && !p->read()) {
                        const std::string line = p->got.substr(0, p->got.find('\n')) + "\n";
                        (void)!write(fds[1], line.data(), line.size());
                        p.reset();
                    } else {
                        usleep(1000);
                    }
        }
        close(fds[1]);
        from_child.reset(fds[0]);
        fcntl(fds[0], F_SETFL, O_NONBLOCK);
    }
    ~Crowd() {
        if (pid > 0) kill(pid, SIGKILL), waitpid(pid, nullptr, 0);
    }
    // Takes what the child reported; returns the number of connections hung up on so far.
    int hung_up() {
        char buf[4096];
        for (ssize_t n; (n = read(from_child.get(), buf, sizeof buf)) > 0;)
            said.append(buf, static_cast<std::size_t>(n));
        return static_cast<int>(std::count(said.begin(), said.end(), '\n'));
    }
};

// A hosted game and the front end's part: the game, and events applied as the loop would.
struct Table {
    Rendezvous dir;
    Host host;
    Game game;
    Options headers;
    std::vector<HostEvent> events; // every event so far
    std::vector<Client*> clients;  // pumped along with the host
    std::vector<RawPeer*> raws;

    Table(const std::string& dir_path, const Rules& rules, const std::vector<SeatKind>& seats,
          HostLimits limits = {}, const std::string& name = "test")
        : game(rules) {
        std::string e = dir.open(dir_path);
        if (e.empty()) e = host.open(dir, name, seats, {}, describe_variant(rules), limits);
        if (!e.empty()) throw std::runtime_error(e);
    }

    // Opens a watcher of this game, pumped with the host from now on.
    [[nodiscard]] std::string watch(Client& c) {
        std::string e = c.open(dir, host.name(), Role::Watch, -1, "");
        clients.push_back(&c);
        return e;
    }

    // Plays a move as the front end does after a local choice or a Move event.
    void play(int seat, Move m) {
        std::string chain = chain_name(game.position(), m, game.rules().longjumps);
        game.play(m);
        host.moved(seat, chain);
        if (game.over()) host.game_over(result_name(game.result()));
    }

    // Takes back to seat's turn, as the front end does after UndoAgreed.
    void undo_to(int seat) {
        int n = 0;
        while (game.can_undo() && (n == 0 || game.to_move() != seat)) n += game.undo();
        host.undone(n);
    }

    // One round of poll over the host, the clients and the raw peers.
    void pump_once(int timeout_ms) {
        std::vector<pollfd> fds;
        host.add_fds(fds);
        const std::size_t host_fds = fds.size();
        for (Client* c : clients)
            if (c->fd() >= 0) fds.push_back({c->fd(), c->events(), 0});
        int t = host.timeout_ms(Clock::now());
        if (t < 0 || t > timeout_ms) t = timeout_ms;
        poll(fds.data(), fds.size(), t);
        host.handle(fds.data(), host_fds, game, headers, Clock::now());
        for (HostEvent& e : host.take_events()) {
            if (e.kind == HostEvent::Kind::Move) play(e.seat, e.move);
            if (e.kind == HostEvent::Kind::UndoAgreed) undo_to(e.seat);
            events.push_back(e);
        }
        std::size_t i = host_fds;
        for (Client* c : clients)
            if (c->fd() >= 0 && i < fds.size() && fds[i].fd == c->fd()) c->handle(fds[i++].revents);
        for (RawPeer* r : raws) r->read();
    }

    // Pumps until done() holds or about two seconds pass; returns done().
    bool pump_until(const std::function<bool()>& done, int ms = 2000) {
        const auto end = Clock::now() + std::chrono::milliseconds(ms);
        while (!done() && Clock::now() < end) pump_once(20);
        return done();
    }

    [[nodiscard]] int count(HostEvent::Kind k) const {
        int n = 0;
        for (const HostEvent& e : events) n += e.kind == k;
        return n;
    }
};

// A client's view: its messages, and its copy of the game kept by apply_to_game.
struct Seen {
    std::vector<Message> messages;
    Game game;
    Options headers;
    std::string problem; // the first message that did not fit the copy

    // Takes every message the client has.
    void take(Client& c) {
        for (Message m; c.next(m);) {
            std::string e = apply_to_game(m, game, headers);
            if (!e.empty() && problem.empty()) problem = e;
            messages.push_back(m);
        }
    }
    [[nodiscard]] const Message* last(Verb v) const {
        for (auto it = messages.rbegin(); it != messages.rend(); ++it)
            if (it->verb == v) return &*it;
        return nullptr;
    }
    [[nodiscard]] int count(Verb v) const {
        int n = 0;
        for (const Message& m : messages) n += m.verb == v;
        return n;
    }
};

// The first legal move of the player to move.
inline Move first_move(const Game& g) {
    MoveList list;
    g.legal_moves(list);
    return list.empty() ? Move::pass() : list[0];
}

} // namespace net_support
