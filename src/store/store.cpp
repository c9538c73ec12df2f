#include "store/store.hpp"

#include "net/wire.hpp"
#include "rating/families.hpp"
#include "store/sql_sqlite.hpp"

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

// A share line naming a row: "g GAME" (a game changed), "c ROW" (a chat line said).
net::Message share(net::Verb verb, long long row) {
    net::Message m;
    m.verb = verb;
    m.row = row;
    return m;
}

// The computer's levels and the ratings they start from: a spread a newcomer (1500) can
// place themselves against, made surer (a smaller deviation) than a newcomer's.
constexpr int kAiLevels = 5;
constexpr double kAiStart[kAiLevels] = {1000, 1250, 1500, 1750, 2000};
constexpr double kAiDeviation = 150;

// The schema, one migration a version: migration i takes version i to i + 1. Written once
// for both engines: {id} is the column a table's rows are numbered by and {keyed} ends a
// table keyed by its primary key, each as the engine spells it (Connection).
constexpr const char* kMigrations[] = {
    R"sql(
CREATE TABLE players(
    id {id},
    name TEXT NOT NULL UNIQUE,
    uid BIGINT UNIQUE,           -- a Unix user's player
    ai_level BIGINT UNIQUE,      -- the computer at a level
    created BIGINT NOT NULL,
    seen BIGINT,
    CHECK (uid IS NULL OR ai_level IS NULL));
-- A player who comes in by an SSH key (neither uid nor ai_level) is found by its keys.
CREATE TABLE player_keys(
    fingerprint TEXT PRIMARY KEY,
    player BIGINT NOT NULL REFERENCES players(id),
    added BIGINT NOT NULL);
CREATE TABLE games(
    id {id},
    state TEXT NOT NULL CHECK (state IN ('seeking', 'playing', 'over')),
    rules TEXT NOT NULL,
    pace TEXT NOT NULL,
    rated BIGINT NOT NULL,
    family TEXT NOT NULL,
    created BIGINT NOT NULL,
    started BIGINT,
    ended BIGINT,
    deadline BIGINT,
    result TEXT,
    how TEXT);
CREATE INDEX games_state ON games(state);
CREATE TABLE seats(
    game BIGINT NOT NULL REFERENCES games(id),
    seat BIGINT NOT NULL,
    player BIGINT REFERENCES players(id),
    invited BIGINT REFERENCES players(id),
    out TEXT,
    PRIMARY KEY (game, seat)){keyed};
CREATE INDEX seats_player ON seats(player);
CREATE TABLE moves(
    game BIGINT NOT NULL REFERENCES games(id),
    ply BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    move TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game, ply)){keyed};
CREATE TABLE ratings(
    player BIGINT NOT NULL REFERENCES players(id),
    family TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    updated BIGINT NOT NULL,
    PRIMARY KEY (player, family)){keyed};
CREATE TABLE rating_changes(
    game BIGINT NOT NULL REFERENCES games(id),
    player BIGINT NOT NULL REFERENCES players(id),
    before DOUBLE PRECISION NOT NULL,
    after DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game, player)){keyed};
CREATE TABLE chat(
    id {id},
    at BIGINT NOT NULL,
    player BIGINT NOT NULL REFERENCES players(id),
    text TEXT NOT NULL);
CREATE TABLE archive(
    game BIGINT PRIMARY KEY REFERENCES games(id),
    record TEXT NOT NULL);
)sql",
    // A game clock (pace clock:M+S): each seat's time left at the start of its turn, in ms.
    R"sql(
ALTER TABLE seats ADD COLUMN clock BIGINT;
)sql",
    // Tournaments (tourney/records.hpp): each with its entrants (numbered from 0 in the order
    // they joined, renumbered so at the start) and the seats of its rounds' games (board -1:
    // the round's bye; entrant NULL: a computer's seat), with the club's game played there
    // and each seat's finishing rank once it ends.
    R"sql(
