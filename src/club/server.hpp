// The club server: one process, one thread for the loop, holding every club game. It blocks
// in poll() on its socket, every client, its signal pipe and the AI worker's descriptor,
// with the nearest deadline (a silent new connection, a move's time running out) as the
// timeout: an idle club costs no processor time.
//
// A client says "hello 1 lobby - -" and is the Unix user the kernel names (SO_PEERCRED),
// or, when that user is the door's account (door.conf, door/door.hpp), the player whose SSH
// key the door says the connection speaks for ("as SHA256:..."); the door alone may say it.
// In the lobby it seeks, accepts, lists and chats (net/wire.hpp); "play ID" or "watch ID"
// takes the connection into a game, where the lines are those of a hosted game, and each
// game's rules of play and time are its club::Table's (table.hpp): the server gives it the
// machine's clock and the store, and is its TableHost (who is at the table, the lobby, the
// computer's turns, the club's other servers). The AI plays
// its seats on a worker thread, one search at a time. A finished game is analysed once (a
// game reviewed shows it at once), on a thread of its own at the lowest priority, when the
// computer has no move to find; the analysis is kept with the archived record.
//
// Every move, and every other write, is committed to the database before anyone is told of
// it, in batches: each turn of the loop (what one poll() found: many clients' lines, a
// deadline, the AI's move) runs in one transaction, each handler's writes a savepoint of it
// (a handler that fails undoes its own writes alone), and the output of the whole turn is
// held back until that transaction is committed, with one sync for all. Moves that arrive
// while a commit syncs wait in their sockets and make the next turn's batch. If a commit
// fails, what the server holds in memory was never saved: it logs that and stops without
// sending the turn's output, and a restart serves what the database holds.
//
// Clients are held to the limits of networked play: a line bound, unread input read at most
// read_per_turn bytes a turn, only client verbs accepted, a rate limit with a flood cut-off,
// strikes for bad lines, a time to say hello, at most max_greeting connections per user that
// have not said hello (the door's account, which speaks for many, is not held to that one,
// but to max_per_key connections speaking for one key), and at most max_queued bytes
// waiting unread.
#pragma once

#include "club/seek.hpp"
#include "club/table.hpp"
#include "door/door.hpp"
#include "net/served.hpp"
#include "store/store.hpp"
#include "think/ai_worker.hpp"
#include "think/game_judge.hpp"
#include "tourney/rounds.hpp"

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <poll.h>
#include <set>
#include <string>
#include <vector>

namespace halma::club {

using Clock = std::chrono::steady_clock;

using net::with_text;

struct ServerLimits : net::ClientLimits {
    std::size_t max_clients = 1000;    // connections at once
    std::size_t max_greeting = 8;      // per user, before hello
    std::size_t max_per_key = 4;       // speaking for one SSH key at once
    std::size_t read_per_turn = 16384; // bytes read from a client in one turn
    int ai_movetime_ms = 1000;         // the computer's time per move
};

// The club's store, as its tables keep their games in it.
class StoreForTables final : public TableStore {
  public:
    explicit StoreForTables(Store& store) : store_(store) {}
    void transaction(const std::function<void()>& fn) override { store_.transaction(fn); }
    void start_game(long long game, Millis started, Millis deadline) override {
        store_.start_game(game, started, deadline);
    }
    std::optional<Millis> lock_deadline(long long game) override {
        return store_.lock_deadline(game);
    }
    void set_deadline(long long game, Millis deadline) override {
        store_.set_deadline(game, deadline);
    }
    void set_clock(long long game, int seat, Millis left) override {
        store_.set_clock(game, seat, left);
    }
    void add_move(long long game, int ply, int seat, const std::string& move, Millis at) override {
        store_.add_move(game, ply, seat, move, at);
    }
    void remove_moves(long long game, int from) override { store_.remove_moves(game, from); }
    void set_out(long long game, int seat, const std::string& why) override {
        store_.set_out(game, seat, why);
    }
    Rating rating(long long player, const std::string& family, Millis* updated) override {
        return store_.rating(player, family, updated);
    }
    void set_rating(long long player, const std::string& family, const Rating& r, long long game,
                    Millis at) override {
        store_.set_rating(player, family, r, game, at);
    }
    void finish_game(long long game, const std::string& result, const std::string& how,
                     const std::string& record, Millis ended) override {
        store_.finish_game(game, result, how, record, ended);
    }

