// A club's store as text, to move it from one engine to another (halma --club export FILE,
// --club import FILE): every table of the schema, in an order that keeps references
// pointing back, each row a line.
//
//   halma club dump 4                   the schema the rows are of
//   table players id name uid ...       a table and its columns, as the schema has them
//   1<TAB>ai:1<TAB>\N<TAB>...           a row: fields separated by tabs, \N for NULL, and
//   ...                                 \\ \t \n \r for a backslash, tab, newline, return
//   end
//
// The reader takes exactly that: every table once, in order, with its columns; integers and
// numbers where the schema has them. Anything else is refused with the line it is on.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace halma::club {

enum class ColumnKind { Integer, Real, Text };
struct DumpColumn {
    const char* name;
    ColumnKind kind;
};
struct DumpTableSchema {
    const char* name;
    std::vector<DumpColumn> columns;
    const char* order; // the rows' order, for a dump that reads the same from either engine
};
// The schema's tables, referenced ones first.
[[nodiscard]] const std::vector<DumpTableSchema>& dump_schema();

using Field = std::optional<std::string>; // nullopt: NULL
struct Dump {
    // Rows of each table of dump_schema(), in its order.
    std::vector<std::vector<std::vector<Field>>> tables;
};

// Reads a dump. Returns an empty string (out set) or what is wrong, naming the line.
[[nodiscard]] std::string read_dump(std::string_view text, Dump& out);
[[nodiscard]] std::string write_dump(const Dump& dump);

} // namespace halma::club
