// The club server's loop, admission and lobby (the tables it holds are in tables.cpp, the rules
// of one game in table.cpp).
#include "club/server.hpp"

#include "club/place.hpp"
#include "net/host.hpp"
#include "net/rendezvous.hpp"
#include "rating/families.hpp"
#include "tourney/director.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <pwd.h>
#include <random>
#include <set>
#include <stdexcept>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

namespace halma::club {

using net::Message;
using net::Verb;

namespace {

// New connections accepted in one turn, so a storm of them cannot starve the rest.
constexpr int kAcceptsPerCall = 32;
// Lines of lobby chat shown on entering the lobby, and finished games a history lists.
constexpr int kChatBacklog = 100;
constexpr int kHistoryLimit = 50;

int g_signal_pipe = -1;
void on_signal(int) {
    const char c = 's';
    (void)!write(g_signal_pipe, &c, 1);
}

Message bare(Verb verb) {
    Message m;
    m.verb = verb;
    return m;
}

// Room for every client the limits allow: the soft limit on descriptors raised to the hard.
void raise_descriptor_limit() {
    rlimit r;
    if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
        r.rlim_cur = r.rlim_max;
        (void)setrlimit(RLIMIT_NOFILE, &r);
    }
}

} // namespace

Server::~Server() {
    for (auto& p : peers_) p->conn.close("the server stopped");
}

std::string Server::open(const std::string& dir, ServerLimits limits, const std::string& store) {
    dir_ = dir;
    limits_ = limits;
    raise_descriptor_limit();
    if (std::string e = claim_club_dir(dir, lock_, listener_); !e.empty()) return e;
    std::string e = open_door();
    StoreUri uri;
    if (e.empty()) e = find_store(dir, store, uri);
    if (e.empty()) e = store_.open(uri, dir);
    if (e.empty()) {
        char host[256] = "";
        (void)gethostname(host, sizeof host - 1);
        replica_.self = std::string(host) + ":" + dir;
        try {
            store_.connection().listen();
            load_tables();
            ask_presence(); // who is at which table through the club's other servers
        } catch (const std::exception& x) {
            e = std::string("cannot read the club's games: ") + x.what();
        }
    }
    if (!e.empty()) {
        listener_.reset();
        (void)unlink((dir + "/" + kSocketFile).c_str());
    }
    return e;
}

int Server::run() {
    int sig[2];
    if (pipe2(sig, O_CLOEXEC | O_NONBLOCK) != 0) return 1;
    g_signal_pipe = sig[1];
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (int s : {SIGTERM, SIGINT, SIGHUP}) sigaction(s, &sa, nullptr);
    std::signal(SIGPIPE, SIG_IGN);
    std::fprintf(stderr, "halma: club server %d serves %s\n", static_cast<int>(getpid()),
                 dir_.c_str());
    std::vector<pollfd> fds;
    next_ai();
    int status = 0;
    for (;;) {
        fds.clear();
        fds.push_back({sig[0], POLLIN, 0});
        fds.push_back({ai_.worker.fd(), POLLIN, 0});
        fds.push_back({listener_.get(), POLLIN, 0});
        fds.push_back({archive_.judge.fd(), POLLIN, 0});
        constexpr std::size_t kPeers = 4; // where the clients' descriptors begin
        for (const auto& p : peers_) fds.push_back({p->conn.fd(), p->conn.events(), 0});
        const int store_fd = store_.connection().socket(); // last, after the peers
        if (store_fd >= 0) fds.push_back({store_fd, POLLIN, 0});
        const int ready =
            poll(fds.data(), fds.size(),
                 replica_.heard.empty() && replica_.stale.empty() ? timeout_ms(Clock::now()) : 0);
        if (ready < 0 && errno != EINTR) break;
        if (fds[0].revents) break;
        const Clock::time_point now = Clock::now();
        // One batch a turn: everything written in it is committed at its end, and nobody
        // is told anything until then.
        net::hold_output();
        store_.begin_batch();
        if (store_fd >= 0 && fds.back().revents) store_.connection().consume();
        if (fds[1].revents) ai_done();
        if (fds[3].revents) analysis_done();
        const std::size_t peer_fds = fds.size() - (store_fd >= 0 ? 1 : 0);
        for (std::size_t i = 0; i < peers_.size() && i + kPeers < peer_fds; ++i)
            if (fds[i + kPeers].revents && peers_[i]->conn.open())
                serve(*peers_[i], fds[i + kPeers].revents, now);
        net::drop_silent(peers_, now);
        watch_store();
        check_deadlines();
        if (fds[2].revents) accept_new(now);
        purge();
        hear_others();
        next_ai();
        next_analysis();
        if (!commit_turn()) {
            status = 1;
            break;
        }
        replica_.heard = store_.connection().heard(); // heard while committing
    }
    for (auto& p : peers_) {
        if (p->stage != Stage::Greeting)
            p->conn.send(with_text(Verb::Dropped, "the club is closing"));
        p->conn.close("the server stopped");
    }
    peers_.clear();
    ai_.worker.cancel();
    archive_.judge.stop();
    (void)unlink((dir_ + "/" + kSocketFile).c_str());
    close(sig[0]);
    close(sig[1]);
    return status;
}

