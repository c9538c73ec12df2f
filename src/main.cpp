// halma: Halma in the terminal, or with --engine the text protocol on standard input/output.
#include "club/shell.hpp"
#include "engine_protocol.hpp"
#include "tui/app.hpp"
#include "tui/config.hpp"
#include "tui/net_session.hpp"
#include "tui/settings.hpp"
#include "tui/stats.hpp"
#include "tui/storage.hpp"
#include "tui/terminal.hpp"

#include <cstdio>
#include <exception>
#include <iostream>

namespace {

constexpr const char* kVersion = "halma 1.0";

// The short usage line for a bad command line.
void short_usage(std::FILE* to) {
    std::fputs("usage: halma [--players N] [--size N] [--seats LIST] [--level N] [OPTION]...\n"
               "       halma --host NAME | --join NAME [CODE] | --watch NAME [CODE] | --games\n"
               "       halma --club [VERB ...] | --club-server [--club-dir DIR]\n"
               "       halma --engine | --help | --version\n",
               to);
}

// halma --stats: the record against the computer as a table. A damaged record is only
// reported here; the next game counted sets it aside.
int print_stats() {
    using namespace halma::tui;
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

} // namespace

int main(int argc, char** argv) {
    halma::tui::Config cfg;
    halma::tui::Startup startup;
    std::string err = halma::tui::read_settings(argc, argv, cfg, startup);
    if (!err.empty()) {
        std::fprintf(stderr, "halma: %s\n", err.c_str());
        short_usage(stderr);
        return 2;
    }
    if (cfg.help) return std::fputs(halma::tui::help_text().c_str(), stdout), 0;
    if (cfg.version) return std::puts(kVersion), 0;
    if (cfg.stats) return print_stats();
    if (cfg.list_games) return halma::tui::list_games_command();
    if (cfg.club_server) return halma::club::run_club_server(cfg.club_dir);
    if (cfg.club) {
        std::vector<std::string> words;
        for (std::string_view w : halma::split_words(cfg.club_words)) words.emplace_back(w);
        return halma::club::run_club_command(cfg.club_dir, words);
    }
    if (cfg.engine) {
        std::ios::sync_with_stdio(false);
        return halma::run_engine(std::cin, std::cout);
    }
    try {
        return halma::tui::run_terminal(cfg, startup);
    } catch (const std::exception& e) {
        halma::tui::restore_terminal();
        std::fprintf(stderr, "halma: internal error: %s\n", e.what());
        return 1;
    }
}
