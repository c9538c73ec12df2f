// The club's store and its dump (dump.hpp): written out from either engine, read into
// either.
#pragma once

#include "store/dump.hpp"
#include "store/store.hpp"

namespace halma::club {

// Every row of every table. Throws on the database's errors.
[[nodiscard]] Dump export_dump(Store& store);
// Reads a dump into a store that has no players (but the computer's) and no games yet, in
// one transaction. Returns an empty string or what is wrong; throws on the database's
// errors (nothing is written then).
[[nodiscard]] std::string import_dump(Store& store, const Dump& dump);

// halma --club export FILE: the store of the club in dir (store: --club-store, or empty)
// written to the file (0600, replaced whole). Returns an empty string or what is wrong.
[[nodiscard]] std::string export_club(const std::string& dir, const std::string& store,
                                      const std::string& file);
// halma --club import FILE: the dump file read (out set), or what is wrong with it.
[[nodiscard]] std::string read_dump_file(const std::string& file, Dump& out);
// Then, while no server runs for the club (the caller checks), the dump read from the file
// into the club's store, which must be new; a store given is then the one the directory
// keeps. Returns an empty string or what is wrong.
[[nodiscard]] std::string import_club(const std::string& dir, const std::string& store,
                                      const Dump& dump, const std::string& file);

} // namespace halma::club
