// halma: Halma in the terminal, or with --engine the text protocol on standard input/output.
#include "app/app.hpp"
#include "club/shell.hpp"
#include "files/paths.hpp"
#include "files/stats.hpp"
#include "protocol/session.hpp"
#include "screen/terminal.hpp"
#include "settings/command_line.hpp"
#include "settings/settings.hpp"
#include "start/door_check.hpp"
#include "start/door_session.hpp"
#include "start/invite.hpp"
#include "start/net_opening.hpp"

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <unistd.h>

namespace {

constexpr const char* kVersion = "halma 1.0";

// The short usage line for a bad command line.
void short_usage(std::FILE* to) {
    std::fputs("usage: halma [--players N] [--size N] [--seats LIST] [--level N] [OPTION]...\n"
               "       halma --review FILE | --solo [PUZZLE]\n"
               "       halma --host NAME | --join [USER/]NAME[@HOST] | --watch [USER/]NAME[@HOST]\n"
               "       halma --games | --club [VERB ...] [@HOST] | --club-server [--club-dir DIR]\n"
               "       halma --engine | --help | --version\n",
               to);
}

// halma --stats: the record against the computer as a table. A damaged record is only
// reported here; the next game counted sets it aside.
int print_stats() {
    using namespace halma::files;
    std::string why, dir = state_dir(why);
    if (dir.empty()) return std::fprintf(stderr, "halma: %s\n", why.c_str()), 1;
    Stats stats;
    if (halma::TextError e = load_stats(stats_path(dir), stats); e.failed())
        return std::fprintf(stderr,
                            "halma: damaged record %s; the next game counted sets it aside\n",
                            e.message().c_str()),
               1;
    std::fputs(render_stats(stats).c_str(), stdout);
    return 0;
}

// This program's absolute path, for the door's forced command: as sshd named it (argv[0] of
// an AuthorizedKeysCommand is the path in the configuration), else as the kernel knows it.
std::string program_path(const char* argv0) {
    if (argv0 && argv0[0] == '/') return argv0;
    char buf[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
}

// halma --door up to the lobby: true when the run is over (status set), false when the
// lobby takes the terminal. A game to watch at once (ssh -t HOST watch N) becomes the
// lobby's words.
bool open_door(halma::settings::Config& cfg, int& status) {
    bool done = false;
    long long watch = 0;
    status = halma::start::open_door(cfg.club.dir, cfg.club.door.fingerprint, done, watch);
    if (done || status) return true;
    if (watch) cfg.club.words = "watch " + std::to_string(watch);
    const std::string locale = halma::start::door_locale(
        std::getenv("LC_ALL"), std::getenv("LC_CTYPE"), std::getenv("LANG"));
    if (!locale.empty()) setenv("LC_ALL", locale.c_str(), 1);
    // The type the client's ssh sent, when this host knows it; else the common xterm's,
    // which any terminal a player uses understands well enough to draw the board.
    if (!halma::screen::terminal_type_usable(std::getenv("TERM")))
        setenv("TERM", "xterm-256color", 1);
    return false;
}

} // namespace

int main(int argc, char** argv) {
    halma::settings::Config cfg;
    halma::settings::Startup startup;
    std::string err = halma::settings::read_settings(argc, argv, cfg, startup);
    if (!err.empty()) {
        std::fprintf(stderr, "halma: %s\n", err.c_str());
        short_usage(stderr);
        return 2;
    }
    for (int i = 1; cfg.network.code_at && i < argc; ++i) // others can read the command line
        if (argv[i] == cfg.network.code_at) {
            halma::start::wipe_argument(argv[i]);
            std::fprintf(stderr, "halma: %s\n", halma::start::kCodeOnCommandLine);
        }
    using halma::settings::Mode;
    switch (cfg.mode) {
    case Mode::Help:
        return std::fputs(halma::settings::help_text().c_str(), stdout), 0;
    case Mode::Version:
        return std::puts(kVersion), 0;
    case Mode::Stats:
        return print_stats();
    case Mode::Games:
        return halma::start::list_games_command();
    case Mode::ClubServer:
        return halma::club::run_club_server(cfg.club.dir, cfg.club.store);
    case Mode::Club: {
        std::vector<std::string> words;
        for (std::string_view w : halma::split_words(cfg.club.words)) words.emplace_back(w);
        if (words.empty()) break; // the lobby, in the terminal
        if (!cfg.network.remote.host.empty())
            return halma::club::run_remote_club_command(cfg.network.remote.host,
                                                        cfg.network.remote.command, words);
        return halma::club::run_club_command(cfg.club.dir, cfg.club.store, words);
    }
    case Mode::Door:
        if (int status = 0; open_door(cfg, status)) return status;
        break; // the lobby, in the terminal
    case Mode::DoorKeys:
        return halma::start::run_door_keys(program_path(argv[0]), cfg.club.dir, cfg.club.door.keys);
    case Mode::DoorCheck:
        return halma::start::run_door_check(cfg.club.dir, cfg.club.door.check);
    case Mode::Relay:
        return halma::start::run_relay(cfg.club.door.relay);
    case Mode::Engine:
        std::ios::sync_with_stdio(false);
        return halma::protocol::run_engine(std::cin, std::cout);
    case Mode::Play:
        break;
    }
    try {
        return halma::app::run_terminal(cfg, startup);
    } catch (const std::exception& e) {
        halma::screen::restore_terminal();
        std::fprintf(stderr, "halma: internal error: %s\n", e.what());
        return 1;
    }
}
