#include "club/store.hpp"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace halma::club {

namespace {

// The computer's levels and the ratings they start from: a spread a newcomer (1500) can
// place themselves against, made surer (a smaller deviation) than a newcomer's.
constexpr int kAiLevels = 5;
constexpr double kAiStart[kAiLevels] = {1000, 1250, 1500, 1750, 2000};
constexpr double kAiDeviation = 150;
constexpr const char* kFamilies[] = {"2p16", "2p-small", "3-4p"};
// How long a writer waits for a lock held by a reader (a backup) before failing.
constexpr int kBusyMs = 5000;

// The schema, one migration a version: migration i takes user_version i to i + 1.
constexpr const char* kMigrations[] = {
    R"sql(
CREATE TABLE players(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    uid INTEGER UNIQUE,          -- a Unix user's player
    ai_level INTEGER UNIQUE,     -- the computer at a level
    created INTEGER NOT NULL,
    seen INTEGER,
    CHECK ((uid IS NOT NULL) + (ai_level IS NOT NULL) <= 1));
-- A player who comes in by an SSH key (neither uid nor ai_level) is found by its keys.
CREATE TABLE player_keys(
    fingerprint TEXT PRIMARY KEY,
    player INTEGER NOT NULL REFERENCES players(id),
    added INTEGER NOT NULL);
CREATE TABLE games(
    id INTEGER PRIMARY KEY,
    state TEXT NOT NULL CHECK (state IN ('seeking', 'playing', 'over')),
    rules TEXT NOT NULL,
    pace TEXT NOT NULL,
    rated INTEGER NOT NULL,
    family TEXT NOT NULL,
    created INTEGER NOT NULL,
    started INTEGER,
    ended INTEGER,
    deadline INTEGER,
    result TEXT,
    how TEXT);
CREATE INDEX games_state ON games(state);
CREATE TABLE seats(
    game INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    player INTEGER REFERENCES players(id),
    invited INTEGER REFERENCES players(id),
    out TEXT,
    PRIMARY KEY (game, seat)) WITHOUT ROWID;
CREATE INDEX seats_player ON seats(player);
CREATE TABLE moves(
    game INTEGER NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (game, ply)) WITHOUT ROWID;
CREATE TABLE ratings(
    player INTEGER NOT NULL REFERENCES players(id),
    family TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    PRIMARY KEY (player, family)) WITHOUT ROWID;
CREATE TABLE rating_changes(
    game INTEGER NOT NULL REFERENCES games(id),
    player INTEGER NOT NULL REFERENCES players(id),
    before REAL NOT NULL,
    after REAL NOT NULL,
    PRIMARY KEY (game, player)) WITHOUT ROWID;
CREATE TABLE chat(
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    player INTEGER NOT NULL REFERENCES players(id),
    text TEXT NOT NULL);
CREATE TABLE archive(
    game INTEGER PRIMARY KEY REFERENCES games(id),
    record TEXT NOT NULL);
)sql",
    // A game clock (pace clock:M+S): each seat's time left at the start of its turn, in ms.
    R"sql(
ALTER TABLE seats ADD COLUMN clock INTEGER;
)sql",
};
static_assert(std::size(kMigrations) == kSchemaVersion, "one migration per schema version");

[[noreturn]] void fail(sqlite3* db, const std::string& what) {
    throw std::runtime_error(what + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
}

} // namespace

Millis now_millis() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::string iso_utc(Millis at) {
    const std::time_t t = static_cast<std::time_t>(at / 1000);
    std::tm utc{};
    gmtime_r(&t, &utc);
    char buf[32];
    return std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc) ? buf : "";
}

Statement::Statement(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK)
        fail(db, std::string("cannot prepare ") + sql);
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int i, long long v) {
    sqlite3_bind_int64(stmt_, i, v);
    return *this;
}
Statement& Statement::bind(int i, double v) {
    sqlite3_bind_double(stmt_, i, v);
    return *this;
}
Statement& Statement::bind(int i, const std::string& v) {
    sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
}
Statement& Statement::bind_null(int i) {
    sqlite3_bind_null(stmt_, i);
    return *this;
}

