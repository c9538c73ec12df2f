// The club's other servers: several hosts serving one club from one PostgreSQL database. Each
// holds every open game as this one does; what a server writes it tells the others when its
// transaction commits ("g ID": a game changed, "c ID": a line of the lobby's chat), and they
// read the row again and tell their own clients. The row is the truth: where this server's
// copy differs from it, the row's is taken and the difference told as moves, a start or an end.
// What is not kept in rows rides in the notification itself: "p GAME SEAT 1|0" (a player at a
// table or gone), "?" (a server started anew asks who is where), "t GAME W NAME TEXT" (a line
// said at a table, W 1 when to its watchers only). Every such line is a message of the wire's
// (the Share verbs of net/wire.hpp), read by read_share_line and written by share_line.
#include "club/server.hpp"
#include "rating/ranking.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace halma::club {

using net::Message;
using net::Verb;

void Server::hear_others() {
    // A few rounds: what a round does may make the next (a pass another server made first);
    // anything left is read in the next turn, at once.
    for (int round = 0; round < 4; ++round) {
        std::vector<std::string> lines = std::exchange(replica_.heard, {});
        for (std::string& line : store_.connection().heard()) lines.push_back(std::move(line));
        std::set<long long> games = std::exchange(replica_.stale, {});
        if (lines.empty() && games.empty()) return;
        for (const std::string& line : lines) {
            Message m;
            if (!net::read_share_line(line, m).empty()) continue; // not one of ours
            if (m.verb == Verb::ShareGame)
                games.insert(m.row);
            else
                guarded("a line from another server", [&] { heard_line(m); });
        }
        for (long long id : games)
            guarded("game " + std::to_string(id) + " as another server left it",
                    [&] { reconcile(id); });
    }
}

void Server::heard_line(const Message& m) {
    switch (m.verb) {
    case Verb::ShareAsk:
        return tell_presence_again(m.text);
    case Verb::ShareHere:
        return here_elsewhere(m);
    case Verb::SharePresence:
        return presence_elsewhere(m);
    case Verb::ShareTableChat:
        return table_chat_elsewhere(m);
    case Verb::ShareDraw:
    case Verb::ShareUndo:
        return offer_elsewhere(m);
    case Verb::ShareChat:
        return chat_elsewhere(m.row);
    default:
        return;
    }
}

void Server::tell_others(const Message& m) { store_.connection().notify(net::share_line(m)); }

void Server::guarded(const std::string& what, const std::function<void()>& fn) {
    try {
        fn();
    } catch (const std::exception& e) { // the store out of reach: watch_store says so
        std::fprintf(stderr, "halma: club server: %s: %s\n", what.c_str(), e.what());
    }
}

void Server::reconcile(long long id) {
    std::optional<GameRow> row = store_.game(id);
    Table* t = table(id);
    const Millis now = clock_.now();
    if (!row || row->state == "over") {
        if (t && !row) seek_gone(*t);
        if (t && row) ended_elsewhere(*t, std::move(*row));
        return;
    }
    if (!t || (!t->playing() && row->state == "playing")) { // a new seek, or a game begun
        Table& fresh = add_table(std::move(*row));
        if (fresh.playing()) return begun(fresh);
        return announce(
            game_line_of(fresh, now), [&](const Peer& q) { return sees(q, fresh); }, &fresh);
    }
    if (!t->playing()) { // a seat taken
        t->seats_from(row->seats);
        // The last seats taken at once on two servers: each begins it, the first to commit wins.
        if (std::all_of(t->row().seats.begin(), t->row().seats.end(),
                        [](const SeatRow& s) { return s.player != 0; }))
            return void(start_table(*t));
        return announce(
            game_line_of(*t, now), [&](const Peer& q) { return sees(q, *t); }, t);
    }
    t->sync(*row);
}

void Server::ended_elsewhere(Table& t, GameRow row) {
    // The last moves, not told yet, are in the archived record with the rest.
    Game played;
    Options headers;
    if (read_record(store_.archived_record(row.id), played, headers).failed()) played = Game();
    std::vector<Rating> before, after;
    for (const SeatRow& s : row.seats)
        if (const auto change = store_.rating_change(row.id, s.player)) {
            before.push_back({change->first, 0, 0});
            after.push_back({change->second, 0, 0});
        }
    if (after.size() != row.seats.size()) before.clear(), after.clear();
    int ended_by = -1; // the seat of who aborted or claimed it, as its record says
    for (const auto& [key, value] : headers)
        if (key == "ended-by") ended_by = std::atoi(value.c_str()) - 1;
    t.ended_elsewhere(std::move(row), played, ended_by, before, after);
}

void Server::chat_elsewhere(long long id) {
    const std::optional<ChatRow> said = store_.chat_line(id);
    if (!said) return;
    Message line = with_text(Verb::Chat, said->text);
    line.user = said->name;
    tell_lobby(line);
}

