// The club server's games: seats, moves committed before they are told, the AI's turns,
// deadlines, resignations, undo by consent, the end of a game and its ratings.
#include "club/server.hpp"
#include "club/table_chat.hpp"
#include "rating/ranking.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace halma::club {

using net::Message;
using net::Verb;

namespace {

// The level the computer plays on at for a player who left a game of three or four.
constexpr int kOutLevel = 3;
// A deadline that passed while the server was down gives the player this long after it is
// back (or the game's limit per move, when that is shorter).
constexpr Millis kRestartGrace = 3600 * 1000;
// A week without a rated game is one empty rating period.
constexpr Millis kRatingPeriod = 7LL * 24 * 3600 * 1000;
// In a game played in one sitting each player's first move is due this soon, the clock not
// yet running; a game whose player does not make it is aborted (lichess and FICS do alike).
constexpr Millis kFirstMoveMs = 30 * 1000;
// How long the player to move of an untimed game must have been away before a claim.
constexpr Millis kClaimAfterMs = 60 * 1000;
// Lines of a table's chat shown to whoever enters it.
constexpr std::size_t kTableChatLines = 10;
// Lines of a table's chat kept for its archived record: a game's worth of talk, bounded.
constexpr std::size_t kArchivedChatLines = 100;

// A seek's or game's rule words back into options.
Options options_of_words(const std::string& words) {
    Options opts;
    for (std::string_view w : split_words(words))
        if (std::size_t eq = w.find('='); eq != std::string_view::npos)
            opts.emplace_back(std::string(w.substr(0, eq)), std::string(w.substr(eq + 1)));
    return opts;
}

// A message that names a game and nothing else ("held 12").
Message naming_game(Verb verb, long long id) {
    Message m;
    m.verb = verb;
    m.count = static_cast<int>(id);
    return m;
}

} // namespace

Server::Table* Server::table(long long id) {
    auto it = tables_.find(id);
    return it == tables_.end() ? nullptr : &it->second;
}

Server::Table Server::table_of(GameRow row, Millis now) {
    Table t;
    t.rule_options = options_of_words(row.rules);
    Rules rules;
    if (TextError e = rules_from_kept(t.rule_options, rules); e.failed())
        throw std::runtime_error("game " + std::to_string(row.id) + ": " + e.text);
    t.game = replayed(row, rules);
    if (std::string e = read_pace(row.pace, t.pace); !e.empty())
        throw std::runtime_error("game " + std::to_string(row.id) + ": pace " + row.pace);
    for (const SeatRow& s : row.seats) {
        t.out.push_back(!s.out.empty());
        t.clock.push_back(s.clock >= 0 ? s.clock : t.pace.clock_start_ms());
    }
    t.draw_after.assign(row.seats.size(), 0);
    t.away_since.assign(row.seats.size(), now); // nobody is back yet
    t.dropped_at.assign(row.seats.size(), 0);
    t.row = std::move(row);
    return t;
}

Game Server::replayed(GameRow& row, const Rules& rules) {
    std::string why;
    Game game(rules);
    const bool played = replays(game, row.moves, why);
    if (rules.evacuate > 0) {
        Rules as_played = rules;
        as_played.evacuate_once = true;
        Game kept(as_played);
        std::string kept_why;
        if (replays(kept, row.moves, kept_why) &&
            (!played || kept.result() != game.result() || kept.ending() != game.ending()))
            game = kept, why.clear();
    }
    if (!why.empty()) throw std::runtime_error("game " + std::to_string(row.id) + ": " + why);
    row.moves.clear();
    return game;
}

bool Server::replays(Game& game, const std::vector<std::string>& moves, std::string& why) {
    for (const std::string& text : moves) {
        ParsedMove pm = parse_move(game, text);
        if (!pm.error.empty()) {
            why = "move " + text + ": " + pm.error;
            return false;
        }
        game.play(pm.move);
    }
    return true;
}

void Server::load_tables() {
    const Millis now = now_millis();
    for (GameRow& row : store_.open_games()) {
        Table t = table_of(std::move(row), now);
        const Millis kept = t.row.deadline;
        // The server was down: the time it was away is not counted. A game clock's turn and a
        // first move start again with the time they had; a deadline per move that passed
        // gives the player a grace. (A PostgreSQL club's other servers, if any kept serving,
        // take the deadline written here.)
        if (t.playing() && (t.pace.kind == Pace::Kind::Clock ||
                            (t.pace.live() && !t.game.moves_made(t.game.to_move()))))
            t.row.deadline = deadline_after(t, now);
        else if (t.row.deadline && t.row.deadline < now)
            t.row.deadline = now + std::min(kRestartGrace, t.pace.per_move() * 1000);
        const long long id = t.row.id;
        tables_.emplace(id, std::move(t));
        Table& loaded = tables_[id];
        if (!loaded.playing()) continue;
        if (loaded.row.deadline != kept) // the row is the truth for every server of the club
            store_.transaction([&] { store_.set_deadline(id, loaded.row.deadline); });
        // A game whose end was not saved (the server stopped in between) ends now.
        if (loaded.game.over())
            finish(loaded, -1, "moves");
        else if (std::count(loaded.out.begin(), loaded.out.end(), false) == 1)
            finish(loaded, -1,
                   loaded.row.seats[0].out.empty() ? "resign" : loaded.row.seats[0].out);
        else
            after_move(loaded);
    }
}

