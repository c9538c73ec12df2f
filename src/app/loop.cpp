// The loop: it blocks in poll() on every input at once (the keyboard, the signal pipe, the AI
// worker, a networked game's sockets), handles what came, and draws once; signals, a lost
// terminal and quitting all leave through here, saving what must be saved.
#include "app/app.hpp"
#include "app/app_state.hpp"

#include "club/place.hpp"
#include "club/shell.hpp"
#include "play/words.hpp"
#include "screen/terminal.hpp"
#include "start/door_session.hpp"
#include "start/net_opening.hpp"
#include "start/opening.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <stdexcept>
#include <unistd.h>

namespace halma::app {

// How long `halma --club` waits for the club's welcome before the screen starts.
constexpr int kClubAnswerMs = 5000;

void App::quit(int code) {
    exit_.quit = true;
    exit_.code = code;
}

// Acts on a signal read from the self-pipe: resize, or save and leave.
void App::handle_signal(int sig) {
    switch (sig) {
    case SIGWINCH:
        screen::adopt_window_size();
        break;
    case SIGHUP:
    case SIGTERM:
    case SIGINT:
        stop_thinking();
        autosave();
        if (net_.hosting()) net_.leave(); // the clients are told the game goes on later
        quit(128 + sig);
        break;
    case SIGQUIT:
        quit(128 + sig);
        break;
    default:
        break;
    }
}

// The first frame: history, cursor, and the first turn, said with where the person here
// goes in a game at this terminal (the opening message stays in the log, and on the status
// line when it is an error or the game is networked); or, for --review, the review.
void App::start() {
    if (club_.lobby) { // the lobby first: what the club said with its welcome
        lobby_actions();
        return render();
    }
    standing_.count_figures(board_.game);
    board_.rebuild_history();
    cursor_to_first_human();
    if (review_.leaving_quits) {
        open_review();
        return render();
    }
    const std::string opening = status_.text();
    const bool opening_error = status_.is_error();
    if (board_.game.over())
        game_over();
    else
        turn_started();
    const Seat me = you();
    // A new game at this terminal is opened by where the person here goes; a loaded, resumed
    // or networked game by the opening (what was loaded, how to join), the panel saying it.
    if (places_.new_game && !board_.game.over() && !opening_error && me != kNoSeat &&
        !board_.game.puzzle() && !net_.active())
        status_.set(play::orientation_words(board_.game, me, screen::player_glyph(me, term_.style),
                                            view_turns()));
    else if (!opening.empty() && !opening_error && !board_.game.over())
        status_.set(opening);
    net_actions(); // what came with the record
    render();
}

// How long poll() may wait: for ever, but while an animation runs, until its next frame,
// and while a client of a hosted game has not said hello, until its time is up.
int App::poll_timeout() const {
    int net = net_.timeout_ms(); // a silent client's time running out
    if (const int lobby = club_.lobby ? club_.lobby->timeout_ms() : -1; lobby >= 0)
        net = net < 0 ? lobby : std::min(net, lobby); // the next try to reach the club
    if (const int clock = net_.clock_timeout_ms(); clock >= 0)
        net = net < 0 ? clock : std::min(net, clock); // a clock shown changes its figure
    const int frame = board_.next_hop_ms(Clock::now());
    if (frame < 0) return net;
    return net < 0 ? frame : std::min(net, frame);
}

// Ends the program's run because the terminal is gone: the game is saved for --resume.
void App::terminal_gone() {
    autosave();
    quit(1);
}

// Reads every key waiting; a keyboard readable again and again with no key is gone.
void App::read_keys() {
    int keys = 0;
    for (int ch; !exit_.quit && (ch = screen::next_key()) != screen::kNoKey;) {
        ++keys;
        handle_key(ch);
    }
    term_.dead_reads = keys ? 0 : term_.dead_reads + 1;
    if (term_.dead_reads > kDeadReads) terminal_gone();
}

// Handles whatever poll() found ready: signals first, then the worker's move, then keys.
void App::serve(const std::vector<pollfd>& fds) {
    if (fds[kSignals].revents & POLLIN) {
        unsigned char sigs[32];
        const ssize_t got = read(term_.signal_fd, sigs, sizeof sigs);
        for (ssize_t i = 0; i < got; ++i) handle_signal(sigs[i]);
        if (exit_.quit) return;
    }
    if ((fds[kWorker].revents & POLLIN) && worker_.busy()) ai_finished();
    if ((fds[kRace].revents & POLLIN) && meters_.race.busy()) meters_.race.finished();
    if ((fds[kJudge].revents & POLLIN) && review_.judge.busy()) {
        const bool whole = review_.judge.analysis().complete();
        review_.judge.finished();
        if (review_.learn)
            if (const int solved = review_.learn_judged(); solved > 0)
                tell(ReviewState::keep_learned(board_.game, solved, places_.door));
        if (!whole && review_.judge.analysis().complete()) tell(review_.keep_analysis(board_.game));
    }
    if (fds[kKeyboard].revents & (POLLHUP | POLLERR | POLLNVAL))
        return terminal_gone(); // the terminal went away without a SIGHUP
    if (fds[kKeyboard].revents & POLLIN) read_keys();
}

// Shows the next frame of an animated move when its time has come; the last one ends it.
void App::step_animation() {
    if (board_.step(Clock::now())) after_change(true);
}

int App::run() {
    start();
    std::vector<pollfd> fds;
    while (!exit_.quit) {
        fds.assign(kSources, pollfd{});
        fds[kKeyboard] = {STDIN_FILENO, POLLIN, 0};
        fds[kSignals] = {term_.signal_fd, POLLIN, 0};
        fds[kWorker] = {worker_.fd(), POLLIN, 0};
        fds[kRace] = {meters_.race.fd(), POLLIN, 0};
        fds[kJudge] = {review_.judge.fd(), POLLIN, 0};
        net_.add_fds(fds); // further sources after kSources, then the lobby's
        const std::size_t lobby_from = fds.size();
        if (club_.lobby) club_.lobby->add_fds(fds);
        const int n = poll(fds.data(), fds.size(), poll_timeout());
        if (n < 0 && errno != EINTR) throw std::runtime_error("poll failed");
        if (n > 0) serve(fds);
        if (!exit_.quit && net_.active())
            handle_net(fds.data() + kSources, n > 0 ? lobby_from - kSources : 0);
        if (!exit_.quit && club_.lobby) {
            club_.lobby->serve(fds.data() + lobby_from, n > 0 ? fds.size() - lobby_from : 0);
            lobby_actions();
        }
        if (!exit_.quit) step_animation();
        if (!exit_.quit) render();
    }
    stop_thinking();
    // The others were promised the game goes on with --resume.
    if (net_.hosting() && exit_.code == 0) autosave();
    if (net_.in_club()) (void)net_.release(); // the club keeps the game; nothing to say
    net_.leave();
    screen::restore_terminal();
    if (!exit_.note.empty()) std::fprintf(stderr, "%s\n", exit_.note.c_str());
    if (!exit_.message.empty()) std::fprintf(stderr, "%s\n", exit_.message.c_str());
    return exit_.code;
}

namespace {

// How the lobby reaches the club: as this Unix user, at the door for an SSH key, or on
// another host through ssh and the relay there.
ClubDialer club_dialer(const Config& cfg) {
    if (!cfg.club.door.fingerprint.empty())
        return [dir = cfg.club.dir, key = cfg.club.door.fingerprint](ClubWay& way, bool) {
            return start::dial_door(dir, key, way.fd);
        };
    if (!cfg.network.remote.host.empty())
        return [remote = cfg.network.remote](ClubWay& way, bool may_ask) {
            way.relay = std::make_unique<net::SshRelay>();
            std::string peer;
            if (std::string e =
                    way.relay->open(remote.host, remote.command, {"club"}, way.fd, peer, may_ask);
                !e.empty())
                return e;
            way.note = way.relay->skipped_note();
            return std::string();
        };
    return [dir = cfg.club.dir](ClubWay& way, bool) { return club::dial_club(dir, way.fd); };
}

// Whose club the lobby reaches and where, for its header.
std::string club_description(const Config& cfg) {
    if (!cfg.club.door.fingerprint.empty()) {
        char host[256] = {};
        if (gethostname(host, sizeof host - 1) != 0 || !*host) return "the host's club";
        return club::describe_remote_club(host);
    }
    if (!cfg.network.remote.host.empty())
        return club::describe_remote_club(cfg.network.remote.host);
    std::string dir;
    if (!club::find_club_dir(cfg.club.dir, dir).empty()) return {};
    return club::describe_club_dir(dir);
}

// Runs the loop on the game opened (and the network part, if any), with the config file's
// faults said at the start and again on leaving.
int run_opened(const Config& cfg, const settings::Startup& startup, start::Opening& opening,
               start::NetOpening& net, std::unique_ptr<Lobby> lobby = nullptr) {
    const int signal_fd = screen::install_signal_pipe();
    if (signal_fd < 0) return std::fputs("halma: cannot create a pipe for signals\n", stderr), 1;
    // What went wrong before the screen starts: the config file's faults, a damaged autosave.
    std::string notes;
    for (const TextError& e : startup.notes) notes += "halma: " + printable(e.message()) + "\n";
    if (opening.damaged) notes += "halma: " + opening.message + "\n";
    if (!notes.empty()) notes.pop_back();
    screen::Style style;
    if (std::string e = screen::start_terminal(cfg.display.ascii, cfg.display.no_color,
                                               cfg.display.no_mouse, cfg.display.theme, style);
        !e.empty()) {
        if (!notes.empty()) std::fprintf(stderr, "%s\n", notes.c_str());
        return std::fprintf(stderr, "halma: %s\n", e.c_str()), 1;
    }
    App app(cfg, opening.game, signal_fd, style,
            Places{opening.new_game, opening.resumed, opening.saved_game_waits, opening.resumed,
                   opening.autosave_file, startup.prefs_file, cfg.mode == settings::Mode::Door});
    // The terminal's note goes first, once, unless an autosave was found damaged.
    app.say_first(style.note.empty() || opening.damaged ? opening.status : style.note,
                  opening.damaged);
    app.take_headers(opening.headers);
    if (opening.review)
        app.review_only(opening.headers, opening.record_text, opening.record_file);
    else
        app.take_kept_analysis(opening.record_text);
    if (net.host) app.host(std::move(net.dir), std::move(net.host));
    if (net.client) app.follow(std::move(net.client), net.seat);
    if (lobby) app.club(std::move(lobby));
    if (!startup.notes.empty()) app.say_first(settings::config_notice(startup.notes), true);
    app.say_on_leaving(notes);
    return app.run();
}

} // namespace

int run_terminal(Config cfg, const settings::Startup& startup) {
    start::Opening opening;
    start::NetOpening net;
    std::unique_ptr<Lobby> lobby;
    if (cfg.mode == settings::Mode::Club || cfg.mode == settings::Mode::Door) {
        lobby = std::make_unique<Lobby>(club_dialer(cfg), club_description(cfg));
        std::string e = lobby->open(kClubAnswerMs);
        // ssh -t HOST watch N at the door: the game is entered as soon as the club lets in;
        // otherwise the game whose seat the club holds for this player, if any.
        const std::vector<std::string_view> w = split_words(cfg.club.words);
        if (e.empty() && w.size() == 2 && w[0] == "watch")
            e = lobby->enter(parse_count(w[1]), false);
        else if (e.empty())
            (void)lobby->rejoin(); // nothing held, or not sent: the lobby as usual
        if (!e.empty()) return std::fprintf(stderr, "halma: %s\n", printable(e).c_str()), 1;
    } else if (!cfg.network.join.empty() || !cfg.network.watch.empty()) {
        if (int status = start::join_game(cfg, opening, net); status != 0) return status;
    } else {
        if (int status = start::open_game(cfg, opening); status != 0) return status;
        if (int status = start::host_game(cfg, opening, net); status != 0) return status;
    }
    return run_opened(cfg, startup, opening, net, std::move(lobby));
}

int run_review(Config cfg, std::string_view record_text, const std::string& source) {
    start::Opening opening;
    if (int status = start::open_review(cfg, record_text, source, opening); status != 0)
        return status;
    start::NetOpening none;
    return run_opened(cfg, {}, opening, none);
}

} // namespace halma::app
