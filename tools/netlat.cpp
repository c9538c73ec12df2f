// netlat: how long a move made at one terminal takes to reach the other. Runs a host and a
// joiner of a 16x16 game on two pseudo-terminals (80x24), types each move at the ':' prompt
// of the player to move, and times until the other terminal starts redrawing; the moves
// alternate between the two (chosen by the AI at level 1, seeded). Prints the median,
// and checks the host's saved record holds every move.
//   netlat HALMA [MOVES]
#include "files/record_file.hpp"
#include "halma.hpp"
#include "halma/ai.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <poll.h>
#include <pty.h>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace halma;
using halma::files::load_game_file;

namespace {

using Clock = std::chrono::steady_clock;

// A halma on a pseudo-terminal.
struct Term {
    int fd = -1;
    pid_t pid = -1;
    std::string seen; // everything it wrote
};

Term spawn(const char* halma, const std::vector<std::string>& args) {
    winsize ws{};
    ws.ws_row = 24;
    ws.ws_col = 80;
    Term t;
    t.pid = forkpty(&t.fd, nullptr, nullptr, &ws);
    if (t.pid == 0) {
        setenv("TERM", "xterm-256color", 1);
        setenv("LANG", "C.UTF-8", 1);
        setenv("LC_ALL", "C.UTF-8", 1);
        std::vector<char*> argv = {const_cast<char*>(halma)};
        for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(halma, argv.data());
        _exit(127);
    }
    return t;
}

// Reads what t writes; waits at most wait_ms for the first byte, then until quiet_ms pass
// without output. Returns whether anything came.
bool read_some(Term& t, int wait_ms, int quiet_ms) {
    bool got = false;
    for (int timeout = wait_ms;; timeout = quiet_ms) {
        pollfd p{t.fd, POLLIN, 0};
        if (poll(&p, 1, timeout) <= 0) return got;
        char buf[8192];
        const ssize_t n = read(t.fd, buf, sizeof buf);
        if (n <= 0) return got;
        t.seen.append(buf, static_cast<std::size_t>(n));
        got = true;
    }
}

// Reads until t has written text (bounded).
bool wait_text(Term& t, const std::string& text) {
    for (int i = 0; i < 100 && t.seen.find(text) == std::string::npos; ++i) read_some(t, 100, 20);
    return t.seen.find(text) != std::string::npos;
}

void type(Term& t, const std::string& keys) { (void)!write(t.fd, keys.data(), keys.size()); }

void stop(Term& t) {
    kill(t.pid, SIGTERM);
    read_some(t, 200, 50);
    close(t.fd);
    waitpid(t.pid, nullptr, 0);
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) return std::fputs("usage: netlat HALMA [MOVES]\n", stderr), 2;
    const int moves = argc > 2 ? std::atoi(argv[2]) : 50;
    char tmpl[] = "/tmp/halma-netlat-XXXXXX";
    if (!mkdtemp(tmpl)) return std::puts("netlat: no temporary directory"), 1;
    const std::string dir = tmpl, games = dir + "/games", saved = dir + "/game.halma";
    mkdir(games.c_str(), 0700);
    setenv("HALMA_GAMES_DIR", games.c_str(), 1);
    setenv("XDG_STATE_HOME", (dir + "/state").c_str(), 1);

    Term host = spawn(argv[1], {"--host", "lat", "--first", "1", "--seed", "1"});
    if (!wait_text(host, "join: halma --join lat")) return std::puts("netlat: no host"), 1;
    Term joiner = spawn(argv[1], {"--join", "lat"});
    if (!wait_text(joiner, "Joined lat")) return std::puts("netlat: cannot join"), 1;
    read_some(host, 200, 50);
    read_some(joiner, 200, 50);

    Game game(Rules::for_game(2, 16));
    ai::Limits limits;
    limits.level = 1;
    limits.movetime_ms = 20;
    std::vector<double> ms;
    for (int i = 0; i < moves && !game.over(); ++i) {
        limits.seed = static_cast<std::uint64_t>(i);
        const Move m = ai::choose_move(game, limits);
        const std::string text = chain_name(game.position(), m, false);
        Term& mover = game.to_move() == 0 ? host : joiner;
        Term& other = game.to_move() == 0 ? joiner : host;
        game.play(m);
        type(mover, ":" + text + "\r");
        const auto start = Clock::now();
        if (!read_some(other, 3000, 0))
            return std::printf("netlat: move %s never arrived\n", text.c_str()), 1;
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        read_some(mover, 300, 200); // the mover's echo, the other's hop animation: settle
        read_some(other, 300, 200);
    }
    type(host, ":save " + saved + "\r");
    Game back;
    Options headers;
    bool complete = false;
    for (int i = 0; i < 50 && !complete; ++i) {
        read_some(host, 100, 20);
        complete = !load_game_file(saved, back, headers).failed() && back.ply() == game.ply();
    }
    stop(joiner);
    stop(host);
    (void)!std::system(("rm -rf '" + dir + "'").c_str());
    if (!complete) return std::puts("netlat: the host's record lacks moves"), 1;
    std::vector<double> sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    std::printf("net: move typed at one terminal to the other's redraw: median %.2f ms, "
                "min %.2f, max %.2f over %zu moves (16x16, alternating host and joiner)\n",
                sorted[sorted.size() / 2], sorted.front(), sorted.back(), sorted.size());
    return 0;
}