void Server::share_presence(Table& t, int seat, bool here, bool again) {
    if (!t.note_told_here(seat, here, again)) return;
    Message m; // "p GAME SEAT 1": seat's player here; 0: gone
    m.verb = Verb::SharePresence;
    m.row = t.id();
    m.seat = seat + 1;
    m.yes = here;
    try {
        tell_others(m);
    } catch (const std::exception&) { // out of reach: told again when it is back
    }
}

void Server::presence_elsewhere(const Message& m) {
    const long long id = m.row;
    const int seat = m.seat - 1;
    const bool here = m.yes;
    if (!table(id)) reconcile(id); // a game begun elsewhere, heard of in the same turn
    Table* t = table(id);
    if (!t || !t->playing() || seat < 0 || seat >= t->seats()) return;
    t->set_here_elsewhere(seat, here);
    seat_message(*t, seat);
    if (!here) queue_ai(*t); // the computer's turn waits for no host now
}

void Server::tell_presence_again(const std::string& asker) {
    // A server started anew asks: who was here through it before it stopped is not known, and
    // every server tells again who is here through it.
    for (auto it = replica_.here.begin(); it != replica_.here.end();) {
        if (it->first != asker) {
            ++it;
            continue;
        }
        const std::string name = it->second;
        it = replica_.here.erase(it);
        if (!here_anywhere_else(name) && !present_here(name))
            tell_lobby_presence(name, Verb::Gone, nullptr);
    }
    std::set<std::string> names;
    for (const auto& q : peers_)
        if (q->stage != Stage::Greeting && q->conn.open()) names.insert(q->user);
    for (const std::string& name : names) share_here(name, true);
    for (auto& [id, t] : tables_)
        for (int s = 0; s < t.seats(); ++s) {
            if (playing(id, s)) share_presence(t, s, true, true);
            if (!t.here_elsewhere(s)) continue;
            t.set_here_elsewhere(s, false);
            if (t.playing()) seat_message(t, s), queue_ai(t);
        }
}

void Server::share_table_chat(const Table& t, const Message& c, bool watchers_only) {
    Message m;
    m.verb = Verb::ShareTableChat;
    m.row = t.id();
    m.yes = watchers_only;
    m.user = c.user;
    m.text = c.text;
    try {
        tell_others(m);
    } catch (const std::exception&) { // out of reach: the line stays at this server's table
    }
}

void Server::table_chat_elsewhere(const Message& m) {
    Table* t = table(m.row);
    if (!t) return;
    Message c = with_text(Verb::Chat, m.text);
    c.user = m.user;
    said_at(*t, c, m.yes);
}

void Server::share_offer(Verb kind, const Table& t, int seat, bool made, const std::string& words) {
    Message m;
    m.verb = kind;
    m.row = t.id();
    m.seat = seat + 1;
    m.yes = made;
    m.text = words;
    try {
        tell_others(m);
    } catch (const std::exception&) { // out of reach: the offer stays at this server's table
    }
}

void Server::offer_elsewhere(const Message& m) {
    if (Table* t = table(m.row)) t->offer_elsewhere(m);
}

void Server::ask_presence() {
    Message m;
    m.verb = Verb::ShareAsk;
    m.text = replica_.self;
    try {
        tell_others(m);
    } catch (const std::exception&) { // asked again when it is back
    }
}

void Server::share_here(const std::string& name, bool here) {
    Message m;
    m.verb = Verb::ShareHere;
    m.user = name;
    m.yes = here;
    m.text = replica_.self;
    try {
        tell_others(m);
    } catch (const std::exception&) { // out of reach: told again when a server asks
    }
}

void Server::here_elsewhere(const Message& m) {
    const std::string& name = m.user;
    const bool here = m.yes;
    const std::string& server = m.text;
    const bool before = here_anywhere_else(name) || present_here(name);
    if (here)
        replica_.here.emplace(server, name);
    else
        replica_.here.erase({server, name});
    const bool after = here_anywhere_else(name) || present_here(name);
    if (before != after) tell_lobby_presence(name, after ? Verb::Here : Verb::Gone, nullptr);
}

bool Server::present_here(const std::string& name) const {
    return std::any_of(peers_.begin(), peers_.end(), [&](const auto& q) {
        return q->user == name && q->stage != Stage::Greeting && q->conn.open();
    });
}

bool Server::here_anywhere_else(const std::string& name) const {
    return std::any_of(replica_.here.begin(), replica_.here.end(),
                       [&](const auto& e) { return e.second == name; });
}

void Server::resync() {
    for (const auto& [id, t] : tables_) replica_.stale.insert(id);
    ask_presence();
    try {
        for (const GameRow& g : store_.open_games()) replica_.stale.insert(g.id);
    } catch (const std::exception&) { // out of reach again: read when it is back
    }
}

} // namespace halma::club