bool Server::commit_turn() {
    if (const std::string e = store_.commit_batch(); !e.empty()) {
        // What the server holds now was never saved: it stops, telling nobody of it, and
        // a restart serves what the database holds.
        std::fprintf(stderr,
                     "halma: club server: cannot save the last moves and changes (%s); "
                     "stopping so that a restart serves what was saved\n",
                     e.c_str());
        for (auto& p : peers_) p->conn.close("the database failed");
        net::release_output(false);
        return false;
    }
    net::release_output(true);
    for (auto& p : peers_) p->conn.flush();
    return true;
}

int Server::timeout_ms(Clock::time_point now) const {
    long long best = net::hello_due_ms(peers_, now);
    const auto consider = [&](long long ms) {
        ms = std::max(0LL, ms + 1); // just after the deadline, not just before it
        if (best < 0 || ms < best) best = ms;
    };
    const Millis wall = clock_.now();
    if (store_watch_.lost) // deadlines wait for the store, which is reached for again at its time
        consider(store_watch_.retry_at - wall);
    else
        for (const auto& [id, t] : tables_)
            if (t.playing() && t.row().deadline) consider(t.row().deadline - wall);
    return static_cast<int>(std::min<long long>(best, 3600 * 1000));
}

void Server::watch_store() {
    constexpr Millis kFirstPauseMs = 250, kLongestPauseMs = 8000;
    Connection& db = store_.connection();
    if (!db.lost()) return;
    const Millis now = clock_.now();
    if (!store_watch_.lost) {
        store_watch_.lost = true;
        store_watch_.pause_ms = kFirstPauseMs;
        store_watch_.retry_at = now + store_watch_.pause_ms;
        std::fprintf(stderr, "halma: %s is out of reach\n", db.name().c_str());
        return tell_everyone("the club's database is out of reach: no move is taken until it "
                             "is back");
    }
    if (now < store_watch_.retry_at) return;
    if (!db.reconnect()) {
        store_watch_.pause_ms = std::min(store_watch_.pause_ms * 2, kLongestPauseMs);
        store_watch_.retry_at = now + store_watch_.pause_ms;
        return;
    }
    store_watch_.lost = false;
    std::fprintf(stderr, "halma: %s is back\n", db.name().c_str());
    resync(); // what the others changed meanwhile
    tell_everyone("the club's database is back: play on");
}

void Server::tell_everyone(const std::string& text) {
    const std::string line = net::write_message(with_text(Verb::Error, text));
    for (auto& p : peers_)
        if (p->stage != Stage::Greeting && p->conn.open()) p->conn.send(line);
}

