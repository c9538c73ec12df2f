#include "tui/app_state.hpp"

#include "halma/solo/catalogue.hpp"
#include "halma/solo/figures.hpp"
#include "record_file.hpp"
#include "tui/scores.hpp"
#include "tui/session.hpp"
#include "tui/settings.hpp"
#include "tui/stats.hpp"
#include "tui/storage.hpp"
#include "tui/terminal.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace halma::tui {

namespace {

// Text with its first letter in upper case, to open a sentence.
std::string capitalised(std::string text) {
    if (!text.empty())
        text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    return text;
}

// "Solved in N moves, par P (on par)": a solve against the puzzle's par.
std::string solved_words(const Puzzle& p, int moves) {
    std::string words = "Solved in " + std::to_string(moves) + " moves";
    if (p.par <= 0) return words;
    const int d = moves - p.par;
    return words + ", par " + std::to_string(p.par) +
           (d == 0  ? " (on par)"
            : d > 0 ? " (" + std::to_string(d) + " over)"
                    : " (" + std::to_string(-d) + " under!)");
}

} // namespace

// Recomputes the move list shown in the panel and the last move's path.
void App::rebuild_history() {
    history_.clear();
    history_movers_.clear();
    last_path_.clear();
    Game replay = game_.rewound();
    const std::size_t n = game_.ply(), keep = 30;
    for (std::size_t i = 0; i < n; ++i) {
        const Move m = game_.move_at(i);
        if (i + keep >= n) {
            const int mover = replay.to_move();
            history_.push_back(std::to_string(replay.moves_made(mover) + 1) + ". " +
                               chain_name(replay.position(), m, game_.rules().longjumps));
            history_movers_.push_back(mover);
            if (i + 1 == n) last_path_ = move_path(replay.position(), m, game_.rules().longjumps);
        }
        replay.make(m);
    }
}

// Puts the cursor on the piece to move nearest the target camp (a puzzle: its first piece).
void App::place_cursor() {
    const int owner = game_.owner_to_move();
    const Bitboard pieces = game_.position().pieces(owner);
    const int aim = game_.camps().target[owner].first();
    if (game_.puzzle() || aim == kNoSquare) {
        if (pieces.any()) cursor_ = pieces.first();
        return;
    }
    int best = kNoSquare, best_d = 99;
    for_each_square(pieces, [&](int sq) {
        const int d = king_distance(sq, aim);
        if (d < best_d) best_d = d, best = sq;
    });
    if (best != kNoSquare) cursor_ = best;
}

// At the start of a game: the cursor where the first person to play will want it (their
// home camp, when the computer moves first).
void App::cursor_to_first_human() {
    place_cursor();
    if (seat_is_local(game_.to_move())) return;
    for (int p = 0; p < game_.players(); ++p)
        if (seat_is_local(p)) {
            cursor_ = game_.camps().home[p].first();
            return;
        }
}

// Whatever follows a change of the game: history, marks, and the next turn, or the end
// (by_move: a move was just played here, so a solved puzzle is scored).
void App::after_change(bool by_move) {
    // A hint still being looked for is for a position that is gone.
    if (worker_.busy() && worker_.purpose() == kForHint) worker_.cancel();
    builder_.clear();
    hint_path_.clear();
    rebuild_history();
    const int size = board_size();
    if (file_of(cursor_) >= size || rank_of(cursor_) >= size) place_cursor();
    if (!game_.over()) {
        // A figure puzzle says at once when a move has put the figure out of reach.
        if (const std::string why = solo::out_of_reach(game_); by_move && !why.empty())
            set_status(capitalised(why) + ".  u undo", true);
        return turn_started();
    }
    game_over();
    if (by_move && game_.puzzle() && game_.result().outcome == Outcome::Won) record_solve();
    if (by_move && !game_.puzzle()) record_stats();
}

// Says how the game ended; a finished game no longer needs its autosave.
void App::game_over() {
    if (resumed && !autosave_file.empty()) std::remove(autosave_file.c_str());
    const std::string keys = ".  n new game, u undo, q quit";
    const Result r = game_.result();
    const int moves = static_cast<int>(game_.ply());
    if (const Puzzle* p = game_.puzzle()) {
        if (r.outcome != Outcome::Won)
            return set_status(
                "Failed after " + std::to_string(moves) + " moves" +
                (p->limit > 0 && moves >= p->limit ? " (the limit): " : " (no move left): ") +
                goal_shortfall(*p, game_.position().pieces(0)) + keys);
        return set_status(solved_words(*p, moves) + keys);
    }
    std::string words;
    if (r.outcome == Outcome::Draw)
        words = "Draw";
    else
        for (int p = 0; p < game_.players(); ++p)
            if (r.won_by(p)) words += (words.empty() ? "Player " : " and ") + std::to_string(p + 1);
    if (r.outcome == Outcome::Won) words += r.winners & (r.winners - 1) ? " win" : " wins";
    set_status("Game over: " + words + keys);
}

