// The club's SQL, whichever engine runs it: a connection prepares statements, runs them and
// keeps transactions. The store's queries are written once, with numbered parameters ($1,
// $2, ...); each engine reads them its own way. Two engines: SQLite (a file in the club's
// directory) and PostgreSQL (a server reached through libpq).
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace halma::club {

enum class Engine { Sqlite, Postgres };

// A statement with its parameters: bound, then stepped through its rows. Throws on an error.
class Cursor {
  public:
    virtual ~Cursor() = default;
    virtual void bind(int i, long long v) = 0;
    virtual void bind(int i, double v) = 0;
    virtual void bind(int i, const std::string& v) = 0;
    virtual void bind_null(int i) = 0;
    // Steps once: true while a row is there.
    virtual bool step() = 0;
    // Runs a statement whose rows are not read: now, or where the engine gains by it
    // (PostgreSQL, in a transaction) with the next statement run, in one round trip; an
    // error of it is then thrown by that one.
    virtual void run_later() {
        while (step()) {
        }
    }
    // The rows the statement inserted, changed or deleted, once it has run to its end
    // (cheaper than RETURNING on SQLite, which builds a table of its own for it).
    [[nodiscard]] virtual long long written() const = 0;
    [[nodiscard]] virtual long long integer(int col) const = 0;
    [[nodiscard]] virtual double real(int col) const = 0;
    [[nodiscard]] virtual std::string text(int col) const = 0;
    [[nodiscard]] virtual bool null(int col) const = 0;
};

class Connection {
  public:
    virtual ~Connection() = default;
    [[nodiscard]] virtual Engine engine() const = 0;
    // The database in words, for messages: "the club's database /var/lib/halma/club.db".
    [[nodiscard]] virtual std::string name() const = 0;
    [[nodiscard]] virtual std::unique_ptr<Cursor> prepare(const std::string& sql) = 0;
    // Runs statements that return no rows (several, separated by semicolons; one only while
    // a statement put off by later() waits).
    virtual void exec(const std::string& sql) = 0;
    // One statement without rows, run as Cursor::run_later() runs its.
    virtual void exec_later(const std::string& sql) { exec(sql); }
    // One statement without rows that fails only with the connection (RELEASE): run as
    // exec_later() runs it when every statement put off has had its answer, else now with
    // them, so that an error of theirs is the caller's.
    virtual void exec_after_answers(const std::string& sql) { exec(sql); }
    // Starts a transaction that writes: COMMIT, ROLLBACK and SAVEPOINT are the same in both.
    virtual void begin() = 0;
    // Whether a transaction is open (one an error ended is not).
    [[nodiscard]] virtual bool in_transaction() const = 0;
    // The schema the database carries (0: a new one), and setting it within a migration.
    [[nodiscard]] virtual int schema_version() = 0;
    virtual void set_schema_version(int version) = 0;
    // Whether the database holds any table (a new club's holds none).
    [[nodiscard]] virtual bool foreign_tables() = 0;
    // Sets the database up for the club's writes, once its checks have passed.
    virtual void settle() {}
    // Within a migration's transaction: waits until no other server migrates this database.
    virtual void lock_schema() {}
    // After rows were written with their ids given: new rows of the table are numbered after
    // the highest (SQLite does so by itself).
    virtual void renumber(const std::string& /*table*/) {}
    // The integer key column a table's rows are numbered by, as this engine spells it.
    [[nodiscard]] virtual const char* identity() const = 0;
    // A table keyed by its primary key alone (SQLite: WITHOUT ROWID), as this engine ends it.
    [[nodiscard]] virtual const char* keyed() const = 0;
    // A connection to a server can be lost: then it is out of reach until reconnect()
    // succeeds. A file cannot.
    [[nodiscard]] virtual bool lost() const { return false; }
    [[nodiscard]] virtual bool reconnect() { return true; }
    // A server's connection is a socket the server's poll() waits on too (-1: none): what
    // arrives unasked (the server going away) is read by consume().
    [[nodiscard]] virtual int socket() const { return -1; }
    virtual void consume() {}
    // Several servers on one database (PostgreSQL) tell each other what they changed:
    // notify() sends a line to the others when the transaction it is sent in commits (none
    // if it rolls back), listen() starts hearing theirs, heard() takes the lines heard so
    // far (never this connection's own). A file has one server: nothing to tell.
    // notify_later() sends it as Cursor::run_later() runs a statement (in a transaction).
    virtual void notify(const std::string& /*line*/) {}
    virtual void notify_later(const std::string& line) { notify(line); }
    virtual void listen() {}
    [[nodiscard]] virtual std::vector<std::string> heard() { return {}; }
    // The clause that locks the rows a SELECT reads until the transaction ends (SQLite's
    // one writer holds them all), waiting for another transaction's or, when skip is true,
    // leaving its rows out.
    [[nodiscard]] virtual std::string lock_rows(bool /*skip*/) const { return {}; }
};

// A statement, run through a connection; the store's queries read as they did.
class Statement {
  public:
    Statement(Connection& db, const std::string& sql) : cursor_(db.prepare(sql)) {}
    Statement& bind(int i, long long v) { return cursor_->bind(i, v), *this; }
    Statement& bind(int i, double v) { return cursor_->bind(i, v), *this; }
    Statement& bind(int i, const std::string& v) { return cursor_->bind(i, v), *this; }
    Statement& bind_null(int i) { return cursor_->bind_null(i), *this; }
    // Binds a number, or NULL for 0 (no player, no deadline).
    Statement& bind_or_null(int i, long long v) { return v ? bind(i, v) : bind_null(i); }
    bool step() { return cursor_->step(); }
    // Runs to the end (for statements without rows).
    void run() {
        while (step()) {
        }
    }
    // Runs it now or with the next statement (see Cursor::run_later).
    void later() { cursor_->run_later(); }
    [[nodiscard]] long long written() const { return cursor_->written(); }
    [[nodiscard]] long long integer(int col) const { return cursor_->integer(col); }
    [[nodiscard]] double real(int col) const { return cursor_->real(col); }
    [[nodiscard]] std::string text(int col) const { return cursor_->text(col); }
    [[nodiscard]] bool null(int col) const { return cursor_->null(col); }

  private:
    std::unique_ptr<Cursor> cursor_;
};

// Where the club keeps its store, as --club-store gives it: "sqlite" (the file club.db in
// the club's directory) or "postgresql:CONNINFO" (a libpq connection string).
struct StoreUri {
    Engine engine = Engine::Sqlite;
    std::string conninfo; // PostgreSQL's
};
// Reads a URI: an empty string (out set) or what is wrong with it.
[[nodiscard]] std::string read_store_uri(const std::string& text, StoreUri& out);
[[nodiscard]] std::string store_uri_text(const StoreUri& uri);

// The file in the club's directory that keeps its store's URI (one line), so that every
// server started for the club (by a lobby, or by the system) finds the same store.
constexpr const char* kStoreFile = "store.conf";
// The store of the club in dir: given (--club-store, then kept in the directory for the
// servers after when keep is true), else the one the directory keeps, else SQLite. Returns
// an empty string (out set) or what is wrong.
[[nodiscard]] std::string find_store(const std::string& dir, const std::string& given,
                                     StoreUri& out, bool keep = true);

// Opens an SQLite file (created when create is true and there is none), with the checks
// the store describes. Returns an empty string (out set) or what is wrong.
[[nodiscard]] std::string open_sqlite(const std::string& path, bool create,
                                      std::unique_ptr<Connection>& out);
// Connects to PostgreSQL. Returns an empty string (out set) or what is wrong.
[[nodiscard]] std::string open_postgres(const std::string& conninfo,
                                        std::unique_ptr<Connection>& out);

} // namespace halma::club
