// The club's database: players, games (seeks are games still seeking players), their seats
// and moves, ratings per family, lobby chat and the archive of finished games. Kept in one
// SQLite file in the club's directory, or in a PostgreSQL database (sql.hpp); the queries
// and the schema are written once for both. The server is its one writer.
//
// A database is opened with checks before anything is written to it: one that cannot be
// read, fails SQLite's quick check, or carries a schema newer than this program knows
// (SQLite: PRAGMA user_version; PostgreSQL: the table halma_schema) is refused with a message
// naming it and left as it is; so is one holding other tables but no club. One of an older
// schema is brought up to date by the migrations, in order, each in one transaction. SQLite's
// journal is then a write-ahead log and every commit is synced (synchronous=FULL): a move
// committed survives a crash of the server or of the machine; the log is copied into the
// file beside the commits (sql_sqlite.hpp). The file is made 0600.
//
// The server commits in batches: the transactions of one turn of its loop are savepoints
// (SAVEPOINT, RELEASE, ROLLBACK TO) of one transaction, committed once, so that a burst of
// writes costs one sync rather than one each.
#pragma once

#include "rating/glicko.hpp"
#include "store/sql.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace halma::club {

// Wall-clock time in milliseconds since the epoch: what deadlines and dates are kept in.
using Millis = long long;
[[nodiscard]] Millis now_millis();
// A time as records keep it: UTC, ISO 8601 to the second ("2026-12-05T03:14:07Z").
[[nodiscard]] std::string iso_utc(Millis at);

// The schema this program writes; older ones are migrated, newer ones refused.
constexpr int kSchemaVersion = 4;

// The file name of the database inside the club's directory.
constexpr const char* kDatabaseFile = "club.db";

// A seat of a game as the database keeps it.
struct SeatRow {
    long long player = 0;  // 0: open
    std::string name;      // the player's, or empty
    int ai_level = 0;      // the computer's level, or 0
    long long invited = 0; // a challenge: only this player may sit here
    std::string invited_name;
    std::string out;   // "resign" or "time" once the player has left a 3-4 player game
    Millis clock = -1; // a game clock: the seat's time left at the start of its turn (-1: none)
};

// A game as the database keeps it (finished games' moves are in their record).
struct GameRow {
    long long id = 0;
    std::string state; // seeking, playing, over
    std::string rules; // key=value words, first included
    std::string pace;  // pace_text()
    bool rated = true;
    std::string family;
    Millis created = 0, started = 0, ended = 0, deadline = 0; // 0: none
    std::string result, how;
    std::vector<SeatRow> seats;
    std::vector<std::string> moves; // in notation, in order
    std::vector<Millis> move_times; // when each was made, by the clock of the server that took it
};

// A player's rating in a family, for listings.
struct RatingRow {
    std::string name;
    std::string family;
    Rating rating;
    int games = 0;
};

// A line of the lobby's chat.
struct ChatRow {
    Millis at = 0;
    std::string name, text;
};

// A write refused because another server changed the row first (a seat taken, a move made
// at that ply, a game ended): the row is read again and the game goes on from there.
struct Conflict : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Store {
  public:
    Store();
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    // Opens the database at path (creating it when create is true and there is no file),
    // checks it, migrates it and sets it up as described above. Returns an empty string or
    // what is wrong, naming the file.
    [[nodiscard]] std::string open(const std::string& path, bool create);
    // Opens the store a URI names: SQLite's file in the club's directory dir, or a
    // PostgreSQL database (checked and migrated alike). Returns an empty string or what is
    // wrong.
    [[nodiscard]] std::string open(const StoreUri& uri, const std::string& dir);
    [[nodiscard]] Connection& connection() const noexcept { return *db_; }

    // Runs fn in one transaction (BEGIN ... COMMIT), rolled back if it throws. Inside a batch
    // it is a savepoint of the batch's transaction instead: rolled back alone if it throws,
    // made durable only when the batch commits.
    void transaction(const std::function<void()>& fn);
    // Begins a batch: the transactions until commit_batch() are committed together, with one
    // sync. Its transaction begins with its first write.
    void begin_batch();
    // Commits the batch. Returns an empty string, or what went wrong: then none of the
    // batch's writes are in the database.
    [[nodiscard]] std::string commit_batch();

