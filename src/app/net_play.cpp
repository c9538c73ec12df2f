#include "app/net_play.hpp"

#include "play/words.hpp"

#include <algorithm>

namespace halma::app {

using play::player_words;

namespace {
// A seat's label before the host has said who holds it.
constexpr const char* kUnknownLabel = "?";
// Under this a clock shows tenths of a second, and is redrawn as often.
constexpr long long kTenthsUnderMs = 10000;
} // namespace

long long ClockCopy::left(Seat seat, Clock::time_point now) const {
    if (seat < 0 || seat >= static_cast<int>(ms.size())) return 0;
    long long t = ms[seat];
    if (seat == running)
        t -= std::chrono::duration_cast<std::chrono::milliseconds>(now - at).count();
    return std::max(0LL, t);
}

void ClockCopy::charge(Seat next, Clock::time_point now) {
    if (used_ms.size() < ms.size()) used_ms.resize(ms.size(), 0);
    if (charged >= 0 && charged < static_cast<int>(used_ms.size()))
        used_ms[charged] +=
            std::chrono::duration_cast<std::chrono::milliseconds>(now - since).count();
    charged = next;
    since = now;
}

long long ClockCopy::used(Seat seat, Clock::time_point now) const {
    if (seat < 0 || seat >= static_cast<int>(used_ms.size())) return 0;
    long long t = used_ms[seat];
    if (seat == charged)
        t += std::chrono::duration_cast<std::chrono::milliseconds>(now - since).count();
    return t;
}

int NetPlay::clock_timeout_ms() const {
    if (clock_.running == kNoSeat || ended_) return -1;
    const long long left = clock_.left(clock_.running, ClockCopy::Clock::now());
    if (left <= 0) return -1; // the club says what happens now
    // Until the figure shown changes: the next whole second, or tenth under ten seconds.
    const long long step = left < kTenthsUnderMs ? 100 : 1000;
    return static_cast<int>(left % step + 1);
}

std::string NetPlay::host(std::unique_ptr<net::Rendezvous> dir, std::unique_ptr<net::Host> host,
                          const std::vector<settings::SeatSpec>& seats) {
    dir_ = std::move(dir);
    host_ = std::move(host);
    labels_.assign(seats.size(), "");
    for (std::size_t p = 0; p < seats.size(); ++p)
        if (seats[p].remote)
            labels_[p] = "open";
        else if (!seats[p].ai)
            labels_[p] = host_->host_user();
    const std::string join = "halma --join " + host_->address();
    line_ = "join: " + join + "  code " + host_->code();
    return "Hosting " + host_->name() + ": others join with " + join + ", code " + host_->code();
}

void NetPlay::join(std::unique_ptr<net::Client> client, Seat seat, int players, bool club,
                   long long low_clock_ms) {
    client_ = std::move(client);
    my_seat_ = seat;
    club_ = club;
    move_sent_ = ended_ = hung_up_ = draw_asked_ = low_told_ = false;
    watchers_ = 0;
    earlier_chat_ = true; // until the watchers line that ends what coming in brings
    question_.clear();
    actions_.clear();
    clock_ = ClockCopy{};
    clock_.low_ms = low_clock_ms;
    ending_ = ClubEnding{};
    labels_.assign(static_cast<std::size_t>(players), kUnknownLabel);
    away_.assign(static_cast<std::size_t>(players), "");
    away_said_.assign(static_cast<std::size_t>(players), false);
    line_ =
        club ? (my_seat_ != kNoSeat ? "club game: q for the lobby" : "watching: q for the lobby")
             : (my_seat_ != kNoSeat ? "playing " : "watching ") + client_->host_user() + "'s game";
}

std::unique_ptr<net::Client> NetPlay::release() {
    club_ = false;
    labels_.clear();
    away_.clear();
    away_said_.clear();
    line_.clear();
    question_.clear();
    actions_.clear();
    my_seat_ = kNoSeat;
    watchers_ = 0;
    return std::move(client_);
}

std::string NetPlay::seat_label(Seat seat) const {
    return seat >= 0 && seat < static_cast<int>(labels_.size()) ? labels_[seat] : std::string();
}

void NetPlay::add_fds(std::vector<pollfd>& fds) const {
    if (host_) host_->add_fds(fds);
    if (client_ && client_->fd() >= 0) fds.push_back({client_->fd(), client_->events(), 0});
}

int NetPlay::timeout_ms() const { return host_ ? host_->timeout_ms(net::Clock::now()) : -1; }

void NetPlay::serve(const pollfd* fds, std::size_t count, const Game& game,
                    const Options& headers) {
    if (host_) {
        host_->handle(fds, count, game, headers, net::Clock::now());
        for (const net::HostEvent& e : host_->take_events()) host_event(e);
    }
    if (client_)
        for (std::size_t i = 0; i < count; ++i)
            if (fds[i].fd == client_->fd()) client_->handle(fds[i].revents);
}

bool NetPlay::next(const Game& game, NetAction& out) {
    // The host's messages are read one at a time, each against the game as the last left it.
    for (net::Message m; actions_.empty() && client_ && client_->next(m);) host_message(game, m);
    if (actions_.empty() && !low_told_ && my_seat_ != kNoSeat && clock_.running == my_seat_ &&
        !ended_ && !clock_.first &&
        clock_.left(my_seat_, ClockCopy::Clock::now()) < clock_.low_ms) {
        low_told_ = true; // once a game
        push(NetAction::Kind::LowTime, "your time is running low");
    }
    if (actions_.empty() && client_ && client_->closed() && !hung_up_) {
        hung_up_ = true; // said once
        actions_.push_back({NetAction::Kind::Leave, kNoSeat, Move::none(), 1,
                            std::string(club_ ? "the club" : "the game's host") + " hung up (" +
                                client_->why_closed() + ")"});
    }
    if (actions_.empty()) return false;
    out = std::move(actions_.front());
    actions_.pop_front();
    return true;
}

void NetPlay::push(NetAction::Kind kind, std::string text, bool error) {
    NetAction a;
    a.kind = kind;
    a.text = std::move(text);
    a.error = error;
    actions_.push_back(std::move(a));
}

void NetPlay::push_chat(std::string text) {
    push(NetAction::Kind::Say, std::move(text));
    actions_.back().chat = true;
}

// The host's side: what the clients did.
void NetPlay::host_event(const net::HostEvent& e) {
    using K = net::HostEvent::Kind;
    const std::string who = player_words(e.seat);
    switch (e.kind) {
    case K::Joined:
    case K::Rejoined:
        labels_[e.seat] = e.user;
        return push(NetAction::Kind::Say,
                    e.user + (e.kind == K::Joined ? " joined as " : " is back as ") + who);
    case K::Dropped:
        labels_[e.seat] = e.user + "?";
        push(NetAction::Kind::Say,
             e.user + " (" + who + ") dropped out; the seat is held for them");
        actions_.push_back({NetAction::Kind::Turn, e.seat, Move::none(), 0, {}, false});
        return;
    case K::Watchers:
        watchers_ = host_->watchers();
        return push(NetAction::Kind::Say, std::to_string(watchers_) + " watching");
    case K::Move:
        actions_.push_back({NetAction::Kind::Play, e.seat, e.move, 0, {}, false});
        return;
    case K::Said:
        return push_chat(e.user + ": " + e.text);
    case K::UndoAsked:
        question_ = e.user + " asks to take back to " + who + "'s last turn. Agree? (y/n)";
        return;
    case K::UndoAgreed:
        question_.clear();
        actions_.push_back({NetAction::Kind::TakeBack, e.seat, Move::none(), 0, {}, false});
        return;
    case K::UndoDeclined:
        question_.clear();
        return push(NetAction::Kind::Say, "no undo: " + e.text);
    }
}

// The client's side: what the host said.
void NetPlay::host_message(const Game& game, const net::Message& m) {
    using V = net::Verb;
    using K = NetAction::Kind;
    switch (m.verb) {
    case V::Moved:
        return moved_message(game, m);
    case V::Over:
        ended_ = true;
        move_sent_ = false;
        question_.clear();
        clock_.running = kNoSeat;
        if (!club_) return;
        ending_.words = m.text;
        return push(K::Ended, m.text);
    case V::Used:
    case V::Ended:
    case V::Rated:
    case V::ClockLine:
        return clock_message(game, m);
    case V::DrawAsk:
    case V::DrawNo:
    case V::UndoAsk:
    case V::UndoNo:
        return offer_message(m);
    case V::Undone:
        ended_ = false;
        move_sent_ = false;
        actions_.push_back({K::Undone, kNoSeat, Move::none(), m.count, {}, false});
        return;
    case V::Seat:
        return seat_message(game, m);
    case V::Chat:
        push_chat(m.user + ": " + m.text);
        actions_.back().earlier = earlier_chat_;
        return;
    case V::Watchers:
        watchers_ = std::max(0, m.count);
        earlier_chat_ = false;
        return;
    case V::Error:
        move_sent_ = false;
        return push(K::Say, m.text, true);
    case V::Leaving:
        actions_.push_back({K::Leave, kNoSeat, Move::none(), 0,
                            "the host left; the game goes on when they run halma --resume and "
                            "you join again"});
        return;
    case V::Taken: // only a club moves a connection to its lobby
        if (!club_) return;
        actions_.push_back(
            {K::ToLobby, kNoSeat, Move::none(), 0,
             "game " + std::to_string(m.game) + " taken over by your other connection"});
        return;
    case V::Dropped:
    case V::Refused:
        actions_.push_back(
            {K::Leave, kNoSeat, Move::none(), 1, "the host closed the connection: " + m.text});
        return;
    default: // a second record or welcome: nothing more to do
        return;
    }
}

// A move the host says was made: played here, or the game left when it does not fit.
void NetPlay::moved_message(const Game& game, const net::Message& m) {
    using K = NetAction::Kind;
    const Seat seat = seat_of_number(m.seat); // the wire numbers seats as people do
    const ParsedMove pm = seat == game.to_move() ? parse_move(game, m.word) : ParsedMove{};
    if (seat != game.to_move() || !pm.error.empty()) {
        actions_.push_back({K::Leave, kNoSeat, Move::none(), 1,
                            "the host's move " + m.word + " does not fit this game"});
        return;
    }
    const bool own = move_sent_ && seat == my_seat_; // already seen being built here
    if (own) move_sent_ = false;
    actions_.push_back({own ? K::PlayOwn : K::Play, seat, pm.move, 0, {}, false});
}

// The clock and the ending the server tells: the time used, the result, the ratings, each
// seat's time left.
void NetPlay::clock_message(const Game& game, const net::Message& m) {
    using V = net::Verb;
    const Seat seat = seat_of_number(m.seat);
    switch (m.verb) {
    case V::Used: { // the server's count, the same at every terminal, replaces this copy's
        if (m.numbers.size() != labels_.size()) return;
        clock_.used_ms = m.numbers;
        clock_.charged = kNoSeat;
        return;
    }
    case V::Ended:
        clock_.charge(kNoSeat, ClockCopy::Clock::now());
        ending_.order = m.terms.result;
        ending_.how = m.terms.how;
        return;
    case V::Rated: {
        const std::size_t i = static_cast<std::size_t>(m.seat - 1);
        if (m.numbers.size() != 2 || i >= labels_.size()) return;
        if (ending_.ratings.size() < labels_.size()) ending_.ratings.resize(labels_.size());
        ending_.ratings[i] = {static_cast<int>(m.numbers[0]), static_cast<int>(m.numbers[1])};
        return;
    }
    case V::ClockLine: {
        if (m.numbers.size() != labels_.size()) return;
        clock_.ms = m.numbers;
        clock_.running = m.seat ? seat : kNoSeat;
        clock_.at = ClockCopy::Clock::now();
        // A seat that has not moved yet runs the time for its first move.
        clock_.first = clock_.running != kNoSeat && !game.moves_made(clock_.running);
        clock_.charge(clock_.running, clock_.at);
        if (clock_.running == my_seat_ && clock_.left(my_seat_, clock_.at) >= clock_.low_ms)
            low_told_ = false; // time added back: a later low is told again
        return;
    }
    default:
        return;
    }
}

// An offer of a draw or a takeback, or its refusal.
void NetPlay::offer_message(const net::Message& m) {
    using V = net::Verb;
    using K = NetAction::Kind;
    const Seat seat = seat_of_number(m.seat);
    switch (m.verb) {
    case V::DrawAsk:
        if (my_seat_ != kNoSeat && seat != my_seat_) {
            draw_asked_ = true;
            question_ = m.user + " offers a draw. Accept? (y/n)";
        } else {
            push(K::Say, seat == my_seat_ ? "you offered a draw" : m.user + " offers a draw");
        }
        return;
    case V::DrawNo:
        if (draw_asked_) question_.clear();
        draw_asked_ = false;
        return push(K::Say, "no draw: " + m.text);
    case V::UndoAsk:
        if (my_seat_ != kNoSeat && seat != my_seat_)
            question_ = m.user + " asks to take back to " + player_words(seat) +
                        "'s last turn. Agree? (y/n)";
        else if (my_seat_ == kNoSeat)
            push(K::Say, m.user + " asks to take moves back");
        return;
    case V::UndoNo:
        question_.clear();
        return push(K::Say, "no undo: " + m.text);
    default:
        return;
    }
}

// A seat's state: who sits there, open, the computer, or away.
void NetPlay::seat_message(const Game& game, const net::Message& m) {
    using K = NetAction::Kind;
    const Seat seat = seat_of_number(m.seat);
    if (seat < 0 || seat >= static_cast<int>(labels_.size())) return;
    using S = net::SeatState;
    // The turn may have been said before the seat's name came: said again with it.
    std::string unnamed_turn;
    if (labels_[seat] == kUnknownLabel) unnamed_turn = turn_words(game).text;
    labels_[seat] = m.state == S::Open      ? "open"
                    : m.state == S::Ai      ? "computer, level " + std::to_string(m.level)
                    : m.state != S::Waiting ? m.user
                    : club_                 ? m.user + ", away"
                                            : m.user + "?";
    const bool was_away = !away_[seat].empty();
    const bool said_away = away_said_[seat];
    away_[seat] = club_ && m.state == S::Waiting ? m.user : "";
    if (away_[seat].empty()) away_said_[seat] = false;
    if (m.state == S::Waiting && seat != my_seat_ && !club_) {
        push(K::Say, m.user + " (" + player_words(seat) + ") dropped out; waiting");
    } else if (m.state == S::Waiting && seat != my_seat_ && !was_away && !earlier_chat_) {
        push(K::Say, m.user + ": away, seat held"); // coming in, the panel says it
        away_said_[seat] = true;
    } else if (m.state == S::Joined && said_away && seat != my_seat_) {
        // Only after an away said: a server started again learns a moment after a player
        // comes in who sits at the other hosts, and they never left.
        push(K::Say, m.user + " is back");
    } else if (!unnamed_turn.empty())
        actions_.push_back({K::Turn, seat, Move::none(), 0, unnamed_turn, false});
}

NetPlay::TurnWords NetPlay::turn_words(const Game& game) const {
    if (game.over()) return {};
    const Seat p = game.to_move();
    const std::string who = player_words(p);
    if (host_ && host_->seats()[p].state == net::SeatState::Waiting)
        return {"waiting for " + host_->seats()[p].user + " (" + who + ") to come back; :ai " +
                    std::to_string(player_number(p)) + " gives the seat to the computer",
                false, true};
    if (host_ && host_->seats()[p].state == net::SeatState::Open)
        return {"waiting for someone to join as " + who + ": halma --join " + host_->address(),
                false, true};
    if (p == my_seat_) return {"your turn (" + who + ")", true, false};
    if (club_ && !away_[p].empty()) return {who + "'s turn (" + away_[p] + ": away, seat held)"};
    const std::string label = seat_label(p);
    return {who + "'s turn (" + (label.empty() ? "computer" : label) + ")", false, false};
}

void NetPlay::moved(const Game& after, Seat mover, const std::string& chain) {
    if (!host_) return;
    host_->moved(mover, chain);
    if (after.over()) host_->game_over(result_name(after.result()));
}

bool NetPlay::send_move(const std::string& chain) {
    move_sent_ = client_->move(chain);
    return move_sent_;
}

std::string NetPlay::ask_undo(Seat seat) {
    if (client_) {
        if (my_seat_ == kNoSeat) return "watchers do not take moves back";
        net::Message m;
        m.verb = net::Verb::Undo;
        client_->send(m);
        return {};
    }
    std::string why;
    if (!host_->ask_undo(seat, why)) return why;
    for (const net::HostEvent& e : host_->take_events()) host_event(e);
    return {};
}

void NetPlay::answer(bool yes) {
    question_.clear();
    if (draw_asked_) {
        draw_asked_ = false;
        net::Message m;
        m.verb = net::Verb::Draw;
        m.yes = yes;
        (void)send(m);
        return;
    }
    if (host_) {
        host_->answer_undo(yes);
        for (const net::HostEvent& e : host_->take_events()) host_event(e);
    } else if (client_) {
        net::Message m;
        m.verb = net::Verb::Consent;
        m.yes = yes;
        client_->send(m);
    }
}

void NetPlay::undone(int moves) {
    if (host_) host_->undone(moves);
}

std::string NetPlay::say(const std::string& text) {
    if (!active()) return ":say is for a networked game";
    if (net::clean_text(text, net::kMaxSay).empty()) return ":say TEXT";
    if (host_) {
        host_->say(text);
        for (const net::HostEvent& e : host_->take_events()) host_event(e);
    } else {
        client_->say(text);
    }
    return {};
}

std::string NetPlay::give_to_ai(Seat seat, int level) {
    if (!host_) return ":ai SEAT is for the host of a networked game";
    if (std::string e = host_->give_to_ai(seat, level); !e.empty()) return e;
    labels_[seat].clear();
    return {};
}

std::string NetPlay::end_request(ClubEnd what) {
    // What is said to the club, and the command's name for what cannot be.
    static constexpr struct {
        net::Verb verb;
        const char* command;
        const char* watchers;
    } kRequests[] = {{net::Verb::Resign, ":resign", "watchers do not resign"},
                     {net::Verb::Abort, ":abort", "watchers do not abort"},
                     {net::Verb::Claim, ":claim", "watchers do not claim"},
                     {net::Verb::Draw, ":draw", "watchers do not agree draws"}};
    const auto& r = kRequests[static_cast<int>(what)];
    if (!club_) return std::string(r.command) + " is for a club game";
    if (my_seat_ == kNoSeat) return r.watchers;
    if (ended_) return "the game is over";
    if (what == ClubEnd::Draw && labels_.size() != 2) return "draws are agreed in games of two";
    net::Message m;
    m.verb = r.verb;
    m.yes = true; // a draw offered (or accepted)
    return send(m) ? "" : "the club hung up";
}

bool NetPlay::send(const net::Message& m) { return client_ && client_->send(m); }

void NetPlay::leave() {
    if (host_) host_->leave(); // the clients are told, then the socket goes
    if (client_ && my_seat_ != kNoSeat && !client_->closed()) client_->bye();
}

} // namespace halma::app