  private:
    Store& store_;
};

class Server : private TableHost, private tourney::Hall {
  public:
    Server() = default;
    ~Server() override;
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Takes the club's directory and opens its store (find_store: store as --club-store
    // gives it, or empty; SQLite's file is created when missing). Returns an empty string or
    // what is wrong.
    [[nodiscard]] std::string open(const std::string& dir, ServerLimits limits = {},
                                   const std::string& store = {});
    // Serves until SIGTERM, SIGINT or SIGHUP. Returns the exit status.
    int run();

  private:
    enum class Stage { Greeting, Lobby, Playing, Watching };
    struct Peer : net::ServedClient {
        std::string key;     // the SSH key the door says this connection speaks for
        std::string address; // where the door says that key's session comes from, or ""
        long long player = 0;
        Stage stage = Stage::Greeting;
        long long game = 0; // Playing, Watching
        int seat = -1;      // Playing
        // Watching a rated game: told that its chat reaches watchers only.
        bool told_watchers_chat = false;
        // Asked for the games or for who is here: kept up to date on them in the lobby.
        bool follows_games = false, follows_who = false;
        int version = net::kWireVersion; // its hello's: which lines it can read
        [[nodiscard]] bool greeting() const noexcept { return stage == Stage::Greeting; }
    };
    // The loop.
    void accept_new(Clock::time_point now);
    void serve(Peer& p, short revents, Clock::time_point now);
    void on_line(Peer& p, const net::Message& m, Clock::time_point now);
    [[nodiscard]] std::string open_door();
    void greet(Peer& p, const net::Message& m);
    void door_line(Peer& p, const net::Message& m);
    void claim_name(Peer& p, const std::string& name);
    void link_key(Peer& p, const std::string& code);
    void key_code(Peer& p);
    // A line the door asks the club's log to keep (why it refused a key), at most
    // a bounded number a minute (after a burst) whoever sends them.
    void door_note(Peer& p, const std::string& text, Clock::time_point now);
    [[nodiscard]] bool from_door(const Peer& p) const { return has_door_ && p.uid == door_uid_; }
    void lobby_line(Peer& p, const net::Message& m);
    void game_line(Peer& p, const net::Message& m, Clock::time_point now);
    void strike(Peer& p, const std::string& why) { net::strike(p, why, limits_); }
    void purge();
    [[nodiscard]] int timeout_ms(Clock::time_point now) const;
    void check_deadlines();
    // Ends a turn of the loop: commits its writes, then sends what it told. False (and every
    // connection closed, told nothing) when the commit failed.
    [[nodiscard]] bool commit_turn();
    // A store whose server went away (PostgreSQL): everyone here is told once; it is
    // reached for again after a pause that grows (the poll's timeout), and everyone is told
    // when it is back. Until then no move is taken: the mover is told, nothing changes.
    void watch_store();
    void tell_everyone(const std::string& text);