// Keeps a puzzle solved here in the best-scores file and says how it stands against the best.
void App::record_solve() {
    const std::string words = solved_words(*game_.puzzle(), static_cast<int>(game_.ply()));
    const std::string keys = ".  n new game, u undo, q quit";
    std::string err, dir = state_dir(err);
    if (!dir.empty()) err = make_dirs(dir);
    if (dir.empty() || !err.empty())
        return set_status(words + "; score not saved: " + err + keys, true);
    const bool figures = keeps_figures(*game_.puzzle());
    ScoreOutcome r = figures ? record_figure(scores_path(dir), game_, today())
                             : record_score(scores_path(dir), game_, today());
    if (figures) figures_found_ = r.figures;
    // Trouble with the file goes first (the panel shows the solve), and again at exit.
    if (r.error) {
        set_status(r.message, true);
        exit_message_ = "halma: " + r.message;
    } else {
        set_status(words + "; " + r.message + keys);
    }
}

// Counts a game that ended here (once) in the record against the computer of the person
// at this terminal, and keeps how they stand for the panel.
void App::record_stats() {
    // A joined or watched game is its host's; a remote seat's person is at another terminal.
    if (stats_counted_ || client_) return;
    std::vector<int> levels;
    for (const SeatSpec& s : cfg_.seats) {
        if (s.remote) return;
        levels.push_back(s.ai ? s.level : 0);
    }
    const std::optional<GameTally> tally = tally_game(game_, levels);
    if (!tally) return; // not one person against the computer
    stats_counted_ = true;
    std::string err, dir = state_dir(err);
    if (!dir.empty()) err = make_dirs(dir);
    if (dir.empty() || !err.empty())
        return set_status("the game is not counted in your record: " + err, true);
    const StatsOutcome r = record_game(stats_path(dir), *tally);
    if (!r.error)
        standing_ =
            standing_line(r.entry) +
            (r.new_best ? "; your fewest moves to win: " + std::to_string(r.entry.fewest) : "");
    if (r.message.empty()) return;
    set_status(printable(r.message), r.error);
    exit_message_ = "halma: " + printable(r.message);
}

// Saves the game settings the form shows as the defaults of new runs, in the config file
// (the rest of it kept). Returns what to say; failed says whether it is an error.
std::string App::save_defaults(const NewGameForm& form, bool& failed) {
    Rules rules;
    std::vector<SeatSpec> seats;
    bool first_random = true;
    failed = true;
    if (std::string err = form.build(rules, seats, first_random); !err.empty())
        return "not saved: " + err;
    if (prefs_file.empty()) return "not saved: neither XDG_CONFIG_HOME nor HOME names a place";
    if (TextError e = save_prefs(prefs_file, game_settings(rules, seats, first_random)); e.failed())
        return "not saved: " + printable(e.message());
    failed = false;
    return "saved as the defaults in " + prefs_file;
}

// A turn begins: the AI starts, a pass is played for a player with no move, a human is told.
void App::turn_started() {
    if (game_.over() || anim_) return;
    if (client_) return net_turn_status(); // the host plays passes and says whose turn it is
    const int p = game_.to_move();
    if (seat_is_ai(p)) return start_ai_if_needed();
    if (game_.must_pass()) {
        set_status("Player " + std::to_string(p + 1) + " has no move and passes");
        const Position before = game_.position();
        game_.play(Move::pass());
        moved_here(before, Move::pass(), p);
        rebuild_history();
        return turn_started();
    }
    if (host_ && !seat_is_local(p)) return net_turn_status();
    if (human_count() > 1) {
        if (status_.empty() || !status_error_)
            set_status("Player " + std::to_string(p + 1) + "'s turn (" + player_glyph(p, style_) +
                       ")");
        place_cursor();
    }
}

// Starts the AI thinking when it is an AI seat's turn and nothing else is going on.
void App::start_ai_if_needed() {
    if (game_.over() || anim_ || worker_.busy() || !seat_is_ai(game_.to_move())) return;
    ai::Limits lim;
    lim.level = cfg_.seats[game_.to_move()].level;
    lim.movetime_ms = cfg_.movetime_ms;
    lim.seed = cfg_.seed + game_.ply();
    worker_.start(game_, lim, kForMove);
}

// The worker has a move: play it (animated) or show it as a hint.
void App::ai_finished() {
    const int purpose = worker_.purpose();
    const solo::Hint hint = worker_.finish();
    const Move m = hint.move;
    if (purpose == kForHint) return show_hint(hint);
    if (!game_.is_legal(m))
        return set_status("the AI chose an illegal move " + move_name(m) + "; please report it",
                          true);
    const Position before = game_.position();
    const int mover = game_.to_move();
    game_.play(m);
    moved_here(before, m, mover);
    show_move(before, m);
}

