// The club's store written out as a dump, and a dump read into a new club's store.
#include "store/store_dump.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace halma::club {

namespace {

std::string column_list(const DumpTableSchema& t) {
    std::string out;
    for (const DumpColumn& c : t.columns) out += (out.empty() ? "" : ", ") + std::string(c.name);
    return out;
}

Field field_of(const Statement& s, int col, ColumnKind kind) {
    if (s.null(col)) return std::nullopt;
    if (kind == ColumnKind::Integer) return std::to_string(s.integer(col));
    if (kind == ColumnKind::Text) return s.text(col);
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", s.real(col));
    return std::string(buf);
}

void bind_field(Statement& s, int i, const Field& f, ColumnKind kind) {
    if (!f) return void(s.bind_null(i));
    if (kind == ColumnKind::Integer) return void(s.bind(i, std::stoll(*f)));
    if (kind == ColumnKind::Real) return void(s.bind(i, std::stod(*f)));
    s.bind(i, *f);
}

} // namespace

Dump export_dump(Store& store) {
    Connection& db = store.connection();
    Dump dump;
    for (const DumpTableSchema& t : dump_schema()) {
        auto& rows = dump.tables.emplace_back();
        Statement s(db, "SELECT " + column_list(t) + " FROM " + t.name + " ORDER BY " + t.order);
        while (s.step()) {
            std::vector<Field> row;
            for (std::size_t i = 0; i < t.columns.size(); ++i)
                row.push_back(field_of(s, static_cast<int>(i), t.columns[i].kind));
            rows.push_back(std::move(row));
        }
    }
    return dump;
}

std::string import_dump(Store& store, const Dump& dump) {
    Connection& db = store.connection();
    Statement used(db, "SELECT (SELECT count(*) FROM games) + (SELECT count(*) FROM players "
                       "WHERE ai_level IS NULL)");
    if (used.step() && used.integer(0) > 0)
        return db.name() + " already has players or games; a dump is read into a new club";
    const auto& schema = dump_schema();
    store.transaction([&] {
        // The computer's players a new store makes come back from the dump as they were.
        for (auto t = schema.rbegin(); t != schema.rend(); ++t)
            db.exec(std::string("DELETE FROM ") + t->name);
        for (std::size_t t = 0; t < schema.size(); ++t) {
            std::string values;
            for (std::size_t i = 1; i <= schema[t].columns.size(); ++i)
                values += (i > 1 ? ", $" : "$") + std::to_string(i);
            const std::string sql = std::string("INSERT INTO ") + schema[t].name + "(" +
                                    column_list(schema[t]) + ") VALUES (" + values + ")";
            for (const std::vector<Field>& row : dump.tables[t]) {
                Statement s(db, sql);
                for (std::size_t i = 0; i < row.size(); ++i)
                    bind_field(s, static_cast<int>(i) + 1, row[i], schema[t].columns[i].kind);
                s.run();
            }
            if (schema[t].columns[0].name == std::string("id")) db.renumber(schema[t].name);
        }
    });
    return {};
}

namespace {

// Opens the club's store: SQLite's file must be there to export, is made (and the
// club's directory with it) to import.
std::string open_store(const std::string& dir, const std::string& given, bool create,
                       Store& store) {
    StoreUri uri;
    if (std::string e = find_store(dir, given, uri, false); !e.empty()) return e;
    if (create && mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
        return "cannot make " + dir + ": " + std::strerror(errno);
    if (uri.engine == Engine::Sqlite) return store.open(dir + "/" + kDatabaseFile, create);
    return store.open(uri, dir);
}

} // namespace

std::string export_club(const std::string& dir, const std::string& given, const std::string& file) {
    Store store;
    if (std::string e = open_store(dir, given, false, store); !e.empty()) return e;
    std::string text;
    try {
        text = write_dump(export_dump(store));
    } catch (const std::exception& e) {
        return std::string("cannot read the club's store: ") + e.what();
    }
    const std::string temp = file + ".part";
    (void)unlink(temp.c_str());
    const int fd = ::open(temp.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0) return "cannot create " + temp + ": " + std::strerror(errno);
    const bool written = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    const bool synced = fsync(fd) == 0;
    ::close(fd);
    if (!written || !synced || std::rename(temp.c_str(), file.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        (void)unlink(temp.c_str());
        return "cannot write " + file + ": " + why;
    }
    return {};
}

std::string read_dump_file(const std::string& file, Dump& out) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return "cannot read " + file + ": " + std::strerror(errno);
    std::ostringstream text;
    text << in.rdbuf();
    if (std::string e = read_dump(text.str(), out); !e.empty()) return file + ": " + e;
    return {};
}

std::string import_club(const std::string& dir, const std::string& given, const Dump& dump,
                        const std::string& file) {
    Store store;
    if (std::string e = open_store(dir, given, true, store); !e.empty()) return e;
    try {
        if (std::string e = import_dump(store, dump); !e.empty()) return e;
    } catch (const std::exception& e) {
        return file + " could not be imported (nothing was): " + e.what();
    }
    StoreUri uri; // the club's store from now on
    return given.empty() ? std::string() : find_store(dir, given, uri);
}

} // namespace halma::club
