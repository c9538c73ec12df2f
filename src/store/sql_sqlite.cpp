// The club's SQL on SQLite: a file in the club's directory, opened with checks before
// anything is written to it.
#include "store/sql_sqlite.hpp"

#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <sqlite3.h>
#include <stdexcept>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace halma::club {

namespace {

// How long a writer waits for a lock held by a reader (a backup) before failing.
constexpr int kBusyMs = 5000;
// The pages the write-ahead log holds before it is copied into the database (SQLite's own
// threshold for doing so at a commit).
constexpr int kCheckpointPages = 1000;

[[noreturn]] void fail(sqlite3* db, const std::string& what) {
    throw std::runtime_error(what + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
}

// The store's numbered parameters ($1) as SQLite numbers them (?1); the store's SQL has no
// dollar sign in its string literals.
std::string sqlite_sql(const std::string& sql) {
    std::string out = sql;
    for (std::size_t i = 0; i + 1 < out.size(); ++i)
        if (out[i] == '$' && out[i + 1] >= '0' && out[i + 1] <= '9') out[i] = '?';
    return out;
}

class SqliteCursor final : public Cursor {
  public:
    // A statement the connection kept from an earlier use of the same SQL, or a new one;
    // given back to it, reset, when done.
    SqliteCursor(sqlite3* db, const std::string& sql, SqliteConnection::Kept& kept)
        : db_(db), kept_(kept), sql_(sql) {
        if (auto it = kept.find(sql); it != kept.end() && !it->second.empty()) {
            stmt_ = it->second.back();
            it->second.pop_back();
        } else if (sqlite3_prepare_v2(db, sqlite_sql(sql).c_str(), -1, &stmt_, nullptr) !=
                   SQLITE_OK) {
            fail(db, "cannot prepare " + sql);
        }
    }
    ~SqliteCursor() override {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
        kept_[sql_].push_back(stmt_);
    }
    SqliteCursor(const SqliteCursor&) = delete;
    SqliteCursor& operator=(const SqliteCursor&) = delete;

    void bind(int i, long long v) override { sqlite3_bind_int64(stmt_, i, v); }
    void bind(int i, double v) override { sqlite3_bind_double(stmt_, i, v); }
    void bind(int i, const std::string& v) override {
        sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    }
    void bind_null(int i) override { sqlite3_bind_null(stmt_, i); }
    // sqlite3_step()'s code.
    int step_code() { return sqlite3_step(stmt_); }
    bool step() override {
        const int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        fail(db_, "the club's database");
    }
    long long written() const override { return sqlite3_changes(db_); }
    long long integer(int col) const override { return sqlite3_column_int64(stmt_, col); }
    double real(int col) const override { return sqlite3_column_double(stmt_, col); }
    bool null(int col) const override { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
    std::string text(int col) const override {
        const unsigned char* t = sqlite3_column_text(stmt_, col);
        return t ? std::string(reinterpret_cast<const char*>(t),
                               static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)))
                 : std::string();
    }

  private:
    sqlite3* db_;
    SqliteConnection::Kept& kept_;
    std::string sql_;
    sqlite3_stmt* stmt_ = nullptr;
};

} // namespace

// Copies the write-ahead log into the database when woken, through a connection of its own
// (a passive checkpoint: the server's writes go on meanwhile, and a commit after it starts
// the log afresh). Waits on a condition, costing nothing while there is nothing to copy.
class SqliteConnection::Checkpointer {
  public:
    // Opens its connection to path; nullptr when it cannot (then commits checkpoint).
    static std::unique_ptr<Checkpointer> open(const std::string& path) {
        sqlite3* db = nullptr;
        const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW;
        if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK ||
            sqlite3_busy_timeout(db, kBusyMs) != SQLITE_OK ||
            sqlite3_exec(db, "PRAGMA synchronous=FULL", nullptr, nullptr, nullptr) != SQLITE_OK) {
            sqlite3_close_v2(db);
            return nullptr;
        }
        return std::unique_ptr<Checkpointer>(new Checkpointer(db));
    }
    ~Checkpointer() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stop_ = true;
        }
        wake_.notify_one();
        thread_.join();
        sqlite3_close_v2(db_);
    }
    Checkpointer(const Checkpointer&) = delete;
    Checkpointer& operator=(const Checkpointer&) = delete;

    void wake() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            due_ = true;
        }
        wake_.notify_one();
    }

  private:
    explicit Checkpointer(sqlite3* db) : db_(db), thread_([this] { run(); }) {}
    void run() {
        std::unique_lock<std::mutex> lock(mutex_);
        for (;;) {
            wake_.wait(lock, [this] { return due_ || stop_; });
            if (stop_) return;
            due_ = false;
            lock.unlock();
            // A failure (the log in use by a backup) leaves it for the next time.
            (void)sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr,
                                            nullptr);
            lock.lock();
        }
    }

    sqlite3* db_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool due_ = false, stop_ = false;
    std::thread thread_;
};

