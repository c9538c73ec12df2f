// A key routed to the screen that is up: the board (through play/keys.hpp's intents), the
// game-over box over it, the ':' prompt, the new-game form, a question, and a networked
// game's y/n question; pages and the review in pages.cpp. An animation is cut short by any
// key.
#include "app/app_state.hpp"

#include "files/saves.hpp"
#include "play/words.hpp"
#include "screen/terminal.hpp"

namespace halma::app {

using play::Action;
using play::Screen;

void App::handle_key(int ch) {
    const play::KeyCodes& codes = screen::key_codes();
    if (board_.anim) { // any key skips the animation, then does what it does
        board_.anim.reset();
        after_change(true);
    }
    if (ch == codes.resize) return;
    if (ch == play::kCtrlL) return screen::repaint_all(); // on every screen
    const bool on_board = screen_ == Screen::Board || screen_ == Screen::Confirm ||
                          screen_ == Screen::Over || screen_ == Screen::Review;
    if (on_board && !screen::board_fits(board_size())) {
        if (ch != 'q') return;
        if (club_.lobby) return back_to_lobby(); // a club game is never left by quitting
        autosave();
        return quit(0);
    }
    if (!net_.question().empty() && screen_ == Screen::Board && !status_.prompt_open()) {
        if (ch == 'y' || ch == 'Y' || ch == 'n' || ch == 'N')
            return answer_question(ch == 'y' || ch == 'Y');
        if (ch != ':') return status_.set("answer the question first: y or n", true);
    }
    if (screen_ == Screen::Lobby) return lobby_key(ch);
    if (club_.lobby && screen_ == Screen::Board && !status_.prompt_open() && club_key(ch)) return;
    switch (screen_) {
    case Screen::Lobby:
        return;
    case Screen::Help:
    case Screen::Log:
    case Screen::Saves:
        return page_key(ch);
    case Screen::Form:
        return form_key(ch);
    case Screen::Confirm:
        return confirm_key(ch);
    case Screen::Review:
        return review_key(ch);
    case Screen::Over:
        return over_key(ch);
    case Screen::Board:
        break;
    }
    if (status_.prompt_open()) return prompt_key(ch);
    // An error or a confirmation stays until the next key.
    if (status_.is_error() || status_.held()) status_.clear();
    board_key(ch);
}

// A key while the game-over box is up: Esc, Enter or Space put it away to look at the board;
// any other key puts it away and does what it does on the board (the box lists the keys).
void App::over_key(int ch) {
    screen_ = Screen::Board;
    if (ch == play::kEsc || ch == '\n' || ch == '\r' || ch == ' ' ||
        ch == screen::key_codes().enter)
        return;
    if (club_.lobby && ch == 'r' && !club_.game.rematch.empty()) return rematch();
    if (club_.lobby && club_key(ch)) return;
    board_key(ch);
}

// A key on the board of a club game that means something else there: q goes back to the
// lobby; an archived game is only looked at. True when the key was taken.
bool App::club_key(int ch) {
    if (ch == 'q') return back_to_lobby(), true;
    if (board_.game.over() && (ch == 'n' || ch == 'u'))
        return status_.set("a club game: q goes back to the lobby", true), true;
    if (!club_.game.archived) return false;
    const play::Action a = play::board_intent(ch, screen::key_codes()).action;
    if (a == Action::Undo || a == Action::Redo || a == Action::Hint || a == Action::NewGame)
        return status_.set("an archived game is only looked at: q goes back to the lobby", true),
               true;
    return false;
}

// A key at the ':' prompt: edited, completed, cancelled, or the line run.
void App::prompt_key(int ch) {
    status_.show_choices({});
    switch (status_.prompt().key(ch, screen::key_codes())) {
    case play::LineEdit::State::Editing:
        break;
    case play::LineEdit::State::Complete:
        complete_prompt();
        break;
    case play::LineEdit::State::Cancelled:
        status_.close_prompt();
        break;
    case play::LineEdit::State::Done:
        status_.close_prompt();
        status_.clear();
        run_command(status_.prompt().text());
        break;
    }
}

// Tab at the prompt: the command word, or after load or save a saved game's name, completed
// as far as it can be; the ways it can go on are listed under the prompt.
void App::complete_prompt() {
    std::string err;
    const std::string dir = places_.door ? std::string() : files::saves_dir(err);
    const play::Completion c = play::complete_line(
        status_.prompt().text(), dir.empty() ? std::vector<std::string>{} : files::save_names(dir));
    status_.prompt().set_text(c.line);
    std::string choices;
    for (const std::string& choice : c.choices) choices += (choices.empty() ? "" : "  ") + choice;
    status_.show_choices(choices);
}

// A key (or click) on the board screen, in play or once the game is over alike.
void App::board_key(int ch) {
    if (ch == screen::key_codes().mouse) {
        if (screen::clicked_square(board_size(), view_turns(), board_.cursor))
            choose_square(board_.cursor);
        return;
    }
    const play::Intent in = play::board_intent(ch, screen::key_codes());
    switch (in.action) {
    case Action::None:
        status_.set("unknown key (? shows the keys)", true);
        break;
    case Action::Cursor: { // up is up on the screen, whichever way the board is turned
        int f = file_of(board_.cursor), r = rank_of(board_.cursor), df = 0, dr = 0;
        settings::View{view_turns()}.board_step(in.dx, in.dy, df, dr);
        if (play::cursor_step(f, r, df, dr, board_size())) board_.cursor = make_square(f, r);
        break;
    }
    case Action::Turn:
        turn_view();
        break;
    case Action::Choose:
        choose_square(board_.cursor);
        break;
    case Action::Back:
    case Action::Cancel:
        take_back(in.action);
        break;
    case Action::Prompt:
        status_.open_prompt();
        break;
    case Action::Save:
        status_.open_prompt("save ");
        break;
    case Action::Help:
        open_page(Screen::Help);
        break;
    case Action::Log:
        open_page(Screen::Log);
        break;
    case Action::Review:
        open_review();
        break;
    case Action::Quit:
        request_quit();
        break;
    case Action::Redraw:
        screen::repaint_all();
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

// f: the board turned on this screen for the rest of this game, a half turn with two players
// and a quarter with more.
void App::turn_view() {
    board_.turned = (board_.turned + settings::turn_step(board_.game.players())) % 4;
    status_.hint("board turned: a1 at the " + play::corner_words(Corner::A1, view_turns()) +
                 " (f turns it on)");
}

// Backspace takes back a hop (or the selection); Esc drops the move being built.
void App::take_back(Action action) {
    play::ChainBuilder& builder = board_.builder;
    if (action == Action::Cancel) {
        if (builder.active()) status_.hint("move cancelled");
        builder.clear();
        board_.hint_path.clear();
    } else if (builder.back()) {
        status_.hint(builder.active() ? "took back a hop: at " + square_name(builder.at())
                                      : "selection dropped");
    }
}

// A key on the new-game form: move between lines, change values, start or go back.
void App::form_key(int ch) {
    using F = play::FormAction;
    switch (play::form_intent(ch, screen::key_codes())) {
    case F::Back:
        form_.reset();
        screen_ = Screen::Board;
        return;
    case F::Up:
        form_->move_row(-1);
        break;
    case F::Down:
        form_->move_row(1);
        break;
    case F::Previous:
        form_->change(form_->row(), -1);
        break;
    case F::Next:
        form_->change(form_->row(), 1);
        break;
    case F::SaveDefaults: {
        bool failed = false;
        form_->set_note(save_defaults(*form_, failed));
        return;
    }
    case F::Start: {
        Question q;
        q.then = Question::Then::Replace;
        q.arg = form_->solo();
        q.with = q.arg.empty() ? Question::With::NewGame : Question::With::Puzzle;
        if (q.with == Question::With::NewGame) {
            Rules r;
            std::vector<SeatSpec> seats;
            bool random = true;
            if (std::string err = form_->build(r, seats, random); !err.empty())
                return form_->set_note(err);
        }
        if (!game_in_progress()) return replace_game(q);
        q.text = std::string(q.with == Question::With::Puzzle ? "Start the puzzle"
                                                              : "Start a new game") +
                 "? The one in progress is kept in your saves (y/n)";
        return ask(q);
    }
    case F::None:
        break;
    }
    form_->set_note({});
}

// Puts a y/n question on the status line.
void App::ask(Question q) {
    pages_.question = std::move(q);
    screen_ = Screen::Confirm;
}

// The answer to a question: y does what it asked about; anything else goes back.
void App::confirm_key(int ch) {
    const Question q = pages_.question;
    screen_ = form_ ? Screen::Form : Screen::Board;
    if (ch != 'y' && ch != 'Y') {
        if (form_) return form_->set_note("Not started: the game in progress goes on");
        return status_.set("going on");
    }
    switch (q.then) {
    case Question::Then::Quit:
        return quit_keeping();
    case Question::Then::QuitUnkept:
        return quit(0);
    case Question::Then::Replace:
        return replace_game(q);
    case Question::Then::Resign:
    case Question::Then::Abort:
    case Question::Then::Claim:
        return send_result(q.then);
    }
}

} // namespace halma::app