    // The lobby.
    void seek(Peer& p, const std::string& words);
    // A new game's row for a seek (or a tournament's game): its pace, rating, family and rule
    // words (opts: its rule options), the seat from 1 that moves first when the seek does not
    // say.
    [[nodiscard]] GameRow seek_row(const Seek& s, int first, Options& opts) const;
    void accept(Peer& p, long long id);
    void seat_taken(Peer& p, Table& t);
    // Takes a connection into a game, to play its seat or to watch. A seat another connection
    // of the player plays is taken over only when take says so (else the connection is told
    // it is held).
    void enter(Peer& p, long long id, bool play, bool take = false);
    // The connection that plays a seat of a game, or none.
    [[nodiscard]] Peer* playing(long long game, int seat) const;
    void give_way(Peer& other, Table& t);
    // The game a player dropped out of last, whose seat nobody plays now (0: none).
    [[nodiscard]] long long dropped_game(long long player) const;
    void send_games(Peer& p);
    void send_history(Peer& p, const std::string& name);
    void send_ratings(Peer& p);
    void send_record(Peer& p, long long id);
    void send_who(Peer& p);
    void lobby_chat(Peer& p, const std::string& text);
    void tell_lobby(const net::Message& line);
    // A seek withdrawn: the lobby hears, the table goes.
    void seek_gone(Table& t);

    // The club's other servers (share.cpp): what they changed, read from the rows.
    void hear_others();
    void heard_line(const net::Message& m);
    // A share line told to the other servers, when this turn's transaction commits.
    void tell_others(const net::Message& m);
    // Runs fn; what it throws is logged with what it was doing.
    static void guarded(const std::string& what, const std::function<void()>& fn);
    void reconcile(long long id);
    // The game ended at another server: told here as it ended there.
    void ended_elsewhere(Table& t, GameRow row);
    void chat_elsewhere(long long id);
    // Whether a seat's player is at the table here: the other servers are told when it changes,
    // or when one of them asks (a server started anew), and they tell theirs.
    void share_presence(Table& t, int seat, bool here, bool again = false);
    void presence_elsewhere(const net::Message& m);
    void tell_presence_again(const std::string& asker);
    void ask_presence();
    // Who is in the club through the other servers, for the lobby's list of who is here:
    // "h NAME 1|0 SERVER" when a player's first connection here comes or the last goes; a
    // server started anew asks ("? SERVER") and the others forget what it said before it
    // stopped. SERVER names this server: its host and club directory.
    void share_here(const std::string& name, bool here);
    void here_elsewhere(const net::Message& m);
    [[nodiscard]] bool here_anywhere_else(const std::string& name) const;
    // Whether a player of that name has a greeted connection to this server.
    [[nodiscard]] bool present_here(const std::string& name) const;
    // A table's chat line, told to the other servers ("t GAME W NAME TEXT", W 1: to watchers
    // only), and one heard from them.
    void share_table_chat(const Table& t, const net::Message& c, bool watchers_only);
    void table_chat_elsewhere(const net::Message& m);
    // An offer in a game of two whose players are at two hosts, told to the other servers,
    // and heard: a draw ("d GAME SEAT 1 NAME": SEAT's player offers; "d GAME SEAT 0 WHY":
    // declined) or a takeback ("u ..." alike: asked, refused; agreed, it is done at the host
    // of the player who agreed, and the moves taken back reach the others as any change).
    void share_offer(net::Verb kind, const Table& t, int seat, bool made,
                     const std::string& words) override;
    void offer_elsewhere(const net::Message& m);
    // After the store was out of reach: every game is read again.
    void resync();
    // Welcomes a connection to the lobby (from hello or from a game): the welcome, the
    // recent chat, the games waiting for its move.
    void enter_lobby(Peer& p);
    // Whether a player has a greeted connection other than except.
    [[nodiscard]] bool present(long long player, const Peer* except) const;
    // Tells everyone else in the lobby who follows who is here that p's player came (here)
    // or went (gone), here and at the club's other servers.
    void tell_presence(const Peer& p, net::Verb verb);
    // The same of a player by name, to this server's lobby only (except one connection).
    void tell_lobby_presence(const std::string& name, net::Verb verb, const Peer* except);
    // Sends a game line to every connection in the lobby that follows the games and that
    // `to` picks, and to every one whose player sits in players_of.
    void announce(const net::Message& line, const std::function<bool(const Peer&)>& to,
                  const Table* players_of = nullptr);
    [[nodiscard]] int turns_of(long long player) const;
    void tell_turns(long long player);
    // Whether any connection is in the lobby (where game lines are read).
    [[nodiscard]] bool anyone_in_lobby() const;
    [[nodiscard]] net::Message game_line_of(const GameRow& row, const Game* game, Millis now,
                                            const net::Place& place = {}) const;
    // A table's game line, with where a tournament plays it.
    [[nodiscard]] net::Message game_line_of(const Table& t, Millis now) const {
        return game_line_of(t.row(), &t.game(), now, t.tournament_place());
    }
    [[nodiscard]] bool sees(const Peer& p, const Table& t) const;