int Server::ai_level(const Table& t, int seat) const {
    if (t.row.seats[seat].ai_level) return t.row.seats[seat].ai_level;
    return t.out[seat] ? kOutLevel : 0;
}

Millis Server::deadline_after(const Table& t, Millis now) const {
    const int s = t.game.to_move();
    if (t.game.over() || ai_level(t, s)) return 0;
    if (t.pace.live() && !t.game.moves_made(s) && !t.everyone_moved()) return now + kFirstMoveMs;
    if (t.pace.kind == Pace::Kind::Clock) return now + t.clock[s];
    return t.pace.per_move() ? now + t.pace.per_move() * 1000 : 0;
}

Options Server::record_headers(const Table& t) const {
    std::string seats;
    for (std::size_t i = 0; i < t.row.seats.size(); ++i)
        seats += (i ? " " : "") + (t.row.seats[i].ai_level
                                       ? "ai:" + std::to_string(t.row.seats[i].ai_level)
                                       : std::string("human"));
    Options h{{"seats", seats}, {"club-game", std::to_string(t.row.id)}};
    for (std::size_t i = 0; i < t.row.seats.size(); ++i) {
        const SeatRow& s = t.row.seats[i];
        h.emplace_back("player" + std::to_string(i + 1), s.player    ? s.name
                                                         : s.invited ? s.invited_name + " (invited)"
                                                                     : "open");
    }
    h.emplace_back("pace", t.row.pace);
    h.emplace_back("rated", t.row.rated ? "yes" : "no");
    if (t.row.started) h.emplace_back("started", iso_utc(t.row.started));
    if (t.row.ended) h.emplace_back("finished", iso_utc(t.row.ended));
    if (!t.row.result.empty()) h.emplace_back("order", t.row.result);
    return h;
}

std::string Server::start_table(Table& t) {
    const Millis now = now_millis();
    t.row.state = "playing";
    t.row.started = now;
    t.clock.assign(t.row.seats.size(), t.pace.clock_start_ms());
    t.draw_after.assign(t.row.seats.size(), 0);
    t.away_since.assign(t.row.seats.size(), now);
    t.dropped_at.assign(t.row.seats.size(), 0);
    t.row.deadline = deadline_after(t, now);
    try {
        store_.transaction([&] {
            store_.start_game(t.row.id, now, t.row.deadline);
            if (t.pace.kind == Pace::Kind::Clock)
                for (int s = 0; s < static_cast<int>(t.clock.size()); ++s)
                    store_.set_clock(t.row.id, s, t.clock[s]);
        });
    } catch (const std::exception& e) {
        t.row.state = "seeking"; // left to be started again by the next accept
        t.row.deadline = 0;
        return "game " + std::to_string(t.row.id) + " could not begin: " + e.what();
    }
    begun(t, now);
    return {};
}

void Server::begun(Table& t, Millis now) {
    // The lobby hears of it; its players hear from after_move, and those of a live game
    // waiting in the lobby are taken into it.
    announce(game_line_of(t.row, &t.game, now), [&](const Peer& p) { return !seated(t, p); });
    const long long id = t.row.id;
    after_move(t);
    if (Table* still = table(id); still && still->playing()) bring_in(*still);
}

void Server::bring_in(Table& t) {
    if (!t.pace.live()) return;
    for (int s = 0; s < static_cast<int>(t.row.seats.size()); ++s) {
        if (t.row.seats[s].ai_level) continue;
        // One connection of the player: the newest lobby on a screen (it follows who is
        // here), else the newest of any kind.
        Peer* newest = nullptr;
        for (auto& p : peers_)
            if (p->stage == Stage::Lobby && p->player == t.row.seats[s].player && p->conn.open() &&
                (!newest || p->follows_who || !newest->follows_who))
                newest = p.get();
        if (newest) enter(*newest, t.row.id, true);
    }
}

