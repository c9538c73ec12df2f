// What the loop keeps on disk, through files/: the autosave of an unfinished game (the one
// there before moved into the saves folder, never lost), a game kept in the saves folder
// when another replaces it, a solved puzzle's score or figure, the record against the
// computer, the new-game form's choices as the defaults, and the record written (its review's
// analysis with it).
#include "app/app_state.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "files/paths.hpp"
#include "files/record_file.hpp"
#include "files/saves.hpp"
#include "files/solo_scores.hpp"
#include "files/stats.hpp"
#include "play/words.hpp"
#include "settings/settings.hpp"
#include "think/kept_analysis.hpp"

namespace halma::app {

Options App::headers() const {
    Options h{{"movetime", std::to_string(cfg_.movetime_ms)}};
    if (!board_.game.puzzle()) h.insert(h.begin(), {"seats", settings::seats_text(cfg_.seats)});
    if (!board_.game.puzzle() && !net_.active()) {
        const std::vector<std::string> names = seat_names();
        for (std::size_t p = 0; p < names.size(); ++p)
            if (!names[p].empty()) h.push_back({"player" + std::to_string(p + 1), names[p]});
    }
    if (net_.hosting()) h.push_back({"host", net_.hosted_name()});
    h.push_back({"clock", meters_.clocks.header(play::SeatClocks::Clock::now())});
    if (standing_.hints_used) h.push_back({"hints", "used"});
    return h;
}

// Saves an unfinished game (or puzzle) where --resume finds it (quitting, SIGHUP, SIGTERM,
// SIGINT); an autosave of another game already there goes to the saves folder first. Says
// what happened in the exit message; false when the game could not be kept.
bool App::autosave() {
    if (places_.door) return true; // the door's account keeps nothing for a key
    if (net_.following() || board_.game.over() || board_.game.ply() == 0)
        return true; // nothing to keep
    const std::string what = board_.game.puzzle() ? "puzzle" : "game";
    std::string err, dir = files::ready_state_dir(err);
    if (dir.empty()) {
        exit_.message = "halma: " + what + " not saved: " + err;
        return false;
    }
    const std::string path = files::autosave_path(dir);
    std::string moved, moved_to;
    if (!places_.autosave_ours && files::file_exists(path)) {
        const std::string name = files::dated_name("autosave");
        moved_to = files::save_file(name, true, err);
        if (!moved_to.empty() && std::rename(path.c_str(), moved_to.c_str()) != 0)
            err = std::strerror(errno);
        if (!err.empty()) {
            exit_.message = "halma: " + what + " not saved: the game kept before in " + path +
                            " could not be moved to your saves (" + err + ")";
            return false;
        }
        moved = "; the game kept before is in your saves as " + name;
    }
    if (err = files::write_file_atomically(path, record_text()); !err.empty()) {
        // The game kept before goes back where --resume finds it.
        if (!moved_to.empty()) (void)std::rename(moved_to.c_str(), path.c_str());
        exit_.message = "halma: " + what + " not saved: " + err;
        return false;
    }
    places_.autosave_ours = true;
    exit_.message =
        "halma: " + what + " saved to " + path + "; halma --resume continues it" + moved;
    return true;
}

// Saves the game in progress in the saves folder under a dated name (PREFIX-DATE-TIME) and
// returns the name; "" with why on the status line when it cannot be kept.
std::string App::keep_in_saves(const std::string& prefix) {
    std::string err;
    const std::string name = files::dated_name(prefix);
    const std::string path = files::save_file(name, true, err);
    if (path.empty() || !(err = files::write_file_atomically(path, record_text())).empty()) {
        status_.set("the game in progress could not be kept: " + err, true);
        return {};
    }
    return name;
}

Standing::Said Standing::record_solve(const Game& game) {
    const std::string solved = play::solved_words(*game.puzzle(), static_cast<int>(game.ply()));
    std::string err, dir = files::ready_state_dir(err);
    if (dir.empty()) return {solved + "; score not saved: " + err, true, {}};
    const bool figures = files::keeps_figures(*game.puzzle());
    const std::string path = files::scores_path(dir);
    const files::ScoreOutcome r = figures ? files::record_figure(path, game, files::today())
                                          : files::record_score(path, game, files::today());
    if (figures) figures_found = r.figures;
    // The game-over box says how the solve stands against what is kept.
    words = r.message;
    if (figures && !r.error) words += "; figures found: " + std::to_string(r.figures) + " of 50";
    // Trouble with the file goes first (the panel shows the solve), and again at exit.
    if (r.error) return {r.message, true, "halma: " + r.message};
    return {solved + "; " + r.message, false, {}};
}

Standing::Said Standing::record_stats(const Game& game, const std::vector<SeatSpec>& seats) {
    if (stats_counted) return {};
    std::vector<int> levels;
    for (const SeatSpec& s : seats) {
        if (s.remote) return {}; // a remote seat's person is at another terminal
        levels.push_back(s.ai ? s.level : 0);
    }
    std::optional<files::GameTally> tally = files::tally_game(game, levels);
    if (!tally) return {}; // not one person against the computer
    tally->hints = hints_used;
    stats_counted = true;
    std::string err, dir = files::ready_state_dir(err);
    if (dir.empty()) return {"the game is not counted in your record: " + err, true, {}};
    const files::StatsOutcome r = files::record_game(files::stats_path(dir), *tally);
    // A game with hints: how the games with hints stand, after why this one is among them.
    if (!r.error && tally->hints)
        words = std::string(tally->verdict == files::Verdict::Won
                                ? "won with a hint, so kept apart from your wins; "
                                : "a hint was given, so the game is kept apart; ") +
                files::standing_line(r.entry);
    else if (!r.error)
        words = files::standing_line(r.entry) +
                (r.new_best ? "; your fewest moves to win: " + std::to_string(r.entry.fewest) : "");
    if (r.message.empty()) return {};
    return {printable(r.message), r.error, "halma: " + printable(r.message)};
}

void Standing::count_figures(const Game& game) {
    figures_found = -1;
    const Puzzle* p = game.puzzle();
    if (!p || !files::keeps_figures(*p)) return;
    std::string err, dir = files::state_dir(err);
    figures_found = dir.empty() ? 0 : files::figures_found(files::scores_path(dir), *p);
}

// Saves the game settings the form shows as the defaults of new runs, in the config file
// (the rest of it kept). Returns what to say; failed says whether it is an error.
std::string App::save_defaults(const play::NewGameForm& form, bool& failed) {
    Rules rules;
    std::vector<SeatSpec> seats;
    bool first_random = true;
    failed = true;
    if (places_.door) return "not saved: the door keeps no files";
    if (std::string err = form.build(rules, seats, first_random); !err.empty())
        return "not saved: " + err;
    if (places_.prefs_file.empty())
        return "not saved: neither XDG_CONFIG_HOME nor HOME names a place";
    if (TextError e = settings::save_prefs(
            places_.prefs_file, settings::game_settings(rules, seats, first_random, cfg_.names));
        e.failed())
        return "not saved: " + printable(e.message());
    failed = false;
    return "saved as the defaults in " + places_.prefs_file;
}

std::string App::record_text() const {
    const std::string record = write_record(board_.game, headers());
    if (!review_.judge.judged_whole(board_.game)) return record;
    return record + think::analysis_comments(board_.game, review_.judge.analysis());
}

} // namespace halma::app
