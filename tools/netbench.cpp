// netbench: what network play costs. Hosts a game in a temporary rendezvous directory and
//  1. connects N watchers from a child process: the host's memory per extra watcher (heap
//     growth divided by N; the kernel's socket buffers are not in it);
//  2. plays a whole 2-player game (AI level 1 for both seats, seeded) with one seat joined
//     from a client and one watcher: bytes on the socket per move, each way.
//   netbench [SIZE [WATCHERS]]
#include "halma.hpp"
#include "halma/ai.hpp"
#include "net/client.hpp"
#include "net/host.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace halma;
using namespace halma::net;

namespace {

// The bytes of heap in use.
std::size_t heap_bytes() { return mallinfo2().uordblks; }

// The resident set of this process in KiB.
long rss_kib() {
    std::ifstream in("/proc/self/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
    return 0;
}

// A hosted game and its front end's part, pumped together with in-process clients.
struct Bench {
    Rendezvous dir;
    Host host;
    Game game;
    Options headers;

    void pump(std::vector<Client*> clients, int timeout_ms) {
        std::vector<pollfd> fds;
        host.add_fds(fds);
        const std::size_t n = fds.size();
        for (Client* c : clients) fds.push_back({c->fd(), c->events(), 0});
        poll(fds.data(), fds.size(), timeout_ms);
        host.handle(fds.data(), n, game, headers, Clock::now());
        for (const HostEvent& e : host.take_events())
            if (e.kind == HostEvent::Kind::Move) {
                std::string chain = chain_name(game.position(), e.move, game.rules().longjumps);
                game.play(e.move);
                host.moved(e.seat, chain);
            }
        for (std::size_t i = 0; i < clients.size(); ++i) clients[i]->handle(fds[n + i].revents);
    }
};

// Plays a game with seat 2 joined from a client; prints the bytes per move each way.
void bytes_per_move(Bench& b, int size) {
    Client joiner, watcher;
    Game copy, seen;
    Options h;
    if (!joiner.open(b.dir, "bench", Role::Play, 1, "").empty() ||
        !watcher.open(b.dir, "bench", Role::Watch, -1, "").empty())
        return (void)std::puts("netbench: cannot join");
    std::size_t sent = 0, sent_moves = 0, received = 0, moves = 0;
    bool joined = false, waiting = false;
    ai::Limits limits;
    limits.level = 1;
    limits.movetime_ms = 5;
    for (int step = 0; step < 200000 && !b.game.over() && b.game.ply() < 600; ++step) {
        b.pump({&joiner, &watcher}, 5);
        for (Message m; joiner.next(m);) {
            if (m.verb == Verb::Error) std::printf("netbench: %s\n", m.text.c_str());
            joined = joined || m.verb == Verb::Watchers;
            waiting = waiting && m.verb != Verb::Moved;
            (void)apply_to_game(m, copy, h);
        }
        for (Message m; watcher.next(m);) {
            if (m.verb == Verb::Moved) received += write_message(m).size(), ++moves;
            (void)apply_to_game(m, seen, h);
        }
        if (!joined || waiting || copy.ply() != b.game.ply()) continue;
        limits.seed = b.game.ply();
        if (b.game.to_move() == 0) { // the host's own seat
            Move m = ai::choose_move(b.game, limits);
            std::string chain = chain_name(b.game.position(), m, false);
            b.game.play(m);
            b.host.moved(0, chain);
        } else { // the joined seat, from its copy of the game
            Message line;
            line.verb = Verb::Move;
            line.word = chain_name(copy.position(), ai::choose_move(copy, limits), false);
            sent += write_message(line).size();
            ++sent_moves;
            joiner.send(line);
            waiting = true;
        }
    }
    for (int i = 0; i < 50 && seen.ply() < b.game.ply(); ++i) { // the last move's way out
        b.pump({&joiner, &watcher}, 5);
        for (Message m; watcher.next(m);) {
            if (m.verb == Verb::Moved) received += write_message(m).size(), ++moves;
            (void)apply_to_game(m, seen, h);
        }
    }
    std::printf("net: %dx%d game of %zu moves (AI level 1 both sides, seeded): %.1f bytes per "
                "move host to each client, %.1f client to host\n",
                size, size, moves, moves ? static_cast<double>(received) / moves : 0.0,
                sent_moves ? static_cast<double>(sent) / sent_moves : 0.0);
    if (seen.position() != b.game.position()) std::puts("net: the watcher's copy differs!");
}

// Connects n watchers from a child process; prints the host's memory per watcher.
void memory_per_watcher(Bench& b, int n) {
    for (int i = 0; i < 20; ++i) b.pump({}, 1); // settle
    const long before = rss_kib();
    const std::size_t heap_before = heap_bytes();
    const pid_t child = fork();
    if (child == 0) {
        std::vector<Client> watchers(static_cast<std::size_t>(n));
        for (Client& w : watchers)
            if (!w.open(b.dir, "bench", Role::Watch, -1, "").empty()) _exit(1);
        pause(); // read nothing more: the watchers idle
        _exit(0);
    }
    for (int i = 0; i < 20000 && b.host.watchers() < n; ++i) b.pump({}, 10);
    for (int i = 0; i < 20; ++i) b.pump({}, 1);
    const long after = rss_kib();
    const std::size_t heap_after = heap_bytes();
    const int got = b.host.watchers();
    kill(child, SIGTERM);
    waitpid(child, nullptr, 0);
    std::printf("net: host memory per idle watcher: %.0f bytes of heap (resident set %ld -> %ld "
                "KiB over %d watchers; kernel socket buffers not counted)\n",
                got ? (static_cast<double>(heap_after) - static_cast<double>(heap_before)) / got
                    : 0.0,
                before, after, got);
}

} // namespace

int main(int argc, char** argv) {
    const int size = argc > 1 ? std::atoi(argv[1]) : 16;
    const int watchers = argc > 2 ? std::atoi(argv[2]) : 100;
    char tmpl[] = "/tmp/halma-netbench-XXXXXX";
    if (!mkdtemp(tmpl)) return std::puts("netbench: no temporary directory"), 1;
    Rules rules = Rules::for_game(2, size);
    HostLimits limits;
    limits.admission.max_connections = static_cast<std::size_t>(watchers) + 8;
    limits.admission.max_waiting_per_user = static_cast<std::size_t>(watchers); // one user's burst
    int status = 0;
    {
        Bench b;
        b.game = Game(rules);
        std::string e = b.dir.open(tmpl);
        if (e.empty())
            e = b.host.open(b.dir, "bench", {SeatKind::Local, SeatKind::Remote}, {},
                            describe_variant(rules), limits);
        if (!e.empty()) {
            std::printf("netbench: %s\n", e.c_str());
            status = 1;
        } else {
            memory_per_watcher(b, watchers); // first, while the heap has no holes to reuse
            bytes_per_move(b, size);
        }
    }
    rmdir(tmpl);
    return status;
}