void Server::accept_new(Clock::time_point now) {
    net::accept_clients<Peer>(
        listener_, kAcceptsPerCall, limits_, now,
        [&](const Peer& p, const net::Credentials& who) -> std::string {
            if (!who.known)
                return "the club cannot tell who you are (no peer credentials on the socket)";
            if (peers_.size() >= limits_.max_clients) return "the club is full; try again later";
            const std::size_t greeting =
                std::count_if(peers_.begin(), peers_.end(), [&](const auto& q) {
                    return q->stage == Stage::Greeting && q->uid == p.uid && q->conn.open();
                });
            if (greeting >= limits_.max_greeting && !from_door(p))
                return "too many connections of " + net::user_name(p.uid) +
                       " that have not said hello";
            return {};
        },
        [&](std::unique_ptr<Peer> p) { peers_.push_back(std::move(p)); });
}

void Server::serve(Peer& p, short revents, Clock::time_point now) {
    net::serve_client(p, revents, limits_.read_per_turn, limits_, "spoke as a server", now,
                      [&](const Message& m) { on_line(p, m, now); });
}

void Server::on_line(Peer& p, const Message& m, Clock::time_point now) {
    if (p.stage == Stage::Greeting) {
        if (m.verb == Verb::Hello) return greet(p, m);
        if (m.verb == Verb::As || m.verb == Verb::Name || m.verb == Verb::Link)
            return door_line(p, m);
        if (m.verb == Verb::Note) return door_note(p, m.text, now);
        return kick(p, "no hello", Verb::Refused, "say hello first (hello 1 lobby - -)");
    }
    switch (m.verb) {
    case Verb::Hello:
    case Verb::Info:
        return strike(p, "already greeted");
    case Verb::Bye:
        return kick(p, "left");
    case Verb::Games:
        p.follows_games = true;
        return send_games(p);
    case Verb::Ratings:
        return send_ratings(p);
    case Verb::History:
        return send_history(p, m.user);
    case Verb::Fetch:
        return send_record(p, m.game);
    case Verb::Who:
        p.follows_who = true;
        return send_who(p);
    case Verb::Seek: // a seek or an accept leaves the connection where it is
        return seek(p, m.text);
    case Verb::Accept:
        return accept(p, m.game);
    case Verb::Tourney:
        for (const Message& line :
             tourney::answer_words(store_, *this,
                                   {p.player, p.user, from_door(p),
                                    from_door(p) ? door_.limits.tournaments_per_player : -1},
                                   m.text, clock_.now()))
            p.conn.send(line);
        return;
    case Verb::Notify: {
        Message t = bare(Verb::Turns);
        t.count = turns_of(p.player);
        return void(p.conn.send(t));
    }
    case Verb::AddKey:
        return key_code(p);
    case Verb::As:
    case Verb::Name:
    case Verb::Link:
    case Verb::Note:
        return strike(p, "already greeted");
    case Verb::Say:
        if (m.text.empty()) return;
        if (!p.says.take(now))
            return void(p.conn.send(with_text(Verb::Error, "too much chat; wait a moment")));
        if (p.stage == Stage::Lobby) return lobby_chat(p, m.text);
        return game_line(p, m, now);
    default:
        break;
    }
    if (p.stage == Stage::Lobby) return lobby_line(p, m);
    return game_line(p, m, now);
}

void Server::greet(Peer& p, const Message& m) {
    if (!net::served_version(m.version))
        return kick(p, "version", Verb::Refused,
                    "this club speaks network versions " + net::versions_served() + ", not " +
                        std::to_string(m.version) + "; use the same halma as the club");
    p.version = m.version;
    if (m.role != net::Role::Lobby)
        return kick(p, "not the lobby", Verb::Refused,
                    "this is a club: its games are entered from the lobby (halma --club)");
    if (from_door(p) && !p.player)
        return kick(p, "no player", Verb::Refused,
                    p.key.empty() ? "the door plays for a key: say which (as SHA256:...)"
                                  : "this key is nobody's yet: choose a name first (name NAME)");
    try {
        store_.transaction([&] {
            if (from_door(p))
                store_.seen(p.player, clock_.now());
            else
                p.player = store_.unix_player(p.uid, p.user, clock_.now());
        });
        p.user = store_.player_name(p.player);
    } catch (const std::exception& e) {
        return kick(p, "store", Verb::Refused,
                    std::string("the club cannot keep you: ") + e.what());
    }
    const bool arriving = !present(p.player, &p);
    p.stage = Stage::Lobby;
    enter_lobby(p);
    if (arriving) tell_presence(p, Verb::Here);
}

