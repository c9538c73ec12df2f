// Getting a game to play before the screen starts: a new one (the first player drawn),
// a record given with --load, or the autosave with --resume (kept aside when damaged).
#pragma once

#include "tui/config.hpp"

#include "halma/solo.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace halma::tui {

// The game to start with and what to say about it.
struct Opening {
    Game game;
    std::string message;       // "Player 2 drew the first move", "Resumed the saved game", ...
    std::string status;        // the message shortened for the status line
    bool resumed = false;      // the game came from the autosave
    bool damaged = false;      // the autosave was damaged (kept aside): message says so
    std::string autosave_file; // where the autosave lives (empty when there is no place)
    std::optional<solo::SoloGame> solo; // a solitaire puzzle instead of the game
};

// What the opening line says about a puzzle: its title, par and move limit.
[[nodiscard]] std::string solo_intro(const solo::Puzzle& p);

// Reads a solo record, or a bare puzzle file (its puzzle from the start), from a file into
// out. Returns an empty string or the error, naming the file.
[[nodiscard]] std::string load_solo_file(const std::string& path, solo::SoloGame& out);

// Whether the file at path is a solo record or a puzzle file (an unreadable file is neither).
[[nodiscard]] bool is_solo_file(const std::string& path);

// Prepares the game the command line asks for; returns 0, or the exit status after saying
// what is wrong on standard error. Seats and the AI's time may come from the record.
[[nodiscard]] int open_game(Config& cfg, Opening& out);

// The text with control characters (a damaged file's bytes) shown as '?'.
[[nodiscard]] std::string printable(std::string text);

// The last part of a path.
[[nodiscard]] std::string base_name(const std::string& path);

// Seats from a record's "seats" header ("human ai:3"), when it fits the game.
[[nodiscard]] bool seats_from_header(const Options& headers, int players, int level,
                                     std::vector<SeatSpec>& out);

// Draws who starts when the first player is not given (repeatable with --seed).
[[nodiscard]] int draw_first(const Config& cfg, int players, std::uint64_t salt);

} // namespace halma::tui
