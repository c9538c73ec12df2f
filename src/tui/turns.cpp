#include "tui/app_state.hpp"

#include "record_file.hpp"
#include "tui/session.hpp"
#include "tui/storage.hpp"
#include "tui/terminal.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <poll.h>
#include <stdexcept>
#include <unistd.h>

namespace halma::tui {

// Recomputes the move list shown in the panel and the last move's path.
void App::rebuild_history() {
    if (solo_) return solo_history();
    history_.clear();
    history_movers_.clear();
    last_path_.clear();
    Game replay(game_.rules());
    if (game_.from_setup()) (void)replay.setup(game_.initial());
    const std::size_t n = game_.ply(), keep = 30;
    for (std::size_t i = 0; i < n; ++i) {
        Move m = game_.move_at(i);
        if (i + keep >= n) {
            int mover = replay.to_move();
            history_.push_back(std::to_string(replay.moves_made(mover) + 1) + ". " +
                               chain_name(replay.position(), m, game_.rules().longjumps));
            history_movers_.push_back(mover);
            if (i + 1 == n && !m.is_pass()) {
                last_path_ = hop_path(replay.position(), m.from(), m.to(), game_.rules().longjumps);
                if (last_path_.empty()) last_path_ = {m.from(), m.to()};
            }
        }
        replay.make(m);
    }
}

// Puts the cursor on player p's piece nearest its target camp.
void App::place_cursor_for(int p) {
    if (solo_) return;
    const Bitboard pieces = game_.position().pieces(game_.owner_to_move());
    (void)p;
    const int corner = game_.camps().target[game_.owner_to_move()].first();
    int best = kNoSquare, best_d = 99;
    for_each_square(pieces, [&](int sq) {
        int d = king_distance(sq, corner);
        if (d < best_d) best_d = d, best = sq;
    });
    if (best != kNoSquare) cursor_ = best;
}

// Whatever follows a change of the game: history, marks, and the next turn.
void App::after_change() {
    if (solo_) return solo_after_change();
    // A hint still being looked for is for a position that is gone.
    if (worker_.busy() && worker_.purpose() == kForHint) worker_.cancel();
    builder_.clear();
    hint_path_.clear();
    rebuild_history();
    const int size = game_.rules().size;
    if (file_of(cursor_) >= size || rank_of(cursor_) >= size) place_cursor_for(game_.to_move());
    if (game_.over()) {
        std::string words;
        Result r = game_.result();
        if (r.outcome == Outcome::Draw)
            words = "Draw";
        else
            for (int p = 0; p < game_.players(); ++p)
                if (r.won_by(p))
                    words += (words.empty() ? "Player " : " and ") + std::to_string(p + 1);
        if (r.outcome == Outcome::Won) words += r.winners & (r.winners - 1) ? " win" : " wins";
        set_status("Game over: " + words + ".  n new game, u undo, q quit");
        if (resumed && !autosave_file.empty()) std::remove(autosave_file.c_str());
        return;
    }
    turn_started();
}

// A turn begins: the AI starts, a pass is played for a player with no move, a human is told.
void App::turn_started() {
    if (solo_ || game_.over() || anim_) return;
    const int p = game_.to_move();
    if (seat_is_ai(p)) {
        start_ai_if_needed();
        return;
    }
    if (game_.must_pass()) {
        set_status("Player " + std::to_string(p + 1) + " has no move and passes");
        game_.play(Move::pass());
        rebuild_history();
        turn_started();
        return;
    }
    if (human_count() > 1) {
        if (status_.empty() || !status_error_)
            set_status("Player " + std::to_string(p + 1) + "'s turn (" + player_glyph(p, style_) +
                       ")");
        place_cursor_for(p);
    }
}

// Starts the AI thinking when it is an AI seat's turn and nothing else is going on.
void App::start_ai_if_needed() {
    if (solo_ || game_.over() || anim_ || worker_.busy() || !seat_is_ai(game_.to_move())) return;
    const SeatSpec& seat = cfg_.seats[game_.to_move()];
    ai::Limits lim;
    lim.level = seat.level;
    lim.movetime_ms = cfg_.movetime_ms;
    lim.seed = cfg_.seed + game_.ply();
    worker_.start(game_, lim, kForMove);
}

// The worker has a move: play it (animated) or show it as a hint.
void App::ai_finished() {
    const int purpose = worker_.purpose();
    Move m = worker_.finish();
    if (purpose == kForHint) {
        if (m.is_pass() || m.is_none()) {
            set_status("hint: no move, pass");
            return;
        }
        hint_path_ = hop_path(game_.position(), m.from(), m.to(), game_.rules().longjumps);
        if (hint_path_.empty()) hint_path_ = {m.from(), m.to()};
        cursor_ = m.from();
        set_status("hint: " + path_name(hint_path_) + " (marked ?)");
        return;
    }
    if (!game_.is_legal(m)) {
        set_status("the AI chose an illegal move " + move_name(m) + "; please report it", true);
        return;
    }
    std::vector<int> path;
    if (!m.is_pass()) {
        path = hop_path(game_.position(), m.from(), m.to(), game_.rules().longjumps);
        if (path.empty()) path = {m.from(), m.to()};
    }
    Position before = game_.position();
    game_.play(m);
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
    after_change();
}

// Plays a human's move, keeping the exact chain they built for the mark.
void App::play(Move m, std::vector<int> path) {
    if (!game_.play(m)) {
        set_status("illegal move " + move_name(m), true);
        return;
    }
    set_status({});
    after_change();
    if (path.size() >= 2) last_path_ = std::move(path);
}

// Chooses the square under the cursor (Enter, Space or a click).
void App::choose_square(int sq) {
    if (solo_) return solo_choose(sq);
    hint_path_.clear();
    if (game_.over()) {
        set_status("the game is over: n new game, u undo, q quit");
        return;
    }
    if (!humans_turn()) {
        set_status("wait: player " + std::to_string(game_.to_move() + 1) + " (AI) is thinking");
        return;
    }
    ChooseResult r = builder_.choose(game_, sq);
    if (r.kind == ChooseKind::Played)
        play(r.move, r.path);
    else
        show_choice(r, sq);
}

// Undo back to the previous turn of a human (the AI replies go with it).
void App::undo_to_human() {
    stop_thinking();
    anim_.reset();
    if (solo_) return solo_undo();
    if (!game_.can_undo()) {
        set_status("nothing to undo", true);
        after_change();
        return;
    }
    game_.undo();
    while (human_count() > 0 && game_.can_undo() && seat_is_ai(game_.to_move())) game_.undo();
    set_status("undone: player " + std::to_string(game_.to_move() + 1) + " to move (R redoes)");
    after_change();
}

// Redo forward to the next human turn (or as far as the redo list goes).
void App::redo_to_human() {
    stop_thinking();
    anim_.reset();
    if (solo_) return solo_redo();
    if (!game_.can_redo()) {
        set_status("nothing to redo", true);
        return;
    }
    game_.redo();
    while (human_count() > 0 && game_.can_redo() && seat_is_ai(game_.to_move()) && !game_.over())
        game_.redo();
    set_status("redone");
    after_change();
}

// Asks the AI, at its strongest, what the human to move should play.
void App::hint() {
    if (solo_) return solo_hint();
    if (worker_.busy()) {
        set_status("still thinking", true);
        return;
    }
    if (!humans_turn()) {
        set_status("a hint is for a human's turn", true);
        return;
    }
    ai::Limits lim;
    lim.level = ai::kMaxLevel;
    lim.movetime_ms = cfg_.movetime_ms;
    lim.seed = cfg_.seed + game_.ply();
    worker_.start(game_, lim, kForHint);
    set_status("looking for a hint...");
}

// Opens the new-game form, prefilled with the current game's settings.
void App::open_form() {
    form_ = std::make_unique<NewGameForm>(game_.rules(), cfg_.seats, first_random_);
    if (solo_) form_->set_solo(solo_->puzzle().name);
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
    cfg_.seats = seats;
    solo_.reset();
    game_.reset(r);
    screen_ = Screen::Board;
    form_.reset();
    set_status(first_random
                   ? "New game: player " + std::to_string(r.first + 1) + " drew the first move"
                   : "New game: player " + std::to_string(r.first + 1) + " moves first");
    place_cursor_for(r.first);
    for (int p = 0; p < r.players; ++p)
        if (!seat_is_ai(p)) {
            if (!seat_is_ai(r.first)) break;
            cursor_ = game_.camps().home[p].first();
            break;
        }
    after_change();
}

// Saves an unfinished game where --resume finds it (SIGHUP, SIGTERM, SIGINT).
void App::autosave() {
    if (solo_) return solo_autosave();
    if (game_.over() || game_.ply() == 0) return;
    std::string err;
    std::string dir = state_dir(err);
    if (dir.empty()) {
        exit_message_ = "halma: game not saved: " + err;
        return;
    }
    if (err = make_dirs(dir); !err.empty()) {
        exit_message_ = "halma: game not saved: " + err;
        return;
    }
    std::string path = autosave_path(dir);
    if (err = save_record(path, game_, headers()); !err.empty())
        exit_message_ = "halma: game not saved: " + err;
    else
        exit_message_ = "halma: game saved to " + path + "; halma --resume continues it";
}

// Quits at once when nothing would be lost, otherwise asks y/n.
void App::request_quit() {
    if (solo_ ? solo_->over() || solo_->moves() == 0 : game_.over() || game_.ply() == 0) {
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
