// A club game's table: its seats, moves, clock and deadlines, its ending and ratings (the
// offers a player makes off the board are in table_offers.cpp).
#include "club/table.hpp"
#include "club/table_chat.hpp"
#include "rating/ranking.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace halma::club {

using net::Message;
using net::Verb;

namespace {

// The level the computer plays on at for a player who left a game of three or four.
constexpr int kOutLevel = 3;
// A week without a rated game is one empty rating period.
constexpr Millis kRatingPeriod = 7LL * 24 * 3600 * 1000;
// Lines of a table's chat kept for its archived record: a game's worth of talk, bounded.
constexpr std::size_t kArchivedChatLines = 100;

// Plays moves in game; false, with why, at the first that does not play.
bool replays(Game& game, const std::vector<std::string>& moves, std::string& why) {
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

// The game of a row's rules with the row's moves played (the row keeps none after); throws
// when they do not play. One kept from before the leave-home rule held at every move from the
// N-th on is played under the rule it was played under when the rule as it is would refuse
// its moves or end it otherwise (Rules::evacuate_once).
Game replayed(GameRow& row, const Rules& rules) {
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

} // namespace

Options options_of_words(std::string_view words) {
    Options opts;
    for (std::string_view w : split_words(words))
        if (std::size_t eq = w.find('='); eq != std::string_view::npos)
            opts.emplace_back(std::string(w.substr(0, eq)), std::string(w.substr(eq + 1)));
    return opts;
}

Table::Table(GameRow row, const TableClock& clock, TableStore& store, TableHost& host)
    : clock_(&clock), store_(&store), host_(&host) {
    Rules rules;
    if (TextError e = rules_from_kept(options_of_words(row.rules), rules); e.failed())
        throw std::runtime_error("game " + std::to_string(row.id) + ": " + e.text);
    game_ = replayed(row, rules);
    if (std::string e = read_pace(row.pace, pace_); !e.empty())
        throw std::runtime_error("game " + std::to_string(row.id) + ": pace " + row.pace);
    row_ = std::move(row);
    seat_states(clock.now());
}

Table::Table(GameRow row, const Rules& rules, Pace pace, const TableClock& clock, TableStore& store,
             TableHost& host)
    : clock_(&clock), store_(&store), host_(&host), row_(std::move(row)), game_(rules),
      pace_(pace) {
    seat_states(clock.now());
}

void Table::seat_states(Millis now) {
    seats_.assign(row_.seats.size(), SeatState{});
    for (std::size_t s = 0; s < row_.seats.size(); ++s) {
        seats_[s].out = !row_.seats[s].out.empty();
        seats_[s].clock = row_.seats[s].clock >= 0 ? row_.seats[s].clock : pace_.clock_start_ms();
        seats_[s].away_since = now; // nobody is back yet
    }
}

int Table::ai_level(int seat) const {
    if (row_.seats[seat].ai_level) return row_.seats[seat].ai_level;
    return seats_[seat].out ? kOutLevel : 0;
}

bool Table::everyone_moved() const {
    for (int s = 0; s < game_.players(); ++s)
        if (!game_.moves_made(s) && !game_.dropped(s)) return false;
    return true;
}

std::string Table::record_header(const std::string& key) const {
    for (const auto& [k, value] : record_headers_)
        if (k == key) return value;
    return {};
}

bool Table::forfeits_on_time(int seat) const {
    return first_move_missed_ == FirstMoveMissed::Forfeit && !game_.moves_made(seat);
}

int Table::first_move_due(long long player) const {
    if (!playing() || game_.over()) return -1;
    for (int s = 0; s < seats(); ++s)
        if (row_.seats[s].player == player && !row_.seats[s].ai_level && !seats_[s].out &&
            !game_.moves_made(s))
            return s;
    return -1;
}

Millis Table::deadline_after(Millis now) const {
    const int s = game_.to_move();
    if (game_.over() || ai_level(s)) return 0;
    if (pace_.live() && !game_.moves_made(s) && !everyone_moved()) return now + kFirstMoveMs;
    if (pace_.kind == Pace::Kind::Clock) return now + seats_[s].clock;
    return pace_.per_move() ? now + pace_.per_move() * 1000 : 0;
}

Options Table::record_headers() const {
    std::string kinds;
    for (std::size_t i = 0; i < row_.seats.size(); ++i)
        kinds += (i ? " " : "") + (row_.seats[i].ai_level
                                       ? "ai:" + std::to_string(row_.seats[i].ai_level)
                                       : std::string("human"));
    Options h{{"seats", kinds}, {"club-game", std::to_string(row_.id)}};
    for (std::size_t i = 0; i < row_.seats.size(); ++i) {
        const SeatRow& s = row_.seats[i];
        h.emplace_back("player" + std::to_string(i + 1), s.player    ? s.name
                                                         : s.invited ? s.invited_name + " (invited)"
                                                                     : "open");
    }
    h.emplace_back("pace", row_.pace);
    h.emplace_back("rated", row_.rated ? "yes" : "no");
    if (row_.started) h.emplace_back("started", iso_utc(row_.started));
    if (row_.ended) h.emplace_back("finished", iso_utc(row_.ended));
    if (!row_.result.empty()) h.emplace_back("order", row_.result);
    if (ended_by_ >= 0 && ended_by_ < seats())
        h.emplace_back("ended-by", std::to_string(ended_by_ + 1));
    h.insert(h.end(), record_headers_.begin(), record_headers_.end());
    return h;
}

std::string Table::record() const { return write_record(game_, record_headers()); }

Message Table::clock_line(Millis now) const {
    Message m;
    m.verb = Verb::ClockLine;
    const int mover = game_.over() ? -1 : game_.to_move();
    // Until then, a mover who has not moved yet is given the time left for its first move
    // (the game is aborted at 0), as if its clock ran.
    const bool first = mover >= 0 && pace_.live() && !game_.moves_made(mover);
    const bool runs = mover >= 0 && row_.deadline && (everyone_moved() || first);
    m.seat = runs ? mover + 1 : 0;
    for (int s = 0; s < seats(); ++s) {
        Millis left = pace_.kind == Pace::Kind::Clock ? seats_[s].clock : pace_.per_move() * 1000;
        if (runs && s == mover) left = std::max<Millis>(0, row_.deadline - now);
        m.numbers.push_back(std::clamp<Millis>(left, 0, net::kMaxDueSeconds * 1000));
    }
    return m;
}

void Table::sit(int seat, long long player, const std::string& name) {
    row_.seats[seat].player = player;
    row_.seats[seat].name = name;
}

std::string Table::start() {
    const Millis now = clock_->now();
    row_.state = "playing";
    row_.started = now;
    for (SeatState& s : seats_) {
        s.clock = pace_.clock_start_ms();
        s.draw_after = 0;
        s.away_since = now;
        s.dropped_at = 0;
    }
    row_.deadline = deadline_after(now);
    try {
        store_->transaction([&] {
            store_->start_game(row_.id, now, row_.deadline);
            if (pace_.kind == Pace::Kind::Clock)
                for (int s = 0; s < seats(); ++s) store_->set_clock(row_.id, s, seats_[s].clock);
        });
    } catch (const std::exception& e) {
        row_.state = "seeking"; // left to be started again by the next accept
        row_.deadline = 0;
        return "game " + std::to_string(row_.id) + " could not begin: " + e.what();
    }
    return {};
}

void Table::resume() {
    const Millis now = clock_->now();
    const Millis kept = row_.deadline;
    // Before the first move no turn was missed: the box's times run from the game's start
    // (the time the server was down with them, as the record's start and end do).
    if (game_.ply() == 0) turn_from_ = row_.started;
    used_from_moves(now);
    // The server was down: the time it was away is not counted. (A PostgreSQL club's other
    // servers, if any kept serving, take the deadline written here.)
    if (playing() &&
        (pace_.kind == Pace::Kind::Clock || (pace_.live() && !game_.moves_made(game_.to_move()))))
        row_.deadline = deadline_after(now);
    else if (row_.deadline && row_.deadline < now)
        row_.deadline = now + std::min(kRestartGraceMs, pace_.per_move() * 1000);
    if (!playing()) return;
    if (row_.deadline != kept) // the row is the truth for every server of the club
        store_->transaction([&] { store_->set_deadline(row_.id, row_.deadline); });
    if (game_.over())
        finish(-1, "moves");
    else if (std::count_if(seats_.begin(), seats_.end(),
                           [](const SeatState& s) { return !s.out; }) == 1)
        finish(-1, row_.seats[0].out.empty() ? "resign" : row_.seats[0].out);
    else
        after_move();
}

void Table::begin() {
    if (game_.ply() == 0) turn_from_ = row_.started;
    after_move();
}

void Table::used_from_moves(Millis now) {
    const std::vector<Millis> times = std::exchange(row_.move_times, {});
    if (game_.ply() == 0 || !row_.started || times.size() != game_.ply()) return;
    // A seat whose player is out: which of its moves were the computer's is not kept, so its
    // time cannot be worked out again, and none is told.
    if (std::any_of(seats_.begin(), seats_.end(), [](const SeatState& s) { return s.out; })) return;
    // Each move's time, from the one before (the first: from the game's start), is its
    // mover's: what every server of the club reads alike. The turn under way when the server
    // stopped, and the time it was down, are not counted.
    Millis from = row_.started;
    for (std::size_t i = 0; i < times.size(); ++i) {
        seats_[game_.mover_at(i)].used += std::max<Millis>(0, times[i] - from);
        from = times[i];
    }
    turn_from_ = now;
}

void Table::charge_turn(Millis now) {
    if (!turn_from_) return;
    // A seat whose player is out (the computer plays on in it) is charged no more.
    if (playing() && !game_.over() && !seats_[game_.to_move()].out)
        seats_[game_.to_move()].used += std::max<Millis>(0, now - turn_from_);
    turn_from_ = now;
}

void Table::tell_used() const {
    if (!turn_from_) return;
    Message m;
    m.verb = Verb::Used;
    for (const SeatState& s : seats_) m.numbers.push_back(s.used);
    host_->tell(*this, m);
}

void Table::after_move() {
    if (!game_.over() && game_.must_pass()) {
        std::string error;
        if (commit_move(Move::pass(), error)) return; // which came back here
    }
    host_->turn_passed(*this);
}

Refusal Table::move(int seat, const std::string& text) {
    if (game_.to_move() != seat) return {"it is not your turn", true};
    if (seats_[seat].out) return error("you have left this game");
    if (row_.deadline && clock_->now() >= row_.deadline && still_due()) {
        expire(); // too late: the move does not count
        return {};
    }
    if (undo_.seat >= 0) return error("an undo is waiting for an answer");
    ParsedMove pm = parse_move(game_, text);
    if (!pm.error.empty()) return {"move " + text + ": " + pm.error, true};
    std::string e;
    if (!commit_move(pm.move, e)) return error("your move could not be saved: " + e);
    return {};
}

bool Table::computer_move(std::size_t ply, Move m) {
    if (!playing() || game_.ply() != ply || m == Move::none()) return true;
    std::string e;
    bool conflict = false;
    if (commit_move(m, e, &conflict) || conflict) return true;
    host_->tell(*this, net::with_text(Verb::Error, "the computer's move could not be saved: " + e));
    return false;
}

bool Table::commit_move(Move m, std::string& error, bool* conflict) {
    const int mover = game_.to_move();
    const int ply = static_cast<int>(game_.ply());
    const std::string chain = chain_name(game_.position(), m, game_.rules().longjumps);
    const Millis now = clock_->now();
    // 1. A game clock charges the mover's turn and adds the increment (a first move, made
    //    before the clocks start, is not charged).
    Millis& clock = seats_[mover].clock;
    const Millis clock_before = clock;
    const bool charged =
        pace_.kind == Pace::Kind::Clock && everyone_moved() && row_.deadline && !ai_level(mover);
    if (!game_.is_legal(m)) return error = "not a legal move", false;
    charge_turn(now);
    (void)game_.play(m);
    if (charged) clock = std::max<Millis>(0, row_.deadline - now) + pace_.increment_ms();
    // 2. Saved, then told.
    const Millis deadline = deadline_after(now);
    try {
        store_->transaction([&] { // the move last: what goes before goes with it (PostgreSQL)
            store_->set_deadline(row_.id, deadline);
            if (charged) store_->set_clock(row_.id, mover, clock);
            store_->add_move(row_.id, ply, mover, chain, now);
        });
    } catch (const std::exception& e) {
        (void)game_.undo();
        clock = clock_before;
        error = e.what();
        // Another server's move or end came first: the row is read again after this turn.
        if (dynamic_cast<const Conflict*>(&e)) {
            if (conflict) *conflict = true;
            host_->changed_elsewhere(*this);
        }
        return false;
    }
    row_.deadline = deadline;
    Message moved;
    moved.verb = Verb::Moved;
    moved.seat = mover + 1;
    moved.word = chain;
    host_->tell(*this, moved);
    if (pace_.timed() && !game_.over()) host_->tell(*this, clock_line(now));
    if (undo_.seat >= 0) undo_cancel("a move was played");
    if (draw_offer_ >= 0 && draw_offer_ != mover)
        draw_lapse(row_.seats[mover].name + " moved instead");
    if (game_.over()) {
        finish(-1, "moves");
        return true;
    }
    after_move();
    return true;
}

void Table::told_move(Move m, Millis at) {
    const int mover = game_.to_move();
    Message moved;
    moved.verb = Verb::Moved;
    moved.seat = mover + 1;
    moved.word = chain_name(game_.position(), m, game_.rules().longjumps);
    charge_turn(at ? at : clock_->now());
    game_.play(m);
    host_->tell(*this, moved);
    if (draw_offer_ >= 0 && draw_offer_ != mover)
        draw_lapse(row_.seats[mover].name + " moved instead");
}

Refusal Table::resign(int seat) {
    if (seats_[seat].out) return error("you have left this game");
    out_of_game(seat, "resign");
    return {};
}

void Table::out_of_game(int seat, const std::string& how) {
    const std::string who = row_.seats[seat].name;
    if (game_.players() == 2 || game_.rules().partners != Partners::None) return finish(seat, how);
    // Three or four without partners: the player is out, ranked last; the computer plays on
    // in the seat so that the others' game goes on.
    try {
        store_->transaction([&] { store_->set_out(row_.id, seat, how); });
    } catch (const std::exception& e) {
        return host_->tell(*this,
                           net::with_text(Verb::Error, std::string("not saved: ") + e.what()));
    }
    seats_[seat].out = true;
    row_.seats[seat].out = how;
    Message c =
        net::with_text(Verb::Chat, how == "time" && forfeits_on_time(seat)
                                       ? "made no first move in time and forfeits the game"
                                   : how == "time" ? "ran out of time and is out of the game"
                                   : how == "left" ? "left, was claimed against and is out"
                                                   : "resigned and is out of the game");
    c.user = who;
    host_->tell(*this, c);
    host_->seat_changed(*this, seat);
    if (std::count_if(seats_.begin(), seats_.end(), [](const SeatState& s) { return !s.out; }) == 1)
        return finish(-1, how);
    if (game_.to_move() == seat) {
        row_.deadline = 0;
        try {
            store_->transaction([&] { store_->set_deadline(row_.id, 0); });
        } catch (const std::exception&) {
        }
    }
    after_move();
}

void Table::finish(int conceded, const std::string& how) {
    // A game ended on the board ends with its last move: at the time that move was saved with,
    // which every server of the club charges alike.
    const Millis now = how == "moves" && game_.over() && turn_from_ ? turn_from_ : clock_->now();
    charge_turn(now);
    // 1. The finishing order: none for an abort, everyone level for a draw agreed.
    const bool aborted = how == "abort";
    std::vector<bool> out;
    for (const SeatState& s : seats_) out.push_back(s.out);
    std::vector<int> ranks = how == "agreement" || aborted ? std::vector<int>(seats_.size(), 0)
                                                           : finishing_ranks(game_, out, conceded);
    row_.result = aborted ? "" : order_text(ranks);
    row_.how = how;
    row_.state = "over";
    row_.ended = now;
    row_.deadline = 0;
    // 2. The game ends off the board as the order says, so that its record says so too.
    if (!game_.over()) conclude_as(game_, aborted ? "" : row_.result, how, conceded);
    std::vector<SaidLine> said;
    for (const ChatLine& c : chat_) said.push_back({c.line.user, c.line.text, c.watchers_only});
    const std::string kept = record() + said_comments(said);
    std::vector<long long> players;
    for (const SeatRow& s : row_.seats) players.push_back(s.player);
    // 3. Ratings (a rated game that was played) and the archive, in one transaction.
    std::vector<Rating> before, after;
    try {
        store_->transaction([&] {
            if (row_.rated && !aborted) {
                for (long long pl : players) {
                    Millis updated = now;
                    const Rating r = store_->rating(pl, row_.family, &updated);
                    before.push_back(idle(r, static_cast<int>((now - updated) / kRatingPeriod)));
                }
                after = rate_game(game_.rules(), ranks, players, before);
                for (std::size_t i = 0; i < players.size(); ++i)
                    if (std::find(players.begin(), players.begin() + i, players[i]) ==
                        players.begin() + i)
                        store_->set_rating(players[i], row_.family, after[i], row_.id, now);
            }
            store_->finish_game(row_.id, row_.result, how, kept, now);
        });
    } catch (const Conflict&) {
        return host_->changed_elsewhere(*this); // ended by another server: told as it was
    } catch (const std::exception& e) {
        // The moves are saved; the end is settled again when the server next starts.
        return host_->tell(
            *this,
            net::with_text(Verb::Error, std::string("the end could not be saved: ") + e.what()));
    }
    tell_end(ranks, conceded, before, after);
    if (on_end_) on_end_(*this);
    host_->ended(*this, !aborted && game_.ply() > 0);
}

void Table::tell_end(const std::vector<int>& ranks, int conceded, const std::vector<Rating>& before,
                     const std::vector<Rating>& after) {
    tell_used();
    Message ended;
    ended.verb = Verb::Ended;
    ended.terms.result = row_.result;
    ended.terms.how = row_.how;
    host_->tell(*this, ended);
    for (std::size_t i = 0; i < after.size(); ++i) {
        Message r;
        r.verb = Verb::Rated;
        r.seat = static_cast<int>(i) + 1;
        const auto shown = [](const Rating& x) {
            return std::clamp<long long>(std::lround(x.rating), 0, 9999);
        };
        r.numbers = {shown(before[i]), shown(after[i])};
        host_->tell(*this, r);
    }
    host_->tell(*this, net::with_text(Verb::Over, ending_text(ranks, conceded, row_.how)));
}

std::string Table::ending_text(const std::vector<int>& ranks, int conceded,
                               const std::string& how) const {
    const auto name = [&](int s) { return row_.seats[s].name; };
    std::string winners;
    int count = 0;
    for (int s = 0; s < static_cast<int>(ranks.size()); ++s)
        if (ranks[s] == 0) winners += (count++ ? " and " : "") + name(s);
    const std::string win = count == 1 ? winners + " wins" : winners + " win";
    const bool by = ended_by_ >= 0 && ended_by_ < seats();
    if (how == "abort")
        return conceded >= 0 ? "game aborted: " + name(conceded) + " made no first move in time"
               : by ? "game aborted by " + name(ended_by_) + " before every player had moved"
                    : "game aborted before every player had moved";
    if (how == "agreement") return "draw agreed";
    if (count == static_cast<int>(ranks.size())) return "draw: the move limit was reached";
    if (how == "resign" || how == "time" || how == "left") {
        if (conceded < 0) return "everyone else is out: " + win;
        const std::string who = name(conceded);
        if (how == "time" && forfeits_on_time(conceded))
            return who + " made no first move in time: " + win + " by forfeit";
        return (how == "resign" ? who + " resigned"
                : how == "time" ? who + " ran out of time"
                : by            ? who + " left and " + name(ended_by_) + " claimed the game"
                                : who + " left and the game was claimed") +
               ": " + win;
    }
    const Ending e = game_.ending();
    if (e.rule == Ending::Rule::Evacuation)
        return name(e.seat) + " had pieces at home past the deadline: " + win;
    if (e.rule == Ending::Rule::LastSide)
        return "the others had pieces at home past the deadline: " + win;
    return win + ": every piece home";
}

void Table::expire() {
    const int s = game_.to_move();
    if (pace_.live() && !game_.moves_made(s) && !everyone_moved() &&
        first_move_missed_ == FirstMoveMissed::Abort)
        return finish(s, "abort");
    out_of_game(s, "time");
}

void Table::deadline_passed() {
    if (still_due()) expire();
}

bool Table::still_due() {
    std::optional<Millis> row;
    try {
        store_->transaction([&] { row = store_->lock_deadline(row_.id); });
    } catch (const std::exception&) {
        return false; // the store is out of reach: acted on once it is back
    }
    // A move made on another server gave the next player a deadline of their own; or that
    // server holds the game now, and its change is told when it commits (looked at again
    // after a while all the same, should that server stop first).
    constexpr Millis kHeldElsewhereMs = 1000;
    const Millis now = clock_->now();
    row_.deadline = row ? *row : now + kHeldElsewhereMs;
    return row && *row && *row <= now;
}

void Table::mark_presence(int seat, bool here) {
    if (seat < 0 || seat >= seats()) return;
    if (here)
        seats_[seat].away_since = 0;
    else if (!seats_[seat].away_since)
        seats_[seat].away_since = clock_->now();
}

void Table::set_dropped(int seat, bool dropped) {
    seats_[seat].dropped_at = dropped ? clock_->now() : 0;
}

bool Table::here_elsewhere(int seat) const {
    return seat >= 0 && seat < seats() && seats_[seat].elsewhere;
}

void Table::set_here_elsewhere(int seat, bool here) { seats_[seat].elsewhere = here; }

bool Table::note_told_here(int seat, bool here, bool again) {
    if (seats_[seat].told_here == here && !again) return false;
    seats_[seat].told_here = here;
    return true;
}

void Table::said(const Message& line, bool watchers_only) {
    chat_.push_back({line, watchers_only});
    if (chat_.size() > kArchivedChatLines) chat_.pop_front();
}

void Table::sync(GameRow& row) {
    row_.deadline = row.deadline;
    bool changed = false;
    for (std::size_t s = 0; s < row.seats.size() && s < seats_.size(); ++s) {
        if (row.seats[s].clock >= 0) seats_[s].clock = row.seats[s].clock;
        if (row.seats[s].out.empty() || seats_[s].out) continue;
        seats_[s].out = changed = true;
        row_.seats[s].out = row.seats[s].out;
        host_->seat_changed(*this, static_cast<int>(s));
    }
    int undone = 0;
    if (game_.ply() > row.moves.size()) charge_turn(clock_->now()); // a takeback elsewhere
    while (game_.ply() > row.moves.size() && game_.undo()) ++undone;
    if (undone) {
        undo_ = Undo{};
        Message m;
        m.verb = Verb::Undone;
        m.count = undone;
        host_->tell(*this, m);
    }
    const std::size_t had = game_.ply();
    for (std::size_t i = had; i < row.moves.size(); ++i) {
        ParsedMove pm = parse_move(game_, row.moves[i]);
        if (!pm.error.empty()) throw std::runtime_error("move " + row.moves[i] + ": " + pm.error);
        told_move(pm.move, i < row.move_times.size() ? row.move_times[i] : 0);
    }
    if (!changed && !undone && game_.ply() == had) return;
    host_->position_changed(*this);
    if (pace_.timed() && !game_.over()) host_->tell(*this, clock_line());
    if (undo_.seat >= 0) undo_cancel("the game moved on");
    if (!game_.over()) after_move();
}

void Table::ended_elsewhere(GameRow row, const Game& played, int ended_by,
                            const std::vector<Rating>& before, const std::vector<Rating>& after) {
    ended_by_ = ended_by;
    // The last moves, not told yet, are in the archived record with the rest.
    for (std::size_t i = game_.ply(); i < played.ply(); ++i)
        told_move(played.move_at(i), row.ended); // the last, which ended it, at the end's time
    const int count = static_cast<int>(row.seats.size());
    std::vector<int> ranks = ranks_of_order(row.result, count);
    if (ranks.empty()) ranks.assign(row.seats.size(), 0);
    // Who conceded, in a game of two: the one ranked last.
    int conceded = -1;
    if (count == 2 && (row.how == "resign" || row.how == "time" || row.how == "left"))
        conceded = ranks[0] > ranks[1] ? 0 : 1;
    charge_turn(row.ended ? row.ended : clock_->now()); // as the server that ended it charged
    if (!game_.over() && row.how != "abort") conclude_as(game_, row.result, row.how, conceded);
    row.moves.clear();
    row_ = std::move(row);
    tell_end(ranks, conceded, before, after);
    if (on_end_) on_end_(*this);
    host_->ended(*this, false);
}

} // namespace halma::club