    // The player of a Unix user, made on first sight; the name follows the login name.
    [[nodiscard]] long long unix_player(long long uid, const std::string& name, Millis now);
    // The player of the computer at a level, made with the level's starting ratings.
    [[nodiscard]] long long ai_player(int level);
    // A player by name, or 0.
    [[nodiscard]] long long find_player(const std::string& name);
    // Whether a player's name is the same as this one but for the case of its letters.
    [[nodiscard]] bool name_taken(const std::string& name);
    // The player an SSH key (its SHA256 fingerprint) belongs to, or 0.
    [[nodiscard]] long long key_player(const std::string& fingerprint);
    // A new player who comes in by an SSH key, under a name nobody has. Returns its id.
    [[nodiscard]] long long add_key_player(const std::string& name, const std::string& fingerprint,
                                           Millis now);
    // Gives a player one more key (one no player has).
    void add_key(long long player, const std::string& fingerprint, Millis now);
    // Notes that a player came in.
    void seen(long long player, Millis now);
    [[nodiscard]] std::string player_name(long long id);

    // Every write to a game tells the other servers of the database (PostgreSQL's NOTIFY,
    // sent when the transaction commits) "g ID"; a line of the lobby's chat, "c ID".
    // A new game (a seek): its seats as given (player 0 = open). Returns its number.
    [[nodiscard]] long long add_game(const GameRow& game);
    // Takes an open seat; throws Conflict when another server took it first.
    void set_seat(long long game, int seat, long long player);
    void set_out(long long game, int seat, const std::string& why);
    // Begins a game still seeking (else throws Conflict).
    void start_game(long long game, Millis started, Millis deadline);
    // Locks a game in play for this transaction and reads its deadline (0: none). Empty when
    // the game is not in play, or another server's transaction holds it.
    [[nodiscard]] std::optional<Millis> lock_deadline(long long game);
    void set_deadline(long long game, Millis deadline);
    // A game clock: the seat's time left at the start of its next turn.
    void set_clock(long long game, int seat, Millis left);
    // A move of a game in play at the next ply (else throws Conflict: another server's
    // move is there, or the game ended).
    void add_move(long long game, int ply, int seat, const std::string& move, Millis at);
    // Takes back the moves from ply `from` on.
    void remove_moves(long long game, int from);
    // Ends a game in play (else throws Conflict): its result, how, the record (its moves
    // move into it) and the time.
    void finish_game(long long game, const std::string& result, const std::string& how,
                     const std::string& record, Millis ended);
    // Drops a seek nobody took.
    void remove_game(long long game);

    // Every game still seeking or playing, with seats and moves.
    [[nodiscard]] std::vector<GameRow> open_games();
    // Finished games, newest first: a player's (player 0: everyone's), at most limit.
    [[nodiscard]] std::vector<GameRow> finished_games(long long player, int limit);
    // The record of a finished game, or an empty string.
    [[nodiscard]] std::string archived_record(long long game);
    // Replaces a finished game's record (the same game, with more kept beside it).
    void set_archived_record(long long game, const std::string& record);
    // A game with its seats and moves.
    [[nodiscard]] std::optional<GameRow> game(long long id);

    // A player's rating in a family (a newcomer's when there is none yet).
    [[nodiscard]] Rating rating(long long player, const std::string& family,
                                Millis* updated = nullptr);
    void set_rating(long long player, const std::string& family, const Rating& r, long long game,
                    Millis at);
    // Every rating with at least one game, best first within each family.
    [[nodiscard]] std::vector<RatingRow> ratings();

    // A rated game's change of a player's rating, when there is one.
    [[nodiscard]] std::optional<std::pair<double, double>> rating_change(long long game,
                                                                         long long player);

    void add_chat(long long player, const std::string& text, Millis at);
    [[nodiscard]] std::vector<ChatRow> recent_chat(int limit);
    // A line of the chat by its number.
    [[nodiscard]] std::optional<ChatRow> chat_line(long long id);

  private:
    [[nodiscard]] std::string adopt(std::unique_ptr<Connection> db);
    [[nodiscard]] std::string check_and_migrate();
    // Whether the club's schema is there now, read under its lock (another server made it).
    [[nodiscard]] bool migrated_meanwhile();
    void load_seats(GameRow& g);
    void load_moves(GameRow& g);
    // Tells the other servers that a game changed.
    void changed(long long game);
    // Locks a game's row for this transaction when it is in play; throws Conflict if not.
    void lock_playing(long long game);
    // Runs a statement whose failure leaves nothing to undo (a rollback).
    void quietly(const char* sql) noexcept;

    std::unique_ptr<Connection> db_;
    bool batching_ = false, batch_begun_ = false;
    int batch_saved_ = 0;    // savepoints of the batch released: writes the server relies on
    std::string batch_lost_; // why the batch's transaction ended before its commit
};

// Copies a live database to a file through SQLite's online backup API: a consistent
// snapshot even while the server writes. The copy is written beside `to` and renamed into
// place, mode 0600. Returns an empty string or what is wrong.
[[nodiscard]] std::string backup_database(const std::string& from, const std::string& to);

} // namespace halma::club
