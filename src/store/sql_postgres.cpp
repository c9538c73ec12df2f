#include "store/sql_postgres.hpp"

#include <cstdio>
#include <cstdlib>
#include <libpq-fe.h>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace halma::club {

namespace {

// The advisory lock two servers migrating one database at once take in turn.
constexpr long long kSchemaLock = 0x68616c6d61; // "halma"
// The channel the servers of one database tell each other what changed on.
constexpr const char* kChannel = "halma";

// libpq's message on one line: its lines joined, without the closing newline.
std::string trimmed(const char* message) {
    std::string s;
    for (const char* c = message ? message : ""; *c; ++c)
        if (*c == '\n' || *c == '\t') {
            if (!s.empty() && s.back() != ' ') s += ' ';
        } else {
            s += *c;
        }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

using Result = std::unique_ptr<PGresult, decltype(&PQclear)>;

class PostgresCursor final : public Cursor {
  public:
    PostgresCursor(PostgresConnection& db, std::string sql) : db_(db), sql_(std::move(sql)) {}

    void bind(int i, long long v) override { set(i, std::to_string(v)); }
    void bind(int i, double v) override {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.17g", v);
        set(i, buf);
    }
    void bind(int i, const std::string& v) override { set(i, v); }
    void bind_null(int i) override {
        if (params_.size() < static_cast<std::size_t>(i)) params_.resize(i);
        params_[i - 1].reset();
    }
    bool step() override {
        if (!result_) run();
        return ++row_ < PQntuples(result_.get());
    }
    long long written() const override {
        return result_ ? std::strtoll(PQcmdTuples(result_.get()), nullptr, 10) : 0;
    }
    long long integer(int col) const override {
        return std::strtoll(PQgetvalue(result_.get(), row_, col), nullptr, 10);
    }
    double real(int col) const override {
        return std::strtod(PQgetvalue(result_.get(), row_, col), nullptr);
    }
    std::string text(int col) const override {
        return {PQgetvalue(result_.get(), row_, col),
                static_cast<std::size_t>(PQgetlength(result_.get(), row_, col))};
    }
    bool null(int col) const override { return PQgetisnull(result_.get(), row_, col) != 0; }
    void run_later() override { db_.later(sql_, params_, true); }

  private:
    void set(int i, std::string v) {
        if (params_.size() < static_cast<std::size_t>(i)) params_.resize(i);
        params_[i - 1] = std::move(v);
    }
    void run() { result_.reset(db_.run(sql_, params_, true)); }

    PostgresConnection& db_;
    std::string sql_;
    PostgresConnection::Params params_;
    Result result_{nullptr, &PQclear};
    int row_ = -1;
};

void quiet(void*, const char*) {} // notices (a table already there) are not the club's news

} // namespace

PostgresConnection::~PostgresConnection() {
    if (conn_) PQfinish(conn_);
}

std::string PostgresConnection::open(const std::string& conninfo) {
    conninfo_ = conninfo;
    conn_ = PQconnectdb(conninfo.c_str());
    if (!conn_) return "cannot reach the club's PostgreSQL database: out of memory";
    if (PQstatus(conn_) != CONNECTION_OK)
        return "cannot reach the club's PostgreSQL database: " + trimmed(PQerrorMessage(conn_));
    PQsetNoticeProcessor(conn_, quiet, nullptr);
    name_ = std::string("the club's PostgreSQL database ") + PQdb(conn_);
    return {};
}

int PostgresConnection::socket() const { return conn_ && !lost_ ? PQsocket(conn_) : -1; }

void PostgresConnection::consume() {
    if (lost_) return;
    if (!PQconsumeInput(conn_) || PQstatus(conn_) == CONNECTION_BAD) lost_ = true;
}

std::string PostgresConnection::name() const { return name_; }

void PostgresConnection::fail(const std::string& what) {
    if (lost_ || PQstatus(conn_) == CONNECTION_BAD) {
        lost_ = true;
        throw std::runtime_error("the club's database is out of reach (" + what + ")");
    }
    throw std::runtime_error(what);
}

std::unique_ptr<Cursor> PostgresConnection::prepare(const std::string& sql) {
    if (lost_) throw std::runtime_error("the club's database is out of reach");
    return std::make_unique<PostgresCursor>(*this, sql);
}

namespace {
bool succeeded(const PGresult* r) {
    const ExecStatusType s = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    return s == PGRES_TUPLES_OK || s == PGRES_COMMAND_OK;
}
} // namespace

bool PostgresConnection::send(const Pending& statement, const std::string* name) {
    std::vector<const char*> values;
    for (const auto& p : statement.params) values.push_back(p ? p->c_str() : nullptr);
    const int count = static_cast<int>(values.size());
    if (name)
        return PQsendQueryPrepared(conn_, name->c_str(), count, values.data(), nullptr, nullptr,
                                   0) == 1;
    return PQsendQueryParams(conn_, statement.sql.c_str(), count, nullptr, values.data(), nullptr,
                             nullptr, 0) == 1;
}

PGresult* PostgresConnection::run(const std::string& sql, const Params& params, bool reused) {
    if (lost_) throw std::runtime_error("the club's database is out of reach");
    std::vector<Pending> batch = std::exchange(pending_, {});
    batch.push_back({sql, params, reused});
    if (batch.size() > 1 || reused) return pipeline(batch);
    std::vector<const char*> values;
    for (const auto& p : params) values.push_back(p ? p->c_str() : nullptr);
    Result r(PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                          values.data(), nullptr, nullptr, 0),
             &PQclear);
    if (!succeeded(r.get())) fail(r ? trimmed(PQresultErrorMessage(r.get())) : "no answer");
    return r.release();
}

