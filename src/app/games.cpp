// Changing the game being played: the new-game form opened, a new game or a built-in puzzle
// started from it, a loaded game or puzzle taken over, a game in progress kept when another
// replaces it, and quitting, which keeps an unfinished game for --resume.
#include "app/app_state.hpp"

#include "halma/solo/catalogue.hpp"
#include "play/words.hpp"
#include "screen/theme.hpp"
#include "start/opening.hpp"

namespace halma::app {

// Opens the new-game form, prefilled with the current game's settings.
void App::open_form() {
    if (net_.active())
        return status_.set("a networked game goes on until it ends; quit, then start another",
                           true);
    form_ = std::make_unique<play::NewGameForm>(
        board_.game.puzzle() ? cfg_.rules : board_.game.rules(), cfg_.seats, first_random_);
    if (const Puzzle* p = board_.game.puzzle()) form_->set_solo(p->name);
    screen_ = play::Screen::Form;
}

// Starts a new game, drawing the first player when asked to, and says who starts.
void App::new_game(const Rules& rules, const std::vector<SeatSpec>& seats, bool first_random) {
    stop_thinking();
    board_.anim.reset();
    Rules r = rules;
    first_random_ = first_random;
    if (first_random) r.first = start::draw_first(cfg_, r.players, board_.game.ply() + 1);
    cfg_.rules = rules;
    cfg_.seats = seats;
    board_.game.reset(r);
    board_.turned = 0;
    meters_.clocks.reset(board_.game.players());
    review_.names.clear();
    standing_.stats_counted = false;
    standing_.hints_used = false;
    standing_.words.clear();
    screen_ = play::Screen::Board;
    form_.reset();
    const Seat me = you();
    const std::string first =
        play::capitalised(play::who_words(r.first, me)) + (first_random    ? " drew the first move"
                                                           : r.first == me ? " move first"
                                                                           : " moves first");
    status_.set("New game: " + first);
    cursor_to_first_human();
    after_change();
    if (me != kNoSeat && !board_.game.over())
        status_.set(play::orientation_words(board_.game, me, screen::player_glyph(me, term_.style),
                                            view_turns()));
}

// Starts a built-in puzzle afresh (from the new-game form).
void App::start_puzzle(const std::string& name) {
    Puzzle p;
    if (!solo::builtin_puzzle(name, p)) return form_->set_note("unknown puzzle " + name);
    screen_ = play::Screen::Board;
    form_.reset();
    adopt(Game(p), {}, play::solo_intro(p, false));
}

// Takes over a game loaded or started here (a record, a puzzle file, a puzzle): its seats,
// the cursor, and what to say.
void App::adopt(Game game, const Options& headers, const std::string& what) {
    if (net_.active()) return status_.set("a networked game cannot load another game", true);
    stop_thinking();
    board_.anim.reset();
    Config next = cfg_;
    next.seats_given = false;
    if (!start::adopt_record(next, game, headers))
        return status_.set("the record's seats do not fit", true);
    if (!game.puzzle()) next.rules = game.rules(); // the new-game form starts from these
    cfg_ = next;
    board_.game = std::move(game);
    board_.turned = 0;
    meters_.clocks.reset(board_.game.players());
    take_headers(headers);
    standing_.stats_counted = false;
    standing_.words.clear();
    standing_.count_figures(board_.game);
    status_.set(what);
    board_.place_cursor();
    after_change();
}

// Takes what a record keeps beside its game: each seat's time so far, and whether a hint was
// given in it.
void App::take_headers(const Options& headers) {
    standing_.hints_used = header_value(headers, "hints") == "used";
    meters_.clocks.reset(board_.game.players());
    (void)meters_.clocks.read_header(header_value(headers, "clock"), board_.game.players());
    review_.names.assign(board_.game.players(), std::string());
    for (Seat p = 0; p < board_.game.players(); ++p)
        review_.names[p] = header_value(headers, "player" + std::to_string(p + 1));
}

void App::review_only(const Options& headers, std::string_view record_text,
                      const std::string& record_file) {
    review_.leaving_quits = true;
    review_.headers = headers;
    review_.record_file = record_file;
    take_kept_analysis(record_text);
}

// Replaces the game in progress, once kept in the saves folder, with a new game, a puzzle or
// a file's game, as the question said.
void App::replace_game(const Question& q) {
    std::string kept;
    if (game_in_progress()) {
        kept = keep_in_saves(board_.game.puzzle() ? "puzzle" : "game");
        if (kept.empty()) return; // why is on the status line; nothing is replaced
    }
    switch (q.with) {
    case Question::With::NewGame: {
        Rules r;
        std::vector<SeatSpec> seats;
        bool random = true;
        if (!form_ || !form_->build(r, seats, random).empty()) return;
        new_game(r, seats, random);
        break;
    }
    case Question::With::Puzzle:
        start_puzzle(q.arg);
        break;
    case Question::With::File:
        load_from(q.arg);
        break;
    }
    if (!kept.empty() && !status_.is_error())
        status_.set(std::string(kept.rfind("puzzle", 0) == 0 ? "The puzzle" : "The game") +
                    " before is kept in your saves as " + kept + " (:load lists them)");
}

// Quits at once when nothing would be lost (or a networked game is only watched); otherwise
// asks, and keeps the game for --resume (a joined game's seat is kept by its host).
void App::request_quit() {
    if (board_.game.over() || board_.game.ply() == 0 ||
        (net_.following() && net_.my_seat() == kNoSeat))
        return quit(0);
    Question q;
    q.then = Question::Then::Quit;
    q.text = net_.following()
                 ? "Leave the game? The host keeps your seat for you (y/n)"
                 : std::string("Quit? The ") + (board_.game.puzzle() ? "puzzle" : "game") +
                       " is kept for halma --resume (y/n)";
    ask(q);
}

// Keeps the game for --resume and quits; when it cannot be kept, asks again.
void App::quit_keeping() {
    if (autosave()) return quit(0);
    Question q;
    q.then = Question::Then::QuitUnkept;
    q.text = exit_.message.substr(std::string("halma: ").size()) + ". Quit all the same? (y/n)";
    ask(q);
}

} // namespace halma::app