    // Games.
    Table* table(long long id);
    // A game as the store keeps it, made a table here; throws when it cannot be read.
    Table& add_table(GameRow row);
    // A game just added to the store (its row has its number), seeking or with every seat
    // taken: its table here, under rules as given (start_table begins it once seated).
    Table& add_table(GameRow row, const Rules& rules, Pace pace);
    void load_tables();
    // A tournament's game (tourney/rounds.hpp): begun for a board of a round; and a table of one
    // (made here, read back or told of by another server) plays by the tournament's rules (a
    // first move missed is a forfeit), its record saying where, its end kept as the board's
    // result.
    long long begin_game(const tourney::Description& d, const std::vector<tourney::Seating>& seats,
                         const tourney::BoardOf& at) override;
    void tournament_table(Table& t, const tourney::BoardOf& at);
    // What a player away is told of each tournament's round that began without them: "evening
    // round 2 has begun: your game 12; ...", a line for each of their games whose first move
    // is theirs to make.
    [[nodiscard]] std::vector<std::string> rounds_begun(long long player) const;
    // A tournament's game begun: its players are told, in a lobby at a pace that takes nobody
    // to the board, and at the box of the game whose end began the round (q brings them).
    void tell_round_begun(const Table& t);
    // Begins a game whose seats are all taken; returns an empty string or why it could not.
    [[nodiscard]] std::string start_table(Table& t);
    // A game begun (here or by another server): the lobby and its players hear of it.
    void begun(Table& t);
    [[nodiscard]] bool seated(const Table& t, const Peer& p) const;
    void seat_message(Table& t, int seat, Peer* only = nullptr);
    void send_state(Peer& p, Table& t);
    // A table's answer to what a player asked: nothing when done, else an error or a strike.
    void answer(Peer& p, const Refusal& r);
    // Every player of a live game waiting in the lobby goes into it.
    void bring_in(Table& t);
    // A player back in the lobby from a game that ended goes into a live game of theirs that
    // began meanwhile (a tournament's next round) and waits for their first move.
    void bring_back(Peer& p);
    void broadcast(const Table& t, const net::Message& m, const Peer* except = nullptr);
    // The table's chat: a line said at it, kept for those who enter later; in a rated game
    // a watcher's line reaches the watchers only.
    void table_chat(Peer& p, Table& t, const std::string& text);
    // A line said at a table (here or at another server): kept and told.
    void said_at(Table& t, const net::Message& c, bool watchers_only);
    // "watchers N": the count of a table's watchers, to one or to everyone at the table.
    [[nodiscard]] net::Message watchers_line(const Table& t) const;
    void tell_watchers(const Table& t);
    // What the tables ask of the server (TableHost).
    void tell(const Table& t, const net::Message& m) override { broadcast(t, m); }
    [[nodiscard]] bool seated_here(const Table& t, int seat) const override {
        return playing(t.id(), seat) != nullptr;
    }
    // A seat changed: its message; a tournament's player out on time before a first move
    // forfeited (kept at once: the computer plays on in the seat of a table).
    void seat_changed(Table& t, int seat) override;
    void turn_passed(Table& t) override;
    void position_changed(const Table& t) override;
    void changed_elsewhere(const Table& t) override { replica_.stale.insert(t.id()); }
    void ended(Table& t, bool analyse) override;
    void next_ai();
    void ai_done();
    // The computer's turn in t queued for the worker (once).
    void queue_ai(const Table& t);
    // Whether t's human players play through another host and none at this one: that
    // host's server thinks for the computer.
    [[nodiscard]] bool thinks_elsewhere(const Table& t) const;
    // The archive's analysis (archive_judge.cpp): a finished game queued to be analysed (once
    // it ends, or once opened without one), the next one started when the computer is idle,
    // and a complete one kept with its record.
    void queue_analysis(long long id);
    void next_analysis();
    void analysis_done();

