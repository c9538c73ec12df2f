// Changing the game being played: the new-game form opened, a new game or a built-in puzzle
// started from it, a loaded game or puzzle taken over, and quitting when it would lose nothing.
#include "app/app_state.hpp"

#include "halma/solo/catalogue.hpp"
#include "play/words.hpp"
#include "start/opening.hpp"

namespace halma::app {

// Opens the new-game form, prefilled with the current game's settings.
void App::open_form() {
    if (net_.active())
        return status_.set("a networked game goes on until it ends; quit, then start another",
                           true);
    form_ = std::make_unique<play::NewGameForm>(game_.puzzle() ? cfg_.rules : game_.rules(),
                                                cfg_.seats, first_random_);
    if (const Puzzle* p = game_.puzzle()) form_->set_solo(p->name);
    screen_ = play::Screen::Form;
}

// Starts a new game, drawing the first player when asked to, and says who starts.
void App::new_game(const Rules& rules, const std::vector<SeatSpec>& seats, bool first_random) {
    stop_thinking();
    anim_.reset();
    Rules r = rules;
    first_random_ = first_random;
    if (first_random) r.first = start::draw_first(cfg_, r.players, game_.ply() + 1);
    cfg_.rules = rules;
    cfg_.seats = seats;
    game_.reset(r);
    standing_.stats_counted = false;
    standing_.words.clear();
    screen_ = play::Screen::Board;
    form_.reset();
    status_.set("New game: " + play::player_words(r.first) +
                (first_random ? " drew the first move" : " moves first"));
    cursor_to_first_human();
    after_change();
}

// Starts a built-in puzzle afresh (from the new-game form).
void App::start_puzzle(const std::string& name) {
    Puzzle p;
    if (!solo::builtin_puzzle(name, p)) return form_->set_note("unknown puzzle " + name);
    screen_ = play::Screen::Board;
    form_.reset();
    adopt(Game(p), {}, play::solo_intro(p));
}

// Takes over a game loaded or started here (a record, a puzzle file, a puzzle): its seats,
// the cursor, and what to say.
void App::adopt(Game game, const Options& headers, const std::string& what) {
    if (net_.active()) return status_.set("a networked game cannot load another game", true);
    stop_thinking();
    anim_.reset();
    Config next = cfg_;
    next.seats_given = false;
    if (!start::adopt_record(next, game, headers))
        return status_.set("the record's seats do not fit", true);
    if (!game.puzzle()) next.rules = game.rules(); // the new-game form starts from these
    cfg_ = next;
    game_ = std::move(game);
    standing_.stats_counted = false;
    standing_.words.clear();
    count_figures();
    status_.set(what);
    place_cursor();
    after_change();
}

// Quits at once when nothing would be lost, otherwise asks y/n.
void App::request_quit() {
    if (game_.over() || game_.ply() == 0) return quit(0);
    screen_ = play::Screen::Confirm;
}

} // namespace halma::app
