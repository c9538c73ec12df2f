#include "tui/session.hpp"

#include "record_file.hpp"
#include "tui/storage.hpp"

#include <cstdio>
#include <random>

namespace halma::tui {

// The text with control characters (a damaged file's bytes) shown as '?'.
std::string printable(std::string text) {
    for (char& ch : text)
        if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) ch = '?';
    return text;
}

// The last part of a path.
std::string base_name(const std::string& path) {
    std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Seats from a record's "seats" header, when it fits the game.
bool seats_from_header(const Options& h, int players, int level, std::vector<SeatSpec>& out) {
    std::string v = header_value(h, "seats");
    if (v.empty()) return false;
    for (char& ch : v)
        if (ch == ' ') ch = ',';
    std::vector<SeatSpec> seats;
    if (!parse_seats(v, level, seats).empty() || static_cast<int>(seats.size()) != players)
        return false;
    out = seats;
    return true;
}

// Draws who starts when the first player is not given.
int draw_first(const Config& cfg, int players, std::uint64_t salt) {
    std::mt19937_64 rng(cfg.seed_given ? cfg.seed + salt : std::random_device{}());
    return static_cast<int>(rng() % static_cast<std::uint64_t>(players));
}

std::string solo_intro(const solo::Puzzle& p) {
    std::string s = "Solitaire " + p.name + (p.title.empty() ? "" : ": " + p.title);
    if (p.par > 0) s += "; par " + std::to_string(p.par);
    if (p.limit > 0) s += ", at most " + std::to_string(p.limit) + " moves";
    return s;
}

std::string load_solo_file(const std::string& path, solo::SoloGame& out) {
    std::string text;
    if (std::string e = read_file(path, text); !e.empty()) return e;
    if (!solo::is_solo_record(text)) {
        solo::Puzzle p;
        if (std::string e = solo::read_puzzle(text, p); !e.empty()) return path + ": " + e;
        out = solo::SoloGame(p);
        return {};
    }
    if (std::string e = solo::read_solo_record(text, out); !e.empty()) return path + ": " + e;
    return {};
}

bool is_solo_file(const std::string& path) {
    std::string text;
    solo::Puzzle p;
    return read_file(path, text).empty() &&
           (solo::is_solo_record(text) || solo::read_puzzle(text, p).empty());
}

int open_game(Config& cfg, Opening& out) {
    Game game(cfg.rules);
    std::string opening;
    bool resumed = false;
    const bool first_random = !cfg.first_given;
    std::string err, dir = state_dir(err), autosave_file = dir.empty() ? "" : autosave_path(dir);
    auto adopt_record = [&](const Options& h) {
        std::vector<SeatSpec> seats;
        if (!cfg.seats_given && seats_from_header(h, game.players(), cfg.level, seats))
            cfg.seats = seats;
        if (static_cast<int>(cfg.seats.size()) != game.players()) {
            if (cfg.seats_given) return false;
            cfg.seats.assign(game.players(), SeatSpec{true, cfg.level});
            cfg.seats[0].ai = false;
        }
        int mt = parse_count(header_value(h, "movetime"));
        if (mt > 0) cfg.movetime_ms = mt;
        return true;
    };
    std::string damaged;
    if (cfg.resume) {
        if (dir.empty()) return std::fprintf(stderr, "halma: cannot resume: %s\n", err.c_str()), 1;
        if (!file_exists(autosave_file))
            return std::fprintf(stderr, "halma: no saved game to resume (%s does not exist)\n",
                                autosave_file.c_str()),
                   1;
        Options h;
        std::string text;
        if (std::string e = read_file(autosave_file, text); !e.empty())
            return std::fprintf(stderr, "halma: %s\n", e.c_str()), 1;
        if (solo::is_solo_record(text)) {
            solo::SoloGame g(solo::Puzzle{});
            if (std::string e = load_solo_file(autosave_file, g); !e.empty()) {
                std::string aside = set_aside(autosave_file);
                std::fprintf(stderr, "halma: the saved puzzle is damaged: %s\n",
                             printable(e).c_str());
                if (!aside.empty())
                    std::fprintf(stderr, "halma: it was kept as %s\n", aside.c_str());
                return 1;
            }
            out.solo = g;
            out.message = out.status = "Resumed the saved puzzle: " + solo_intro(g.puzzle());
            out.resumed = true;
            out.autosave_file = autosave_file;
            return 0;
        }
        // An empty file reads as a default game: for the autosave, which halma never
        // leaves empty, it means damage.
        std::string e = text.find_first_not_of(" \t\r\n") == std::string::npos
                            ? autosave_file + ": line 1: the file is empty"
                            : load_record(autosave_file, game, h);
        if (!e.empty()) {
            // Kept aside, never deleted; the player gets a new game and is told why.
            std::string aside = set_aside(autosave_file);
            e = printable(e);
            damaged = "the saved game is damaged: " + e + "; " +
                      (aside.empty() ? "it could not be moved aside" : "it was kept as " + aside);
            // The status line is narrow: what was done first, file names without directory.
            const std::size_t n = autosave_file.size();
            std::string why = e.compare(0, n, autosave_file) == 0 ? e.substr(n) : ": " + e;
            std::string where =
                why.rfind(": line ", 0) == 0 ? why.substr(1, why.find(':', 2) - 1) : std::string();
            out.status = "damaged save " + base_name(autosave_file) + where + " " +
                         (aside.empty() ? "not moved" : "kept as " + base_name(aside)) +
                         "; new game (why" + why + ")";
        } else {
            if (!adopt_record(h))
                return std::fprintf(stderr,
                                    "halma: --seats does not match the saved game's %d players\n",
                                    game.players()),
                       1;
            resumed = true;
            opening = "Resumed the saved game";
        }
    } else if (!cfg.load_path.empty() && is_solo_file(cfg.load_path)) {
        solo::SoloGame g(solo::Puzzle{});
        if (std::string e = load_solo_file(cfg.load_path, g); !e.empty())
            return std::fprintf(stderr, "halma: %s\n", printable(e).c_str()), 1;
        out.solo = g;
        out.message = out.status = "Loaded " + cfg.load_path + ": " + solo_intro(g.puzzle());
        out.autosave_file = autosave_file;
        return 0;
    } else if (!cfg.solo.empty()) {
        solo::Puzzle p;
        if (std::string e = load_puzzle(cfg.solo, p); !e.empty())
            return std::fprintf(stderr, "halma: %s\n", printable(e).c_str()), 2;
        out.solo = solo::SoloGame(p);
        out.message = solo_intro(p);
        if (!autosave_file.empty() && file_exists(autosave_file))
            out.message += "; a saved game can be resumed: halma --resume";
        out.status = out.message;
        out.autosave_file = autosave_file;
        return 0;
    } else if (!cfg.load_path.empty()) {
        Options h;
        if (std::string e = load_record(cfg.load_path, game, h); !e.empty())
            return std::fprintf(stderr, "halma: %s\n", printable(e).c_str()), 1;
        if (!adopt_record(h))
            return std::fprintf(stderr, "halma: --seats does not match the record's %d players\n",
                                game.players()),
                   1;
        opening = "Loaded " + cfg.load_path;
    }
    if (!resumed && cfg.load_path.empty()) {
        Rules r = cfg.rules;
        if (first_random) r.first = draw_first(cfg, r.players, 0);
        game.reset(r);
        opening = first_random ? "Player " + std::to_string(r.first + 1) + " drew the first move"
                               : "Player " + std::to_string(r.first + 1) + " moves first";
        if (!autosave_file.empty() && file_exists(autosave_file))
            opening += "; a saved game can be resumed: halma --resume";
    }
    if (!cfg.seed_given) cfg.seed = std::random_device{}();
    out.game = game;
    out.message = damaged.empty() ? opening : damaged;
    if (damaged.empty()) out.status = opening;
    out.damaged = !damaged.empty();
    out.resumed = resumed;
    out.autosave_file = autosave_file;
    return 0;
}

} // namespace halma::tui
