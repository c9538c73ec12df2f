// The club's SQL on SQLite (see sql.hpp): one file, its one writer the club's server.
// Every commit is synced (a write-ahead log, synchronous=FULL); the log is copied into the
// database (a checkpoint, two more syncs) once it holds 1000 pages, by a thread of its own
// with a connection of its own, so that no commit waits for it.
#pragma once

#include "store/sql.hpp"

#include <memory>

#include <string>
#include <unordered_map>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace halma::club {

class SqliteConnection final : public Connection {
  public:
    SqliteConnection() = default;
    ~SqliteConnection() override;
    SqliteConnection(const SqliteConnection&) = delete;
    SqliteConnection& operator=(const SqliteConnection&) = delete;

    // Opens the file, made 0600 when create is true and there is none. Returns an empty
    // string or what is wrong, naming the file.
    [[nodiscard]] std::string open(const std::string& path, bool create);
    [[nodiscard]] sqlite3* handle() const noexcept { return db_; }
    [[nodiscard]] const std::string& path() const noexcept { return path_; }
    // What SQLite's quick check finds wrong, or an empty string.
    [[nodiscard]] std::string damage();

    Engine engine() const override { return Engine::Sqlite; }
    std::string name() const override;
    std::unique_ptr<Cursor> prepare(const std::string& sql) override;
    void exec(const std::string& sql) override;
    void begin() override;
    [[nodiscard]] bool in_transaction() const override;
    int schema_version() override;
    void set_schema_version(int version) override;
    bool foreign_tables() override;
    void settle() override;
    const char* identity() const override { return "INTEGER PRIMARY KEY"; }
    const char* keyed() const override { return " WITHOUT ROWID"; }

    // Statements prepared before, by their SQL, ready to be used again: a move's few
    // statements are parsed once, not at every move.
    using Kept = std::unordered_map<std::string, std::vector<sqlite3_stmt*>>;

    class Checkpointer;

  private:
    // Called by SQLite after each commit with the pages in the write-ahead log.
    static int after_commit(void* self, sqlite3* db, const char* name, int pages);

    std::unique_ptr<Checkpointer> checkpointer_; // made when first needed
    sqlite3* db_ = nullptr;
    std::string path_;
    Kept kept_;
};

} // namespace halma::club
