// The ':' commands (play/prompt.hpp reads the line): a move typed in notation, saving and
// loading (a name alone means the saves folder), undo and redo, a new game, a hint, the
// review, the log, help, chat and seats in a networked game, the defaults saved, quitting.
#include "app/app_state.hpp"

#include "files/paths.hpp"
#include "files/record_file.hpp"
#include "files/saves.hpp"
#include "play/words.hpp"
#include "think/kept_analysis.hpp"

namespace halma::app {

namespace {

// What the club's door does not do for a key's session, and why; "" for what it does. The
// door's account is shared by every key, so nothing reads or writes a file of it.
std::string door_refusal(play::Command::Kind kind) {
    using K = play::Command::Kind;
    switch (kind) {
    case K::Save:
    case K::Load:
    case K::SaveDefaults:
    case K::Record:
        return "the door keeps no files: :open N shows a game, ssh HOST record N prints it";
    case K::New:
    case K::Ai:
        return "the door plays the club's games: s in the lobby seeks one";
    default:
        return {};
    }
}

} // namespace

void App::run_command(const std::string& line) {
    const play::Command c = play::parse_command(line);
    using K = play::Command::Kind;
    if (places_.door)
        if (const std::string why = door_refusal(c.kind); !why.empty())
            return status_.set(why, true);
    if (club_.lobby && club_command(c)) return;
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
        if (c.arg.empty()) return open_page(play::Screen::Saves);
        return load_named(c.arg);
    case K::Undo:
        return undo_to_human();
    case K::Redo:
        return redo_to_human();
    case K::New:
        return open_form();
    case K::Hint:
        return hint();
    case K::Help:
        return open_page(play::Screen::Help);
    case K::Log:
        return open_page(play::Screen::Log);
    case K::Review:
        return open_review();
    case K::Quit:
        return request_quit();
    case K::Say:
        return say(c.arg);
    case K::Ai:
        return give_seat_to_ai(c.arg);
    case K::SaveDefaults: {
        bool failed = false;
        const play::NewGameForm settings(board_.game.puzzle() ? cfg_.rules : board_.game.rules(),
                                         cfg_.seats, first_random_);
        const std::string said = save_defaults(settings, failed);
        return status_.set(said, failed);
    }
    case K::Seek:
    case K::Accept:
    case K::Watch:
    case K::PlayGame:
    case K::Open:
    case K::Resign:
    case K::Abort:
    case K::Claim:
    case K::Draw:
    case K::History:
    case K::Record:
    case K::Tournament:
        return status_.set("that command is for the club (halma --club)", true);
    case K::Unknown:
        return status_.set("unknown command '" + quoted_piece(c.arg) + "' (see :help)", true);
    }
}

// A move typed at the prompt, read once: a spelled-out chain is marked as typed, two squares
// get the shortest chain.
void App::typed_move(const std::string& text) {
    if (!board_.game.over() && !humans_turn()) return status_.set(wait_words(), true);
    std::vector<Square> squares;
    const ParsedMove pm = parse_move(board_.game, text, &squares);
    if (!pm.error.empty()) return status_.set(quoted_piece(text) + ": " + pm.error, true);
    if (squares.size() < 3) squares.clear();
    board_.builder.clear();
    play_here(pm.move, squares);
}

// :save NAME keeps the game in the saves folder; :save PATH (with a '/') writes that file.
void App::save_to(const std::string& name) {
    if (name.empty())
        return status_.set("save needs a name: :save NAME keeps it in your saves, :save ./FILE "
                           "writes a file",
                           true);
    std::string err;
    const std::string path = files::save_file(name, true, err);
    if (path.empty()) return status_.set("not saved: " + err, true);
    if (err = files::write_file_atomically(path, record_text()); !err.empty())
        return status_.set(err, true);
    if (name.find('/') != std::string::npos) return status_.confirm("saved to " + path);
    status_.confirm("saved as " + files::base_name(path) + " in your saves (:load lists them)");
}

// :load NAME loads a game from the saves folder, :load PATH a file, asking first when a game
// in progress would be replaced by a file that reads.
void App::load_named(const std::string& name) {
    std::string err;
    const std::string path = files::save_file(name, false, err);
    if (path.empty()) return status_.set("cannot load: " + err, true);
    if (name.find('/') == std::string::npos && !files::file_exists(path))
        return status_.set("no saved game named " + name + " (:load lists them)", true);
    Question q;
    q.then = Question::Then::Replace;
    q.with = Question::With::File;
    q.arg = path;
    if (!game_in_progress()) return replace_game(q);
    // A file that does not read is said at once: there is nothing to ask about.
    Game g;
    Options h;
    if (TextError err = files::load_game_file(path, g, h); err.failed())
        return status_.set(printable(err.message()), true);
    q.text = "Load " + files::base_name(path) + "? The " +
             (board_.game.puzzle() ? "puzzle" : "game") +
             " in progress is kept in your saves (y/n)";
    ask(q);
}

void App::load_from(const std::string& path) {
    Game g;
    Options h;
    std::string text;
    if (TextError err = files::load_game_file(path, g, h, &text); err.failed())
        return status_.set(printable(err.message()), true);
    const std::string what =
        "loaded " + path + (g.puzzle() ? ": " + play::solo_intro(*g.puzzle(), false) : "");
    const std::string key = g.puzzle() ? "" : think::game_key(g);
    adopt(std::move(g), h, what);
    if (!key.empty() && think::game_key(board_.game) == key) take_kept_analysis(text); // adopted
}

} // namespace halma::app