// Shows a move made elsewhere (the AI, another terminal) hop by hop when it hops, then
// goes on to the next turn.
void App::show_move(const Position& before, Move m) {
    const std::vector<int> path = move_path(before, m, game_.rules().longjumps);
    if (path.size() > 2 || (path.size() == 2 && king_distance(path[0], path[1]) > 1)) {
        Animation a;
        a.before = before;
        a.path = path;
        a.frame_ms = std::min(120, 720 / static_cast<int>(path.size()));
        a.next = Clock::now() + std::chrono::milliseconds(a.frame_ms);
        anim_ = a;
        builder_.clear();
        rebuild_history();
        return;
    }
    after_change(true);
}

// Shows a hint: its move marked, or in a puzzle whose goal is proved out of reach, why.
void App::show_hint(const solo::Hint& hint) {
    if (!hint.out_of_reach.empty())
        return set_status("hint: " + hint.out_of_reach + ".  u undo", true);
    const Move m = hint.move;
    if (m.is_pass() || m.is_none()) return set_status("hint: no move found", true);
    hint_path_ = move_path(game_.position(), m, game_.rules().longjumps);
    cursor_ = m.from();
    set_status("hint: " + path_name(hint_path_) + " (marked ?)" +
               (game_.puzzle() && !hint.on_a_line ? "; no way to the goal found in time" : ""));
}

// Plays a human's move, keeping the exact chain they built for the mark.
void App::play(Move m, std::vector<int> path) {
    if (client_) { // the host plays it, and it comes back to be shown
        if (!game_.is_legal(m)) return set_status("illegal move " + move_name(m), true);
        move_sent_ = client_->move(chain_name(game_.position(), m, game_.rules().longjumps));
        builder_.clear();
        return set_status(move_sent_ ? "move sent" : "the host is gone", !move_sent_);
    }
    const Position before = game_.position();
    const int mover = game_.to_move();
    if (!game_.play(m)) return set_status("illegal move " + move_name(m), true);
    moved_here(before, m, mover);
    set_status({});
    after_change(true);
    if (path.size() >= 2) last_path_ = std::move(path);
}

// Chooses the square under the cursor (Enter, Space or a click).
void App::choose_square(int sq) {
    hint_path_.clear();
    if (game_.over())
        return set_status(std::string(game_.puzzle() ? "the puzzle" : "the game") +
                          " is over: n new game, u undo, q quit");
    if (!humans_turn()) return set_status(wait_words());
    ChooseResult r = builder_.choose(game_, sq);
    if (r.kind == ChooseKind::Played)
        play(r.move, r.path);
    else
        show_choice(r, sq);
}

// Why a move cannot be made here now: another seat's turn, or a move already sent.
std::string App::wait_words() const {
    if (move_sent_) return "wait: your move is on its way to the host";
    return "wait: it is player " + std::to_string(game_.to_move() + 1) + "'s turn (" +
           seat_words(game_.to_move()) + ")";
}

// Undo back to the previous turn of a human (the AI replies go with it).
void App::undo_to_human() {
    if (networked()) return net_undo();
    stop_thinking();
    anim_.reset();
    if (!game_.can_undo()) {
        set_status("nothing to undo", true);
        return after_change();
    }
    game_.undo();
    while (human_count() > 0 && game_.can_undo() && seat_is_ai(game_.to_move())) game_.undo();
    set_status(game_.puzzle() ? "undone: " + std::to_string(game_.ply()) + " moves made (R redoes)"
                              : "undone: player " + std::to_string(game_.to_move() + 1) +
                                    " to move (R redoes)");
    after_change();
}

// Redo forward to the next human turn (or as far as the redo list goes).
void App::redo_to_human() {
    if (networked()) return set_status("redo is not played in a networked game", true);
    stop_thinking();
    anim_.reset();
    if (!game_.can_redo()) return set_status("nothing to redo", true);
    game_.redo();
    while (human_count() > 0 && game_.can_redo() && seat_is_ai(game_.to_move()) && !game_.over())
        game_.redo();
    set_status("redone");
    after_change(true);
}

// Asks the computer what the human to move should play: the AI at its strongest in a game,
// the solver in a puzzle; it thinks on the worker, so the screen stays live.
void App::hint() {
    if (worker_.busy()) return set_status("still thinking", true);
    if (game_.over())
        return set_status(game_.puzzle() ? "the puzzle is over" : "the game is over", true);
    if (!humans_turn()) return set_status("a hint is for a human's turn", true);
    ai::Limits lim;
    lim.level = ai::kMaxLevel;
    lim.movetime_ms = cfg_.movetime_ms;
    lim.seed = cfg_.seed + game_.ply();
    worker_.start(game_, lim, kForHint);
    set_status("looking for a hint...");
}