PGresult* PostgresConnection::pipeline(const std::vector<Pending>& batch) {
    // Sent together, then their results read in order (after an error the server skips the
    // rest); the last one's result is returned. A statement run again and again is prepared
    // by a name the first time, in the same round trip (PostgreSQL then plans it once).
    struct Answer {
        const std::string* prepared = nullptr; // a preparation's: the statement's SQL
        const std::string* name = nullptr;
    };
    std::vector<Answer> answers;
    std::map<std::string, std::string> preparing;
    bool sent = PQenterPipelineMode(conn_) == 1;
    for (const Pending& statement : batch) {
        const std::string* name = nullptr;
        if (auto it = named_.find(statement.sql); it != named_.end()) {
            name = &it->second;
        } else if (auto p = preparing.find(statement.sql); p != preparing.end()) {
            name = &p->second;
        } else if (statement.reused && named_.size() + preparing.size() < kMostNamed) {
            auto [at, added] = preparing.emplace(statement.sql, "h" + std::to_string(++names_));
            name = &at->second;
            sent = sent && PQsendPrepare(conn_, name->c_str(), statement.sql.c_str(),
                                         static_cast<int>(statement.params.size()), nullptr) == 1;
            answers.push_back({&at->first, name});
        }
        sent = sent && send(statement, name);
        answers.push_back({});
    }
    sent = sent && PQpipelineSync(conn_) == 1;
    std::string error = sent ? std::string() : trimmed(PQerrorMessage(conn_));
    Result last(nullptr, &PQclear);
    for (std::size_t i = 0; sent && i < answers.size(); ++i)
        while (PGresult* got = PQgetResult(conn_)) {
            Result r(got, &PQclear);
            if (error.empty() && !succeeded(got)) error = trimmed(PQresultErrorMessage(got));
            if (answers[i].prepared && PQresultStatus(got) == PGRES_COMMAND_OK)
                named_.emplace(*answers[i].prepared, *answers[i].name);
            if (i + 1 == answers.size()) last = std::move(r);
        }
    while (PGresult* got = sent ? PQgetResult(conn_) : nullptr) { // to the pipeline's end
        const bool end = PQresultStatus(got) == PGRES_PIPELINE_SYNC;
        PQclear(got);
        if (end) break;
    }
    if (PQexitPipelineMode(conn_) != 1) lost_ = true; // not left as it should be: start afresh
    if (!error.empty() || !last) fail(error.empty() ? "no answer" : error);
    return last.release();
}

void PostgresConnection::later(const std::string& sql, const Params& params, bool reused) {
    if (lost_) throw std::runtime_error("the club's database is out of reach");
    if (PQtransactionStatus(conn_) == PQTRANS_INTRANS)
        pending_.push_back({sql, params, reused});
    else
        Result(run(sql, params, reused), &PQclear);
}

void PostgresConnection::exec_later(const std::string& sql) { later(sql, {}); }

void PostgresConnection::exec_after_answers(const std::string& sql) {
    if (pending_.empty())
        later(sql, {});
    else
        exec(sql);
}