bool Statement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail(db_, "the club's database");
}

void Statement::run() {
    while (step()) {
    }
}

long long Statement::integer(int col) const { return sqlite3_column_int64(stmt_, col); }
double Statement::real(int col) const { return sqlite3_column_double(stmt_, col); }
bool Statement::null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
std::string Statement::text(int col) const {
    const unsigned char* t = sqlite3_column_text(stmt_, col);
    return t ? std::string(reinterpret_cast<const char*>(t),
                           static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)))
             : std::string();
}

Store::~Store() {
    if (db_) sqlite3_close_v2(db_);
}

void Store::exec(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
        const std::string why = error ? error : "unknown error";
        sqlite3_free(error);
        throw std::runtime_error(why);
    }
}

std::string Store::open(const std::string& path, bool create) {
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
    try {
        return check_and_migrate(path);
    } catch (const std::exception& e) {
        return "the club's database " + path + ": " + e.what();
    }
}

std::string Store::check_and_migrate(const std::string& path) {
    // 1. Read before writing: a file that is not a database, or a damaged one, stays as it is.
    int version = 0;
    {
        sqlite3_stmt* s = nullptr;
        if (sqlite3_prepare_v2(db_, "PRAGMA user_version", -1, &s, nullptr) != SQLITE_OK ||
            sqlite3_step(s) != SQLITE_ROW) {
            const std::string why = sqlite3_errmsg(db_);
            sqlite3_finalize(s);
            return path + " is not a club database that can be read (" + why +
                   "); it is left as it is: restore a backup, or move it away to start afresh";
        }
        version = sqlite3_column_int(s, 0);
        sqlite3_finalize(s);
    }
    if (version > kSchemaVersion)
        return path + " was written by a newer halma (schema " + std::to_string(version) +
               "; this one knows up to " + std::to_string(kSchemaVersion) +
               "); it is left as it is: run the newer halma";
    {
        Statement check(db_, "PRAGMA quick_check");
        std::string verdict = check.step() ? check.text(0) : "no answer";
        if (verdict != "ok")
            return path + " is damaged (" + verdict +
                   "); it is left as it is: restore a backup, or move it away to start afresh";
    }
    if (version == 0) { // a new file, or one some other program made
        Statement tables(db_, "SELECT count(*) FROM sqlite_master");
        if (tables.step() && tables.integer(0) > 0)
            return path + " is a database, but not a club's; it is left as it is";
    }
    // 2. The journal and syncing, then the migrations in order.
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=FULL");
    exec("PRAGMA foreign_keys=ON");
    for (int v = version; v < kSchemaVersion; ++v)
        transaction([&] {
            exec(kMigrations[v]);
            exec(("PRAGMA user_version=" + std::to_string(v + 1)).c_str());
        });
    for (int level = 1; level <= kAiLevels; ++level) (void)ai_player(level);
    return {};
}

void Store::transaction(const std::function<void()>& fn) {
    if (!batching_) {
        exec("BEGIN IMMEDIATE");
        try {
            fn();
            exec("COMMIT");
        } catch (...) {
            sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
            throw;
        }
        return;
    }
    if (!batch_lost_.empty()) throw std::runtime_error(batch_lost_);
    if (!batch_begun_) exec("BEGIN IMMEDIATE");
    batch_begun_ = true;
    exec("SAVEPOINT w");
    try {
        fn();
        exec("RELEASE w");
    } catch (...) {
        // Some errors (a full disk, an I/O error) end the whole transaction, the batch's
        // earlier writes with it: then the batch cannot commit.
        if (sqlite3_get_autocommit(db_)) {
            batch_lost_ = "the database ended the batch's transaction";
        } else {
            sqlite3_exec(db_, "ROLLBACK TO w", nullptr, nullptr, nullptr);
            sqlite3_exec(db_, "RELEASE w", nullptr, nullptr, nullptr);
        }
        throw;
    }
}