void Server::enter_lobby(Peer& p) {
    Message w = bare(Verb::Welcome);
    w.role = net::Role::Lobby;
    w.user = p.user;
    p.conn.send(w);
    for (const ChatRow& c : store_.recent_chat(kChatBacklog)) {
        Message line = with_text(Verb::Chat, c.text);
        line.user = c.name;
        p.conn.send(line);
    }
    // The rounds begun without the player, then how many games wait (the shell's notify ends
    // with that count).
    for (const std::string& line : rounds_begun(p.player)) p.conn.send(with_text(Verb::Over, line));
    Message t = bare(Verb::Turns);
    t.count = turns_of(p.player);
    p.conn.send(t);
}

bool Server::present(long long player, const Peer* except) const {
    return std::any_of(peers_.begin(), peers_.end(), [&](const auto& q) {
        return q.get() != except && q->player == player && q->stage != Stage::Greeting &&
               q->conn.open();
    });
}

void Server::tell_presence(const Peer& p, Verb verb) {
    share_here(p.user, verb == Verb::Here);
    // Still in the club through another server: nothing changes in the lobby's list.
    if (here_anywhere_else(p.user)) return;
    tell_lobby_presence(p.user, verb, &p);
}

void Server::tell_lobby_presence(const std::string& name, Verb verb, const Peer* except) {
    Message m = bare(verb);
    m.user = name;
    const std::string line = net::write_message(m);
    for (auto& q : peers_)
        if (q.get() != except && q->stage == Stage::Lobby && q->follows_who && q->conn.open())
            q->conn.send(line);
}

void Server::announce(const Message& line, const std::function<bool(const Peer&)>& to,
                      const Table* players_of) {
    const std::string text = net::write_message(line);
    for (auto& q : peers_)
        if (q->stage == Stage::Lobby && q->conn.open() &&
            ((q->follows_games && to(*q)) || (players_of && seated(*players_of, *q))))
            q->conn.send(text);
}

void Server::lobby_line(Peer& p, const Message& m) {
    switch (m.verb) {
    case Verb::PlayGame:
    case Verb::WatchGame:
        return enter(p, m.game, m.verb == Verb::PlayGame);
    case Verb::Take:
        return enter(p, m.game, true, true);
    case Verb::Rejoin:
        if (const long long id = dropped_game(p.player)) enter(p, id, true);
        return;
    case Verb::Resign: {
        Table* t = table(m.game);
        if (!m.game || !t) return void(p.conn.send(with_text(Verb::Error, "resign which game?")));
        for (int s = 0; s < t->seats(); ++s)
            if (t->row().seats[s].player == p.player && !t->out(s)) {
                if (t->playing()) return answer(p, t->resign(s));
                if (s == 0) { // the seeker withdraws the seek
                    store_.transaction([&] { store_.remove_game(t->id()); });
                    p.conn.send(
                        with_text(Verb::Over, "seek " + std::to_string(m.game) + " withdrawn"));
                    return seek_gone(*t);
                }
            }
        return void(p.conn.send(
            with_text(Verb::Error, "you are not playing game " + std::to_string(m.game))));
    }
    case Verb::Lobby:
        return void(p.conn.send(with_text(Verb::Error, "you are in the lobby")));
    default:
        return strike(p, "not in a game: play ID or watch ID first");
    }
}

void Server::seek_gone(Table& t) {
    GameRow gone = t.row();
    gone.state = "over"; // with no result: withdrawn
    announce(
        game_line_of(gone, nullptr, clock_.now()), [&](const Peer& q) { return sees(q, t); }, &t);
    tables_.erase(gone.id);
}