CREATE TABLE tournaments(
    id {id},
    name TEXT NOT NULL UNIQUE,
    words TEXT NOT NULL,
    creator BIGINT NOT NULL REFERENCES players(id),
    stage TEXT NOT NULL CHECK (stage IN ('entry', 'playing', 'over')),
    created BIGINT NOT NULL,
    started BIGINT,
    ended BIGINT);
CREATE TABLE tournament_entrants(
    tournament BIGINT NOT NULL REFERENCES tournaments(id),
    entrant BIGINT NOT NULL,
    player BIGINT NOT NULL REFERENCES players(id),
    rating DOUBLE PRECISION,
    withdrawn BIGINT NOT NULL,
    PRIMARY KEY (tournament, entrant)){keyed};
CREATE TABLE tournament_seats(
    tournament BIGINT NOT NULL REFERENCES tournaments(id),
    round_number BIGINT NOT NULL,
    board BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    entrant BIGINT,
    game BIGINT REFERENCES games(id),
    ranked BIGINT,
    PRIMARY KEY (tournament, round_number, board, seat)){keyed};
)sql",
    // Whether a seat's player lost its tournament game by forfeit (1: no first move in time).
    R"sql(
ALTER TABLE tournament_seats ADD COLUMN forfeit BIGINT;
)sql",
};
static_assert(std::size(kMigrations) == kSchemaVersion, "one migration per schema version");

// A migration as an engine runs it: {id} and {keyed} spelt its way.
std::string migration_for(const Connection& db, int version) {
    std::string sql = kMigrations[version];
    for (const auto& [word, spelt] :
         {std::pair<std::string, std::string>{"{id}", db.identity()}, {"{keyed}", db.keyed()}})
        for (std::size_t at; (at = sql.find(word)) != std::string::npos;)
            sql.replace(at, word.size(), spelt);
    return sql;
}

