#include "store/dump.hpp"

#include "store/store.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace halma::club {

namespace {

constexpr const char* kHeader = "halma club dump ";
constexpr ColumnKind I = ColumnKind::Integer, R = ColumnKind::Real, T = ColumnKind::Text;

std::string escaped(const std::string& s) {
    std::string out;
    for (char c : s) switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            out += c;
        }
    return out;
}

// A field as written; false when it is not one.
bool unescaped(std::string_view in, Field& out) {
    if (in == "\\N") return out.reset(), true;
    std::string s;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(in[i]);
        if (c < 0x20 || c == 0x7f) return false;
        if (c != '\\') {
            s += static_cast<char>(c);
            continue;
        }
        if (++i == in.size()) return false;
        switch (in[i]) {
        case '\\':
            s += '\\';
            break;
        case 't':
            s += '\t';
            break;
        case 'n':
            s += '\n';
            break;
        case 'r':
            s += '\r';
            break;
        default:
            return false;
        }
    }
    return out = std::move(s), true;
}

bool fits(const std::string& s, ColumnKind kind) {
    if (kind == T) return true;
    if (s.empty() || s.size() > 40) return false;
    char* end = nullptr;
    errno = 0;
    if (kind == I) {
        const std::size_t digits = s[0] == '-' ? 1 : 0;
        if (digits == s.size()) return false;
        for (std::size_t i = digits; i < s.size(); ++i)
            if (s[i] < '0' || s[i] > '9') return false;
        (void)std::strtoll(s.c_str(), &end, 10);
        return errno == 0;
    }
    const double v = std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size() && errno == 0 && std::isfinite(v) &&
           s.find_first_of("xXpP") == std::string::npos; // decimal only
}

std::vector<std::string_view> split(std::string_view line, char by) {
    std::vector<std::string_view> out;
    for (std::size_t at = 0;;) {
        const std::size_t next = line.find(by, at);
        out.push_back(line.substr(at, next == std::string_view::npos ? next : next - at));
        if (next == std::string_view::npos) return out;
        at = next + 1;
    }
}

} // namespace

const std::vector<DumpTableSchema>& dump_schema() {
    static const std::vector<DumpTableSchema> tables = {
        {"players",
         {{"id", I}, {"name", T}, {"uid", I}, {"ai_level", I}, {"created", I}, {"seen", I}},
         "id"},
        {"player_keys", {{"fingerprint", T}, {"player", I}, {"added", I}}, "fingerprint"},
        {"games",
         {{"id", I},
          {"state", T},
          {"rules", T},
          {"pace", T},
          {"rated", I},
          {"family", T},
          {"created", I},
          {"started", I},
          {"ended", I},
          {"deadline", I},
          {"result", T},
          {"how", T}},
         "id"},
        {"seats",
         {{"game", I}, {"seat", I}, {"player", I}, {"invited", I}, {"out", T}, {"clock", I}},
         "game, seat"},
        {"moves", {{"game", I}, {"ply", I}, {"seat", I}, {"move", T}, {"at", I}}, "game, ply"},
        {"ratings",
         {{"player", I},
          {"family", T},
          {"rating", R},
          {"deviation", R},
          {"volatility", R},
          {"games", I},
          {"updated", I}},
         "player, family"},
        {"rating_changes",
         {{"game", I}, {"player", I}, {"before", R}, {"after", R}},
         "game, player"},
        {"chat", {{"id", I}, {"at", I}, {"player", I}, {"text", T}}, "id"},
        {"archive", {{"game", I}, {"record", T}}, "game"},
        {"tournaments",
         {{"id", I},
          {"name", T},
          {"words", T},
          {"creator", I},
          {"stage", T},
          {"created", I},
          {"started", I},
          {"ended", I}},
         "id"},
        {"tournament_entrants",
         {{"tournament", I}, {"entrant", I}, {"player", I}, {"rating", R}, {"withdrawn", I}},
         "tournament, entrant"},
        {"tournament_seats",
         {{"tournament", I},
          {"round_number", I},
          {"board", I},
          {"seat", I},
          {"entrant", I},
          {"game", I},
          {"ranked", I},
          {"forfeit", I}},
         "tournament, round_number, board, seat"},
    };
    return tables;
}

std::string write_dump(const Dump& dump) {
    std::string out = kHeader + std::to_string(kSchemaVersion) + "\n";
    const auto& schema = dump_schema();
    for (std::size_t t = 0; t < schema.size(); ++t) {
        out += std::string("table ") + schema[t].name;
        for (const DumpColumn& c : schema[t].columns) out += std::string(" ") + c.name;
        out += '\n';
        if (t < dump.tables.size())
            for (const std::vector<Field>& row : dump.tables[t]) {
                for (std::size_t i = 0; i < row.size(); ++i)
                    out += (i ? "\t" : "") + (row[i] ? escaped(*row[i]) : std::string("\\N"));
                out += '\n';
            }
    }
    return out + "end\n";
}

std::string read_dump(std::string_view text, Dump& out) {
    const auto& schema = dump_schema();
    Dump dump;
    std::size_t table = 0; // the next table's header expected (tables read so far)
    bool ended = false;
    std::size_t number = 0;
    const auto at = [&](const std::string& what) {
        return "line " + std::to_string(number) + ": " + what;
    };
    std::vector<std::string_view> lines = split(text, '\n');
    if (!lines.empty() && lines.back().empty()) lines.pop_back();
    for (std::string_view line : lines) {
        ++number;
        if (ended) return at("nothing follows end");
        if (number == 1) {
            const std::string header = kHeader + std::to_string(kSchemaVersion);
            if (line.substr(0, std::string_view(kHeader).size()) != kHeader)
                return at("not a club's dump (it starts \"halma club dump\")");
            if (line != header)
                return at("a dump of another schema; this halma reads \"" + header + "\"");
            continue;
        }
        if (line == "end") {
            if (table != schema.size())
                return at("end before the table " + std::string(schema[table].name));
            ended = true;
            continue;
        }
        if (line.substr(0, 6) == "table ") {
            if (table == schema.size()) return at("a table after the last one");
            std::string want = std::string("table ") + schema[table].name;
            for (const DumpColumn& c : schema[table].columns) want += std::string(" ") + c.name;
            if (line != want) return at("expected \"" + want + "\"");
            dump.tables.emplace_back();
            ++table;
            continue;
        }
        if (table == 0) return at("a row before any table");
        const auto& columns = schema[table - 1].columns;
        const std::vector<std::string_view> fields = split(line, '\t');
        if (fields.size() != columns.size())
            return at(std::to_string(fields.size()) + " fields where " + schema[table - 1].name +
                      " has " + std::to_string(columns.size()));
        std::vector<Field> row(fields.size());
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (!unescaped(fields[i], row[i]))
                return at(std::string("the field ") + columns[i].name + " is not one (\\N, or " +
                          "text with \\\\ \\t \\n \\r for those characters)");
            if (row[i] && !fits(*row[i], columns[i].kind))
                return at(std::string("the field ") + columns[i].name + " is not " +
                          (columns[i].kind == I ? "an integer" : "a number"));
        }
        dump.tables.back().push_back(std::move(row));
    }
    if (number == 0) return "the dump is empty";
    if (!ended) return at("the dump stops before its end line");
    out = std::move(dump);
    return {};
}

} // namespace halma::club
