// Getting a game to play before the screen starts: a new one (the first player drawn), a
// puzzle (--solo), a record or puzzle file given with --load, or the autosave with --resume
// (kept aside when damaged).
#pragma once

#include "halma.hpp"
#include "settings/command_line.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace halma::start {

using settings::Config;

// The game (or puzzle) to start with and what to say about it.
struct Opening {
    Game game;
    Options headers;               // a loaded or resumed record's headers beyond the game
    std::string message;           // "Player 2 drew the first move", "Resumed the saved game", ...
    std::string status;            // the message shortened for the status line
    bool resumed = false;          // the game came from the autosave
    bool damaged = false;          // the autosave was damaged (kept aside): message says so
    bool review = false;           // the game is to be looked back at (--review)
    bool new_game = false;         // a new game of the command line's rules
    bool saved_game_waits = false; // an autosave is there for --resume (not this game)
    std::string autosave_file;     // where the autosave lives (empty when there is no place)
    std::string host;              // the name the saved game was hosted under (network play)
    std::string record_text;       // the record loaded, resumed or reviewed, with what it keeps
    std::string record_file;       // the file a record reviewed came from
};

// Prepares the game the command line asks for; returns 0, or the exit status after saying
// what is wrong on standard error. Seats and the AI's time may come from the record.
[[nodiscard]] int open_game(Config& cfg, Opening& out);

// Reads a record to look back at (--review, or an archive's): its game and headers, the seats
// taken into cfg as for a loaded game. Returns 0, or the exit status after saying what is
// wrong with it, naming source.
[[nodiscard]] int open_review(Config& cfg, std::string_view record_text, const std::string& source,
                              Opening& out);

// Takes the seats and the AI's time of a loaded game into cfg: a puzzle has one human seat;
// a game's seats come from its "seats" header unless the command line gave them. False when
// the command line's seats do not fit the game.
[[nodiscard]] bool adopt_record(Config& cfg, const Game& game, const Options& headers);

// Draws who starts when the first player is not given (repeatable with --seed).
[[nodiscard]] int draw_first(const Config& cfg, int players, std::uint64_t salt);

} // namespace halma::start
