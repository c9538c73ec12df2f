// Where halma keeps its files (the autosave, scores and statistics under
// $XDG_STATE_HOME/halma/, default ~/.local/state/halma/; the config file under
// $XDG_CONFIG_HOME/halma/), and how a damaged file is kept aside instead of lost.
#pragma once

#include <string>

namespace halma::files {

// halma's directory under an XDG base directory: $variable/halma when the variable holds an
// absolute path, else ~/under_home/halma. An empty string, with why in error, when neither
// can be named; what says what the directory is for.
[[nodiscard]] std::string xdg_dir(const char* variable, const char* under_home, const char* what,
                                  std::string& error);

// The state directory, or an empty string with why in error when it cannot be named.
[[nodiscard]] std::string state_dir(std::string& error);

// Creates a directory and its parents. Returns an empty string or the error.
[[nodiscard]] std::string make_dirs(const std::string& dir);

// The state directory, created if missing, to write a file in; an empty string with why in
// error when it cannot be named or made.
[[nodiscard]] std::string ready_state_dir(std::string& error);

// The last part of a path.
[[nodiscard]] std::string base_name(const std::string& path);

// The autosave file's path inside the state directory.
[[nodiscard]] std::string autosave_path(const std::string& dir);

// Renames a damaged file to a free "PATH.bad", "PATH.bad1", ... name; returns the new
// name, or an empty string when it could not be moved.
[[nodiscard]] std::string set_aside(const std::string& path);

// Whether a regular file exists at path.
[[nodiscard]] bool file_exists(const std::string& path);

} // namespace halma::files
