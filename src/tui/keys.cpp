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

// Runs a ':' prompt line: a move in notation or a command.
void App::run_command(const std::string& line) {
    Command c = parse_command(line);
    using K = Command::Kind;
    switch (c.kind) {
    case K::Empty:
        break;
    case K::Move:
        return typed_move(c.arg);
    case K::Save:
        return save_to(c.arg);
    case K::Load:
        return load_from(c.arg);
    case K::Undo:
        return undo_to_human();
    case K::Redo:
        return redo_to_human();
    case K::New:
        return open_form();
    case K::Hint:
        return hint();
    case K::Help:
        screen_ = Screen::Help;
        break;
    case K::Quit:
        return request_quit();
    case K::Say:
        return say(c.arg);
    case K::Ai:
        return give_seat_to_ai(c.arg);
    case K::SaveDefaults: {
        bool failed = false;
        const NewGameForm settings(game_.puzzle() ? cfg_.rules : game_.rules(), cfg_.seats,
                                   first_random_);
        const std::string said = save_defaults(settings, failed);
        return set_status(said, failed);
    }
    case K::Unknown:
        return set_status("unknown command '" + quoted_piece(c.arg) + "' (see :help)", true);
    }
}

void App::typed_move(const std::string& text) {
    if (!game_.over() && !humans_turn()) return set_status(wait_words(), true);
    ParsedMove pm = parse_move(game_, text);
    if (!pm.error.empty()) return set_status(quoted_piece(text) + ": " + pm.error, true);
    // A spelled-out chain is marked as typed; two squares get the shortest chain.
    std::vector<int> path = parse_squares(text, board_size());
    if (path.size() < 3) path.clear();
    builder_.clear();
    play(pm.move, path);
}

void App::save_to(const std::string& path) {
    if (path.empty()) return set_status("save needs a file name: :save FILE", true);
    const std::string err = save_record(path, game_, headers());
    if (err.empty()) return set_status("saved to " + path);
    set_status(err, true);
}

void App::load_from(const std::string& path) {
    if (path.empty()) return set_status("load needs a file name: :load FILE", true);
    Game g;
    Options h;
    if (TextError err = load_game_file(path, g, h); err.failed())
        return set_status(printable(err.message()), true);
    const std::string what = "loaded " + path + (g.puzzle() ? ": " + solo_intro(*g.puzzle()) : "");
    adopt(std::move(g), h, what);
}

// A key on the new-game form: move between lines, change values, start or go back.
void App::handle_form_key(int ch) {
    if (ch == 27 || ch == 'q') {
        form_.reset();
        screen_ = Screen::Board;
        return;
    }
    if (ch == KEY_UP || ch == 'k')
        form_row_ = (form_row_ + form_->rows() - 1) % form_->rows();
    else if (ch == KEY_DOWN || ch == 'j' || ch == '\t')
        form_row_ = (form_row_ + 1) % form_->rows();
    else if (ch == KEY_LEFT || ch == 'h')
        form_->change(form_row_, -1);
    else if (ch == KEY_RIGHT || ch == 'l' || ch == ' ')
        form_->change(form_row_, 1);
    else if (ch == 'S') {
        bool failed = false;
        form_error_ = save_defaults(*form_, failed);
        return;
    } else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
        Rules r;
        std::vector<SeatSpec> seats;
        bool random = true;
        if (std::string puzzle = form_->solo(); !puzzle.empty()) return start_puzzle(puzzle);
        std::string err = form_->build(r, seats, random);
        if (!err.empty()) {
            form_error_ = err;
            return;
        }
        new_game(r, seats, random);
        return;
    }
    form_error_.clear();
}

// A key (or click) on the board screen.
// A click chooses the square under it.
void App::handle_click() {
    MEVENT ev;
    if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) return;
    int rows, cols, f, r;
    getmaxyx(stdscr, rows, cols);
    const Layout l = make_layout(rows, cols, board_size());
    if (!square_at(l, ev.x, ev.y, f, r)) return;
    cursor_ = make_square(f, r);
    choose_square(cursor_);
}

// Backspace takes back a hop (or the selection); Esc drops the move being built.
void App::take_back(Action action) {
    if (action == Action::Cancel) {
        if (builder_.active()) set_status("move cancelled");
        builder_.clear();
        hint_path_.clear();
    } else if (builder_.back()) {
        set_status(builder_.active() ? "took back a hop: at " + square_name(builder_.at())
                                     : "selection dropped");
    }
}

void App::handle_board_key(int ch) {
    if (ch == KEY_MOUSE) return handle_click();
    if (game_.over()) {
        if (ch == 'n') return open_form();
        if (ch == 'u') return undo_to_human();
        if (ch == 'q') return request_quit();
    }
    Intent in = board_intent(ch, codes_);
    switch (in.action) {
    case Action::None:
        set_status("unknown key (? shows the keys)", true);
        break;
    case Action::Cursor: {
        int f = file_of(cursor_), r = rank_of(cursor_);
        if (cursor_step(f, r, in.df, in.dr, board_size())) cursor_ = make_square(f, r);
        break;
    }
    case Action::Choose:
        choose_square(cursor_);
        break;
    case Action::Back:
    case Action::Cancel:
        take_back(in.action);
        break;
    case Action::Prompt:
        prompt_open_ = true;
        prompt_.reset();
        break;
    case Action::Help:
        screen_ = Screen::Help;
        break;
    case Action::Quit:
        request_quit();
        break;
    case Action::Redraw:
        clearok(curscr, TRUE);
        break;
    case Action::Undo:
        undo_to_human();
        break;
    case Action::Redo:
        redo_to_human();
        break;
    case Action::Hint:
        hint();
        break;
    case Action::NewGame:
        open_form();
        break;
    }
}

// Routes a key to the screen that is up; the animation and Ctrl-L come first.
void App::handle_key(int ch) {
    if (anim_) { // any key skips the animation, then does what it does
        anim_.reset();
        after_change(true);
    }
    if (ch == KEY_RESIZE) return;
    if (ch == 12) { // Ctrl-L works on every screen
        clearok(curscr, TRUE);
        return;
    }
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    if (screen_ == Screen::Board && !make_layout(rows, cols, board_size()).fits) {
        if (ch == 'q') {
            autosave();
            quit_ = true;
        }
        return;
    }
    if (!question_.empty() && screen_ == Screen::Board && !prompt_open_) {
        if (ch == 'y' || ch == 'Y' || ch == 'n' || ch == 'N')
            return answer_question(ch == 'y' || ch == 'Y');
        if (ch != ':') return set_status("answer the question first: y or n", true);
    }
    switch (screen_) {
    case Screen::Help:
        if (ch == 27 || ch == 'q' || ch == '?' || ch == '\n' || ch == '\r') screen_ = Screen::Board;
        return;
    case Screen::Form:
        handle_form_key(ch);
        return;
    case Screen::Confirm:
        if (ch == 'y' || ch == 'Y')
            quit_ = true;
        else
            set_status("going on");
        screen_ = Screen::Board;
        return;
    case Screen::Board:
        break;
    }
    if (prompt_open_) {
        switch (prompt_.key(ch, codes_)) {
        case LineEdit::State::Editing:
            break;
        case LineEdit::State::Cancelled:
            prompt_open_ = false;
            break;
        case LineEdit::State::Done:
            prompt_open_ = false;
            set_status({});
            run_command(prompt_.text());
            break;
        }
        return;
    }
    // An error stays until the next key.
    if (status_error_) set_status({});
    handle_board_key(ch);
}

} // namespace halma::tui