bool Server::seated(const Table& t, const Peer& p) const {
    return std::any_of(t.row.seats.begin(), t.row.seats.end(),
                       [&](const SeatRow& s) { return s.player == p.player; });
}

// Whose turn it is now: a seat with no move passes at once, the players in the lobby see the
// game's line and hear how many games wait for them, the AI is asked.
void Server::after_move(Table& t) {
    if (!t.game.over() && t.game.must_pass()) {
        std::string error;
        if (commit_move(t, Move::pass(), error)) return; // which came back here
    }
    announce(
        game_line_of(t.row, &t.game, now_millis()), [](const Peer&) { return false; }, &t);
    for (const SeatRow& s : t.row.seats)
        if (s.player && !s.ai_level) tell_turns(s.player);
    queue_ai(t);
}

void Server::queue_ai(const Table& t) {
    if (t.playing() && !t.game.over() && ai_level(t, t.game.to_move()) &&
        std::find(ai_queue_.begin(), ai_queue_.end(), t.row.id) == ai_queue_.end())
        ai_queue_.push_back(t.row.id);
}

bool Server::thinks_elsewhere(const Table& t) const {
    bool elsewhere_only = false;
    for (int s = 0; s < static_cast<int>(t.row.seats.size()); ++s) {
        if (t.row.seats[s].ai_level || !t.row.seats[s].player) continue;
        if (playing(t.row.id, s)) return false;
        elsewhere_only = elsewhere_only || elsewhere(t, s);
    }
    return elsewhere_only;
}

void Server::seat_message(Table& t, int seat, Peer* only) {
    Message m;
    m.verb = Verb::Seat;
    m.seat = seat + 1;
    if (const int level = ai_level(t, seat)) {
        m.state = net::SeatState::Ai;
        m.count = level;
    } else {
        const bool local = playing(t.row.id, seat) != nullptr;
        share_presence(t, seat, local);
        const bool here = local || elsewhere(t, seat);
        m.state = here ? net::SeatState::Joined : net::SeatState::Waiting;
        m.user = t.row.seats[seat].name;
        mark_presence(t, seat, here);
    }
    if (only)
        only->conn.send(m);
    else
        broadcast(t, m);
}

void Server::mark_presence(Table& t, int seat, bool here) {
    if (seat < 0 || seat >= static_cast<int>(t.away_since.size())) return;
    if (here)
        t.away_since[seat] = 0;
    else if (!t.away_since[seat])
        t.away_since[seat] = now_millis();
}

Message Server::clock_line(const Table& t, Millis now) const {
    Message m;
    m.verb = Verb::ClockLine;
    const int mover = t.game.over() ? -1 : t.game.to_move();
    // Until then, a mover who has not moved yet is given the time left for its first move
    // (the game is aborted at 0), as if its clock ran.
    const bool first = mover >= 0 && t.pace.live() && !t.game.moves_made(mover);
    const bool runs = mover >= 0 && t.row.deadline && (t.everyone_moved() || first);
    m.seat = runs ? mover + 1 : 0;
    for (int s = 0; s < static_cast<int>(t.row.seats.size()); ++s) {
        Millis left = t.pace.kind == Pace::Kind::Clock ? t.clock[s] : t.pace.per_move() * 1000;
        if (runs && s == mover) left = std::max<Millis>(0, t.row.deadline - now);
        m.detail += (s ? " " : "") + std::to_string(std::clamp<Millis>(left, 0, 30 * 86400000LL));
    }
    return m;
}

void Server::broadcast(const Table& t, const Message& m, const Peer* except) {
    const std::string line = net::write_message(m);
    for (auto& p : peers_)
        if (p.get() != except && p->game == t.row.id && p->conn.open() &&
            (p->stage == Stage::Playing || p->stage == Stage::Watching))
            p->conn.send(line);
}

void Server::send_state(Peer& p, Table& t) {
    Message r;
    r.verb = Verb::Record;
    r.text = write_record(t.game, record_headers(t));
    p.conn.send(r);
    for (int s = 0; s < static_cast<int>(t.row.seats.size()); ++s) seat_message(t, s, &p);
    if (t.pace.timed()) p.conn.send(clock_line(t, now_millis()));
    if (t.draw_offer >= 0) {
        Message ask;
        ask.verb = Verb::DrawAsk;
        ask.seat = t.draw_offer + 1;
        ask.user = t.row.seats[t.draw_offer].name;
        p.conn.send(ask);
    }
    std::vector<const net::Message*> shown;
    for (auto it = t.chat.rbegin(); it != t.chat.rend() && shown.size() < kTableChatLines; ++it)
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
        return q->stage == Stage::Watching && q->game == t.row.id && q->conn.open();
    }));
    return count;
}

