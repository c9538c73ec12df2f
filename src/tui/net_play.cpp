// Network play in the loop: the host's side (its events become moves, seats, chat and undo
// requests on this screen) and the client's side (the host's messages do the same). The
// sockets are polled with the keyboard; nothing here blocks.
#include "tui/app_state.hpp"

#include "tui/session.hpp"

#include <algorithm>

namespace halma::tui {

void App::set_host(std::unique_ptr<net::Rendezvous> dir, std::unique_ptr<net::Host> host) {
    net_dir_ = std::move(dir);
    host_ = std::move(host);
    seat_labels_.assign(cfg_.seats.size(), "");
    for (std::size_t p = 0; p < cfg_.seats.size(); ++p)
        if (cfg_.seats[p].remote)
            seat_labels_[p] = "open";
        else if (!cfg_.seats[p].ai)
            seat_labels_[p] = host_->host_user();
    const std::string join = "halma --join " + host_->address();
    net_line_ = "join: " + join + "  code " + host_->code();
    set_status("Hosting " + host_->name() + ": others join with " + join + ", code " +
               host_->code());
}

void App::set_client(std::unique_ptr<net::Client> client, int my_seat) {
    client_ = std::move(client);
    my_seat_ = my_seat;
    // Every seat but this terminal's is played elsewhere; the host says by whom.
    cfg_.seats.assign(static_cast<std::size_t>(game_.players()), SeatSpec{false, 1, true});
    if (my_seat_ >= 0) cfg_.seats[my_seat_].remote = false;
    seat_labels_.assign(cfg_.seats.size(), "?");
    net_line_ = my_seat_ >= 0 ? "playing " + client_->host_user() + "'s game"
                              : "watching " + client_->host_user() + "'s game";
}

void App::add_net_fds(std::vector<pollfd>& fds) const {
    if (host_) host_->add_fds(fds);
    if (client_ && client_->fd() >= 0) fds.push_back({client_->fd(), client_->events(), 0});
}

int App::net_timeout() const { return host_ ? host_->timeout_ms(Clock::now()) : -1; }

void App::handle_net(const pollfd* fds, std::size_t count) {
    if (host_) {
        host_->handle(fds, count, game_, headers(), Clock::now());
        host_events();
    }
    if (client_) {
        for (std::size_t i = 0; i < count; ++i)
            if (fds[i].fd == client_->fd()) client_->handle(fds[i].revents);
        client_messages();
    }
}

// Who plays seat p, in a few words: "bob", "bob (dropped)", "open", "AI 3".
std::string App::seat_words(int p) const {
    if (p < static_cast<int>(seat_labels_.size()) && !seat_labels_[p].empty())
        return seat_labels_[p];
    return seat_is_ai(p) ? "AI" : "human";
}

// Says whose turn it is when this keyboard does not play it.
void App::net_turn_status() {
    if (game_.over()) return;
    const int p = game_.to_move();
    const std::string who = "player " + std::to_string(p + 1);
    if (host_ && host_->seats()[p].state == net::SeatState::Waiting)
        return set_status("waiting for " + host_->seats()[p].user + " (" + who +
                          ") to come back; :ai " + std::to_string(p + 1) +
                          " gives the seat to the computer");
    if (host_ && host_->seats()[p].state == net::SeatState::Open)
        return set_status("waiting for someone to join as " + who + ": halma --join " +
                          host_->address());
    if (p == my_seat_) {
        if (!status_error_) set_status("your turn (" + who + ")");
        return place_cursor();
    }
    if (!status_error_) set_status(who + "'s turn (" + seat_words(p) + ")");
}

// Tells the others about a move played at this end (the host's, the AI's, a pass).
void App::moved_here(const Position& before, Move m, int mover) {
    if (!host_) return;
    host_->moved(mover, chain_name(before, m, game_.rules().longjumps));
    if (game_.over()) host_->game_over(result_name(game_.result()));
}

// A move made at another terminal: played and shown as the AI's are.
void App::play_remote(Move m) {
    if (anim_) { // the last one is still being shown: finish it first
        anim_.reset();
        after_change();
    }
    const Position before = game_.position();
    const int mover = game_.to_move();
    game_.play(m);
    moved_here(before, m, mover);
    set_status({});
    show_move(before, m);
}

void App::host_events() {
    using K = net::HostEvent::Kind;
    for (const net::HostEvent& e : host_->take_events()) {
        const std::string who = "player " + std::to_string(e.seat + 1);
        switch (e.kind) {
        case K::Joined:
        case K::Rejoined:
            seat_labels_[e.seat] = e.user;
            set_status(e.user + (e.kind == K::Joined ? " joined as " : " is back as ") + who);
            break;
        case K::Dropped:
            seat_labels_[e.seat] = e.user + "?";
            set_status(e.user + " (" + who + ") dropped out; the seat is held for them");
            if (game_.to_move() == e.seat) net_turn_status();
            break;
        case K::Watchers:
            set_status(std::to_string(host_->watchers()) + " watching");
            break;
        case K::Move:
            play_remote(e.move);
            break;
        case K::Said:
            set_status(e.user + ": " + e.text);
            break;
        case K::UndoAsked:
            question_ = e.user + " asks to take back to " + who + "'s last turn. Agree? (y/n)";
            break;
        case K::UndoAgreed: {
            int moves = 0;
            take_back_to(e.seat, moves);
            host_->undone(moves);
            question_.clear();
            set_status("took back " + std::to_string(moves) + " moves: " + who + " to move");
            break;
        }
        case K::UndoDeclined:
            question_.clear();
            set_status("no undo: " + e.text);
            break;
        }
    }
}

// Takes moves back until it is seat's turn again (at least one move).
void App::take_back_to(int seat, int& moves) {
    stop_thinking();
    anim_.reset();
    moves = 0;
    while (game_.can_undo() && (moves == 0 || game_.to_move() != seat)) moves += game_.undo();
    after_change();
}

void App::client_messages() {
    for (net::Message m; !quit_ && client_->next(m);) on_host_message(m);
    if (!quit_ && client_->closed())
        client_gone("the game's host hung up (" + client_->why_closed() + ")", 1);
}

void App::client_gone(const std::string& why, int status) {
    exit_message_ = "halma: " + printable(why);
    exit_code_ = status;
    quit_ = true;
}

void App::on_host_message(const net::Message& m) {
    using V = net::Verb;
    switch (m.verb) {
    case V::Moved: {
        const ParsedMove pm =
            m.seat == game_.to_move() + 1 ? parse_move(game_, m.word) : ParsedMove{};
        if (!pm.error.empty() || m.seat != game_.to_move() + 1)
            return client_gone("the host's move " + m.word + " does not fit this game", 1);
        if (move_sent_ && m.seat == my_seat_ + 1) { // my own move, already seen being built
            move_sent_ = false;
            game_.play(pm.move);
            set_status({});
            return after_change(true);
        }
        const Position before = game_.position();
        game_.play(pm.move);
        return show_move(before, pm.move);
    }
    case V::Undone: {
        anim_.reset();
        for (int i = 0; i < m.count && game_.can_undo(); ++i) (void)game_.undo();
        move_sent_ = false;
        after_change();
        return set_status("took back " + std::to_string(m.count) + " moves");
    }
    case V::Seat: {
        const int p = m.seat - 1;
        if (p >= static_cast<int>(seat_labels_.size())) return;
        using S = net::SeatState;
        seat_labels_[p] = m.state == S::Open      ? "open"
                          : m.state == S::Ai      ? "AI " + std::to_string(m.count)
                          : m.state == S::Waiting ? m.user + "?"
                                                  : m.user;
        if (m.state == S::Waiting && p != my_seat_)
            set_status(m.user + " (player " + std::to_string(m.seat) + ") dropped out; waiting");
        return;
    }
    case V::Chat:
        return set_status(m.user + ": " + m.text);
    case V::UndoAsk:
        if (my_seat_ >= 0 && m.seat - 1 != my_seat_)
            question_ = m.user + " asks to take back to player " + std::to_string(m.seat) +
                        "'s last turn. Agree? (y/n)";
        else if (my_seat_ < 0)
            set_status(m.user + " asks to take moves back");
        return;
    case V::UndoNo:
        question_.clear();
        return set_status("no undo: " + m.text);
    case V::Error:
        move_sent_ = false;
        return set_status(m.text, true);
    case V::Leaving:
        return client_gone("the host left; the game goes on when they run halma --resume and "
                           "you join again",
                           0);
    case V::Dropped:
    case V::Refused:
        return client_gone("the host closed the connection: " + m.text, 1);
    case V::Watchers:
        return;
    default: // a second record or welcome, an over: nothing more to do
        return;
    }
}

// U or :undo in a networked game: the others are asked.
void App::net_undo() {
    if (!game_.can_undo()) return set_status("nothing to undo", true);
    if (client_) {
        if (my_seat_ < 0) return set_status("watchers do not take moves back", true);
        net::Message m;
        m.verb = net::Verb::Undo;
        client_->send(m);
        return set_status("asked the others to take back to your last turn");
    }
    // The host: back to the last turn played at this keyboard.
    int seat = -1;
    for (std::size_t i = game_.ply(); i-- > 0 && seat < 0;)
        if (seat_is_local(game_.mover_at(i))) seat = game_.mover_at(i);
    if (seat < 0) return set_status("no move of yours to take back", true);
    std::string why;
    if (!host_->ask_undo(seat, why)) return set_status(why, true);
    host_events(); // agreed at once when nobody else is there to ask
    if (question_.empty() && status_.rfind("took back", 0) != 0)
        set_status("asked the others to agree to take back");
}

void App::answer_question(bool yes) {
    question_.clear();
    set_status(yes ? "you agreed to take back" : "you said no");
    if (host_) {
        host_->answer_undo(yes);
        host_events();
    } else if (client_) {
        net::Message m;
        m.verb = net::Verb::Consent;
        m.yes = yes;
        client_->send(m);
    }
}

void App::say(const std::string& text) {
    if (!networked()) return set_status(":say is for a networked game", true);
    if (net::clean_text(text, net::kMaxSay).empty()) return set_status(":say TEXT", true);
    if (host_) {
        host_->say(text);
        return host_events();
    }
    client_->say(text);
}

// :ai SEAT on the host: a remote seat nobody holds goes to the computer.
void App::give_seat_to_ai(const std::string& arg) {
    if (!host_) return set_status(":ai SEAT is for the host of a networked game", true);
    const int seat = parse_count(arg) - 1;
    if (seat < 0 || seat >= game_.players())
        return set_status(":ai takes a seat number, 1 to " + std::to_string(game_.players()), true);
    if (std::string e = host_->give_to_ai(seat, cfg_.level); !e.empty()) return set_status(e, true);
    cfg_.seats[seat] = SeatSpec{true, cfg_.level};
    seat_labels_[seat].clear();
    set_status("player " + std::to_string(seat + 1) + " is played by the computer now");
    turn_started();
}

} // namespace halma::tui