// Settles closed connections: a player's seat is held for them, watchers are counted again.
void Server::purge() {
    while (std::unique_ptr<Peer> gone = net::take_closed(peers_)) {
        if (gone->stage != Stage::Greeting && !present(gone->player, nullptr))
            tell_presence(*gone, Verb::Gone);
        if (Table* t = gone->stage == Stage::Greeting || gone->stage == Stage::Lobby
                           ? nullptr
                           : table(gone->game)) {
            if (gone->stage == Stage::Playing) {
                t->left(gone->seat, gone->user + " left");
                t->set_dropped(gone->seat, true);
                seat_message(*t, gone->seat);
            }
            tell_watchers(*t);
        }
    }
}

// --- The lobby ---

bool Server::sees(const Peer& p, const Table& t) const {
    if (t.playing()) return true;
    for (const SeatRow& s : t.row().seats)
        if (s.player == p.player || s.invited == p.player || (!s.player && !s.invited)) return true;
    return false;
}

int Server::turns_of(long long player) const {
    int n = 0;
    for (const auto& [id, t] : tables_)
        if (t.playing() && !t.game().over()) {
            const int s = t.game().to_move();
            n += t.row().seats[s].player == player && !t.out(s) && !t.row().seats[s].ai_level;
        }
    return n;
}

void Server::tell_turns(long long player) {
    Message t = bare(Verb::Turns);
    t.count = -1; // counted once someone is there to be told
    for (auto& p : peers_)
        if (p->player == player && p->stage == Stage::Lobby) {
            if (t.count < 0) t.count = turns_of(player);
            p->conn.send(t);
        }
}

bool Server::anyone_in_lobby() const {
    return std::any_of(peers_.begin(), peers_.end(),
                       [](const auto& p) { return p->stage == Stage::Lobby; });
}

Message Server::game_line_of(const GameRow& row, const Game* game, Millis now,
                             const net::Place& place) const {
    Message m = bare(Verb::GameLine);
    m.game = row.id;
    m.word = row.state;
    m.seat = row.state == "playing" && game && !game->over() ? game->to_move() + 1 : 0;
    for (std::size_t i = 0; i < row.seats.size(); ++i) {
        const SeatRow& s = row.seats[i];
        m.user += (i ? "," : "") + (s.ai_level ? "ai:" + std::to_string(s.ai_level)
                                    : s.player ? s.name
                                               : std::string("-"));
    }
    const long long due =
        row.deadline ? std::clamp((row.deadline - now) / 1000, 0LL, net::kMaxDueSeconds) : -1;
    m.terms = {row.pace, due, row.rated, row.result, row.how, place};
    Rules rules;
    if (!rules_from_kept(options_of_words(row.rules), rules).failed())
        m.text = net::describe_variant(rules);
    return m;
}

void Server::send_games(Peer& p) {
    const Millis now = clock_.now();
    // Yours waiting for your move first, then your other games and seeks, then the rest.
    const auto rank = [&](const Table& t) {
        bool mine = false;
        for (const SeatRow& s : t.row().seats) mine = mine || s.player == p.player;
        if (!mine) return 2;
        const int s = t.game().to_move();
        return t.playing() && t.row().seats[s].player == p.player && !t.out(s) ? 0 : 1;
    };
    std::vector<const Table*> shown;
    for (const auto& [id, t] : tables_)
        if (sees(p, t)) shown.push_back(&t);
    std::stable_sort(shown.begin(), shown.end(),
                     [&](const Table* a, const Table* b) { return rank(*a) < rank(*b); });
    for (const Table* t : shown) p.conn.send(game_line_of(*t, now));
    p.conn.send(bare(Verb::End));
}

void Server::send_history(Peer& p, const std::string& name) {
    const long long player = name.empty() ? p.player : name == "*" ? 0 : store_.find_player(name);
    if (!player && name != "*") {
        p.conn.send(with_text(Verb::Error, "no player named " + name));
        return void(p.conn.send(bare(Verb::End)));
    }
    const Millis now = clock_.now();
    for (const GameRow& g : store_.finished_games(player, kHistoryLimit))
        p.conn.send(game_line_of(g, nullptr, now));
    p.conn.send(bare(Verb::End));
}

