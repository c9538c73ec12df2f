// The saves folder ($XDG_STATE_HOME/halma/saves/): games kept by name with ":save NAME" and
// listed by ":load", each a game record. A name with no '/' in it means a file there; a path
// means itself, as typed.
#pragma once

#include <ctime>
#include <string>
#include <vector>

namespace halma::files {

// The saves folder, or an empty string with why in error when it cannot be named.
[[nodiscard]] std::string saves_dir(std::string& error);

// The file ":save NAME" or ":load NAME" means: NAME in the saves folder (made if missing,
// when make is set), ".halma" added unless NAME ends so, when NAME has no '/'; else NAME as
// given. An empty string, with why in error, for a name that cannot be a file there (empty,
// starting with '.', holding a control character) or a folder that cannot be named or made.
[[nodiscard]] std::string save_file(const std::string& name, bool make, std::string& error);

// A saved game as the listing shows it.
struct SaveEntry {
    std::string name;  // the file's name without ".halma"
    std::string file;  // its path
    std::string about; // "16x16 2p, 34 moves, playing", or what is wrong with it
    std::time_t when = 0;
    long when_ns = 0;      // the nanoseconds of when: two saves of one second keep their order
    bool readable = false; // it reads as a game or puzzle
};

// The games in the saves folder dir, newest first (at most kMaxListed), each read through
// the record reader; a file that does not read is listed with what is wrong.
inline constexpr std::size_t kMaxListed = 500;
[[nodiscard]] std::vector<SaveEntry> list_saves(const std::string& dir);

// The names of the saves in dir ("NAME" for NAME.halma), for completing a typed name.
[[nodiscard]] std::vector<std::string> save_names(const std::string& dir);

// A name for a save made without asking, unique to the second: "PREFIX-20261203-074612".
[[nodiscard]] std::string dated_name(const std::string& prefix);

} // namespace halma::files