void Store::begin_batch() { batching_ = true; }

std::string Store::commit_batch() {
    batching_ = false;
    std::string lost = std::exchange(batch_lost_, {});
    if (!std::exchange(batch_begun_, false)) return lost;
    if (lost.empty() && sqlite3_get_autocommit(db_))
        lost = "the database ended the batch's transaction";
    if (lost.empty()) {
        try {
            exec("COMMIT");
            return {};
        } catch (const std::exception& e) {
            lost = e.what();
        }
    }
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    return lost;
}

long long Store::unix_player(long long uid, const std::string& name, Millis now) {
    Statement find(db_, "SELECT id, name FROM players WHERE uid = ?");
    if (find.bind(1, uid).step()) {
        const long long id = find.integer(0);
        if (find.text(1) != name && !find_player(name)) // the login was renamed
            Statement(db_, "UPDATE players SET name = ? WHERE id = ?")
                .bind(1, name)
                .bind(2, id)
                .run();
        seen(id, now);
        return id;
    }
    // A name taken by another kind of player: the Unix user gets it with its uid added.
    const std::string free_name = name_taken(name) ? name + "." + std::to_string(uid) : name;
    Statement add(db_, "INSERT INTO players(name, uid, created, seen) VALUES (?, ?, ?, ?)");
    add.bind(1, free_name).bind(2, uid).bind(3, now).bind(4, now).run();
    return sqlite3_last_insert_rowid(db_);
}

long long Store::ai_player(int level) {
    Statement find(db_, "SELECT id FROM players WHERE ai_level = ?");
    if (find.bind(1, static_cast<long long>(level)).step()) return find.integer(0);
    long long id = 0;
    transaction([&] {
        Statement add(db_, "INSERT INTO players(name, ai_level, created) VALUES (?, ?, ?)");
        add.bind(1, "ai:" + std::to_string(level)).bind(2, static_cast<long long>(level));
        add.bind(3, now_millis()).run();
        id = sqlite3_last_insert_rowid(db_);
        for (const char* family : kFamilies) {
            Statement r(db_, "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, 0, ?)");
            r.bind(1, id).bind(2, std::string(family)).bind(3, kAiStart[level - 1]);
            r.bind(4, kAiDeviation).bind(5, 0.06).bind(6, now_millis()).run();
        }
    });
    return id;
}

long long Store::find_player(const std::string& name) {
    Statement find(db_, "SELECT id FROM players WHERE name = ?");
    return find.bind(1, name).step() ? find.integer(0) : 0;
}

bool Store::name_taken(const std::string& name) {
    Statement find(db_, "SELECT 1 FROM players WHERE name = ? COLLATE NOCASE");
    return find.bind(1, name).step();
}

long long Store::key_player(const std::string& fingerprint) {
    Statement find(db_, "SELECT player FROM player_keys WHERE fingerprint = ?");
    return find.bind(1, fingerprint).step() ? find.integer(0) : 0;
}

long long Store::add_key_player(const std::string& name, const std::string& fingerprint,
                                Millis now) {
    Statement add(db_, "INSERT INTO players(name, created, seen) VALUES (?, ?, ?)");
    add.bind(1, name).bind(2, now).bind(3, now).run();
    const long long id = sqlite3_last_insert_rowid(db_);
    add_key(id, fingerprint, now);
    return id;
}

void Store::add_key(long long player, const std::string& fingerprint, Millis now) {
    Statement(db_, "INSERT INTO player_keys(fingerprint, player, added) VALUES (?, ?, ?)")
        .bind(1, fingerprint)
        .bind(2, player)
        .bind(3, now)
        .run();
}

