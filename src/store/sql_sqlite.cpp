// The club's SQL on SQLite: a file in the club's directory, opened with checks before
// anything is written to it.
#include "store/sql_sqlite.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace halma::club {

namespace {

// How long a writer waits for a lock held by a reader (a backup) before failing.
constexpr int kBusyMs = 5000;

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

SqliteConnection::~SqliteConnection() {
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
// survives a crash of the server or of the machine.
void SqliteConnection::settle() {
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=FULL");
    exec("PRAGMA foreign_keys=ON");
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