void Server::send_ratings(Peer& p) {
    for (const RatingRow& r : store_.ratings()) {
        Message m = bare(Verb::RatingLine);
        m.user = r.name;
        m.word = r.family;
        m.numbers = {std::clamp<long long>(std::lround(r.rating.rating), 0, 9999),
                     std::clamp<long long>(std::lround(r.rating.deviation), 0, 999), r.games};
        p.conn.send(m);
    }
    p.conn.send(bare(Verb::End));
}

void Server::send_record(Peer& p, long long id) {
    Message r = bare(Verb::Record);
    Table* t = table(id);
    if (t && sees(p, *t))
        r.text = t->record();
    else if (!t)
        r.text = store_.archived_record(id);
    if (r.text.empty())
        return void(p.conn.send(with_text(Verb::Error, "no game " + std::to_string(id))));
    p.conn.send(r);
    if (!t) queue_analysis(id); // nothing new when it keeps its analysis already
}

void Server::send_who(Peer& p) {
    std::set<std::string> names;
    for (const auto& q : peers_)
        if (q->stage != Stage::Greeting && q->conn.open()) names.insert(q->user);
    for (const auto& [server, name] : replica_.here) names.insert(name);
    for (const std::string& n : names) {
        Message m = bare(Verb::Here);
        m.user = n;
        p.conn.send(m);
    }
    p.conn.send(bare(Verb::End));
}

void Server::lobby_chat(Peer& p, const std::string& text) {
    Message c = with_text(Verb::Chat, net::clean_text(text, net::kMaxSay));
    c.user = p.user;
    if (c.text.empty()) return;
    try {
        store_.transaction([&] { store_.add_chat(p.player, c.text, clock_.now()); });
    } catch (const std::exception& e) {
        return void(p.conn.send(with_text(Verb::Error, std::string("not saved: ") + e.what())));
    }
    tell_lobby(c);
}

void Server::tell_lobby(const Message& m) {
    const std::string line = net::write_message(m);
    for (auto& q : peers_)
        if (q->stage == Stage::Lobby && q->conn.open()) q->conn.send(line);
}

void Server::seek(Peer& p, const std::string& words) {
    Seek s;
    if (std::string e = parse_seek(words, s); !e.empty())
        return void(p.conn.send(with_text(Verb::Error, "seek: " + e)));
    const auto computer = [](const std::string& who) { return ai_level_of(who) != 0; };
    const bool full = static_cast<int>(s.invited.size()) + 1 == s.rules.players &&
                      std::all_of(s.invited.begin(), s.invited.end(), computer);
    if (std::string e =
            seat_limit(p, !full, std::any_of(s.invited.begin(), s.invited.end(), computer));
        !e.empty())
        return void(p.conn.send(with_text(Verb::Error, "seek: " + e)));
    Options opts;
    GameRow row = seek_row(s, 1 + static_cast<int>(std::random_device{}() % s.rules.players), opts);
    row.seats.assign(static_cast<std::size_t>(s.rules.players), SeatRow{});
    row.seats[0].player = p.player;
    row.seats[0].name = p.user;
    try {
        store_.transaction([&] {
            for (std::size_t i = 0; i < s.invited.size(); ++i) {
                SeatRow& seat = row.seats[i + 1];
                if (const int level = ai_level_of(s.invited[i])) {
                    seat.player = store_.ai_player(level);
                    seat.ai_level = level;
                    seat.name = s.invited[i];
                    continue;
                }
                long long id = store_.find_player(s.invited[i]);
                if (!id) {
                    const passwd* pw = getpwnam(s.invited[i].c_str());
                    if (!pw) throw std::invalid_argument("nobody here is called " + s.invited[i]);
                    id = store_.unix_player(pw->pw_uid, s.invited[i], 0);
                }
                if (id == p.player) throw std::invalid_argument("you cannot challenge yourself");
                seat.invited = id;
                seat.invited_name = s.invited[i];
            }
            row.id = store_.add_game(row);
        });
    } catch (const std::invalid_argument& e) {
        return void(p.conn.send(with_text(Verb::Error, std::string("seek: ") + e.what())));
    } catch (const std::exception& e) {
        return void(
            p.conn.send(with_text(Verb::Error, std::string("seek not saved: ") + e.what())));
    }
    Rules rules;
    (void)rules_from_options(opts, rules);
    seat_taken(p, add_table(row, rules, s.pace));
}

