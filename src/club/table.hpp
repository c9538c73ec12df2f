// One game of the club, seeking players or in play: its seats, its moves, its pace's clock
// and deadlines (each first move due within kFirstMoveMs, a game clock charged and given its
// increment, a deadline per move, a move that arrives after its deadline, a restart that
// resumes the clock), takebacks by consent, draws, aborts, claims against an absent player,
// its ending and the ratings it asks for.
//
// A table is told the time by a TableClock, keeps what it does through a TableStore (each
// change saved before anyone is told of it) and speaks to the people at it and to the club
// around it through a TableHost. The server gives the real ones; a test gives fakes and moves
// its clock on by hand.
#pragma once

#include "club/seek.hpp"
#include "store/store.hpp"

#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace halma::club {

// In a game played in one sitting each player's first move is due this soon, the clock not
// yet running; a game whose player does not make it is aborted (lichess and FICS do alike).
constexpr Millis kFirstMoveMs = 30 * 1000;
// How long the player to move of an untimed game must have been away before a claim.
constexpr Millis kClaimAfterMs = 60 * 1000;
// A deadline that passed while the server was down gives the player this long after it is
// back (or the game's limit per move, when that is shorter).
constexpr Millis kRestartGraceMs = 3600 * 1000;

// The time, in milliseconds since the epoch.
class TableClock {
  public:
    virtual ~TableClock() = default;
    [[nodiscard]] virtual Millis now() const = 0;
};

// The machine's time (now_millis()).
class SystemClock final : public TableClock {
  public:
    [[nodiscard]] Millis now() const override { return now_millis(); }
};

// Where a table's changes are kept: the club's store (club::Store, whose calls these are). A
// change is made inside transaction(); any call may throw, Conflict when another server of the
// club changed the game first.
class TableStore {
  public:
    virtual ~TableStore() = default;
    virtual void transaction(const std::function<void()>& fn) = 0;
    virtual void start_game(long long game, Millis started, Millis deadline) = 0;
    // The game's deadline, its row locked for this transaction; empty when the game is not in
    // play or another server holds it.
    [[nodiscard]] virtual std::optional<Millis> lock_deadline(long long game) = 0;
    virtual void set_deadline(long long game, Millis deadline) = 0;
    virtual void set_clock(long long game, int seat, Millis left) = 0;
    virtual void add_move(long long game, int ply, int seat, const std::string& move,
                          Millis at) = 0;
    virtual void remove_moves(long long game, int from) = 0;
    virtual void set_out(long long game, int seat, const std::string& why) = 0;
    [[nodiscard]] virtual Rating rating(long long player, const std::string& family,
                                        Millis* updated) = 0;
    virtual void set_rating(long long player, const std::string& family, const Rating& r,
                            long long game, Millis at) = 0;
    virtual void finish_game(long long game, const std::string& result, const std::string& how,
                             const std::string& record, Millis ended) = 0;
};

// A game's rule words ("size=8 first=1") as options.
[[nodiscard]] Options options_of_words(std::string_view words);

class Table;

// The people at a table and the club around it, as the table needs them.
class TableHost {
  public:
    virtual ~TableHost() = default;
    // A line for everyone at the table: its players and its watchers.
    virtual void tell(const Table& t, const net::Message& m) = 0;
    // Whether a connection to this server plays the seat now.
    [[nodiscard]] virtual bool seated_here(const Table& t, int seat) const = 0;
    // Who sits in a seat changed (a player here, away, out, the computer): the table hears.
    virtual void seat_changed(Table& t, int seat) = 0;
    // The turn passed (a move, a takeback, a player out): the lobby and the players hear, the
    // computer is asked when the turn is its.
    virtual void turn_passed(Table& t) = 0;
    // The position changed other than by the move the computer was thinking of: its search
    // for this table, if any, is dropped.
    virtual void position_changed(const Table& t) = 0;
    // Another server of the club changed the game first: it is read again.
    virtual void changed_elsewhere(const Table& t) = 0;
    // A draw offered (Verb::ShareDraw) or a takeback asked (Verb::ShareUndo), made or
    // refused, told to the club's other servers.
    virtual void share_offer(net::Verb kind, const Table& t, int seat, bool made,
                             const std::string& words) = 0;
    // The game ended and everyone at it was told: the lobby hears, and the table goes (t is
    // destroyed by this call). played: a game with moves that was not aborted.
    virtual void ended(Table& t, bool played) = 0;
};

// What a player's request was answered with when it was not done: an error for the player,
// or a strike (a client that should have known better).
struct Refusal {
    std::string text;
    bool strike = false;
    [[nodiscard]] explicit operator bool() const noexcept { return !text.empty(); }
};

class Table {
  public:
    // A line said at the table, kept for its archived record.
    struct ChatLine {
        net::Message line;
        bool watchers_only = false;
    };

