// The settings a run starts with: the config file's (prefs.hpp), then the command line's
// over them, both through the one option table (config.hpp); and the other way, a game's
// settings as lines to save as the new defaults. No curses here.
#pragma once

#include "settings/command_line.hpp"
#include "settings/config_file.hpp"

#include <string>
#include <vector>

namespace halma::settings {

// What reading the settings found besides the Config.
struct Startup {
    std::vector<TextError> notes; // what is wrong with the config file, each fault once
    std::string prefs_file;       // where defaults are saved: --config's file, else the
                                  // default one (empty when none can be named)
};

// Whether a key sets up the game itself (players, size, seats, rules, who moves first)
// rather than the AI's play or the screen.
[[nodiscard]] bool is_game_setting(std::string_view key);

// The command-line options the settings stand for (the last setting of a key counts):
// "--level=4", "--no-color" for color = no, nothing for a switch's default. Game settings
// are left out unless with_game.
[[nodiscard]] std::vector<std::string> settings_as_options(const std::vector<Setting>& settings,
                                                           bool with_game);

// Reads the command line, and for a game in the terminal the config file first (unless
// --no-config; --config names another), into cfg, finished (finish_config) for a game. A
// bad line of the file, an unreadable file, or a game the file sets up that does not fit
// the command line is a note and is left out; the run goes on. Returns an empty string,
// or what is wrong with the command line itself.
[[nodiscard]] std::string read_settings(int argc, const char* const* argv, Config& cfg,
                                        Startup& out);

// The notes in one line for the status bar: the first (its file by its path, ~ for the home
// directory, control characters as '?'), and how many more the exit lists.
[[nodiscard]] std::string config_notice(const std::vector<TextError>& notes);

// The settings that start new games like this one: the rules, the seats, the names of the
// people at its human seats and who moves first (no value: the key's lines become comments,
// for a default, no names or a random draw).
[[nodiscard]] std::vector<SettingUpdate> game_settings(const Rules& rules,
                                                       const std::vector<SeatSpec>& seats,
                                                       bool first_random,
                                                       const std::vector<std::string>& names = {});

} // namespace halma::settings
