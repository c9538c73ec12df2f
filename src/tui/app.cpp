#include "tui/app.hpp"

#include "record_file.hpp"
#include "tui/ai_worker.hpp"
#include "tui/chain.hpp"
#include "tui/form.hpp"
#include "tui/input.hpp"
#include "tui/session.hpp"
#include "tui/storage.hpp"
#include "tui/terminal.hpp"
#include "tui/view.hpp"

#include <curses.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <memory>
#include <optional>
#include <poll.h>
#include <random>
#include <unistd.h>

namespace halma::tui {

namespace {

using Clock = std::chrono::steady_clock;

enum Purpose { kForMove = 1, kForHint = 2 };

// An AI move being shown hop by hop: the position before it and its landings.
struct Animation {
    Position before;
    std::vector<int> path;
    std::size_t shown = 0; // index of the landing shown now
    Clock::time_point next;
    int frame_ms = 120;
};

class App {
  public:
    App(Config cfg, Game game, int signal_fd, Style style)
        : cfg_(std::move(cfg)), game_(std::move(game)), signal_fd_(signal_fd), style_(style),
          first_random_(!cfg_.first_given) {}

    int run();
    void set_status(std::string text, bool error = false) {
        status_ = std::move(text);
        status_error_ = error;
    }
    bool resumed = false;      // the game came from the autosave
    std::string autosave_file; // where the autosave lives

  private:
    Config cfg_;
    Game game_;
    int signal_fd_;
    Style style_;
    bool first_random_;
    AiWorker worker_;
    ChainBuilder builder_;
    Screen screen_ = Screen::Board;
    int cursor_ = 0;
    std::string status_;
    bool status_error_ = false;
    bool prompt_open_ = false;
    LineEdit prompt_;
    std::vector<int> last_path_, hint_path_;
    std::vector<std::string> history_;
    std::vector<int> history_movers_;
    std::optional<Animation> anim_;
    std::unique_ptr<NewGameForm> form_;
    int form_row_ = 0;
    std::string form_error_;
    bool quit_ = false;
    int exit_code_ = 0;
    std::string exit_message_;
    int dead_reads_ = 0;
    KeyCodes codes_{KEY_UP,        KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_ENTER,
                    KEY_BACKSPACE, KEY_A1,   KEY_A3,   KEY_C1,    KEY_C3};

    [[nodiscard]] bool seat_is_ai(int p) const {
        return p < static_cast<int>(cfg_.seats.size()) && cfg_.seats[p].ai;
    }
    [[nodiscard]] bool humans_turn() const { return !game_.over() && !seat_is_ai(game_.to_move()); }
    [[nodiscard]] int human_count() const {
        int n = 0;
        for (const SeatSpec& s : cfg_.seats) n += !s.ai;
        return n;
    }
    [[nodiscard]] Options headers() const {
        return {{"seats", seats_text(cfg_.seats)}, {"movetime", std::to_string(cfg_.movetime_ms)}};
    }