void Store::seen(long long player, Millis now) {
    Statement(db_, "UPDATE players SET seen = ? WHERE id = ?").bind(1, now).bind(2, player).run();
}

std::string Store::player_name(long long id) {
    Statement find(db_, "SELECT name FROM players WHERE id = ?");
    return find.bind(1, id).step() ? find.text(0) : std::string();
}

long long Store::add_game(const GameRow& g) {
    Statement add(db_, "INSERT INTO games(state, rules, pace, rated, family, created) "
                       "VALUES (?, ?, ?, ?, ?, ?)");
    add.bind(1, g.state).bind(2, g.rules).bind(3, g.pace).bind(4, static_cast<long long>(g.rated));
    add.bind(5, g.family).bind(6, g.created).run();
    const long long id = sqlite3_last_insert_rowid(db_);
    for (std::size_t i = 0; i < g.seats.size(); ++i) {
        Statement seat(db_, "INSERT INTO seats(game, seat, player, invited) VALUES (?, ?, ?, ?)");
        seat.bind(1, id).bind(2, static_cast<long long>(i));
        g.seats[i].player ? seat.bind(3, g.seats[i].player) : seat.bind_null(3);
        g.seats[i].invited ? seat.bind(4, g.seats[i].invited) : seat.bind_null(4);
        seat.run();
    }
    return id;
}

void Store::set_seat(long long game, int seat, long long player) {
    Statement(db_, "UPDATE seats SET player = ? WHERE game = ? AND seat = ?")
        .bind(1, player)
        .bind(2, game)
        .bind(3, static_cast<long long>(seat))
        .run();
}

void Store::set_out(long long game, int seat, const std::string& why) {
    Statement(db_, "UPDATE seats SET out = ? WHERE game = ? AND seat = ?")
        .bind(1, why)
        .bind(2, game)
        .bind(3, static_cast<long long>(seat))
        .run();
}

void Store::start_game(long long game, Millis started, Millis deadline) {
    Statement s(db_, "UPDATE games SET state = 'playing', started = ?, deadline = ? WHERE id = ?");
    s.bind(1, started);
    deadline ? s.bind(2, deadline) : s.bind_null(2);
    s.bind(3, game).run();
}

void Store::set_deadline(long long game, Millis deadline) {
    Statement s(db_, "UPDATE games SET deadline = ? WHERE id = ?");
    deadline ? s.bind(1, deadline) : s.bind_null(1);
    s.bind(2, game).run();
}

void Store::set_clock(long long game, int seat, Millis left) {
    Statement(db_, "UPDATE seats SET clock = ? WHERE game = ? AND seat = ?")
        .bind(1, left)
        .bind(2, game)
        .bind(3, static_cast<long long>(seat))
        .run();
}

void Store::add_move(long long game, int ply, int seat, const std::string& move, Millis at) {
    Statement(db_, "INSERT INTO moves VALUES (?, ?, ?, ?, ?)")
        .bind(1, game)
        .bind(2, static_cast<long long>(ply))
        .bind(3, static_cast<long long>(seat))
        .bind(4, move)
        .bind(5, at)
        .run();
}

void Store::remove_moves(long long game, int from) {
    Statement(db_, "DELETE FROM moves WHERE game = ? AND ply >= ?")
        .bind(1, game)
        .bind(2, static_cast<long long>(from))
        .run();
}

void Store::finish_game(long long game, const std::string& result, const std::string& how,
                        const std::string& record, Millis ended) {
    Statement(db_, "UPDATE games SET state = 'over', result = ?, how = ?, ended = ?, deadline = "
                   "NULL WHERE id = ?")
        .bind(1, result)
        .bind(2, how)
        .bind(3, ended)
        .bind(4, game)
        .run();
    Statement(db_, "INSERT INTO archive VALUES (?, ?)").bind(1, game).bind(2, record).run();
    Statement(db_, "DELETE FROM moves WHERE game = ?").bind(1, game).run();
}