int SqliteConnection::after_commit(void* self, sqlite3* db, const char* name, int pages) {
    if (pages < kCheckpointPages) return SQLITE_OK;
    auto& connection = *static_cast<SqliteConnection*>(self);
    if (!connection.checkpointer_) connection.checkpointer_ = Checkpointer::open(connection.path_);
    if (connection.checkpointer_)
        connection.checkpointer_->wake();
    else
        (void)sqlite3_wal_checkpoint(db, name);
    return SQLITE_OK;
}

SqliteConnection::~SqliteConnection() {
    checkpointer_.reset(); // its connection closed first: the last one ends the log
    for (auto& [sql, statements] : kept_)
        for (sqlite3_stmt* s : statements) sqlite3_finalize(s);
    if (db_) sqlite3_close_v2(db_);
}

std::string SqliteConnection::name() const { return "the club's database " + path_; }

std::unique_ptr<Cursor> SqliteConnection::prepare(const std::string& sql) {
    return std::make_unique<SqliteCursor>(db_, sql, kept_);
}

void SqliteConnection::exec(const std::string& sql) {
    if (sql.find(';') == std::string::npos) { // one statement: kept, not parsed at every use
        SqliteCursor one(db_, sql, kept_);
        for (int rc; (rc = one.step_code()) != SQLITE_DONE;)
            if (rc != SQLITE_ROW) throw std::runtime_error(sqlite3_errmsg(db_));
        return;
    }
    char* error = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
        const std::string why = error ? error : "unknown error";
        sqlite3_free(error);
        throw std::runtime_error(why);
    }
}

void SqliteConnection::begin() { exec("BEGIN IMMEDIATE"); }

bool SqliteConnection::in_transaction() const { return !sqlite3_get_autocommit(db_); }

int SqliteConnection::schema_version() {
    Statement v(*this, "PRAGMA user_version");
    return v.step() ? static_cast<int>(v.integer(0)) : 0;
}

void SqliteConnection::set_schema_version(int version) {
    exec("PRAGMA user_version=" + std::to_string(version));
}

bool SqliteConnection::foreign_tables() {
    Statement tables(*this, "SELECT count(*) FROM sqlite_master");
    return tables.step() && tables.integer(0) > 0;
}

// The journal is a write-ahead log and every commit is synced: a move committed here
// survives a crash of the server or of the machine. The log is copied into the database by
// the checkpointer.
void SqliteConnection::settle() {
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=FULL");
    exec("PRAGMA foreign_keys=ON");
    sqlite3_wal_hook(db_, after_commit, this); // in place of SQLite's checkpoint at a commit
}

std::string SqliteConnection::open(const std::string& path, bool create) {
    path_ = path;
    struct stat st;
    const bool exists = lstat(path.c_str(), &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) return path + " is not a regular file; not touching it";
    if (!exists && !create) return "there is no club database at " + path;
    if (!exists) { // made 0600 before SQLite writes a byte to it
        const int fd = ::open(path.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
        if (fd < 0) return "cannot create " + path + ": " + std::strerror(errno);
        ::close(fd);
    } else if ((st.st_mode & 077) && st.st_uid == geteuid()) {
        (void)chmod(path.c_str(), 0600);
    }
    const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW;
    if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
        const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        return "cannot open the club's database " + path + ": " + why;
    }
    sqlite3_busy_timeout(db_, kBusyMs);
    return {};
}

std::string SqliteConnection::damage() {
    Statement check(*this, "PRAGMA quick_check");
    const std::string verdict = check.step() ? check.text(0) : "no answer";
    return verdict == "ok" ? std::string() : verdict;
}

std::string open_sqlite(const std::string& path, bool create, std::unique_ptr<Connection>& out) {
    auto db = std::make_unique<SqliteConnection>();
    if (std::string e = db->open(path, create); !e.empty()) return e;
    out = std::move(db);
    return {};
}

} // namespace halma::club
