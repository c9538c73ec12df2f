// netlat: how long a move made at one terminal takes to reach the other. Runs a host and a
// joiner of a 16x16 game on two pseudo-terminals (80x24), types each move at the ':' prompt
// of the player to move, and times until the other terminal starts redrawing; the moves
// alternate between the two (chosen by the AI at level 1, seeded). Prints the median,
// and checks the host's saved record holds every move.
//   netlat HALMA [MOVES]
#include "files/record_file.hpp"
#include "halma.hpp"
#include "halma/ai.hpp"
#include "pty_term.hpp"

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
using namespace pty_term;
using halma::files::load_game_file;

namespace {

using Clock = std::chrono::steady_clock;

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
    if (!wait_text(host, "join: halma --join")) return std::puts("netlat: no host"), 1;
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
