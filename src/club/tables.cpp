// The club server's tables: the games it holds, who is at each (players and watchers, here or
// through another server), what they say there, the deadlines it watches and the computer's
// turns. The rules of one game are club::Table's (table.hpp).
#include "club/server.hpp"

#include <algorithm>

namespace halma::club {

using net::Message;
using net::Verb;

namespace {

// Lines of a table's chat shown to whoever enters it.
constexpr std::size_t kTableChatLines = 10;

// A message that names a game and nothing else ("held 12").
Message naming_game(Verb verb, long long id) {
    Message m;
    m.verb = verb;
    m.game = id;
    return m;
}

} // namespace

Table* Server::table(long long id) {
    auto it = tables_.find(id);
    return it == tables_.end() ? nullptr : &it->second;
}

Table& Server::add_table(GameRow row) {
    const long long id = row.id;
    tables_.erase(id);
    Table& t =
        tables_
            .try_emplace(id, std::move(row), clock_, table_store_, static_cast<TableHost&>(*this))
            .first->second;
    if (const std::optional<tourney::BoardOf> at = tourney::Records(store_).board_of_game(id))
        tournament_table(t, *at);
    return t;
}

Table& Server::add_table(GameRow row, const Rules& rules, Pace pace) {
    const long long id = row.id;
    tables_.erase(id);
    return tables_
        .try_emplace(id, std::move(row), rules, pace, clock_, table_store_,
                     static_cast<TableHost&>(*this))
        .first->second;
}

void Server::load_tables() {
    std::vector<long long> ids;
    for (GameRow& row : store_.open_games()) ids.push_back(add_table(std::move(row)).id());
    // Each resumed (which may end it: its table goes then).
    for (long long id : ids)
        if (Table* t = table(id)) t->resume();
}

std::string Server::start_table(Table& t) {
    if (std::string e = t.start(); !e.empty()) return e;
    begun(t);
    return {};
}

void Server::begun(Table& t) {
    // The lobby hears of it; its players hear from the turn passing, and those of a live game
    // waiting in the lobby are taken into it.
    announce(game_line_of(t, clock_.now()), [&](const Peer& p) { return !seated(t, p); });
    const long long id = t.id();
    t.begin();
    if (Table* still = table(id); still && still->playing()) {
        bring_in(*still);
        tell_round_begun(*still);
    }
}

void Server::bring_in(Table& t) {
    if (!t.pace().live()) return;
    for (int s = 0; s < t.seats(); ++s) {
        if (t.row().seats[s].ai_level) continue;
        // One connection of the player: the newest lobby on a screen (it follows who is
        // here), else the newest of any kind.
        Peer* newest = nullptr;
        for (auto& p : peers_)
            if (p->stage == Stage::Lobby && p->player == t.row().seats[s].player &&
                p->conn.open() && (!newest || p->follows_who || !newest->follows_who))
                newest = p.get();
        if (newest) enter(*newest, t.id(), true);
    }
}

// As bring_in() takes those waiting in the lobby: a game none of the player's connections
// is at yet.
void Server::bring_back(Peer& p) {
    for (const auto& [id, t] : tables_)
        if (const int s = t.first_move_due(p.player); s >= 0 && t.pace().live() && !playing(id, s))
            return enter(p, id, true);
}

bool Server::seated(const Table& t, const Peer& p) const {
    return std::any_of(t.row().seats.begin(), t.row().seats.end(),
                       [&](const SeatRow& s) { return s.player == p.player; });
}

// The players in the lobby see the game's line and hear how many games wait for them, the AI
// is asked.
void Server::turn_passed(Table& t) {
    if (anyone_in_lobby()) // the line made only when there is someone to read it
        announce(
            game_line_of(t, clock_.now()), [](const Peer&) { return false; }, &t);
    for (const SeatRow& s : t.row().seats)
        if (s.player && !s.ai_level) tell_turns(s.player);
    queue_ai(t);
}

void Server::position_changed(const Table& t) {
    if (ai_.game == t.id()) ai_.worker.cancel(), ai_.game = 0;
}

void Server::ended(Table& t, bool analyse) {
    announce(
        game_line_of(t, clock_.now()), [](const Peer&) { return true; }, &t);
    std::vector<long long> players;
    for (const SeatRow& s : t.row().seats) players.push_back(s.player);
    const long long id = t.id();
    tables_.erase(id);
    for (long long pl : players) tell_turns(pl);
    if (analyse) queue_analysis(id);
}

void Server::answer(Peer& p, const Refusal& r) {
    if (!r) return;
    if (r.strike) return strike(p, r.text);
    p.conn.send(with_text(Verb::Error, r.text));
}

void Server::queue_ai(const Table& t) {
    if (t.playing() && !t.game().over() && t.ai_level(t.game().to_move()) &&
        std::find(ai_.queue.begin(), ai_.queue.end(), t.id()) == ai_.queue.end())
        ai_.queue.push_back(t.id());
}

bool Server::thinks_elsewhere(const Table& t) const {
    bool elsewhere_only = false;
    for (int s = 0; s < t.seats(); ++s) {
        if (t.row().seats[s].ai_level || !t.row().seats[s].player) continue;
        if (playing(t.id(), s)) return false;
        elsewhere_only = elsewhere_only || t.here_elsewhere(s);
    }
    return elsewhere_only;
}

void Server::seat_message(Table& t, int seat, Peer* only) {
    Message m;
    m.verb = Verb::Seat;
    m.seat = seat + 1;
    if (const int level = t.ai_level(seat)) {
        m.state = net::SeatState::Ai;
        m.level = level;
    } else {
        const bool local = playing(t.id(), seat) != nullptr;
        share_presence(t, seat, local);
        const bool here = local || t.here_elsewhere(seat);
        m.state = here ? net::SeatState::Joined : net::SeatState::Waiting;
        m.user = t.row().seats[seat].name;
        t.mark_presence(seat, here);
    }
    if (only)
        only->conn.send(m);
    else
        broadcast(t, m);
}

void Server::broadcast(const Table& t, const Message& m, const Peer* except) {
    const std::string line = net::write_message(m);
    const int since = net::first_version(m.verb);
    for (auto& p : peers_)
        if (p.get() != except && p->game == t.id() && p->conn.open() &&
            (p->stage == Stage::Playing || p->stage == Stage::Watching) && p->version >= since)
            p->conn.send(line);
}

void Server::send_state(Peer& p, Table& t) {
    Message r;
    r.verb = Verb::Record;
    r.text = t.record();
    p.conn.send(r);
    for (int s = 0; s < t.seats(); ++s) seat_message(t, s, &p);
    if (t.pace().timed()) p.conn.send(t.clock_line());
    if (t.draw_offer() >= 0) {
        Message ask;
        ask.verb = Verb::DrawAsk;
        ask.seat = t.draw_offer() + 1;
        ask.user = t.row().seats[t.draw_offer()].name;
        p.conn.send(ask);
    }
    std::vector<const net::Message*> shown;
    for (auto it = t.chat().rbegin(); it != t.chat().rend() && shown.size() < kTableChatLines; ++it)
        if (!it->watchers_only || p.stage == Stage::Watching) shown.push_back(&it->line);
    for (auto it = shown.rbegin(); it != shown.rend(); ++it) p.conn.send(**it);
    if (p.stage == Stage::Watching)
        tell_watchers(t);
    else
        p.conn.send(watchers_line(t));
}

Message Server::watchers_line(const Table& t) const {
    Message count;
    count.verb = Verb::Watchers;
    count.count = static_cast<int>(std::count_if(peers_.begin(), peers_.end(), [&](const auto& q) {
        return q->stage == Stage::Watching && q->game == t.id() && q->conn.open();
    }));
    return count;
}

void Server::tell_watchers(const Table& t) { broadcast(t, watchers_line(t)); }

void Server::table_chat(Peer& p, Table& t, const std::string& text) {
    Message c = with_text(Verb::Chat, net::clean_text(text, net::kMaxSay));
    c.user = p.user;
    if (c.text.empty()) return;
    // Players of a rated game are neither distracted nor helped by those who watch.
    const bool watchers_only = p.stage == Stage::Watching && t.row().rated;
    said_at(t, c, watchers_only);
    share_table_chat(t, c, watchers_only);
    if (watchers_only && !p.told_watchers_chat) {
        p.told_watchers_chat = true;
        p.conn.send(with_text(Verb::Error, "watchers' chat reaches watchers only in a rated game"));
    }
}

void Server::said_at(Table& t, const Message& c, bool watchers_only) {
    t.said(c, watchers_only);
    if (!watchers_only) return broadcast(t, c);
    const std::string line = net::write_message(c);
    for (auto& q : peers_)
        if (q->stage == Stage::Watching && q->game == t.id() && q->conn.open()) q->conn.send(line);
}

void Server::enter(Peer& p, long long id, bool play, bool take) {
    Table* t = table(id);
    const std::string n = std::to_string(id);
    if (!t || !sees(p, *t))
        return void(p.conn.send(
            with_text(Verb::Error, store_.game(id)
                                       ? "game " + n + " is over; fetch " + n + " gives its record"
                                       : "no game " + n)));
    if (!t->playing())
        return void(p.conn.send(
            with_text(Verb::Error, "game " + n + " has not begun; accept " + n + " takes a seat")));
    int seat = -1;
    for (int s = 0; s < t->seats(); ++s)
        if (t->row().seats[s].player == p.player && !t->row().seats[s].ai_level) seat = s;
    if (play && seat < 0)
        return void(p.conn.send(with_text(Verb::Error, "you do not play in game " + n + "; watch " +
                                                           n + " follows it")));
    if (Peer* other = play ? playing(id, seat) : nullptr; other && other != &p) {
        if (!take) return void(p.conn.send(naming_game(Verb::Held, id)));
        give_way(*other, *t);
    }
    const bool was_watching = p.stage == Stage::Watching && p.game != id;
    const long long left_game = p.game;
    p.stage = play ? Stage::Playing : Stage::Watching;
    p.game = id;
    p.seat = play ? seat : -1;
    p.told_watchers_chat = false;
    if (Table* before = was_watching ? table(left_game) : nullptr) tell_watchers(*before);
    if (play) {
        t->mark_presence(seat, true);
        share_presence(*t, seat, true);
        queue_ai(*t);
        t->set_dropped(seat, false);
    }
    Message w;
    w.verb = Verb::Welcome;
    w.role = play ? net::Role::Play : net::Role::Watch;
    w.seat = play ? seat + 1 : 0;
    w.user = p.user;
    p.conn.send(w);
    send_state(p, *t);
    if (play) {
        Message joined;
        joined.verb = Verb::Seat;
        joined.seat = seat + 1;
        joined.state = net::SeatState::Joined;
        joined.user = p.user;
        broadcast(*t, joined, &p);
    }
}

Server::Peer* Server::playing(long long game, int seat) const {
    for (const auto& q : peers_)
        if (q->stage == Stage::Playing && q->game == game && q->seat == seat && q->conn.open())
            return q.get();
    return nullptr;
}

// Another connection of the player takes the seat over: this one is told, and is in the
// lobby from now on, still connected.
void Server::give_way(Peer& other, Table& t) {
    t.left(other.seat, other.user + " moved to another connection");
    other.stage = Stage::Lobby;
    other.game = 0;
    other.seat = -1;
    other.conn.send(naming_game(Verb::Taken, t.id()));
    enter_lobby(other);
}

long long Server::dropped_game(long long player) const {
    long long best = 0;
    Millis latest = 0;
    for (const auto& [id, t] : tables_)
        for (int s = 0; s < t.seats(); ++s)
            if (t.playing() && t.row().seats[s].player == player && !t.row().seats[s].ai_level &&
                !t.out(s) && t.dropped_at(s) > latest && !playing(id, s)) {
                latest = t.dropped_at(s);
                best = id;
            }
    return best;
}

void Server::game_line(Peer& p, const Message& m, Clock::time_point) {
    Table* t = table(p.game);
    const bool player = p.stage == Stage::Playing;
    if (m.verb == Verb::Lobby) {
        if (t && player) t->left(p.seat, p.user + " left");
        const int seat = p.seat;
        const bool from_ended = player && (!t || !t->playing());
        p.stage = Stage::Lobby;
        p.game = 0;
        p.seat = -1;
        if (t && player) seat_message(*t, seat);
        if (t && !player) tell_watchers(*t); // one watcher fewer
        enter_lobby(p);
        if (from_ended) bring_back(p);
        return;
    }
    if (m.verb == Verb::PlayGame || m.verb == Verb::WatchGame || m.verb == Verb::Take)
        return enter(p, m.game, m.verb != Verb::WatchGame, m.verb == Verb::Take);
    if (!t || !t->playing()) return void(p.conn.send(with_text(Verb::Error, "the game is over")));
    switch (m.verb) {
    case Verb::Move:
        if (!player) return strike(p, "watchers do not move");
        return answer(p, t->move(p.seat, m.word));
    case Verb::Say:
        return table_chat(p, *t, m.text);
    case Verb::Undo:
        if (!player) return strike(p, "watchers do not take moves back");
        return answer(p, t->ask_undo(p.seat));
    case Verb::Consent:
        if (!player) return strike(p, "watchers are not asked");
        return answer(p, t->consent(p.seat, m.yes));
    case Verb::Resign:
        if (!player || (m.game && m.game != p.game))
            return strike(p, "resign your own game, from its table or as resign ID in the lobby");
        return answer(p, t->resign(p.seat));
    case Verb::Abort:
        if (!player) return strike(p, "watchers do not abort");
        return answer(p, t->abort(p.seat));
    case Verb::Claim:
        if (!player) return strike(p, "watchers do not claim");
        return answer(p, t->claim(p.seat));
    case Verb::Draw:
        if (!player) return strike(p, "watchers do not agree draws");
        return answer(p, t->draw(p.seat, m.yes));
    default:
        return strike(p, "not a message for a game: lobby goes back to the lobby");
    }
}

void Server::check_deadlines() {
    if (store_watch_.lost) return; // acted on once the store is back
    const Millis now = clock_.now();
    std::vector<long long> due;
    for (const auto& [id, t] : tables_)
        if (t.due(now)) due.push_back(id);
    for (long long id : due)
        if (Table* t = table(id)) t->deadline_passed();
}

void Server::next_ai() {
    while (!store_watch_.lost && !ai_.worker.busy() && !ai_.queue.empty()) {
        const long long id = next_ai_game();
        Table* t = table(id);
        if (!t || !t->playing() || t->game().over() || !t->ai_level(t->game().to_move())) continue;
        // Its player plays through another host, whose server thinks for the computer (queued
        // again here when the player leaves that table or comes to this one).
        if (thinks_elsewhere(*t)) continue;
        ai::Limits limits;
        limits.level = t->ai_level(t->game().to_move());
        limits.movetime_ms = limits_.ai_movetime_ms;
        limits.seed = static_cast<std::uint64_t>(id) * 1000003u + t->game().ply();
        ai_.game = id;
        ai_.ply = t->game().ply();
        ai_.worker.start(t->game(), limits, 0);
    }
}

void Server::ai_done() {
    if (!ai_.worker.busy()) return;
    const solo::Hint hint = ai_.worker.finish();
    Table* t = table(ai_.game);
    ai_.game = 0;
    if (t && !t->computer_move(ai_.ply, hint.move)) ai_.queue.push_back(t->id());
}

} // namespace halma::club