void Server::tell_watchers(const Table& t) { broadcast(t, watchers_line(t)); }

void Server::table_chat(Peer& p, Table& t, const std::string& text) {
    Message c = with_text(Verb::Chat, net::clean_text(text, net::kMaxSay));
    c.user = p.user;
    if (c.text.empty()) return;
    // Players of a rated game are neither distracted nor helped by those who watch.
    const bool watchers_only = p.stage == Stage::Watching && t.row.rated;
    said_at(t, c, watchers_only);
    share_table_chat(t, c, watchers_only);
    if (watchers_only && !p.told_watchers_chat) {
        p.told_watchers_chat = true;
        p.conn.send(with_text(Verb::Error, "watchers' chat reaches watchers only in a rated game"));
    }
}

void Server::said_at(Table& t, const Message& c, bool watchers_only) {
    t.chat.push_back({c, watchers_only});
    if (t.chat.size() > kArchivedChatLines) t.chat.pop_front();
    if (!watchers_only) return broadcast(t, c);
    const std::string line = net::write_message(c);
    for (auto& q : peers_)
        if (q->stage == Stage::Watching && q->game == t.row.id && q->conn.open())
            q->conn.send(line);
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
    for (int s = 0; s < static_cast<int>(t->row.seats.size()); ++s)
        if (t->row.seats[s].player == p.player && !t->row.seats[s].ai_level) seat = s;
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
        mark_presence(*t, seat, true);
        share_presence(*t, seat, true);
        queue_ai(*t);
        t->dropped_at[seat] = 0;
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
    if (std::find(t.undo_wait.begin(), t.undo_wait.end(), &other) != t.undo_wait.end())
        undo_cancel(t, other.user + " moved to another connection");
    other.stage = Stage::Lobby;
    other.game = 0;
    other.seat = -1;
    other.conn.send(naming_game(Verb::Taken, t.row.id));
    enter_lobby(other);
}

long long Server::dropped_game(long long player) const {
    long long best = 0;
    Millis latest = 0;
    for (const auto& [id, t] : tables_)
        for (int s = 0; s < static_cast<int>(t.row.seats.size()); ++s)
            if (t.playing() && t.row.seats[s].player == player && !t.row.seats[s].ai_level &&
                !t.out[s] && t.dropped_at[s] > latest && !playing(id, s)) {
                latest = t.dropped_at[s];
                best = id;
            }
    return best;
}

void Server::game_line(Peer& p, const Message& m, Clock::time_point) {
    Table* t = table(p.game);
    const bool player = p.stage == Stage::Playing;
    if (m.verb == Verb::Lobby) {
        if (t && std::find(t->undo_wait.begin(), t->undo_wait.end(), &p) != t->undo_wait.end())
            undo_cancel(*t, p.user + " left");
        const int seat = p.seat;
        p.stage = Stage::Lobby;
        p.game = 0;
        p.seat = -1;
        if (t && player) seat_message(*t, seat);
        if (t && !player) tell_watchers(*t); // one watcher fewer
        return enter_lobby(p);
    }
    if (m.verb == Verb::PlayGame || m.verb == Verb::WatchGame || m.verb == Verb::Take)
        return enter(p, m.count, m.verb != Verb::WatchGame, m.verb == Verb::Take);
    if (!t || !t->playing()) return void(p.conn.send(with_text(Verb::Error, "the game is over")));
    switch (m.verb) {
    case Verb::Move:
        if (!player) return strike(p, "watchers do not move");
        return on_move(p, *t, m.word);
    case Verb::Say:
        return table_chat(p, *t, m.text);
    case Verb::Undo:
        if (!player) return strike(p, "watchers do not take moves back");
        return ask_undo(p, *t);
    case Verb::Consent:
        if (!player) return strike(p, "watchers are not asked");
        return on_consent(p, *t, m.yes);
    case Verb::Resign:
        if (!player || (m.count && m.count != p.game))
            return strike(p, "resign your own game, from its table or as resign ID in the lobby");
        if (t->out[p.seat])
            return void(p.conn.send(with_text(Verb::Error, "you have left this game")));
        return resign(*t, p.seat, "resign");
    case Verb::Abort:
        if (!player) return strike(p, "watchers do not abort");
        return ask_abort(p, *t);
    case Verb::Claim:
        if (!player) return strike(p, "watchers do not claim");
        return claim(p, *t);
    case Verb::Draw:
        if (!player) return strike(p, "watchers do not agree draws");
        return on_draw(p, *t, m.yes);
    default:
        return strike(p, "not a message for a game: lobby goes back to the lobby");
    }
}