// The id an INSERT ... RETURNING id gave.
long long returned_id(Statement& insert) {
    if (!insert.step()) throw std::runtime_error("no id returned");
    const long long id = insert.integer(0);
    insert.run();
    return id;
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

Store::Store() = default;
Store::~Store() = default;

std::string Store::open(const std::string& path, bool create) {
    std::unique_ptr<Connection> db;
    if (std::string e = open_sqlite(path, create, db); !e.empty()) return e;
    return adopt(std::move(db));
}

std::string Store::open(const StoreUri& uri, const std::string& dir) {
    if (uri.engine == Engine::Sqlite) return open(dir + "/" + kDatabaseFile, true);
    std::unique_ptr<Connection> db;
    if (std::string e = open_postgres(uri.conninfo, db); !e.empty()) return e;
    return adopt(std::move(db));
}

std::string Store::adopt(std::unique_ptr<Connection> db) {
    db_ = std::move(db);
    try {
        return check_and_migrate();
    } catch (const std::exception& e) {
        return db_->name() + ": " + e.what();
    }
}

std::string Store::check_and_migrate() {
    const std::string name = db_->name();
    // 1. Read before writing: a file that is not a database, or a damaged one, stays as it is.
    int version = 0;
    try {
        version = db_->schema_version();
    } catch (const std::exception& e) {
        return name + " is not a club database that can be read (" + e.what() +
               "); it is left as it is: restore a backup, or move it away to start afresh";
    }
    if (version > kSchemaVersion)
        return name + " was written by a newer halma (schema " + std::to_string(version) +
               "; this one knows up to " + std::to_string(kSchemaVersion) +
               "); it is left as it is: run the newer halma";
    if (auto* file = dynamic_cast<SqliteConnection*>(db_.get()))
        if (const std::string verdict = file->damage(); !verdict.empty())
            return name + " is damaged (" + verdict +
                   "); it is left as it is: restore a backup, or move it away to start afresh";
    if (version == 0 && db_->foreign_tables() && !migrated_meanwhile())
        return name + " is a database, but not a club's; it is left as it is";
    // 2. Set up for writing, then the migrations in order, each in one transaction (a
    //    server that finds the schema migrated by another meanwhile leaves it).
    db_->settle();
    for (int v = version; v < kSchemaVersion; ++v)
        transaction([&] {
            db_->lock_schema();
            if (db_->schema_version() != v) return;
            db_->exec(migration_for(*db_, v));
            db_->set_schema_version(v + 1);
        });
    for (int level = 1; level <= kAiLevels; ++level) (void)ai_player(level);
    return {};
}

bool Store::migrated_meanwhile() {
    // Tables without a schema's version: some other program's, or the club's made by another
    // server of the database since the version was read. Its migration holds the schema's
    // lock until it commits: once the lock is had, the version is there, or they are foreign.
    int version = 0;
    transaction([&] {
        db_->lock_schema();
        version = db_->schema_version();
    });
    return version > 0;
}

void Store::transaction(const std::function<void()>& fn) {
    if (!batching_) {
        db_->begin();
        try {
            fn();
            db_->exec("COMMIT");
        } catch (...) {
            quietly("ROLLBACK"); // a lost connection rolls back by itself
            throw;
        }
        return;
    }
    if (!batch_lost_.empty()) throw std::runtime_error(batch_lost_);
    if (!batch_begun_) {
        db_->begin();
        batch_begun_ = true;
    }
    db_->exec_later("SAVEPOINT w"); // with the first statement of fn
    try {
        fn();
        db_->exec_after_answers("RELEASE w"); // with the next handler's, when fn's are answered
        ++batch_saved_;
    } catch (...) {
        // Some errors (a full disk, an I/O error, a lost connection) end the whole
        // transaction, the batch's earlier writes with it: then the batch cannot commit.
        if (!db_->in_transaction()) {
            batch_lost_ = "the database ended the batch's transaction";
        } else {
            quietly("ROLLBACK TO w");
            quietly("RELEASE w");
        }
        throw;
    }
}

void Store::begin_batch() { batching_ = true; }

std::string Store::commit_batch() {
    batching_ = false;
    std::string lost = std::exchange(batch_lost_, {});
    const int saved = std::exchange(batch_saved_, 0);
    if (!std::exchange(batch_begun_, false)) return lost;
    if (lost.empty() && !db_->in_transaction()) lost = "the database ended the batch's transaction";
    if (lost.empty()) {
        try {
            db_->exec("COMMIT");
            return {};
        } catch (const std::exception& e) {
            lost = e.what();
        }
    }
    quietly("ROLLBACK");
    // A handler whose write failed left the server's memory as it was: with no write released,
    // nothing the server holds is lost.
    return saved ? lost : std::string();
}

void Store::quietly(const char* sql) noexcept {
    try {
        db_->exec(sql);
    } catch (const std::exception&) { // the transaction is gone already
    }
}

long long Store::unix_player(long long uid, const std::string& name, Millis now) {
    // Twice: the user coming in at another server of the database at the same moment may
    // make the row first; then its is found.
    for (int attempt = 0; attempt < 2; ++attempt) {
        Statement find(*db_, "SELECT id, name FROM players WHERE uid = $1");
        if (find.bind(1, uid).step()) {
            const long long id = find.integer(0);
            if (find.text(1) != name && !find_player(name)) // the login was renamed
                Statement(*db_, "UPDATE players SET name = $1 WHERE id = $2")
                    .bind(1, name)
                    .bind(2, id)
                    .run();
            seen(id, now);
            return id;
        }
        // A name taken by another kind of player: the Unix user gets it with its uid added.
        const std::string free_name = name_taken(name) ? name + "." + std::to_string(uid) : name;
        Statement add(*db_, "INSERT INTO players(name, uid, created, seen) VALUES ($1, $2, $3, "
                            "$4) ON CONFLICT DO NOTHING RETURNING id");
        add.bind(1, free_name).bind(2, uid).bind(3, now).bind(4, now);
        if (add.step()) {
            const long long id = add.integer(0);
            add.run();
            return id;
        }
    }
    throw std::runtime_error("the player's name is taken by another player");
}

long long Store::ai_player(int level) {
    Statement find(*db_, "SELECT id FROM players WHERE ai_level = $1");
    if (find.bind(1, static_cast<long long>(level)).step()) return find.integer(0);
    long long id = 0;
    transaction([&] {
        // Another server of the database may make it at the same moment: then its is taken.
        Statement add(*db_, "INSERT INTO players(name, ai_level, created) VALUES ($1, $2, $3) "
                            "ON CONFLICT DO NOTHING RETURNING id");
        add.bind(1, "ai:" + std::to_string(level)).bind(2, static_cast<long long>(level));
        if (!add.bind(3, now_millis()).step()) {
            id = find_player("ai:" + std::to_string(level));
            return;
        }
        id = add.integer(0);
        add.run();
        for (const char* family : kFamilyNames) {
            Statement r(*db_, "INSERT INTO ratings VALUES ($1, $2, $3, $4, $5, 0, $6)");
            r.bind(1, id).bind(2, std::string(family)).bind(3, kAiStart[level - 1]);
            r.bind(4, kAiDeviation).bind(5, 0.06).bind(6, now_millis()).run();
        }
    });
    return id;
}

long long Store::find_player(const std::string& name) {
    Statement find(*db_, "SELECT id FROM players WHERE name = $1");
    return find.bind(1, name).step() ? find.integer(0) : 0;
}

bool Store::name_taken(const std::string& name) {
    Statement find(*db_, "SELECT 1 FROM players WHERE lower(name) = lower($1)");
    return find.bind(1, name).step();
}

long long Store::key_player(const std::string& fingerprint) {
    Statement find(*db_, "SELECT player FROM player_keys WHERE fingerprint = $1");
    return find.bind(1, fingerprint).step() ? find.integer(0) : 0;
}

long long Store::add_key_player(const std::string& name, const std::string& fingerprint,
                                Millis now) {
    Statement add(*db_,
                  "INSERT INTO players(name, created, seen) VALUES ($1, $2, $3) RETURNING id");
    const long long id = returned_id(add.bind(1, name).bind(2, now).bind(3, now));
    add_key(id, fingerprint, now);
    return id;
}

void Store::add_key(long long player, const std::string& fingerprint, Millis now) {
    Statement(*db_, "INSERT INTO player_keys(fingerprint, player, added) VALUES ($1, $2, $3)")
        .bind(1, fingerprint)
        .bind(2, player)
        .bind(3, now)
        .run();
}

void Store::seen(long long player, Millis now) {
    Statement(*db_, "UPDATE players SET seen = $1 WHERE id = $2")
        .bind(1, now)
        .bind(2, player)
        .run();
}

std::string Store::player_name(long long id) {
    Statement find(*db_, "SELECT name FROM players WHERE id = $1");
    return find.bind(1, id).step() ? find.text(0) : std::string();
}

long long Store::add_game(const GameRow& g) {
    Statement add(*db_, "INSERT INTO games(state, rules, pace, rated, family, created) "
                        "VALUES ($1, $2, $3, $4, $5, $6) RETURNING id");
    add.bind(1, g.state).bind(2, g.rules).bind(3, g.pace).bind(4, static_cast<long long>(g.rated));
    const long long id = returned_id(add.bind(5, g.family).bind(6, g.created));
    changed(id);
    for (std::size_t i = 0; i < g.seats.size(); ++i) {
        Statement seat(*db_,
                       "INSERT INTO seats(game, seat, player, invited) VALUES ($1, $2, $3, $4)");
        seat.bind(1, id).bind(2, static_cast<long long>(i));
        seat.bind_or_null(3, g.seats[i].player).bind_or_null(4, g.seats[i].invited).run();
    }
    return id;
}

void Store::changed(long long game) {
    db_->notify_later(net::share_line(share(net::Verb::ShareGame, game)));
}

void Store::lock_playing(long long game) {
    Statement s(*db_,
                "SELECT 1 FROM games WHERE id = $1 AND state = 'playing'" + db_->lock_rows(false));
    if (!s.bind(1, game).step()) throw Conflict("the game has ended");
    s.run();
}

void Store::set_seat(long long game, int seat, long long player) {
    Statement take(*db_, "UPDATE seats SET player = $1 WHERE game = $2 AND seat = $3 AND player "
                         "IS NULL RETURNING seat");
    if (!take.bind(1, player).bind(2, game).bind(3, static_cast<long long>(seat)).step())
        throw Conflict("the seat was taken");
    take.run();
    changed(game);
}

void Store::set_out(long long game, int seat, const std::string& why) {
    lock_playing(game);
    changed(game);
    Statement(*db_, "UPDATE seats SET out = $1 WHERE game = $2 AND seat = $3")
        .bind(1, why)
        .bind(2, game)
        .bind(3, static_cast<long long>(seat))
        .run();
}

void Store::start_game(long long game, Millis started, Millis deadline) {
    Statement s(*db_, "UPDATE games SET state = 'playing', started = $1, deadline = $2 WHERE id "
                      "= $3 AND state = 'seeking' RETURNING id");
    if (!s.bind(1, started).bind_or_null(2, deadline).bind(3, game).step())
        throw Conflict("the game has begun");
    s.run();
    changed(game);
}

std::optional<Millis> Store::lock_deadline(long long game) {
    Statement s(*db_, "SELECT coalesce(deadline, 0) FROM games WHERE id = $1 AND state = "
                      "'playing'" +
                          db_->lock_rows(true));
    if (!s.bind(1, game).step()) return std::nullopt;
    const Millis deadline = s.integer(0);
    s.run();
    return deadline;
}

void Store::set_deadline(long long game, Millis deadline) {
    changed(game);
    Statement s(*db_, "UPDATE games SET deadline = $1 WHERE id = $2");
    s.bind_or_null(1, deadline).bind(2, game).later();
}

void Store::set_clock(long long game, int seat, Millis left) {
    Statement(*db_, "UPDATE seats SET clock = $1 WHERE game = $2 AND seat = $3")
        .bind(1, left)
        .bind(2, game)
        .bind(3, static_cast<long long>(seat))
        .later();
}

void Store::add_move(long long game, int ply, int seat, const std::string& move, Millis at) {
    // One statement: the game's row locked while in play, and the move added unless its ply
    // is taken (the moves of a game are numbered without a gap, so none after it is there
    // either); which of the two failed is asked only then.
    Statement add(*db_, "WITH playing AS (SELECT id FROM games WHERE id = $1 AND state = "
                        "'playing'" +
                            db_->lock_rows(false) +
                            ") INSERT INTO moves SELECT CAST($1 AS BIGINT), CAST($2 AS BIGINT), "
                            "CAST($3 AS BIGINT), CAST($4 AS TEXT), CAST($5 AS BIGINT) FROM "
                            "playing WHERE true ON CONFLICT DO NOTHING");
    changed(game); // told with it (and not if it fails)
    add.bind(1, game).bind(2, static_cast<long long>(ply)).bind(3, static_cast<long long>(seat));
    add.bind(4, move).bind(5, at).run();
    if (!add.written()) {
        lock_playing(game);
        throw Conflict("the game moved on");
    }
}

void Store::remove_moves(long long game, int from) {
    lock_playing(game);
    changed(game);
    Statement(*db_, "DELETE FROM moves WHERE game = $1 AND ply >= $2")
        .bind(1, game)
        .bind(2, static_cast<long long>(from))
        .run();
}

void Store::finish_game(long long game, const std::string& result, const std::string& how,
                        const std::string& record, Millis ended) {
    Statement end(*db_, "UPDATE games SET state = 'over', result = $1, how = $2, ended = $3, "
                        "deadline = NULL WHERE id = $4 AND state = 'playing' RETURNING id");
    if (!end.bind(1, result).bind(2, how).bind(3, ended).bind(4, game).step())
        throw Conflict("the game has ended");
    end.run();
    changed(game);
    Statement(*db_, "INSERT INTO archive VALUES ($1, $2)").bind(1, game).bind(2, record).run();
    Statement(*db_, "DELETE FROM moves WHERE game = $1").bind(1, game).run();
}

void Store::remove_game(long long game) {
    changed(game);
    Statement(*db_, "DELETE FROM seats WHERE game = $1").bind(1, game).run();
    Statement(*db_, "DELETE FROM games WHERE id = $1").bind(1, game).run();
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
    Statement s(*db_,
                "SELECT coalesce(s.player, 0), coalesce(p.name, ''), coalesce(p.ai_level, 0), "
                "coalesce(s.invited, 0), coalesce(i.name, ''), coalesce(s.out, ''), "
                "coalesce(s.clock, -1) "
                "FROM seats s LEFT JOIN players p ON p.id = s.player "
                "LEFT JOIN players i ON i.id = s.invited WHERE s.game = $1 ORDER BY s.seat");
    s.bind(1, g.id);
    while (s.step())
        g.seats.push_back({s.integer(0), s.text(1), static_cast<int>(s.integer(2)), s.integer(3),
                           s.text(4), s.text(5), s.integer(6)});
}

std::vector<GameRow> Store::open_games() {
    std::vector<GameRow> out;
    Statement s(*db_, (std::string(kGameColumns) + "WHERE state != 'over' ORDER BY id").c_str());
    while (s.step()) out.push_back(game_of(s));
    for (GameRow& g : out) {
        load_seats(g);
        load_moves(g);
    }
    return out;
}

void Store::load_moves(GameRow& g) {
    Statement m(*db_, "SELECT move, at FROM moves WHERE game = $1 ORDER BY ply");
    m.bind(1, g.id);
    while (m.step()) {
        g.moves.push_back(m.text(0));
        g.move_times.push_back(m.integer(1));
    }
}

std::vector<GameRow> Store::finished_games(long long player, int limit) {
    std::vector<GameRow> out;
    Statement s(*db_, (std::string(kGameColumns) +
                       "WHERE state = 'over' AND ($1 = 0 OR id IN (SELECT game FROM seats WHERE "
                       "player = $2)) ORDER BY ended DESC, id DESC LIMIT $3")
                          .c_str());
    s.bind(1, player).bind(2, player).bind(3, static_cast<long long>(limit));
    while (s.step()) out.push_back(game_of(s));
    for (GameRow& g : out) load_seats(g);
    return out;
}

std::optional<GameRow> Store::game(long long id) {
    Statement s(*db_, (std::string(kGameColumns) + "WHERE id = $1").c_str());
    if (!s.bind(1, id).step()) return std::nullopt;
    GameRow g = game_of(s);
    s.run();
    load_seats(g);
    load_moves(g);
    return g;
}

std::string Store::archived_record(long long game) {
    Statement s(*db_, "SELECT record FROM archive WHERE game = $1");
    return s.bind(1, game).step() ? s.text(0) : std::string();
}

void Store::set_archived_record(long long game, const std::string& record) {
    Statement(*db_, "UPDATE archive SET record = $1 WHERE game = $2")
        .bind(1, record)
        .bind(2, game)
        .run();
}

Rating Store::rating(long long player, const std::string& family, Millis* updated) {
    Statement s(*db_,
                "SELECT rating, deviation, volatility, updated FROM ratings WHERE player = $1 "
                "AND family = $2");
    if (!s.bind(1, player).bind(2, family).step()) return {};
    if (updated) *updated = s.integer(3);
    return {s.real(0), s.real(1), s.real(2)};
}

void Store::set_rating(long long player, const std::string& family, const Rating& r, long long game,
                       Millis at) {
    const Rating before = rating(player, family);
    Statement(*db_, "INSERT INTO ratings VALUES ($1, $2, $3, $4, $5, 1, $6) "
                    "ON CONFLICT(player, family) DO UPDATE SET rating = $3, deviation = $4, "
                    "volatility = $5, games = ratings.games + 1, updated = $6")
        .bind(1, player)
        .bind(2, family)
        .bind(3, r.rating)
        .bind(4, r.deviation)
        .bind(5, r.volatility)
        .bind(6, at)
        .run();
    Statement(*db_, "INSERT INTO rating_changes VALUES ($1, $2, $3, $4) "
                    "ON CONFLICT(game, player) DO UPDATE SET before = $3, after = $4")
        .bind(1, game)
        .bind(2, player)
        .bind(3, before.rating)
        .bind(4, r.rating)
        .run();
}

std::vector<RatingRow> Store::ratings() {
    std::vector<RatingRow> out;
    Statement s(*db_, "SELECT p.name, r.family, r.rating, r.deviation, r.volatility, r.games "
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

std::optional<std::pair<double, double>> Store::rating_change(long long game, long long player) {
    Statement s(*db_, "SELECT before, after FROM rating_changes WHERE game = $1 AND player = $2");
    if (!s.bind(1, game).bind(2, player).step()) return std::nullopt;
    return std::make_pair(s.real(0), s.real(1));
}

void Store::add_chat(long long player, const std::string& text, Millis at) {
    Statement add(*db_, "INSERT INTO chat(at, player, text) VALUES ($1, $2, $3) RETURNING id");
    const long long row = returned_id(add.bind(1, at).bind(2, player).bind(3, text));
    db_->notify(net::share_line(share(net::Verb::ShareChat, row)));
}

std::optional<ChatRow> Store::chat_line(long long id) {
    Statement s(*db_, "SELECT c.at, p.name, c.text FROM chat c JOIN players p ON p.id = c.player "
                      "WHERE c.id = $1");
    if (!s.bind(1, id).step()) return std::nullopt;
    return ChatRow{s.integer(0), s.text(1), s.text(2)};
}

std::vector<ChatRow> Store::recent_chat(int limit) {
    std::vector<ChatRow> out;
    Statement s(*db_, "SELECT c.at, p.name, c.text FROM chat c JOIN players p ON p.id = c.player "
                      "ORDER BY c.id DESC LIMIT $1");
    s.bind(1, static_cast<long long>(limit));
    while (s.step()) out.push_back({s.integer(0), s.text(1), s.text(2)});
    return {out.rbegin(), out.rend()};
}

std::string backup_database(const std::string& from, const std::string& to) {
    Store source;
    // Opened as the server would be (checked, not created), then copied in one step: the
    // whole copy reads one snapshot of the write-ahead log.
    if (std::string e = source.open(from, false); !e.empty()) return e;
    sqlite3* from_db = static_cast<SqliteConnection&>(source.connection()).handle();
    const std::string temp = to + ".part";
    (void)unlink(temp.c_str());
    const int fd = ::open(temp.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0) return "cannot create " + temp + ": " + std::strerror(errno);
    ::close(fd);
    sqlite3* dest = nullptr;
    std::string error;
    if (sqlite3_open_v2(temp.c_str(), &dest, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
        error = "cannot open " + temp + ": " + (dest ? sqlite3_errmsg(dest) : "out of memory");
    } else if (sqlite3_backup* b = sqlite3_backup_init(dest, "main", from_db, "main")) {
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