    // A game as the store keeps it, its moves played; throws when it cannot be read.
    Table(GameRow row, const TableClock& clock, TableStore& store, TableHost& host);
    // A seek just made: its rules as the seeker gave them.
    Table(GameRow row, const Rules& rules, Pace pace, const TableClock& clock, TableStore& store,
          TableHost& host);

    // What a player who does not make a first move in time brings about: the game is called
    // off (Abort: a game from the lobby), or they lose it as on time (Forfeit: a game a
    // tournament paired). Not kept in the store: whoever made the table says it again when
    // the server reads the game back.
    enum class FirstMoveMissed { Abort, Forfeit };
    void set_first_move_missed(FirstMoveMissed rule) noexcept { first_move_missed_ = rule; }
    // Called once as the game ends (here or at another server), after the people at the table
    // were told and before the host hears (which destroys the table): the row then has the
    // result ("2>1", "" when aborted) and how.
    void on_end(std::function<void(const Table&)> fn) { on_end_ = std::move(fn); }
    // A header the game's record carries besides the club's ("tournament: evening round 2"):
    // not kept in the store either, said again by whoever made the table.
    void add_record_header(const std::string& key, const std::string& value) {
        record_headers_.emplace_back(key, value);
    }
    // Such a header's value, or "".
    [[nodiscard]] std::string record_header(const std::string& key) const;
    // Where a tournament plays the game, as the lobby's game line says it ("evening/2/1";
    // tourney/rounds.hpp), or "": said again by whoever made the table, as the header.
    void set_tournament_place(net::Place place) { tournament_place_ = std::move(place); }
    [[nodiscard]] const net::Place& tournament_place() const noexcept { return tournament_place_; }

    [[nodiscard]] long long id() const noexcept { return row_.id; }
    [[nodiscard]] const GameRow& row() const noexcept { return row_; }
    [[nodiscard]] const Game& game() const noexcept { return game_; }
    [[nodiscard]] const Pace& pace() const noexcept { return pace_; }
    [[nodiscard]] int seats() const noexcept { return static_cast<int>(row_.seats.size()); }
    [[nodiscard]] bool playing() const { return row_.state == "playing"; }
    [[nodiscard]] bool out(int seat) const { return seats_[seat].out; }
    // The computer's level in a seat (a player who left a game of three or four has it play
    // on for them), or 0.
    [[nodiscard]] int ai_level(int seat) const;
    // Whether every seat has made a move: until then the game may be aborted, and in a live
    // game each first move is due within kFirstMoveMs instead of the clock.
    [[nodiscard]] bool everyone_moved() const;
    // The seat in play the club's player has (not the computer's, not out) whose first move
    // is still to be made, or -1.
    [[nodiscard]] int first_move_due(long long player) const;
    // Whether running out of time in a seat is a forfeit: a tournament's game (Forfeit) where
    // the seat has made no move.
    [[nodiscard]] bool forfeits_on_time(int seat) const;
    // The seat whose draw offer waits for an answer, or -1.
    [[nodiscard]] int draw_offer() const noexcept { return draw_offer_; }
    [[nodiscard]] const std::deque<ChatLine>& chat() const noexcept { return chat_; }
    // The game's record with the headers a club game carries.
    [[nodiscard]] std::string record() const;
    // The clocks as the players' copies start from: "clock SEAT MS...", now or at a time.
    [[nodiscard]] net::Message clock_line() const { return clock_line(clock_->now()); }
    [[nodiscard]] net::Message clock_line(Millis now) const;

    // Seats taken.
    void sit(int seat, long long player, const std::string& name);
    void seats_from(const std::vector<SeatRow>& seats) { row_.seats = seats; }
    // Begins a game whose seats are all taken; an empty string or why it could not.
    [[nodiscard]] std::string start();
    // A game begun here or elsewhere: whose turn it is now.
    void begin();
    // Read from the store as the server starts: the time it was down is not counted (a game
    // clock's turn and a first move start again with the time they had; a deadline per move
    // that passed gives the player a grace), and a game whose end was not saved ends.
    void resume();

    // What the players ask, by seat.
    [[nodiscard]] Refusal move(int seat, const std::string& text);
    [[nodiscard]] Refusal resign(int seat);
    [[nodiscard]] Refusal abort(int seat);
    [[nodiscard]] Refusal claim(int seat);
    [[nodiscard]] Refusal draw(int seat, bool yes);
    [[nodiscard]] Refusal ask_undo(int seat);
    [[nodiscard]] Refusal consent(int seat, bool yes);
    // A move of the computer's, found for the position at ply (passed over when the game has
    // moved on since). False when it could not be saved and the computer is to be asked
    // again (the players are told why); a game another server changed first is read again.
    [[nodiscard]] bool computer_move(std::size_t ply, Move m);
    // A seat's player left the table (why: "NAME left"); a takeback that waits for them is
    // off.
    void left(int seat, const std::string& why);