void Server::on_move(Peer& p, Table& t, const std::string& text) {
    if (t.game.to_move() != p.seat) return strike(p, "it is not your turn");
    if (t.out[p.seat]) return void(p.conn.send(with_text(Verb::Error, "you have left this game")));
    if (t.row.deadline && now_millis() >= t.row.deadline && still_due(t))
        return expire(t); // too late: the move does not count
    if (t.undo_seat >= 0)
        return void(p.conn.send(with_text(Verb::Error, "an undo is waiting for an answer")));
    ParsedMove pm = parse_move(t.game, text);
    if (!pm.error.empty()) return strike(p, "move " + text + ": " + pm.error);
    std::string error;
    if (!commit_move(t, pm.move, error))
        p.conn.send(with_text(Verb::Error, "your move could not be saved: " + error));
}

bool Server::commit_move(Table& t, Move m, std::string& error) {
    const int mover = t.game.to_move();
    const int ply = static_cast<int>(t.game.ply());
    const std::string chain = chain_name(t.game.position(), m, t.game.rules().longjumps);
    const Millis now = now_millis();
    // 1. A game clock charges the mover's turn and adds the increment (a first move, made
    //    before the clocks start, is not charged).
    const Millis clock_before = t.clock.empty() ? 0 : t.clock[mover];
    const bool charged = t.pace.kind == Pace::Kind::Clock && t.everyone_moved() && t.row.deadline &&
                         !ai_level(t, mover);
    if (!t.game.play(m)) return error = "not a legal move", false;
    if (charged) t.clock[mover] = std::max<Millis>(0, t.row.deadline - now) + t.pace.increment_ms();
    // 2. Saved, then told.
    const Millis deadline = deadline_after(t, now);
    try {
        store_.transaction([&] {
            store_.add_move(t.row.id, ply, mover, chain, now);
            store_.set_deadline(t.row.id, deadline);
            if (charged) store_.set_clock(t.row.id, mover, t.clock[mover]);
        });
    } catch (const std::exception& e) {
        (void)t.game.undo();
        if (charged) t.clock[mover] = clock_before;
        error = e.what();
        // Another server's move or end came first: the row is read again after this turn.
        if (dynamic_cast<const Conflict*>(&e)) replica_.stale.insert(t.row.id);
        return false;
    }
    t.row.deadline = deadline;
    Message moved;
    moved.verb = Verb::Moved;
    moved.seat = mover + 1;
    moved.word = chain;
    broadcast(t, moved);
    if (t.pace.timed() && !t.game.over()) broadcast(t, clock_line(t, now));
    if (t.undo_seat >= 0) undo_cancel(t, "a move was played");
    if (t.draw_offer >= 0 && t.draw_offer != mover)
        draw_lapse(t, t.row.seats[mover].name + " moved instead");
    if (t.game.over()) {
        finish(t, -1, "moves");
        return true;
    }
    after_move(t);
    return true;
}

void Server::resign(Table& t, int seat, const std::string& how) {
    const std::string who = t.row.seats[seat].name;
    if (t.game.players() == 2 || t.game.rules().partners != Partners::None)
        return finish(t, seat, how);
    // Three or four without partners: the player is out, ranked last; the computer plays on
    // in the seat so that the others' game goes on.
    try {
        store_.transaction([&] { store_.set_out(t.row.id, seat, how); });
    } catch (const std::exception& e) {
        return broadcast(t, with_text(Verb::Error, std::string("not saved: ") + e.what()));
    }
    t.out[seat] = true;
    t.row.seats[seat].out = how;
    Message c = with_text(Verb::Chat, how == "time"   ? "ran out of time and is out of the game"
                                      : how == "left" ? "left, was claimed against and is out"
                                                      : "resigned and is out of the game");
    c.user = who;
    broadcast(t, c);
    seat_message(t, seat);
    if (std::count(t.out.begin(), t.out.end(), false) == 1) return finish(t, -1, how);
    if (t.game.to_move() == seat) {
        t.row.deadline = 0;
        try {
            store_.transaction([&] { store_.set_deadline(t.row.id, 0); });
        } catch (const std::exception&) {
        }
    }
    after_move(t);
}

