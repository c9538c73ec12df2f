// Solitaire in the front end (issue 7): the puzzle takes the game's place, played with the
// same keys, chains and commands; a solve is scored against par and the best kept.
#include "tui/app_state.hpp"

#include "record_file.hpp"
#include "tui/scores.hpp"
#include "tui/session.hpp"
#include "tui/storage.hpp"

#include <algorithm>
#include <cstdio>

namespace halma::tui {

namespace {

// The landings of a move on a position (start and end when it is a step).
std::vector<int> landings(const Position& pos, Move m, bool longjumps) {
    std::vector<int> path = hop_path(pos, m.from(), m.to(), longjumps);
    if (path.empty()) path = {m.from(), m.to()};
    return path;
}

// The squares of a spelled-out chain typed at the prompt ("a1-c3-e5"); empty for "a1-b2".
std::vector<int> typed_path(const std::string& text, int size) {
    std::vector<int> path;
    if (std::count(text.begin(), text.end(), '-') < 2) return path;
    for (std::size_t s = 0;;) {
        std::size_t d = text.find('-', s);
        path.push_back(parse_square(text.substr(s, d == std::string::npos ? d : d - s), size));
        if (d == std::string::npos) break;
        s = d + 1;
    }
    return path;
}

} // namespace

// Starts a built-in puzzle afresh (from the new-game form).
void App::start_solo(const std::string& name) {
    solo::Puzzle p;
    if (!solo::builtin_puzzle(name, p)) {
        form_error_ = "unknown puzzle " + name;
        return;
    }
    stop_thinking();
    anim_.reset();
    solo_ = solo::SoloGame(p);
    screen_ = Screen::Board;
    form_.reset();
    set_status(solo_intro(p));
    cursor_ = kNoSquare;
    solo_after_change();
}

// The move list shown in the panel and the last move's path.
void App::solo_history() {
    history_.clear();
    history_movers_.clear();
    last_path_.clear();
    Position pos = solo_->initial();
    const bool lj = solo_->rules().longjumps;
    const std::size_t n = solo_->ply(), keep = 30;
    for (std::size_t i = 0; i < n; ++i) {
        Move m = solo_->move_at(i);
        if (i + keep >= n) {
            history_.push_back(std::to_string(i + 1) + ". " + chain_name(pos, m, lj));
            history_movers_.push_back(0);
            if (i + 1 == n) last_path_ = landings(pos, m, lj);
        }
        pos.do_move(m);
    }
}

// Whatever follows a change of the puzzle: history, marks, the cursor, and when a move
// played here solves it, the score (a solved record loaded or resumed is not scored again).
void App::solo_after_change(bool played) {
    builder_.clear();
    hint_path_.clear();
    solo_history();
    const solo::SoloGame& g = *solo_;
    const int size = g.puzzle().size;
    if (cursor_ == kNoSquare || file_of(cursor_) >= size || rank_of(cursor_) >= size) {
        cursor_ = g.position().pieces(0).first();
        if (cursor_ == kNoSquare) cursor_ = 0;
    }
    const solo::Status st = g.status();
    if (st == solo::Status::Playing) return;
    const std::string keys = "  n new game, u undo, q quit";
    if (resumed && !autosave_file.empty()) std::remove(autosave_file.c_str());
    if (st == solo::Status::Failed) {
        set_status("Failed after " + std::to_string(g.moves()) + " moves" +
                   (g.puzzle().limit > 0 && g.moves() >= g.puzzle().limit ? " (the move limit)"
                                                                          : " (no move left)") +
                   "." + keys);
        return;
    }
    std::string words = "Solved in " + std::to_string(g.moves()) + " moves";
    if (g.puzzle().par > 0) {
        int d = g.moves() - g.puzzle().par;
        words += ", par " + std::to_string(g.puzzle().par) +
                 (d == 0  ? " (on par)"
                  : d > 0 ? " (" + std::to_string(d) + " over)"
                          : " (" + std::to_string(-d) + " under!)");
    }
    if (!played) {
        set_status(words + "." + keys);
        return;
    }
    std::string err, dir = state_dir(err);
    if (!dir.empty()) err = make_dirs(dir);
    if (dir.empty() || !err.empty()) {
        set_status(words + "; score not saved: " + err + "." + keys, true);
        return;
    }
    ScoreOutcome r = record_score(scores_path(dir), g, today());
    // Trouble with the file goes first (the panel shows the solve), and again at exit.
    if (r.error) {
        set_status(r.message, true);
        exit_message_ = "halma: " + r.message;
    } else {
        set_status(words + "; " + r.message + "." + keys);
    }
}

// Chooses the square under the cursor on the puzzle.
void App::solo_choose(int sq) {
    hint_path_.clear();
    if (solo_->over()) {
        set_status("the puzzle is over: n new game, u undo, q quit");
        return;
    }
    ChooseResult r = builder_.choose(MoveContext::of(*solo_), sq);
    if (r.kind == ChooseKind::Played)
        solo_play(r.move, r.path);
    else
        show_choice(r, sq);
}

// Plays a move on the puzzle, keeping the exact chain for the mark.
void App::solo_play(Move m, std::vector<int> path) {
    if (!solo_->play(m)) {
        set_status("illegal move " + move_name(m), true);
        return;
    }
    set_status({});
    solo_after_change(true);
    if (path.size() >= 2) last_path_ = std::move(path);
}

// Takes back the last move.
void App::solo_undo() {
    if (!solo_->undo()) {
        set_status("nothing to undo", true);
        return;
    }
    set_status("undone: " + std::to_string(solo_->moves()) + " moves made (R redoes)");
    solo_after_change();
}

// Plays again the last move taken back.
void App::solo_redo() {
    if (!solo_->redo()) {
        set_status("nothing to redo", true);
        return;
    }
    set_status("redone");
    solo_after_change(true);
}

// Asks the solver for a next move, within a budget short enough not to hold up the screen.
void App::solo_hint() {
    if (solo_->over()) {
        set_status("the puzzle is over", true);
        return;
    }
    // The search is short (about 0.1 s, never over 0.4 s), so it runs here; say so first.
    set_status("looking for a hint...");
    render();
    solo::SolverLimits limits;
    limits.max_nodes = 200000;
    limits.max_width = 256;
    limits.max_ms = 400;
    Move m = solo::hint(*solo_, limits);
    if (m.is_none()) {
        set_status("hint: no move found", true);
        return;
    }
    builder_.clear();
    hint_path_ = landings(solo_->position(), m, solo_->rules().longjumps);
    cursor_ = m.from();
    set_status("hint: " + path_name(hint_path_) + " (marked ?)");
}

// Runs a prompt command on the puzzle: moves, save and load here, the rest as in a game.
// A solo record or a puzzle file loaded during a game of Halma switches to the puzzle.
bool App::solo_command(const Command& c) {
    using K = Command::Kind;
    if (c.kind == K::Load && !c.arg.empty() && is_solo_file(c.arg)) {
        solo::SoloGame g(solo::Puzzle{});
        if (std::string err = load_solo_file(c.arg, g); !err.empty()) {
            set_status(err, true);
            return true;
        }
        stop_thinking();
        anim_.reset();
        solo_ = g;
        cursor_ = kNoSquare;
        set_status("loaded " + c.arg + ": " + solo_intro(g.puzzle()));
        solo_after_change();
        return true;
    }
    if (!solo_) return false;
    switch (c.kind) {
    case K::Move: {
        solo::ParsedSoloMove pm = solo::parse_solo_move(*solo_, c.arg);
        if (!pm.error.empty()) {
            set_status(c.arg + ": " + pm.error, true);
            return true;
        }
        builder_.clear();
        solo_play(pm.move, typed_path(c.arg, solo_->puzzle().size));
        return true;
    }
    case K::Save: {
        if (c.arg.empty()) {
            set_status("save needs a file name: :save FILE", true);
            return true;
        }
        std::string err = write_file_atomically(c.arg, solo::write_solo_record(*solo_));
        if (err.empty())
            set_status("saved to " + c.arg);
        else
            set_status(err, true);
        return true;
    }
    case K::Load: {
        if (c.arg.empty()) return false; // the game's own message
        Game g;
        Options h;
        if (std::string err = load_record(c.arg, g, h); !err.empty()) {
            set_status(err, true);
            return true;
        }
        // A game record ends the puzzle: the game's own loading takes it from here.
        solo_.reset();
        return false;
    }
    default:
        return false;
    }
}

// Saves an unfinished puzzle where --resume finds it.
void App::solo_autosave() {
    if (solo_->over() || solo_->moves() == 0) return;
    std::string err, dir = state_dir(err);
    if (!dir.empty()) err = make_dirs(dir);
    if (dir.empty() || !err.empty()) {
        exit_message_ = "halma: puzzle not saved: " + err;
        return;
    }
    std::string path = autosave_path(dir);
    if (err = write_file_atomically(path, solo::write_solo_record(*solo_)); !err.empty())
        exit_message_ = "halma: puzzle not saved: " + err;
    else
        exit_message_ = "halma: puzzle saved to " + path + "; halma --resume continues it";
}

} // namespace halma::tui