    void render();
    void handle_key(int ch);
    void handle_board_key(int ch);
    void handle_form_key(int ch);
    void handle_signal(int sig);
    void choose_square(int sq);
    void play(Move m, std::vector<int> path);
    void after_change();
    void turn_started();
    void start_ai_if_needed();
    void ai_finished();
    void undo_to_human();
    void redo_to_human();
    void hint();
    void open_form();
    void run_command(const std::string& line);
    void new_game(const Rules& rules, const std::vector<SeatSpec>& seats, bool first_random);
    void autosave();
    void request_quit();
    void stop_thinking() { worker_.cancel(); }
    void place_cursor_for(int p);
    void rebuild_history();
};

// Draws the whole frame into curses' buffer and sends what changed, once.
void App::render() {
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    Layout layout = make_layout(rows, cols, game_.rules().size);
    if (!layout.fits && screen_ != Screen::Help && screen_ != Screen::Form) {
        draw_too_small(rows, cols, layout);
    } else {
        Scene s;
        s.game = &game_;
        s.seats = cfg_.seats;
        s.screen = screen_;
        s.cursor = cursor_;
        if (anim_) {
            s.shown = anim_->before;
            int from = anim_->path.front(), at = anim_->path[anim_->shown];
            if (at != from) {
                int p = s.shown.at(from);
                s.shown.remove(from);
                s.shown.put(at, p);
            }
            s.last_path.assign(anim_->path.begin(), anim_->path.begin() + anim_->shown + 1);
        } else {
            s.shown = game_.position();
            s.last_path = last_path_;
            s.building = builder_.path();
            s.next_marks = builder_.next_marks(game_);
            s.end_marks = builder_.end_marks(game_);
            s.hint_path = hint_path_;
        }
        s.history = history_;
        s.history_movers = history_movers_;
        s.status = status_;
        s.status_error = status_error_;
        s.prompt_open = prompt_open_;
        s.prompt = prompt_.text();
        s.thinking = worker_.busy() && worker_.purpose() == kForMove ? game_.to_move() : -1;
        if (form_) {
            for (int i = 0; i < form_->rows(); ++i)
                s.form.push_back({form_->label(i), form_->value(i)});
            s.form_row = form_row_;
            s.form_error = form_error_;
        }
        draw_scene(s, layout, style_);
    }
    wnoutrefresh(stdscr);
    doupdate();
}

// Recomputes the move list shown in the panel and the last move's path.
void App::rebuild_history() {
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
    // A hint still being looked for is for a position that is gone.
    if (worker_.busy() && worker_.purpose() == kForHint) worker_.cancel();
    builder_.clear();
    hint_path_.clear();
    rebuild_history();
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
    if (game_.over() || anim_) return;
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
    if (game_.over() || anim_ || worker_.busy() || !seat_is_ai(game_.to_move())) return;
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
    switch (r.kind) {
    case ChooseKind::Played:
        play(r.move, r.path);
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

// Undo back to the previous turn of a human (the AI replies go with it).
void App::undo_to_human() {
    stop_thinking();
    anim_.reset();
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
    if (game_.over() || game_.ply() == 0) {
        quit_ = true;
        return;
    }
    screen_ = Screen::Confirm;
}

// Runs a ':' prompt line: a move in notation or a command.
void App::run_command(const std::string& line) {
    Command c = parse_command(line);
    using K = Command::Kind;
    switch (c.kind) {
    case K::Empty:
        break;
    case K::Move: {
        if (!humans_turn()) {
            set_status(game_.over() ? "the game is over" : "it is the AI's turn", true);
            break;
        }
        ParsedMove pm = parse_move(game_, c.arg);
        if (!pm.error.empty()) {
            set_status(c.arg + ": " + pm.error, true);
            break;
        }
        std::vector<int> path;
        if (std::count(c.arg.begin(), c.arg.end(), '-') >= 2)
            for (std::size_t s = 0;;) {
                std::size_t d = c.arg.find('-', s);
                path.push_back(parse_square(c.arg.substr(s, d == std::string::npos ? d : d - s),
                                            game_.rules().size));
                if (d == std::string::npos) break;
                s = d + 1;
            }
        builder_.clear();
        play(pm.move, path);
        break;
    }
    case K::Save: {
        if (c.arg.empty()) {
            set_status("save needs a file name: :save FILE", true);
            break;
        }
        std::string err = save_record(c.arg, game_, headers());
        if (err.empty())
            set_status("saved to " + c.arg);
        else
            set_status(err, true);
        break;
    }
    case K::Load: {
        if (c.arg.empty()) {
            set_status("load needs a file name: :load FILE", true);
            break;
        }
        Game g;
        Options h;
        std::string err = load_record(c.arg, g, h);
        if (!err.empty()) {
            set_status(err, true);
            break;
        }
        stop_thinking();
        anim_.reset();
        std::vector<SeatSpec> seats;
        if (seats_from_header(h, g.players(), cfg_.level, seats)) {
            cfg_.seats = seats;
        } else if (static_cast<int>(cfg_.seats.size()) != g.players()) {
            cfg_.seats.assign(static_cast<std::size_t>(g.players()), SeatSpec{true, cfg_.level});
            cfg_.seats[0].ai = false;
        }
        game_ = g;
        set_status("loaded " + c.arg);
        after_change();
        break;
    }
    case K::Undo:
        undo_to_human();
        break;
    case K::Redo:
        redo_to_human();
        break;
    case K::New:
        open_form();
        break;
    case K::Hint:
        hint();
        break;
    case K::Help:
        screen_ = Screen::Help;
        break;
    case K::Quit:
        request_quit();
        break;
    case K::Unknown:
        set_status("unknown command '" + c.arg + "' (see :help)", true);
        break;
    }
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
    else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
        Rules r;
        std::vector<SeatSpec> seats;
        bool random = true;
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
void App::handle_board_key(int ch) {
    if (ch == KEY_MOUSE) {
        MEVENT ev;
        if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) return;
        int rows, cols, f, r;
        getmaxyx(stdscr, rows, cols);
        Layout l = make_layout(rows, cols, game_.rules().size);
        if (!square_at(l, ev.x, ev.y, f, r)) return;
        cursor_ = make_square(f, r);
        choose_square(cursor_);
        return;
    }
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
        if (cursor_step(f, r, in.df, in.dr, game_.rules().size)) cursor_ = make_square(f, r);
        break;
    }
    case Action::Choose:
        choose_square(cursor_);
        break;
    case Action::Back:
        if (builder_.back())
            set_status(builder_.active() ? "took back a hop: at " + square_name(builder_.at())
                                         : "selection dropped");
        break;
    case Action::Cancel:
        if (builder_.active()) set_status("move cancelled");
        builder_.clear();
        hint_path_.clear();
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
        after_change();
    }
    if (ch == KEY_RESIZE) return;
    if (ch == 12) { // Ctrl-L works on every screen
        clearok(curscr, TRUE);
        return;
    }
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    if (screen_ == Screen::Board && !make_layout(rows, cols, game_.rules().size).fits) {
        if (ch == 'q') {
            autosave();
            quit_ = true;
        }
        return;
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

// Acts on a signal read from the self-pipe: resize, or save and leave.
void App::handle_signal(int sig) {
    switch (sig) {
    case SIGWINCH:
        adopt_window_size();
        break;
    case SIGHUP:
    case SIGTERM:
    case SIGINT:
        stop_thinking();
        autosave();
        quit_ = true;
        exit_code_ = 128 + sig;
        break;
    case SIGQUIT:
        quit_ = true;
        exit_code_ = 128 + sig;
        break;
    default:
        break;
    }
}

// The loop: blocks in poll() on the keyboard, the signal pipe and the AI's eventfd (with
// a timeout only while an animation runs), handles what came, and draws once.
int App::run() {
    rebuild_history();
    if (!humans_turn() || game_.ply() > 0) place_cursor_for(game_.to_move());
    if (human_count() > 0) {
        for (int p = 0; p < game_.players(); ++p)
            if (!seat_is_ai(p)) {
                if (seat_is_ai(game_.to_move()))
                    cursor_ = game_.camps().home[p].first();
                else
                    place_cursor_for(p);
                break;
            }
    }
    std::string opening = status_;
    turn_started();
    if (!opening.empty() && status_error_ == false) set_status(opening);
    render();
    while (!quit_) {
        pollfd fds[3] = {
            {STDIN_FILENO, POLLIN, 0}, {signal_fd_, POLLIN, 0}, {worker_.fd(), POLLIN, 0}};
        int timeout = -1;
        if (anim_) {
            auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(anim_->next - Clock::now())
                    .count();
            timeout = left < 0 ? 0 : static_cast<int>(left);
        }
        int n = poll(fds, 3, timeout);
        if (n < 0 && errno != EINTR) throw std::runtime_error("poll failed");
        if (n > 0 && (fds[1].revents & POLLIN)) {
            unsigned char sigs[32];
            ssize_t got = read(signal_fd_, sigs, sizeof sigs);
            for (ssize_t i = 0; i < got; ++i) handle_signal(sigs[i]);
            if (quit_) break;
        }
        if (n > 0 && (fds[2].revents & POLLIN) && worker_.busy()) ai_finished();
        if (n > 0 && (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL))) {
            autosave(); // the terminal went away without a SIGHUP
            quit_ = true;
            exit_code_ = 1;
            break;
        }
        if (n > 0 && (fds[0].revents & POLLIN)) {
            int keys = 0;
            for (int ch; (ch = getch()) != ERR && !quit_;) {
                ++keys;
                handle_key(ch);
            }
            // Readable but no key, again and again: input is gone (end of file).
            dead_reads_ = keys ? 0 : dead_reads_ + 1;
            if (dead_reads_ > 50) {
                autosave();
                quit_ = true;
                exit_code_ = 1;
                break;
            }
        }
        if (anim_ && Clock::now() >= anim_->next) {
            if (++anim_->shown + 1 >= anim_->path.size()) {
                anim_.reset();
                after_change();
            } else {
                anim_->next += std::chrono::milliseconds(anim_->frame_ms);
            }
        }
        if (!quit_) render();
    }
    stop_thinking();
    if (quit_ && exit_code_ == 0 && resumed && !autosave_file.empty() && !game_.over())
        std::remove(autosave_file.c_str());
    restore_terminal();
    if (!exit_message_.empty()) std::fprintf(stderr, "%s\n", exit_message_.c_str());
    return exit_code_;
}

} // namespace

int run_terminal(Config cfg) {
    Opening opening;
    if (int status = open_game(cfg, opening); status != 0) return status;
    int signal_fd = install_signal_pipe();
    if (signal_fd < 0) return std::fputs("halma: cannot create a pipe for signals\n", stderr), 1;
    Style style;
    if (std::string e = start_terminal(cfg.ascii, cfg.no_color, cfg.no_mouse, style); !e.empty())
        return std::fprintf(stderr, "halma: %s\n", e.c_str()), 1;
    App app(cfg, opening.game, signal_fd, style);
    app.resumed = opening.resumed;
    app.autosave_file = opening.autosave_file;
    app.set_status(opening.message);
    return app.run();
}

} // namespace halma::tui