    // Presence, for claims and for a player logging in again.
    void mark_presence(int seat, bool here);
    [[nodiscard]] Millis dropped_at(int seat) const { return seats_[seat].dropped_at; }
    void set_dropped(int seat, bool dropped);
    [[nodiscard]] bool here_elsewhere(int seat) const;
    void set_here_elsewhere(int seat, bool here);
    // Notes what this server told the others of its own player at a seat; false when that
    // was told already (and again is not asked).
    bool note_told_here(int seat, bool here, bool again);

    // The deadline of the move due now (0: none).
    [[nodiscard]] Millis deadline() const noexcept { return row_.deadline; }
    [[nodiscard]] bool due(Millis now) const {
        return playing() && row_.deadline && row_.deadline <= now;
    }
    // The deadline passed: checked against the row (another server may have moved on), then
    // the mover loses on time, or the game is aborted when it was their first move.
    void deadline_passed();

    // The table's chat: a line said at it, kept.
    void said(const net::Message& line, bool watchers_only);

    // What another server of the club changed, read from the game's row: moves made or taken
    // back, seats out, clocks and the deadline.
    void sync(GameRow& row);
    // A draw or a takeback offered or refused at another server (a Share verb's line).
    void offer_elsewhere(const net::Message& m);
    // The game ended at another server: the moves not told yet (played: its archived record),
    // the end as the row has it, who aborted or claimed it (its seat, or -1), with the ratings
    // before and after (empty: unrated).
    void ended_elsewhere(GameRow row, const Game& played, int ended_by,
                         const std::vector<Rating>& before, const std::vector<Rating>& after);

  private:
    struct SeatState {
        bool out = false;       // resigned, ran out of time or was claimed against
        Millis clock = 0;       // a game clock: the time left at the start of its turn (ms)
        int draw_after = 0;     // may offer a draw again once it has made this many moves
        Millis away_since = 0;  // when its player left it (0: here)
        Millis dropped_at = 0;  // when its player's connection dropped in the game (0: not)
        bool elsewhere = false; // its player is at the table through another server
        bool told_here = false; // this server told the others its own player is here
        Millis used = 0;        // the time its turns took, as this server saw them (ms)
    };
    struct Undo {
        int seat = -1;          // an undo asked for: back to this seat's turn
        std::vector<int> wait;  // the seats still to agree
        bool elsewhere = false; // and whether a player at another host has to
    };

    void seat_states(Millis now);
    [[nodiscard]] Millis deadline_after(Millis now) const;
    [[nodiscard]] Options record_headers() const;
    // Whose turn it is now: a seat with no move passes at once, then the host hears.
    void after_move();
    // Commits a legal move of the seat to move, then tells everyone. False when it could not
    // be saved (nothing changes then; why is in error, and conflict says whether another
    // server of the club changed the game first).
    bool commit_move(Move m, std::string& error, bool* conflict = nullptr);
    // The mover's own move on the board, told (here, or as another server made it at `at`,
    // the time it was saved with; 0: now).
    void told_move(Move m, Millis at = 0);
    // Charges the turn under way to the seat to move, up to now; the next turn runs from now.
    void charge_turn(Millis now);
    // A game read back: each seat's time used, worked out from its moves' saved times.
    void used_from_moves(Millis now);
    // Tells the table each seat's time used ("used MS..."), once this server knows them.
    void tell_used() const;
    void out_of_game(int seat, const std::string& how);
    void finish(int conceded, const std::string& how);
    void tell_end(const std::vector<int>& ranks, int conceded, const std::vector<Rating>& before,
                  const std::vector<Rating>& after);
    [[nodiscard]] std::string ending_text(const std::vector<int>& ranks, int conceded,
                                          const std::string& how) const;
    void expire();
    [[nodiscard]] bool still_due();
    void draw_lapse(const std::string& why);
    void undo_cancel(const std::string& why);
    void take_back();
    [[nodiscard]] Refusal error(const std::string& text) const { return {text, false}; }

    const TableClock* clock_;
    TableStore* store_;
    TableHost* host_;
    GameRow row_;
    Game game_;
    Pace pace_;
    std::vector<SeatState> seats_;
    Undo undo_;
    int draw_offer_ = -1; // the seat whose draw offer waits for an answer
    int ended_by_ = -1;   // the seat whose player aborted or claimed the game
    // When the turn under way began; 0 while the game has not begun, or when it was read back
    // part played (the turns before were not seen here, and no times are told).
    Millis turn_from_ = 0;
    std::deque<ChatLine> chat_;
    FirstMoveMissed first_move_missed_ = FirstMoveMissed::Abort;
    std::function<void(const Table&)> on_end_;
    Options record_headers_;
    net::Place tournament_place_;
};

} // namespace halma::club
