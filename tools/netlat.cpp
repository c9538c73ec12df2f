// netlat: how long a move made at one terminal takes to reach the other. Runs a host and a
// joiner of a 16x16 game on two pseudo-terminals (80x24), types each move at the ':' prompt
// of the player to move, and times until the other terminal starts redrawing; the moves
// alternate between the two (chosen by the AI at level 1, seeded). Prints the median,
// and checks the host's saved record holds every move.
//   netlat HALMA [MOVES]
// With --door the two are sessions at the club's door instead: each a command run by
// /bin/sh (ssh to the door with a key that has its player), meeting in the lobby, where
// the first seeks a 16x16 game and the second accepts it. The caller checks the club's
// record of the game (the moves played are printed).
//   netlat --door 'SSH A' 'SSH B' [MOVES]
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

// Plays moves (or until the game ends) alternating between the terminals of player 1 and
// player 2, each typed at the mover's prompt and timed until the other starts redrawing.
// Returns an empty string (ms: one time a move, game: as played) or what went wrong.
std::string time_moves(Term& first, Term& second, int moves, Game& game, std::vector<double>& ms) {
    ai::Limits limits;
    limits.level = 1;
    limits.movetime_ms = 20;
    for (int i = 0; i < moves && !game.over(); ++i) {
        limits.seed = static_cast<std::uint64_t>(i);
        const Move m = ai::choose_move(game, limits);
        const std::string text = chain_name(game.position(), m, false);
        Term& mover = game.to_move() == 0 ? first : second;
        Term& other = game.to_move() == 0 ? second : first;
        game.play(m);
        type(mover, ":" + text + "\r");
        const auto start = Clock::now();
        if (!read_some(other, 3000, 0)) return "move " + text + " never arrived";
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        read_some(mover, 300, 200); // the mover's echo, the other's hop animation: settle
        read_some(other, 300, 200);
    }
    return {};
}

void print_times(std::vector<double> ms, const char* what, const char* how) {
    std::sort(ms.begin(), ms.end());
    std::printf("%s: median %.2f ms, min %.2f, max %.2f over %zu moves (%s)\n", what,
                ms[ms.size() / 2], ms.front(), ms.back(), ms.size(), how);
}

// --door: two door sessions meet in the lobby and play.
int door_latency(const std::string& first_ssh, const std::string& second_ssh, int moves) {
    Term first = spawn("/bin/sh", {"-c", first_ssh});
    Term second = spawn("/bin/sh", {"-c", second_ssh});
    if (!wait_text(first, "HALMA CLUB") || !wait_text(second, "HALMA CLUB"))
        return std::puts("netlat: a session did not reach the lobby"), 1;
    type(first, ":seek players=2 size=16 first=1 pace=days:3\r");
    if (!wait_text(second, "1 seat open")) return std::puts("netlat: the seek did not arrive"), 1;
    read_some(second, 200, 50);
    const std::size_t lobby_seen = first.seen.size();
    type(second, ":accept 1\r");
    if (!wait_text(first, "your move") || first.seen.size() == lobby_seen)
        return std::puts("netlat: the seek was not accepted"), 1;
    type(first, "\r");
    type(second, ":play 1\r");
    if (!wait_text(first, "your turn") || !wait_text(second, "turn (")) // the boards are up
        return std::puts("netlat: the game did not open"), 1;
    read_some(first, 300, 200);
    read_some(second, 300, 200);
    Game game(Rules::for_game(2, 16));
    std::vector<double> ms;
    const std::string e = time_moves(first, second, moves, game, ms);
    type(first, "qq");
    type(second, "qq");
    stop(first);
    stop(second);
    if (!e.empty()) return std::printf("netlat: %s\n", e.c_str()), 1;
    print_times(ms, "door: a move typed in one ssh session to the other's redraw",
                "16x16, two keys through sshd on loopback, alternating");
    std::printf("door: moves played %zu\n", game.ply());
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    if (argc >= 4 && std::string(argv[1]) == "--door")
        return door_latency(argv[2], argv[3], argc > 4 ? std::atoi(argv[4]) : 50);
    if (argc < 2)
        return std::fputs("usage: netlat HALMA [MOVES] | --door 'SSH A' 'SSH B' [MOVES]\n", stderr),
               2;
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
    std::vector<double> ms;
    if (const std::string e = time_moves(host, joiner, moves, game, ms); !e.empty())
        return std::printf("netlat: %s\n", e.c_str()), 1;
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
    print_times(ms, "net: move typed at one terminal to the other's redraw",
                "16x16, alternating host and joiner");
    return 0;
}