GameRow Server::seek_row(const Seek& s, int first, Options& opts) const {
    GameRow row;
    row.state = "seeking";
    row.pace = pace_text(s.pace);
    row.rated = s.rated;
    row.family = rating_family(s.rules);
    row.created = clock_.now();
    // Who moves first is said now; the spoil rule is kept as it is, for a game without one is
    // read as fill (rules_from_kept).
    opts = s.rule_options;
    const auto given = [&](const char* key) {
        return std::any_of(opts.begin(), opts.end(),
                           [&](const auto& kv) { return kv.first == key; });
    };
    if (!given("first")) opts.emplace_back("first", std::to_string(first));
    if (!given("spoil")) opts.emplace_back("spoil", spoil_name(s.rules.spoil));
    for (const auto& kv : opts)
        row.rules += (row.rules.empty() ? "" : " ") + kv.first + "=" + kv.second;
    return row;
}

// A seek made or a seat taken: the game begins when every seat is taken, else the lobby
// hears of the seek; whoever did it hears too, in a game as well.
void Server::seat_taken(Peer& p, Table& t) {
    const long long id = t.id();
    if (std::all_of(t.row().seats.begin(), t.row().seats.end(),
                    [](const SeatRow& x) { return x.player != 0; })) {
        if (std::string e = start_table(t); !e.empty()) p.conn.send(with_text(Verb::Error, e));
    } else {
        announce(
            game_line_of(t, clock_.now()), [&](const Peer& q) { return sees(q, t); }, &t);
    }
    if (p.stage == Stage::Lobby) return;
    if (const Table* now = table(id)) p.conn.send(game_line_of(*now, clock_.now()));
}

void Server::accept(Peer& p, long long id) {
    Table* t = table(id);
    if (!t || !sees(p, *t))
        return void(p.conn.send(with_text(Verb::Error, "no seek " + std::to_string(id))));
    if (t->playing())
        return void(p.conn.send(with_text(Verb::Error, "game " + std::to_string(id) +
                                                           " has begun; watch it with watch " +
                                                           std::to_string(id))));
    int seat = -1;
    for (int s = 0; s < t->seats(); ++s) {
        const SeatRow& r = t->row().seats[s];
        if (r.player == p.player)
            return void(p.conn.send(
                with_text(Verb::Error, "you already sit in game " + std::to_string(id))));
        if (!r.player && r.invited == p.player && seat < 0) seat = s;
    }
    for (int s = 0; s < t->seats() && seat < 0; ++s)
        if (!t->row().seats[s].player && !t->row().seats[s].invited) seat = s;
    if (seat < 0)
        return void(
            p.conn.send(with_text(Verb::Error, "no seat for you in game " + std::to_string(id))));
    const bool computer = std::any_of(t->row().seats.begin(), t->row().seats.end(),
                                      [](const SeatRow& r) { return r.ai_level != 0; });
    if (std::string e = seat_limit(p, false, computer); !e.empty())
        return void(p.conn.send(with_text(Verb::Error, e)));
    try {
        store_.transaction([&] { store_.set_seat(id, seat, p.player); });
    } catch (const Conflict& e) { // another server's player sat there first
        replica_.stale.insert(id);
        return void(p.conn.send(
            with_text(Verb::Error, std::string(e.what()) + " (game " + std::to_string(id) + ")")));
    } catch (const std::exception& e) {
        return void(p.conn.send(with_text(Verb::Error, std::string("not saved: ") + e.what())));
    }
    t->sit(seat, p.player, p.user);
    seat_taken(p, *t);
}

} // namespace halma::club
