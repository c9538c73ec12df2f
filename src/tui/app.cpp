#include "tui/app.hpp"
#include "tui/app_state.hpp"

#include "record_file.hpp"
#include "tui/net_session.hpp"
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

// Draws the whole frame into curses' buffer and sends what changed, once.
void App::render() {
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    Layout layout = make_layout(rows, cols, board_size());
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
        s.figures_found = figures_found_;
        s.history = history_;
        s.history_movers = history_movers_;
        s.status = status_;
        s.status_error = status_error_;
        s.prompt_open = prompt_open_;
        s.prompt = prompt_.text();
        s.standing = standing_;
        s.thinking = worker_.busy() && worker_.purpose() == kForMove ? game_.to_move() : -1;
        s.seat_labels = seat_labels_;
        s.net_line = net_line_;
        s.question = question_;
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
        if (host_) host_->leave(); // the clients are told, then the socket goes
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

// The first frame: history, cursor, and the first turn (the opening message stays up).
void App::start() {
    count_figures();
    rebuild_history();
    cursor_to_first_human();
    const std::string opening = status_;
    if (game_.over())
        game_over();
    else
        turn_started();
    if (!opening.empty() && !status_error_ && !game_.over()) set_status(opening);
    if (client_) client_messages(); // what came with the record
    render();
}

// How long poll() may wait: for ever, but while an animation runs, until its next frame,
// and while a client of a hosted game has not said hello, until its time is up.
int App::poll_timeout() const {
    const int net = net_timeout(); // a silent client's time running out
    if (!anim_) return net;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(anim_->next - Clock::now()).count();
    const int frame = left < 0 ? 0 : static_cast<int>(left);
    return net < 0 ? frame : std::min(net, frame);
}

// Ends the program's run because the terminal is gone: the game is saved for --resume.
void App::terminal_gone() {
    autosave();
    quit_ = true;
    exit_code_ = 1;
}

// Handles whatever poll() found ready: signals first, then the worker's move, then keys.
void App::serve(const std::vector<pollfd>& fds) {
    if (fds[kSignals].revents & POLLIN) {
        unsigned char sigs[32];
        const ssize_t got = read(signal_fd_, sigs, sizeof sigs);
        for (ssize_t i = 0; i < got; ++i) handle_signal(sigs[i]);
        if (quit_) return;
    }
    if ((fds[kWorker].revents & POLLIN) && worker_.busy()) ai_finished();
    if (fds[kKeyboard].revents & (POLLHUP | POLLERR | POLLNVAL))
        return terminal_gone(); // the terminal went away without a SIGHUP
    if (fds[kKeyboard].revents & POLLIN) {
        int keys = 0;
        for (int ch; !quit_ && (ch = getch()) != ERR;) {
            ++keys;
            handle_key(ch);
        }
        // Readable but no key, again and again: input is gone (end of file).
        dead_reads_ = keys ? 0 : dead_reads_ + 1;
        if (dead_reads_ > kDeadReads) terminal_gone();
    }
}

// Shows the next frame of an animated move when its time has come; the last one ends it.
void App::step_animation() {
    if (!anim_ || Clock::now() < anim_->next) return;
    if (++anim_->shown + 1 >= anim_->path.size()) {
        anim_.reset();
        after_change(true);
    } else {
        anim_->next += std::chrono::milliseconds(anim_->frame_ms);
    }
}

// The loop: blocks in poll() on the keyboard, the signal pipe, the worker's eventfd and, in
// a networked game, its sockets (with a timeout only while an animation runs or a silent
// client's time runs out), handles what came, and draws once.
int App::run() {
    start();
    std::vector<pollfd> fds;
    while (!quit_) {
        fds.assign(kSources, pollfd{});
        fds[kKeyboard] = {STDIN_FILENO, POLLIN, 0};
        fds[kSignals] = {signal_fd_, POLLIN, 0};
        fds[kWorker] = {worker_.fd(), POLLIN, 0};
        add_net_fds(fds); // further sources after kSources
        const int n = poll(fds.data(), fds.size(), poll_timeout());
        if (n < 0 && errno != EINTR) throw std::runtime_error("poll failed");
        if (n > 0) serve(fds);
        if (!quit_ && networked())
            handle_net(fds.data() + kSources, n > 0 ? fds.size() - kSources : 0);
        if (!quit_) step_animation();
        if (!quit_) render();
    }
    stop_thinking();
    if (exit_code_ == 0 && resumed && !autosave_file.empty() && !game_.over())
        std::remove(autosave_file.c_str());
    if (host_) { // the others were promised the game goes on with --resume
        if (exit_code_ == 0) autosave();
        host_->leave();
    }
    if (client_ && my_seat_ >= 0 && !client_->closed()) client_->bye();
    restore_terminal();
    if (!exit_note.empty()) std::fprintf(stderr, "%s\n", exit_note.c_str());
    if (!exit_message_.empty()) std::fprintf(stderr, "%s\n", exit_message_.c_str());
    return exit_code_;
}

int run_terminal(Config cfg, const Startup& startup) {
    Opening opening;
    NetOpening net;
    if (!cfg.join.empty() || !cfg.watch.empty()) {
        if (int status = join_game(cfg, opening, net); status != 0) return status;
    } else {
        if (int status = open_game(cfg, opening); status != 0) return status;
        if (int status = host_game(cfg, opening, net); status != 0) return status;
    }
    int signal_fd = install_signal_pipe();
    if (signal_fd < 0) return std::fputs("halma: cannot create a pipe for signals\n", stderr), 1;
    // What went wrong before the screen starts: the config file's faults, a damaged autosave.
    std::string notes;
    for (const TextError& e : startup.notes) notes += "halma: " + printable(e.message()) + "\n";
    if (opening.damaged) notes += "halma: " + opening.message + "\n";
    if (!notes.empty()) notes.pop_back();
    Style style;
    if (std::string e = start_terminal(cfg.ascii, cfg.no_color, cfg.no_mouse, cfg.theme, style);
        !e.empty()) {
        if (!notes.empty()) std::fprintf(stderr, "%s\n", notes.c_str());
        return std::fprintf(stderr, "halma: %s\n", e.c_str()), 1;
    }
    App app(cfg, opening.game, signal_fd, style);
    app.resumed = opening.resumed;
    app.autosave_file = opening.autosave_file;
    app.prefs_file = startup.prefs_file;
    app.set_status(opening.status, opening.damaged);
    if (net.host) app.set_host(std::move(net.dir), std::move(net.host));
    if (net.client) app.set_client(std::move(net.client), net.seat);
    if (!startup.notes.empty()) app.set_status(config_notice(startup.notes), true);
    app.exit_note = notes;
    return app.run();
}

} // namespace halma::tui
