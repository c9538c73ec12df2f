#include "start/opening.hpp"

#include "files/paths.hpp"
#include "files/record_file.hpp"
#include "play/words.hpp"

#include <cstdio>
#include <random>

namespace halma::start {

using files::autosave_path;
using files::file_exists;
using files::load_game_file;
using files::load_puzzle;
using files::read_file;
using files::read_game_text;
using files::set_aside;
using files::state_dir;
using settings::parse_seats;
using settings::SeatSpec;

using files::base_name;
using play::solo_intro;

int draw_first(const Config& cfg, int players, std::uint64_t salt) {
    std::mt19937_64 rng(cfg.seed_given ? cfg.seed + salt : std::random_device{}());
    return static_cast<int>(rng() % static_cast<std::uint64_t>(players));
}

bool adopt_record(Config& cfg, const Game& game, const Options& headers) {
    if (game.puzzle()) {
        cfg.seats.assign(1, SeatSpec{false, cfg.level});
        return true;
    }
    std::string listed = header_value(headers, "seats");
    for (char& ch : listed)
        if (ch == ' ') ch = ',';
    std::vector<SeatSpec> seats;
    if (!cfg.seats_given && !listed.empty() && parse_seats(listed, cfg.level, seats).empty() &&
        static_cast<int>(seats.size()) == game.players())
        cfg.seats = seats;
    if (static_cast<int>(cfg.seats.size()) != game.players()) {
        if (cfg.seats_given) return false;
        cfg.seats.assign(static_cast<std::size_t>(game.players()), SeatSpec{true, cfg.level});
        cfg.seats[0].ai = false;
    }
    const int movetime = parse_count(header_value(headers, "movetime"));
    if (movetime > 0) cfg.movetime_ms = movetime;
    return true;
}

namespace {

// Says what is wrong on standard error; returns the exit status.
int refuse(const std::string& message, int status = 1) {
    std::fprintf(stderr, "halma: %s\n", printable(message).c_str());
    return status;
}

// What the opening says of a loaded game: "WHAT: the puzzle's intro", or just WHAT.
std::string loaded_words(const std::string& what, const Game& game) {
    return game.puzzle() ? what + ": " + solo_intro(*game.puzzle(), false) : what;
}

// --resume: the autosave, or, when it is damaged, a new game with the file kept aside and
// the fault named (in full in the message, shortened for the status line). Returns 0, or
// the exit status when there is nothing to resume.
int resume_autosave(Config& cfg, Opening& out) {
    const std::string& path = out.autosave_file;
    if (!file_exists(path)) return refuse("no saved game to resume (" + path + " does not exist)");
    std::string text;
    if (std::string e = read_file(path, text); !e.empty()) return refuse(e);
    Options headers;
    // An empty file reads as a default game: for the autosave, which halma never leaves
    // empty, it means damage.
    TextError err = text.find_first_not_of(" \t\r\n") == std::string::npos
                        ? TextError{path, 1, {}, "the file is empty"}
                        : load_game_file(path, out.game, headers);
    if (!err.failed()) {
        if (!adopt_record(cfg, out.game, headers))
            return refuse("--seats does not match the saved game's " +
                          std::to_string(out.game.players()) + " players");
        out.resumed = true;
        out.headers = headers;
        out.record_text = text;
        out.host = header_value(headers, "host");
        out.message = out.status = loaded_words(
            out.game.puzzle() ? "Resumed the saved puzzle" : "Resumed the saved game", out.game);
        return 0;
    }
    // Kept aside, never deleted; the player gets a new game and is told why.
    const std::string aside = set_aside(path);
    const std::string kept =
        aside.empty() ? "it could not be moved aside" : "it was kept as " + aside;
    out.damaged = true;
    out.message = "the saved game is damaged: " + printable(err.message()) + "; " + kept;
    out.status = "damaged save " + base_name(path) +
                 (err.line ? " line " + std::to_string(err.line) : std::string()) + " " +
                 (aside.empty() ? "not moved" : "kept as " + base_name(aside)) +
                 "; new game (why: " + printable(err.text) + ")";
    return -1; // go on to a new game
}

// A new game of the command line's rules, the first player drawn unless given.
void new_game(const Config& cfg, Opening& out) {
    Rules r = cfg.rules;
    const bool drawn = !cfg.first_given;
    if (drawn) r.first = draw_first(cfg, r.players, 0);
    out.game.reset(r);
    out.new_game = true;
    if (out.damaged) return;
    out.message =
        "Player " + std::to_string(r.first + 1) + (drawn ? " drew the first move" : " moves first");
    out.status = out.message;
}

} // namespace

int open_review(Config& cfg, std::string_view record_text, const std::string& source,
                Opening& out) {
    Options headers;
    if (TextError e = read_game_text(record_text, out.game, headers); e.failed()) {
        e.file = source;
        return refuse(e.message());
    }
    if (!adopt_record(cfg, out.game, headers))
        return refuse("--seats does not match the record's " + std::to_string(out.game.players()) +
                      " players");
    out.headers = headers;
    out.review = true;
    out.record_text = std::string(record_text);
    out.message = out.status = loaded_words("Reviewing " + source, out.game);
    if (!cfg.seed_given) cfg.seed = std::random_device{}();
    return 0;
}

int open_game(Config& cfg, Opening& out) {
    // 1. Where the autosave lives (and whether there is one to mention).
    std::string err, dir = state_dir(err);
    out.autosave_file = dir.empty() ? "" : autosave_path(dir);
    out.saved_game_waits =
        !cfg.resume && !out.autosave_file.empty() && file_exists(out.autosave_file);
    const std::string resumable =
        out.saved_game_waits ? "; a saved game can be resumed: halma --resume" : "";
    if (!cfg.review_path.empty()) {
        std::string text;
        if (std::string e = read_file(cfg.review_path, text); !e.empty()) return refuse(e);
        out.record_file = cfg.review_path;
        return open_review(cfg, text, cfg.review_path, out);
    }
    // 2. The game the command line names: the autosave, a file, a puzzle, or a new game.
    if (cfg.resume) {
        if (dir.empty()) return refuse("cannot resume: " + err);
        if (int status = resume_autosave(cfg, out); status >= 0) return status;
    } else if (!cfg.load_path.empty()) {
        Options headers;
        if (TextError e = load_game_file(cfg.load_path, out.game, headers, &out.record_text);
            e.failed())
            return refuse(e.message());
        if (!adopt_record(cfg, out.game, headers))
            return refuse("--seats does not match the record's " +
                          std::to_string(out.game.players()) + " players");
        out.headers = headers;
        out.message = out.status = loaded_words("Loaded " + cfg.load_path, out.game);
    } else if (!cfg.solo.empty()) {
        Puzzle p;
        if (TextError e = load_puzzle(cfg.solo, p); e.failed()) return refuse(e.message(), 2);
        out.game.reset(p);
        (void)adopt_record(cfg, out.game, {});
        out.message = out.status = solo_intro(p, false) + resumable;
    }
    if (!out.resumed && cfg.load_path.empty() && cfg.solo.empty()) {
        new_game(cfg, out);
        if (!out.damaged) out.message = out.status = out.message + resumable;
    }
    // 3. The AI's seed, random unless given.
    if (!cfg.seed_given) cfg.seed = std::random_device{}();
    return 0;
}

} // namespace halma::start