void Server::finish(Table& t, int conceded, const std::string& how) {
    const Millis now = now_millis();
    // 1. The finishing order: none for an abort, everyone level for a draw agreed.
    const bool aborted = how == "abort";
    std::vector<int> ranks = how == "agreement" || aborted
                                 ? std::vector<int>(t.row.seats.size(), 0)
                                 : finishing_ranks(t.game, t.out, conceded);
    t.row.result = aborted ? "" : order_text(ranks);
    t.row.how = how;
    t.row.state = "over";
    t.row.ended = now;
    t.row.deadline = 0;
    // 2. The game ends off the board as the order says, so that its record says so too.
    if (!t.game.over()) conclude_as(t.game, aborted ? "" : t.row.result, how, conceded);
    std::vector<SaidLine> said;
    for (const Table::ChatLine& c : t.chat)
        said.push_back({c.line.user, c.line.text, c.watchers_only});
    const std::string record = write_record(t.game, record_headers(t)) + said_comments(said);
    std::vector<long long> players;
    for (const SeatRow& s : t.row.seats) players.push_back(s.player);
    // 3. Ratings (a rated game that was played) and the archive, in one transaction.
    std::vector<Rating> before, after;
    try {
        store_.transaction([&] {
            if (t.row.rated && !aborted) {
                for (long long pl : players) {
                    Millis updated = now;
                    const Rating r = store_.rating(pl, t.row.family, &updated);
                    before.push_back(idle(r, static_cast<int>((now - updated) / kRatingPeriod)));
                }
                after = rate_game(t.game.rules(), ranks, players, before);
                for (std::size_t i = 0; i < players.size(); ++i)
                    if (std::find(players.begin(), players.begin() + i, players[i]) ==
                        players.begin() + i)
                        store_.set_rating(players[i], t.row.family, after[i], t.row.id, now);
            }
            store_.finish_game(t.row.id, t.row.result, how, record, now);
        });
    } catch (const Conflict&) {
        return void(replica_.stale.insert(t.row.id)); // ended by another server: told as it was
    } catch (const std::exception& e) {
        // The moves are saved; the end is settled again when the server next starts.
        broadcast(t,
                  with_text(Verb::Error, std::string("the end could not be saved: ") + e.what()));
        return;
    }
    const long long id = t.row.id;
    const bool played = !aborted && t.game.ply() > 0;
    tell_end(t, ranks, conceded, before, after);
    if (played) queue_analysis(id);
}

void Server::tell_end(Table& t, const std::vector<int>& ranks, int conceded,
                      const std::vector<Rating>& before, const std::vector<Rating>& after) {
    const std::string& how = t.row.how;
    // Everyone at the table hears how it ended, the ratings, then the words.
    Message ended;
    ended.verb = Verb::Ended;
    ended.word = t.row.result.empty() ? "-" : t.row.result;
    ended.detail = how;
    broadcast(t, ended);
    for (std::size_t i = 0; i < after.size(); ++i) {
        Message r;
        r.verb = Verb::Rated;
        r.seat = static_cast<int>(i) + 1;
        const auto shown = [](const Rating& x) {
            return std::to_string(std::clamp(static_cast<int>(std::lround(x.rating)), 0, 9999));
        };
        r.detail = shown(before[i]) + " " + shown(after[i]);
        broadcast(t, r);
    }
    broadcast(t, with_text(Verb::Over, ending_text(t, ranks, conceded, how)));
    announce(
        game_line_of(t.row, &t.game, now_millis()), [](const Peer&) { return true; }, &t);
    std::vector<long long> players;
    for (const SeatRow& s : t.row.seats) players.push_back(s.player);
    const long long id = t.row.id;
    tables_.erase(id);
    for (long long pl : players) tell_turns(pl);
}

std::string Server::ending_text(const Table& t, const std::vector<int>& ranks, int conceded,
                                const std::string& how) const {
    const auto name = [&](int s) { return t.row.seats[s].name; };
    std::string winners;
    int count = 0;
    for (int s = 0; s < static_cast<int>(ranks.size()); ++s)
        if (ranks[s] == 0) winners += (count++ ? " and " : "") + name(s);
    const std::string win = count == 1 ? winners + " wins" : winners + " win";
    const bool by = t.ended_by >= 0 && t.ended_by < static_cast<int>(t.row.seats.size());
    if (how == "abort")
        return conceded >= 0 ? "game aborted: " + name(conceded) + " made no first move in time"
               : by ? "game aborted by " + name(t.ended_by) + " before every player had moved"
                    : "game aborted before every player had moved";
    if (how == "agreement") return "draw agreed";
    if (count == static_cast<int>(ranks.size())) return "draw: the move limit was reached";
    if (how == "resign" || how == "time" || how == "left") {
        if (conceded < 0) return "everyone else left: " + win;
        const std::string who = name(conceded);
        return (how == "resign" ? who + " resigned"
                : how == "time" ? who + " ran out of time"
                : by            ? who + " left and " + name(t.ended_by) + " claimed the game"
                                : who + " left and the game was claimed") +
               ": " + win;
    }
    const Ending e = t.game.ending();
    if (e.rule == Ending::Rule::Evacuation)
        return name(e.seat) + " had pieces at home past the deadline: " + win;
    if (e.rule == Ending::Rule::LastSide)
        return "the others had pieces at home past the deadline: " + win;
    return win + ": every piece home";
}