void Store::remove_game(long long game) {
    Statement(db_, "DELETE FROM seats WHERE game = ?").bind(1, game).run();
    Statement(db_, "DELETE FROM games WHERE id = ?").bind(1, game).run();
}

namespace {
constexpr const char* kGameColumns =
    "SELECT id, state, rules, pace, rated, family, created, coalesce(started, 0), "
    "coalesce(ended, 0), coalesce(deadline, 0), coalesce(result, ''), coalesce(how, '') "
    "FROM games ";

GameRow game_of(const Statement& s) {
    GameRow g;
    g.id = s.integer(0);
    g.state = s.text(1);
    g.rules = s.text(2);
    g.pace = s.text(3);
    g.rated = s.integer(4) != 0;
    g.family = s.text(5);
    g.created = s.integer(6);
    g.started = s.integer(7);
    g.ended = s.integer(8);
    g.deadline = s.integer(9);
    g.result = s.text(10);
    g.how = s.text(11);
    return g;
}
} // namespace

void Store::load_seats(GameRow& g) {
    Statement s(db_, "SELECT coalesce(s.player, 0), coalesce(p.name, ''), coalesce(p.ai_level, 0), "
                     "coalesce(s.invited, 0), coalesce(i.name, ''), coalesce(s.out, ''), "
                     "coalesce(s.clock, -1) "
                     "FROM seats s LEFT JOIN players p ON p.id = s.player "
                     "LEFT JOIN players i ON i.id = s.invited WHERE s.game = ? ORDER BY s.seat");
    s.bind(1, g.id);
    while (s.step())
        g.seats.push_back({s.integer(0), s.text(1), static_cast<int>(s.integer(2)), s.integer(3),
                           s.text(4), s.text(5), s.integer(6)});
}

std::vector<GameRow> Store::open_games() {
    std::vector<GameRow> out;
    Statement s(db_, (std::string(kGameColumns) + "WHERE state != 'over' ORDER BY id").c_str());
    while (s.step()) out.push_back(game_of(s));
    for (GameRow& g : out) {
        load_seats(g);
        Statement m(db_, "SELECT move FROM moves WHERE game = ? ORDER BY ply");
        m.bind(1, g.id);
        while (m.step()) g.moves.push_back(m.text(0));
    }
    return out;
}

std::vector<GameRow> Store::finished_games(long long player, int limit) {
    std::vector<GameRow> out;
    Statement s(db_, (std::string(kGameColumns) +
                      "WHERE state = 'over' AND (? = 0 OR id IN (SELECT game FROM seats WHERE "
                      "player = ?)) ORDER BY ended DESC, id DESC LIMIT ?")
                         .c_str());
    s.bind(1, player).bind(2, player).bind(3, static_cast<long long>(limit));
    while (s.step()) out.push_back(game_of(s));
    for (GameRow& g : out) load_seats(g);
    return out;
}

std::optional<GameRow> Store::game(long long id) {
    Statement s(db_, (std::string(kGameColumns) + "WHERE id = ?").c_str());
    if (!s.bind(1, id).step()) return std::nullopt;
    GameRow g = game_of(s);
    load_seats(g);
    return g;
}

std::string Store::archived_record(long long game) {
    Statement s(db_, "SELECT record FROM archive WHERE game = ?");
    return s.bind(1, game).step() ? s.text(0) : std::string();
}

void Store::set_archived_record(long long game, const std::string& record) {
    Statement(db_, "UPDATE archive SET record = ? WHERE game = ?")
        .bind(1, record)
        .bind(2, game)
        .run();
}

Rating Store::rating(long long player, const std::string& family, Millis* updated) {
    Statement s(db_, "SELECT rating, deviation, volatility, updated FROM ratings WHERE player = ? "
                     "AND family = ?");
    if (!s.bind(1, player).bind(2, family).step()) return {};
    if (updated) *updated = s.integer(3);
    return {s.real(0), s.real(1), s.real(2)};
}