// Opens the new-game form, prefilled with the current game's settings.
void App::open_form() {
    if (networked())
        return set_status("a networked game goes on until it ends; quit, then start another", true);
    form_ = std::make_unique<NewGameForm>(game_.puzzle() ? cfg_.rules : game_.rules(), cfg_.seats,
                                          first_random_);
    if (const Puzzle* p = game_.puzzle()) form_->set_solo(p->name);
    form_row_ = 0;
    form_error_.clear();
    screen_ = Screen::Form;
}

// Starts a new game, drawing the first player when asked to, and says who starts.
void App::new_game(const Rules& rules, const std::vector<SeatSpec>& seats, bool first_random) {
    stop_thinking();
    anim_.reset();
    Rules r = rules;
    first_random_ = first_random;
    if (first_random) r.first = draw_first(cfg_, r.players, game_.ply() + 1);
    cfg_.rules = rules;
    cfg_.seats = seats;
    game_.reset(r);
    stats_counted_ = false;
    standing_.clear();
    screen_ = Screen::Board;
    form_.reset();
    set_status("New game: player " + std::to_string(r.first + 1) +
               (first_random ? " drew the first move" : " moves first"));
    cursor_to_first_human();
    after_change();
}

// Starts a built-in puzzle afresh (from the new-game form).
void App::start_puzzle(const std::string& name) {
    Puzzle p;
    if (!solo::builtin_puzzle(name, p)) {
        form_error_ = "unknown puzzle " + name;
        return;
    }
    screen_ = Screen::Board;
    form_.reset();
    adopt(Game(p), {}, solo_intro(p));
}

// Takes over a game loaded or started here (a record, a puzzle file, a puzzle): its seats,
// the cursor, and what to say.
void App::adopt(Game game, const Options& headers, const std::string& what) {
    if (networked()) return set_status("a networked game cannot load another game", true);
    stop_thinking();
    anim_.reset();
    Config next = cfg_;
    next.seats_given = false;
    if (!adopt_record(next, game, headers))
        return set_status("the record's seats do not fit", true);
    if (!game.puzzle()) next.rules = game.rules(); // the new-game form starts from these
    cfg_ = next;
    game_ = std::move(game);
    stats_counted_ = false;
    standing_.clear();
    count_figures();
    set_status(what);
    place_cursor();
    after_change();
}

// How many figures the scores file keeps for the puzzle being played, if it keeps figures.
void App::count_figures() {
    figures_found_ = -1;
    const Puzzle* p = game_.puzzle();
    if (!p || !keeps_figures(*p)) return;
    std::string err, dir = state_dir(err);
    figures_found_ = dir.empty() ? 0 : figures_found(scores_path(dir), *p);
}

// Saves an unfinished game (or puzzle) where --resume finds it (SIGHUP, SIGTERM, SIGINT).
void App::autosave() {
    if (client_ || game_.over() || game_.ply() == 0) return; // a joined game lives at its host
    const std::string what = game_.puzzle() ? "puzzle" : "game";
    std::string err, dir = state_dir(err);
    if (!dir.empty()) err = make_dirs(dir);
    if (dir.empty() || !err.empty()) {
        exit_message_ = "halma: " + what + " not saved: " + err;
        return;
    }
    const std::string path = autosave_path(dir);
    if (err = save_record(path, game_, headers()); !err.empty())
        exit_message_ = "halma: " + what + " not saved: " + err;
    else
        exit_message_ = "halma: " + what + " saved to " + path + "; halma --resume continues it";
}

// Quits at once when nothing would be lost, otherwise asks y/n.
void App::request_quit() {
    if (game_.over() || game_.ply() == 0) {
        quit_ = true;
        return;
    }
    screen_ = Screen::Confirm;
}

// Says on the status line what choosing sq did to the move being built; a move that the
// choice completed is played by the caller.
void App::show_choice(const ChooseResult& r, int sq) {
    switch (r.kind) {
    case ChooseKind::Played:
        break;
    case ChooseKind::Refused:
        set_status(r.message, true);
        break;
    case ChooseKind::Selected:
        set_status("selected " + square_name(sq) + ": choose where to go (+ first step or hop)");
        break;
    case ChooseKind::Hopped:
        set_status(r.message.empty() ? path_name(builder_.path()) + ": hop on, or choose " +
                                           square_name(sq) + " again to end"
                                     : r.message,
                   !r.message.empty());
        break;
    case ChooseKind::Deselected:
        set_status(r.message);
        break;
    }
}

} // namespace halma::tui
