#include "net/host.hpp"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <stdexcept>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

namespace halma::net {

namespace {

// Invite-code letters: no 0/o, 1/l/i to misread.
constexpr char kCodeAlphabet[] = "abcdefghjkmnpqrstuvwxyz23456789";
constexpr std::size_t kCodeLength = 6;
// New connections accepted in one call, so a storm of them cannot starve the others.
constexpr int kAcceptsPerCall = 16;
// Lines of chat a joiner or watcher is shown on coming in.
constexpr std::size_t kChatKept = 10;

// Whether two codes are equal, taking the same time wherever they differ.
bool same_code(const std::string& a, const std::string& b) {
    unsigned diff = a.size() != b.size();
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

} // namespace

std::string describe_variant(const Rules& rules) {
    std::string out = std::to_string(rules.players) + " players " + std::to_string(rules.size) +
                      "x" + std::to_string(rules.size);
    const Options usual = options_of(Rules::for_game(rules.players, rules.size));
    const Options these = options_of(rules);
    for (std::size_t i = 0; i < these.size(); ++i)
        if (these[i].first != "first" && these[i] != usual[i])
            out += " " + these[i].first + "=" + these[i].second;
    return out;
}

std::string make_invite_code() {
    constexpr std::size_t letters = sizeof kCodeAlphabet - 1;
    constexpr unsigned kept = 256 / letters * letters; // bytes at or above are redrawn
    std::string code;
    while (code.size() < kCodeLength) {
        unsigned char buf[32];
        ssize_t n = getrandom(buf, sizeof buf, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { // no getrandom(): the kernel's device instead
            int fd = ::open("/dev/urandom", O_RDONLY | O_CLOEXEC);
            n = fd >= 0 ? read(fd, buf, sizeof buf) : -1;
            if (fd >= 0) close(fd);
            if (n <= 0) throw std::runtime_error("no source of random numbers for a code");
        }
        for (ssize_t i = 0; i < n && code.size() < kCodeLength; ++i)
            if (buf[i] < kept) code += kCodeAlphabet[buf[i] % letters];
    }
    return code;
}

Host::~Host() {
    if (listener_) leave();
}

std::string Host::open(Rendezvous& dir, const std::string& name, const std::vector<SeatKind>& seats,
                       const std::vector<int>& levels, const std::string& variant,
                       HostLimits limits) {
    if (std::string e = dir.listen(name, listener_); !e.empty()) return e;
    dir_ = &dir;
    name_ = name;
    variant_ = clean_text(variant, kMaxText);
    limits_ = limits;
    admission_ = Admission(limits.admission);
    host_uid_ = geteuid();
    admission_.let_in(host_uid_);
    host_user_ = user_name(host_uid_);
    code_ = make_invite_code();
    seats_.clear();
    for (std::size_t i = 0; i < seats.size(); ++i) {
        HostSeat s;
        s.kind = seats[i];
        s.level = i < levels.size() ? levels[i] : 0;
        s.state = s.kind == SeatKind::Local ? SeatState::Local
                  : s.kind == SeatKind::Ai  ? SeatState::Ai
                                            : SeatState::Open;
        if (s.kind == SeatKind::Local) s.user = host_user_, s.uid = host_uid_;
        seats_.push_back(s);
    }
    return {};
}

int Host::watchers() const noexcept {
    return static_cast<int>(std::count_if(peers_.begin(), peers_.end(), [](const auto& p) {
        return p->stage == Stage::Watching && p->conn.open();
    }));
}

int Host::waiting_seat() const noexcept {
    for (std::size_t i = 0; i < seats_.size(); ++i)
        if (seats_[i].state == SeatState::Waiting) return static_cast<int>(i);
    return -1;
}

void Host::add_fds(std::vector<pollfd>& fds) const {
    if (listener_) fds.push_back({listener_.get(), POLLIN, 0});
    for (const auto& p : peers_)
        if (p->conn.open()) fds.push_back({p->conn.fd(), p->conn.events(), 0});
}

int Host::timeout_ms(Clock::time_point now) const {
    return static_cast<int>(hello_due_ms(peers_, now));
}

void Host::handle(const pollfd* fds, std::size_t count, const Game& game, const Options& headers,
                  Clock::time_point now) {
    bool listener_ready = false;
    for (std::size_t i = 0; i < count; ++i) {
        if (!fds[i].revents) continue;
        if (listener_ && fds[i].fd == listener_.get()) {
            listener_ready = true;
            continue;
        }
        for (auto& p : peers_)
            if (p->conn.open() && p->conn.fd() == fds[i].fd) {
                serve(*p, fds[i].revents, game, headers, now);
                break;
            }
    }
    drop_silent(peers_, now);
    if (listener_ready) accept_new(game, headers, now);
    purge();
    record_now_.reset(); // the streams that still need it hold it
}

std::vector<HostEvent> Host::take_events() { return std::exchange(events_, {}); }

void Host::emit(HostEvent::Kind kind, int seat, std::string user, std::string text, Move move) {
    events_.push_back({kind, seat, std::move(user), move, std::move(text)});
}

void Host::accept_new(const Game& game, const Options& headers, Clock::time_point now) {
    accept_clients<Peer>(
        listener_, kAcceptsPerCall, limits_, now,
        [&](const Peer&, const Credentials& who) {
            return admission_.refusal(who, occupants(), away());
        },
        [&](std::unique_ptr<Peer> p) {
            peers_.push_back(std::move(p));
            // Its hello is usually there already: read it now, so that it counts as let in
            // before the next connection is judged.
            serve(*peers_.back(), POLLIN, game, headers, now);
        });
}

std::vector<Occupant> Host::occupants() const {
    std::vector<Occupant> out;
    for (const auto& p : peers_)
        if (p->conn.open()) out.push_back({p->uid, p->stage != Stage::Greeting});
    return out;
}

std::vector<uid_t> Host::away() const {
    std::vector<uid_t> out;
    for (const HostSeat& s : seats_)
        if (s.state == SeatState::Waiting) out.push_back(s.uid);
    return out;
}

void Host::serve(Peer& p, short revents, const Game& game, const Options& headers,
                 Clock::time_point now) {
    serve_client(p, revents, admission_.read_allowance(p.conn.decoder.pending()), limits_,
                 "spoke as a host", now,
                 [&](const Message& m) { on_line(p, m, game, headers, now); });
}

void Host::on_line(Peer& p, const Message& m, const Game& game, const Options& headers,
                   Clock::time_point now) {
    if (p.stage == Stage::Greeting) {
        if (m.verb == Verb::Hello) return greet(p, m, game, headers);
        if (m.verb == Verb::Info) {
            p.conn.send(about());
            return kick(p, "listed");
        }
        return kick(p, "no hello", Verb::Refused, "say hello first");
    }
    const bool player = p.stage == Stage::Playing;
    switch (m.verb) {
    case Verb::Move:
        if (!player) return strike(p, "watchers do not move");
        return on_move(p, m, game);
    case Verb::Say:
        if (m.text.empty()) return;
        if (!p.says.take(now))
            return void(p.conn.send(with_text(Verb::Error, "too much chat; wait a moment")));
        return chat(p.user, m.text);
    case Verb::Undo:
        if (!player) return strike(p, "watchers do not take moves back");
        return on_undo(p, game);
    case Verb::Consent:
        if (!player) return strike(p, "watchers are not asked");
        return on_consent(p, m.yes);
    case Verb::Bye:
        return kick(p, "left");
    case Verb::Hello:
    case Verb::Info:
        return strike(p, "already joined");
    default:
        return strike(p, "not a message a client sends");
    }
}

void Host::greet(Peer& p, const Message& m, const Game& game, const Options& headers) {
    if (!served_version(m.version))
        return kick(p, "version", Verb::Refused,
                    "this game speaks network versions " + versions_served() + ", not " +
                        std::to_string(m.version) + "; use the same halma as the host");
    if (m.role == Role::Lobby) return kick(p, "lobby", Verb::Refused, "this is a game, not a club");
    if (p.uid != host_uid_) {
        int& wrong = wrong_codes_[p.uid];
        if (wrong >= limits_.max_wrong_codes)
            return kick(p, "locked out", Verb::Refused,
                        std::string(kLockedOut) + " from " + p.user);
        if (m.word.empty())
            return kick(p, "no code", Verb::Refused,
                        std::string(kCodeNeeded) + " (halma --join " + address() + " asks for it)");
        if (!same_code(m.word, code_)) {
            ++wrong;
            return kick(p, "wrong code", Verb::Refused, kWrongCode);
        }
        admission_.let_in(p.uid);
    }
    if (!record_message(game, headers))
        return kick(p, "record too long", Verb::Refused,
                    "this game's record has grown past " + std::to_string(kMaxRecordBytes >> 20) +
                        " MiB, more than a joiner takes");
    if (m.role == Role::Watch) {
        p.stage = Stage::Watching;
        Message w;
        w.verb = Verb::Welcome;
        w.role = Role::Watch;
        w.user = p.user;
        p.conn.send(w);
        send_state(p, game, headers);
        Message count;
        count.verb = Verb::Watchers;
        count.count = watchers();
        broadcast(count);
        emit(HostEvent::Kind::Watchers);
        return;
    }
    int seat = -1;
    if (std::string why = pick_seat(p, m.seat - 1, seat); !why.empty())
        return kick(p, "no seat", Verb::Refused, why);
    seat_player(p, seat, game, headers);
}

std::string Host::pick_seat(const Peer& p, int wanted, int& seat) const {
    const int n = static_cast<int>(seats_.size());
    if (wanted >= 0) {
        if (wanted >= n) return "this game has " + std::to_string(n) + " seats";
        const HostSeat& s = seats_[wanted];
        const std::string which = "seat " + std::to_string(wanted + 1);
        if (s.kind == SeatKind::Local) return which + " is played at the host's keyboard";
        if (s.kind == SeatKind::Ai) return which + " is played by the computer";
        if (s.state != SeatState::Open && s.uid != p.uid)
            return which + (s.state == SeatState::Waiting ? " is held for " : " is taken by ") +
                   s.user;
        seat = wanted;
        return {};
    }
    for (int i = 0; i < n; ++i)
        if (seats_[i].state == SeatState::Waiting && seats_[i].uid == p.uid) return seat = i, "";
    for (int i = 0; i < n; ++i)
        if (seats_[i].kind == SeatKind::Remote && seats_[i].state == SeatState::Open)
            return seat = i, "";
    return "no free seat in " + name_ + "; watch it with halma --watch " + address();
}

void Host::seat_player(Peer& p, int seat, const Game& game, const Options& headers) {
    HostSeat& s = seats_[seat];
    const bool back = s.state != SeatState::Open;
    for (auto& other : peers_) // the same user's older connection to this seat gives way
        if (other.get() != &p && other->stage == Stage::Playing && other->seat == seat) {
            other->stage = Stage::Greeting;
            other->seat = -1;
            kick(*other, "taken over", Verb::Dropped,
                 "your seat was taken by a new connection of yours");
        }
    s.state = SeatState::Joined;
    s.uid = p.uid;
    s.user = p.user;
    p.stage = Stage::Playing;
    p.seat = seat;
    Message w;
    w.verb = Verb::Welcome;
    w.seat = seat + 1;
    w.user = p.user;
    p.conn.send(w);
    send_state(p, game, headers);
    broadcast(seat_message(seat), &p);
    emit(back ? HostEvent::Kind::Rejoined : HostEvent::Kind::Joined, seat, p.user);
}

std::shared_ptr<const std::string> Host::record_message(const Game& game, const Options& headers) {
    if (record_now_) return record_now_;
    Message r;
    r.verb = Verb::Record;
    r.text = write_record(game, headers);
    if (!r.text.empty() && r.text.back() != '\n') r.text += '\n';
    if (!record_fits(r.text.size())) return nullptr;
    record_now_ = std::make_shared<const std::string>(write_message(r));
    return record_now_;
}

void Host::send_state(Peer& p, const Game& game, const Options& headers) {
    p.conn.send_shared(record_message(game, headers));
    for (int i = 0; i < static_cast<int>(seats_.size()); ++i) p.conn.send(seat_message(i));
    Message count;
    count.verb = Verb::Watchers;
    for (const Message& c : chat_) p.conn.send(c);
    count.count = watchers();
    p.conn.send(count);
}

void Host::on_move(Peer& p, const Message& m, const Game& game) {
    if (game.over()) return void(p.conn.send(with_text(Verb::Error, "the game is over")));
    if (move_pending_ || game.to_move() != p.seat) return strike(p, "it is not your turn");
    ParsedMove pm = parse_move(game, m.word);
    if (!pm.error.empty()) return strike(p, "move " + m.word + ": " + pm.error);
    move_pending_ = true;
    emit(HostEvent::Kind::Move, p.seat, p.user, m.word, pm.move);
}

std::string Host::undo_blocker(int seat, const Game* game) const {
    if (undo_.active) return "an undo is already waiting for an answer";
    if (int w = waiting_seat(); w >= 0)
        return "cannot take back while waiting for " + seats_[w].user;
    if (game && game->moves_made(seat) == 0) return "there is no move of yours to take back";
    return {};
}

void Host::on_undo(Peer& p, const Game& game) {
    if (std::string why = undo_blocker(p.seat, &game); !why.empty())
        return void(p.conn.send(with_text(Verb::Error, why)));
    start_undo(p.seat, &p, p.user);
}

bool Host::ask_undo(int seat, std::string& why_not) {
    why_not = undo_blocker(seat, nullptr);
    if (!why_not.empty()) return false;
    start_undo(seat, nullptr, host_user_);
    purge();
    return true;
}

void Host::start_undo(int seat, const Peer* asker, const std::string& user) {
    undo_ = {};
    undo_.active = true;
    undo_.seat = seat;
    for (const auto& p : peers_)
        if (p->stage == Stage::Playing && p->conn.open() && p.get() != asker)
            undo_.asked.push_back(p.get());
    undo_.local_asked = asker && std::any_of(seats_.begin(), seats_.end(), [](const HostSeat& s) {
                            return s.kind == SeatKind::Local;
                        });
    if (!undo_.asked.empty() || undo_.local_asked) {
        Message ask;
        ask.verb = Verb::UndoAsk;
        ask.seat = seat + 1;
        ask.user = user;
        broadcast(ask);
        if (undo_.local_asked) emit(HostEvent::Kind::UndoAsked, seat, user);
    }
    undo_settle();
}

void Host::on_consent(Peer& p, bool yes) {
    auto it = std::find(undo_.asked.begin(), undo_.asked.end(), &p);
    if (!undo_.active || it == undo_.asked.end())
        return void(p.conn.send(with_text(Verb::Error, "nobody asked you to agree to an undo")));
    if (!yes) return undo_cancel(p.user + " said no", p.user);
    undo_.asked.erase(it);
    undo_settle();
}

void Host::answer_undo(bool yes) {
    if (!undo_.active || !undo_.local_asked) return;
    if (!yes) return undo_cancel(host_user_ + " said no", host_user_), purge();
    undo_.local_asked = false;
    undo_settle();
    purge();
}

void Host::undo_settle() {
    if (!undo_.active || !undo_.asked.empty() || undo_.local_asked) return;
    emit(HostEvent::Kind::UndoAgreed, undo_.seat);
    undo_ = {};
}

void Host::undo_cancel(const std::string& why, const std::string& user) {
    if (!undo_.active) return;
    undo_ = {};
    broadcast(with_text(Verb::UndoNo, why));
    emit(HostEvent::Kind::UndoDeclined, -1, user, why);
}

void Host::chat(const std::string& user, const std::string& text) {
    Message c;
    c.verb = Verb::Chat;
    c.user = user;
    c.text = clean_text(text, kMaxSay);
    if (c.text.empty()) return;
    chat_.push_back(c);
    if (chat_.size() > kChatKept) chat_.pop_front();
    broadcast(c);
    emit(HostEvent::Kind::Said, -1, user, c.text);
}

void Host::broadcast(const Message& m, const Peer* except) {
    const std::string line = write_message(m);
    for (auto& p : peers_)
        if (p.get() != except && p->stage != Stage::Greeting && p->conn.open()) p->conn.send(line);
}

Message Host::seat_message(int seat) const {
    const HostSeat& s = seats_[seat];
    Message m;
    m.verb = Verb::Seat;
    m.seat = seat + 1;
    m.state = s.state;
    if (s.state == SeatState::Ai)
        m.level = std::max(1, s.level);
    else if (s.state != SeatState::Open)
        m.user = s.user;
    return m;
}

Message Host::about() const {
    Message m;
    m.verb = Verb::About;
    m.word = name_;
    m.user = host_user_;
    m.count = static_cast<int>(std::count_if(seats_.begin(), seats_.end(), [](const HostSeat& s) {
        return s.kind == SeatKind::Remote && s.state == SeatState::Open;
    }));
    m.watchers = watchers();
    m.text = variant_;
    return m;
}

// Settles every connection that has closed (read an end of file, was kicked, or failed a
// write): a player's seat is held for them, the watchers are counted again. Telling the
// others may close more connections, so it goes round until none is left.
void Host::purge() {
    while (std::unique_ptr<Peer> gone = take_closed(peers_)) {
        if (std::find(undo_.asked.begin(), undo_.asked.end(), gone.get()) != undo_.asked.end())
            undo_cancel(gone->user + " left");
        if (gone->stage == Stage::Playing) {
            HostSeat& s = seats_[gone->seat];
            s.state = SeatState::Waiting;
            broadcast(seat_message(gone->seat));
            undo_cancel(gone->user + " left");
            emit(HostEvent::Kind::Dropped, gone->seat, gone->user, gone->conn.why_closed());
        } else if (gone->stage == Stage::Watching) {
            Message count;
            count.verb = Verb::Watchers;
            count.count = watchers();
            broadcast(count);
            emit(HostEvent::Kind::Watchers);
        }
    }
}

void Host::moved(int seat, const std::string& chain) {
    move_pending_ = false;
    Message m;
    m.verb = Verb::Moved;
    m.seat = seat + 1;
    m.word = chain;
    broadcast(m);
    undo_cancel("a move was played");
    purge();
}

void Host::undone(int moves) {
    move_pending_ = false;
    Message m;
    m.verb = Verb::Undone;
    m.count = moves;
    broadcast(m);
    purge();
}

void Host::game_over(const std::string& result) {
    broadcast(with_text(Verb::Over, result));
    purge();
}

void Host::say(const std::string& text) {
    chat(host_user_, text);
    purge();
}

std::string Host::give_to_ai(int seat, int level) {
    if (seat < 0 || seat >= static_cast<int>(seats_.size()))
        return "there is no seat " + std::to_string(seat + 1);
    HostSeat& s = seats_[seat];
    if (s.kind != SeatKind::Remote) return "seat " + std::to_string(seat + 1) + " is not remote";
    if (s.state == SeatState::Joined)
        return "seat " + std::to_string(seat + 1) + " is played by " + s.user +
               "; it can go to the AI once they leave";
    s = {SeatKind::Ai, level, SeatState::Ai, 0, {}};
    broadcast(seat_message(seat));
    undo_cancel("the seats changed");
    purge();
    return {};
}

void Host::leave() {
    Message bye;
    bye.verb = Verb::Leaving;
    for (auto& p : peers_) {
        if (p->stage != Stage::Greeting) p->conn.send(bye);
        p->conn.close("the host left");
    }
    peers_.clear();
    undo_ = {};
    if (dir_ && listener_) dir_->remove(name_);
    listener_.reset();
}

} // namespace halma::net