void PostgresConnection::exec(const std::string& sql) {
    if (lost_) throw std::runtime_error("the club's database is out of reach");
    if (sql.rfind("ROLLBACK TO", 0) == 0 && !pending_.empty()) {
        // What waits goes first, on its own (the savepoint may be among it): an error of it
        // is what the rollback mends.
        try {
            Result(pipeline(std::exchange(pending_, {})), &PQclear);
        } catch (const std::exception&) {
        }
    } else if (sql.rfind("ROLLBACK", 0) == 0) {
        pending_.clear(); // undone all the same
    }
    if (!pending_.empty()) return void(Result(run(sql, {}), &PQclear));
    Result r(PQexec(conn_, sql.c_str()), &PQclear);
    const ExecStatusType s = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
    if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK)
        fail(r ? trimmed(PQresultErrorMessage(r.get())) : "no answer");
}

void PostgresConnection::begin() { exec("BEGIN"); }

bool PostgresConnection::in_transaction() const {
    // A statement's error leaves the transaction open but failed, for ROLLBACK TO to mend.
    const PGTransactionStatusType s = lost_ ? PQTRANS_UNKNOWN : PQtransactionStatus(conn_);
    return s == PQTRANS_INTRANS || s == PQTRANS_INERROR || s == PQTRANS_ACTIVE;
}

int PostgresConnection::schema_version() {
    // Read from pg_tables, as of this statement: another server's migration committed while
    // this one waited for the schema's lock is seen (the catalogue's cache may not have it).
    Statement has(*this, "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = "
                         "current_schema() AND tablename = 'halma_schema')");
    if (!has.step() || has.text(0) != "t") return 0;
    Statement v(*this, "SELECT coalesce(max(version), 0) FROM halma_schema");
    return v.step() ? static_cast<int>(v.integer(0)) : 0;
}

void PostgresConnection::set_schema_version(int version) {
    exec("CREATE TABLE IF NOT EXISTS halma_schema(version BIGINT NOT NULL)");
    exec("DELETE FROM halma_schema");
    Statement(*this, "INSERT INTO halma_schema VALUES ($1)")
        .bind(1, static_cast<long long>(version))
        .run();
}

bool PostgresConnection::foreign_tables() {
    Statement tables(
        *this, "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema()");
    return tables.step() && tables.integer(0) > 0;
}

void PostgresConnection::lock_schema() {
    exec("SELECT pg_advisory_xact_lock(" + std::to_string(kSchemaLock) + ")");
}

void PostgresConnection::renumber(const std::string& table) {
    exec("SELECT setval(pg_get_serial_sequence('" + table +
         "', 'id'), coalesce(max(id), 0) + 1, "
         "false) FROM " +
         table);
}

bool PostgresConnection::reconnect() {
    pending_.clear();
    named_.clear(); // a new session prepares its own
    if (conn_) PQfinish(conn_);
    conn_ = PQconnectdb(conninfo_.c_str());
    lost_ = !conn_ || PQstatus(conn_) != CONNECTION_OK;
    if (lost_) return false;
    PQsetNoticeProcessor(conn_, quiet, nullptr);
    try { // the other servers are heard again, or the server is still out of reach
        listen();
        return true;
    } catch (const std::exception&) {
    }
    lost_ = true;
    return false;
}

void PostgresConnection::notify(const std::string& line) {
    Statement(*this, std::string("SELECT pg_notify('") + kChannel + "', $1)").bind(1, line).run();
}

void PostgresConnection::notify_later(const std::string& line) {
    later(std::string("SELECT pg_notify('") + kChannel + "', $1)", {line}, true);
}

void PostgresConnection::listen() { exec(std::string("LISTEN ") + kChannel); }

std::vector<std::string> PostgresConnection::heard() {
    std::vector<std::string> lines;
    if (lost_) return lines;
    const int self = PQbackendPID(conn_);
    while (PGnotify* n = PQnotifies(conn_)) {
        if (n->be_pid != self) lines.emplace_back(n->extra);
        PQfreemem(n);
    }
    return lines;
}

std::string open_postgres(const std::string& conninfo, std::unique_ptr<Connection>& out) {
    auto db = std::make_unique<PostgresConnection>();
    if (std::string e = db->open(conninfo); !e.empty()) return e;
    out = std::move(db);
    return {};
}

} // namespace halma::club
