// The ':' commands (play/prompt.hpp reads the line): a move typed in notation, saving and
// loading, undo and redo, a new game, a hint, help, chat and seats in a networked game, the
// defaults saved, quitting.
#include "app/app_state.hpp"

#include "files/record_file.hpp"
#include "play/words.hpp"

namespace halma::app {

void App::run_command(const std::string& line) {
    const play::Command c = play::parse_command(line);
    using K = play::Command::Kind;
    if (lobby_ && club_command(c)) return;
    if (screen_ == play::Screen::Lobby && c.kind != K::Empty)
        return status_.set("unknown command '" + quoted_piece(c.arg) + "' (? shows the lobby's)",
                           true);
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
        screen_ = play::Screen::Help;
        break;
    case K::Quit:
        return request_quit();
    case K::Say:
        return say(c.arg);
    case K::Ai:
        return give_seat_to_ai(c.arg);
    case K::SaveDefaults: {
        bool failed = false;
        const play::NewGameForm settings(game_.puzzle() ? cfg_.rules : game_.rules(), cfg_.seats,
                                         first_random_);
        const std::string said = save_defaults(settings, failed);
        return status_.set(said, failed);
    }
    case K::Seek:
    case K::Accept:
    case K::Watch:
    case K::PlayGame:
    case K::Open:
    case K::Resign:
    case K::History:
    case K::Record:
        return status_.set("that command is for the club (halma --club)", true);
    case K::Unknown:
        return status_.set("unknown command '" + quoted_piece(c.arg) + "' (see :help)", true);
    }
}

// A move typed at the prompt, read once: a spelled-out chain is marked as typed, two squares
// get the shortest chain.
void App::typed_move(const std::string& text) {
    if (!game_.over() && !humans_turn()) return status_.set(wait_words(), true);
    std::vector<Square> squares;
    const ParsedMove pm = parse_move(game_, text, &squares);
    if (!pm.error.empty()) return status_.set(quoted_piece(text) + ": " + pm.error, true);
    if (squares.size() < 3) squares.clear();
    board_.builder.clear();
    play_here(pm.move, squares);
}

void App::save_to(const std::string& path) {
    if (path.empty()) return status_.set("save needs a file name: :save FILE", true);
    const std::string err = files::save_record(path, game_, headers());
    if (err.empty()) return status_.set("saved to " + path);
    status_.set(err, true);
}

void App::load_from(const std::string& path) {
    if (path.empty()) return status_.set("load needs a file name: :load FILE", true);
    Game g;
    Options h;
    if (TextError err = files::load_game_file(path, g, h); err.failed())
        return status_.set(printable(err.message()), true);
    const std::string what =
        "loaded " + path + (g.puzzle() ? ": " + play::solo_intro(*g.puzzle()) : "");
    adopt(std::move(g), h, what);
}

} // namespace halma::app