void Server::expire(Table& t) {
    const int s = t.game.to_move();
    if (t.pace.live() && !t.game.moves_made(s) && !t.everyone_moved()) return finish(t, s, "abort");
    resign(t, s, "time");
}

void Server::check_deadlines() {
    if (store_watch_.lost) return; // acted on once the store is back
    const Millis now = now_millis();
    std::vector<long long> due;
    for (const auto& [id, t] : tables_)
        if (t.playing() && t.row.deadline && t.row.deadline <= now) due.push_back(id);
    for (long long id : due)
        if (Table* t = table(id); t && still_due(*t)) expire(*t);
}

void Server::ask_abort(Peer& p, Table& t) {
    if (t.everyone_moved())
        return void(p.conn.send(with_text(
            Verb::Error, "every player has moved: the game can no longer be aborted (:resign)")));
    t.ended_by = p.seat;
    finish(t, -1, "abort");
}

void Server::claim(Peer& p, Table& t) {
    const int s = t.game.to_move();
    if (t.pace.timed())
        return void(p.conn.send(
            with_text(Verb::Error, "this game has a clock: a player who is away loses on time")));
    if (s == p.seat || ai_level(t, s))
        return void(p.conn.send(with_text(Verb::Error, "there is nobody away to claim against")));
    const Millis away = t.away_since[s] ? now_millis() - t.away_since[s] : 0;
    if (!t.away_since[s] || away < kClaimAfterMs)
        return void(p.conn.send(
            with_text(Verb::Error,
                      t.row.seats[s].name +
                          (t.away_since[s]
                               ? " has been away less than a minute; wait " +
                                     std::to_string((kClaimAfterMs - away) / 1000 + 1) + " seconds"
                               : " is here"))));
    t.ended_by = p.seat;
    resign(t, s, "left");
}

void Server::on_draw(Peer& p, Table& t, bool yes) {
    const int other = 1 - p.seat;
    if (t.game.players() != 2)
        return void(p.conn.send(with_text(Verb::Error, "draws are agreed in games of two")));
    if (!yes) {
        if (t.draw_offer != other)
            return void(p.conn.send(with_text(Verb::Error, "no draw is offered to you")));
        share_offer(Verb::ShareDraw, t, other, false, p.user + " declined the draw");
        return draw_lapse(t, p.user + " declined the draw");
    }
    if (t.draw_offer == other) return finish(t, -1, "agreement");
    if (ai_level(t, other))
        return void(p.conn.send(with_text(Verb::Error, "the computer plays on")));
    if (t.draw_offer == p.seat)
        return void(p.conn.send(with_text(Verb::Error, "your offer is waiting for an answer")));
    if (t.game.moves_made(p.seat) < t.draw_after[p.seat])
        return void(
            p.conn.send(with_text(Verb::Error, "you may offer a draw again after your next move")));
    t.draw_offer = p.seat;
    t.draw_after[p.seat] = t.game.moves_made(p.seat) + 1; // answered or not, a move first
    Message ask;
    ask.verb = Verb::DrawAsk;
    ask.seat = p.seat + 1;
    ask.user = p.user;
    broadcast(t, ask);
    share_offer(Verb::ShareDraw, t, p.seat, true, p.user);
}

void Server::draw_lapse(Table& t, const std::string& why) {
    if (t.draw_offer < 0) return;
    t.draw_offer = -1;
    broadcast(t, with_text(Verb::DrawNo, why));
}

void Server::ask_undo(Peer& p, Table& t) {
    if (t.undo_seat >= 0)
        return void(
            p.conn.send(with_text(Verb::Error, "an undo is already waiting for an answer")));
    if (t.game.moves_made(p.seat) == 0)
        return void(p.conn.send(with_text(Verb::Error, "there is no move of yours to take back")));
    std::vector<const Peer*> ask;
    bool elsewhere_asked = false;
    for (int s = 0; s < static_cast<int>(t.row.seats.size()); ++s) {
        if (s == p.seat || ai_level(t, s)) continue;
        const Peer* there = playing(t.row.id, s);
        // In a game of two the other player may agree through another host.
        if (!there && t.game.players() == 2 && elsewhere(t, s)) {
            elsewhere_asked = true;
            continue;
        }
        if (!there)
            return void(p.conn.send(with_text(
                Verb::Error,
                "cannot take back while " + t.row.seats[s].name +
                    (elsewhere(t, s) ? " plays through another host of the club" : " is away"))));
        ask.push_back(there);
    }
    t.undo_seat = p.seat;
    t.undo_wait = ask;
    t.undo_elsewhere = elsewhere_asked;
    Message m;
    m.verb = Verb::UndoAsk;
    m.seat = p.seat + 1;
    m.user = p.user;
    if (elsewhere_asked) share_offer(Verb::ShareUndo, t, p.seat, true, p.user);
    if (!ask.empty() || elsewhere_asked) return broadcast(t, m);
    on_consent(p, t, true); // nobody to ask: the computer always agrees
}