void Store::set_rating(long long player, const std::string& family, const Rating& r, long long game,
                       Millis at) {
    const Rating before = rating(player, family);
    Statement(db_, "INSERT INTO ratings VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6) "
                   "ON CONFLICT(player, family) DO UPDATE SET rating = ?3, deviation = ?4, "
                   "volatility = ?5, games = games + 1, updated = ?6")
        .bind(1, player)
        .bind(2, family)
        .bind(3, r.rating)
        .bind(4, r.deviation)
        .bind(5, r.volatility)
        .bind(6, at)
        .run();
    Statement(db_, "INSERT OR REPLACE INTO rating_changes VALUES (?, ?, ?, ?)")
        .bind(1, game)
        .bind(2, player)
        .bind(3, before.rating)
        .bind(4, r.rating)
        .run();
}

std::vector<RatingRow> Store::ratings() {
    std::vector<RatingRow> out;
    Statement s(db_, "SELECT p.name, r.family, r.rating, r.deviation, r.volatility, r.games "
                     "FROM ratings r JOIN players p ON p.id = r.player "
                     "WHERE r.games > 0 OR p.ai_level IS NOT NULL "
                     "ORDER BY r.family, r.rating DESC");
    while (s.step())
        out.push_back({s.text(0),
                       s.text(1),
                       {s.real(2), s.real(3), s.real(4)},
                       static_cast<int>(s.integer(5))});
    return out;
}

void Store::add_chat(long long player, const std::string& text, Millis at) {
    Statement(db_, "INSERT INTO chat(at, player, text) VALUES (?, ?, ?)")
        .bind(1, at)
        .bind(2, player)
        .bind(3, text)
        .run();
}

std::vector<ChatRow> Store::recent_chat(int limit) {
    std::vector<ChatRow> out;
    Statement s(db_, "SELECT c.at, p.name, c.text FROM chat c JOIN players p ON p.id = c.player "
                     "ORDER BY c.id DESC LIMIT ?");
    s.bind(1, static_cast<long long>(limit));
    while (s.step()) out.push_back({s.integer(0), s.text(1), s.text(2)});
    return {out.rbegin(), out.rend()};
}

std::string backup_database(const std::string& from, const std::string& to) {
    Store source;
    // Opened as the server would be (checked, not created), then copied in one step: the
    // whole copy reads one snapshot of the write-ahead log.
    if (std::string e = source.open(from, false); !e.empty()) return e;
    const std::string temp = to + ".part";
    (void)unlink(temp.c_str());
    const int fd = ::open(temp.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0) return "cannot create " + temp + ": " + std::strerror(errno);
    ::close(fd);
    sqlite3* dest = nullptr;
    std::string error;
    if (sqlite3_open_v2(temp.c_str(), &dest, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
        error = "cannot open " + temp + ": " + (dest ? sqlite3_errmsg(dest) : "out of memory");
    } else if (sqlite3_backup* b = sqlite3_backup_init(dest, "main", source.handle(), "main")) {
        int rc;
        while ((rc = sqlite3_backup_step(b, -1)) == SQLITE_BUSY || rc == SQLITE_LOCKED)
            sqlite3_sleep(10);
        sqlite3_backup_finish(b);
        if (rc != SQLITE_DONE) error = std::string("the backup failed: ") + sqlite3_errmsg(dest);
    } else {
        error = std::string("the backup failed: ") + sqlite3_errmsg(dest);
    }
    if (dest) sqlite3_close_v2(dest);
    if (error.empty() && std::rename(temp.c_str(), to.c_str()) != 0)
        error = "cannot rename " + temp + " to " + to + ": " + std::strerror(errno);
    if (!error.empty()) (void)unlink(temp.c_str());
    return error;
}

} // namespace halma::club