    // The door's limits (limits.cpp): an empty string, or the refusal naming the limit and
    // when it frees. A newcomer's name from an address ("" unknown):
    [[nodiscard]] std::string new_player_limit(const std::string& address, Clock::time_point now);
    // A seat taken in a game that begins (seeking: a seek that waits for players; computer:
    // the computer plays in it):
    [[nodiscard]] std::string seat_limit(const Peer& p, bool seeking, bool computer) const;
    struct Holdings {
        int seeks = 0, games = 0, computer = 0;
    };
    [[nodiscard]] Holdings holdings(long long player) const;
    // The player a game against the computer is played for: its first seat that is not the
    // computer's.
    [[nodiscard]] long long ai_owner(const Table& t) const;
    // Takes from the queue the game the computer thinks for next: each player's games take
    // their turns, so that none waits behind another's many.
    [[nodiscard]] long long next_ai_game();

    // A one-time code that gives its player another key.
    struct KeyCode {
        long long player = 0;
        Clock::time_point expires;
    };
    // The names and codes a key had refused in the hour since `since`.
    struct Claims {
        Clock::time_point since;
        int refused = 0;
    };
    // Why a key may not try another name or code now ("" when it may); a refusal counted.
    [[nodiscard]] std::string claims_wait(const std::string& key, Clock::time_point now);
    void claim_refused(const std::string& key, Clock::time_point now);

    std::string dir_;
    ServerLimits limits_;
    bool has_door_ = false;
    DoorSettings door_;
    uid_t door_uid_ = 0;
    // The keys' one-time codes, and the names and codes each key had refused.
    struct Keys {
        std::map<std::string, KeyCode> codes;
        std::map<std::string, Claims> claims; // by key
    } keys_;
    // The door's notes for the log: the bound, and those over it since the last one written.
    struct DoorNotes {
        net::TokenBucket bucket;
        long long unwritten = 0;
    } door_notes_;
    Store store_;
    // The time, read by the server and its tables through this alone, and the store as the
    // tables keep their games in it.
    SystemClock clock_;
    StoreForTables table_store_{store_};
    // The store out of reach (watch_store): since when it is retried, and when next.
    struct StoreWatch {
        bool lost = false;
        Millis retry_at = 0, pause_ms = 0;
    } store_watch_;
    net::UniqueFd lock_, listener_;
    std::vector<std::unique_ptr<Peer>> peers_;
    std::map<long long, Table> tables_;
    // The other servers of the store (share.cpp): what they said, not yet read, and the games
    // to read again after a write of this server's found the row changed.
    struct Replica {
        std::vector<std::string> heard;
        std::set<long long> stale;
        std::string self;                                   // this server's name to the others
        std::set<std::pair<std::string, std::string>> here; // (server, player) elsewhere
    } replica_;
    // The computer's turns: its worker, the games queued for it, whose turn it serves next.
    struct Computer {
        think::AiWorker worker;
        long long game = 0;  // the game the worker thinks for
        std::size_t ply = 0; // at this ply
        std::deque<long long> queue;
        std::map<long long, unsigned long long> served; // a player's last turn of the computer
        unsigned long long turns = 0;
    } ai_;
    // The archive's analysis, in the background (archive_judge.cpp).
    struct ArchiveJudge {
        think::GameJudge judge{true};
        long long game = 0; // the game it judges
        Game judged;
        std::deque<long long> queue;
    } archive_;
    // Names taken at the door in the last hour: when, and from which address.
    std::deque<std::pair<Clock::time_point, std::string>> new_players_;
};

} // namespace halma::club