void Server::on_consent(Peer& p, Table& t, bool yes) {
    auto it = std::find(t.undo_wait.begin(), t.undo_wait.end(), &p);
    const bool asker_alone = t.undo_seat == p.seat && t.undo_wait.empty() && !t.undo_elsewhere;
    if (t.undo_seat < 0 || (it == t.undo_wait.end() && !asker_alone))
        return void(p.conn.send(with_text(Verb::Error, "nobody asked you to agree to an undo")));
    if (!yes) {
        if (t.game.players() == 2 && elsewhere(t, t.undo_seat))
            share_offer(Verb::ShareUndo, t, t.undo_seat, false, p.user + " said no");
        return undo_cancel(t, p.user + " said no");
    }
    if (it != t.undo_wait.end()) t.undo_wait.erase(it);
    if (!t.undo_wait.empty()) return;
    // Everyone agreed: back to the asker's turn (at least one move), saved, then told. The
    // turn the undo interrupts is charged: a takeback gives no one time back.
    const int interrupted = t.game.to_move();
    const bool charged = t.pace.kind == Pace::Kind::Clock && t.everyone_moved() && t.row.deadline &&
                         !ai_level(t, interrupted);
    const Millis clock_before = t.clock.empty() ? 0 : t.clock[interrupted];
    if (charged) t.clock[interrupted] = std::max<Millis>(0, t.row.deadline - now_millis());
    Game kept = t.game;
    int moves = 0;
    while (t.game.can_undo() && (moves == 0 || t.game.to_move() != t.undo_seat))
        moves += t.game.undo();
    const Millis deadline = deadline_after(t, now_millis());
    try {
        store_.transaction([&] {
            store_.remove_moves(t.row.id, static_cast<int>(t.game.ply()));
            store_.set_deadline(t.row.id, deadline);
            if (charged) store_.set_clock(t.row.id, interrupted, t.clock[interrupted]);
        });
    } catch (const std::exception& e) {
        t.game = kept;
        if (charged) t.clock[interrupted] = clock_before;
        return undo_cancel(t, std::string("could not be saved: ") + e.what());
    }
    t.row.deadline = deadline;
    t.undo_seat = -1;
    t.undo_wait.clear();
    t.undo_elsewhere = false;
    if (ai_game_ == t.row.id) worker_.cancel(), ai_game_ = 0;
    Message m;
    m.verb = Verb::Undone;
    m.count = moves;
    broadcast(t, m);
    if (t.pace.timed()) broadcast(t, clock_line(t, now_millis()));
    after_move(t);
}

void Server::undo_cancel(Table& t, const std::string& why) {
    if (t.undo_seat < 0) return;
    t.undo_seat = -1;
    t.undo_wait.clear();
    t.undo_elsewhere = false;
    broadcast(t, with_text(Verb::UndoNo, why));
}

void Server::next_ai() {
    while (!store_watch_.lost && !worker_.busy() && !ai_queue_.empty()) {
        const long long id = next_ai_game();
        Table* t = table(id);
        if (!t || !t->playing() || t->game.over() || !ai_level(*t, t->game.to_move())) continue;
        // Its player plays through another host, whose server thinks for the computer (queued
        // again here when the player leaves that table or comes to this one).
        if (thinks_elsewhere(*t)) continue;
        ai::Limits limits;
        limits.level = ai_level(*t, t->game.to_move());
        limits.movetime_ms = limits_.ai_movetime_ms;
        limits.seed = static_cast<std::uint64_t>(id) * 1000003u + t->game.ply();
        ai_game_ = id;
        ai_ply_ = t->game.ply();
        worker_.start(t->game, limits, 0);
    }
}

void Server::ai_done() {
    if (!worker_.busy()) return;
    const solo::Hint hint = worker_.finish();
    Table* t = table(ai_game_);
    ai_game_ = 0;
    if (!t || !t->playing() || t->game.ply() != ai_ply_ || hint.move == Move::none()) return;
    std::string error;
    if (!commit_move(*t, hint.move, error) && !replica_.stale.count(t->row.id)) {
        broadcast(*t, with_text(Verb::Error, "the computer's move could not be saved: " + error));
        ai_queue_.push_back(t->row.id);
    }
}

} // namespace halma::club
