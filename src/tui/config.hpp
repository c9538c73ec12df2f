// The front end's settings: seats, AI strength, rules and display options, read from the
// command line (or the new-game form) and written back as record headers.
#pragma once

#include "halma.hpp"
#include "halma/ai.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace halma::tui {

// Who plays a seat: a person at the keyboard or the AI at a level.
struct SeatSpec {
    bool ai = false;
    int level = ai::kDefaultLevel;
};

// Everything the command line can set.
struct Config {
    Options rule_options;        // rule keys as options.hpp names them
    Rules rules;                 // built from rule_options by finish_config()
    bool first_given = false;    // --first given (else drawn at random)
    std::vector<SeatSpec> seats; // one per player after finish_config()
    bool seats_given = false;
    int level = ai::kDefaultLevel;
    int movetime_ms = ai::kDefaultMovetimeMs;
    std::uint64_t seed = 0;
    bool seed_given = false;
    std::string load_path;
    std::string solo; // --solo: the puzzle's name (empty: a game of Halma)
    bool resume = false;
    bool ascii = false;
    bool no_color = false;
    bool no_mouse = false;
    bool engine = false;
    bool help = false;
    bool version = false;
};

// Reads "human", "ai" or "ai:LEVEL" (default_level for a bare "ai"). Returns an empty
// string or what is wrong.
[[nodiscard]] std::string parse_seat(const std::string& word, int default_level, SeatSpec& out);

// Reads a comma-separated seat list. Returns an empty string or what is wrong.
[[nodiscard]] std::string parse_seats(const std::string& list, int default_level,
                                      std::vector<SeatSpec>& out);

// Writes seats as the record header value: "human ai:3".
[[nodiscard]] std::string seats_text(const std::vector<SeatSpec>& seats);

// Reads the command line into out. Returns an empty string, or what is wrong with it.
[[nodiscard]] std::string parse_command_line(int argc, const char* const* argv, Config& out);

// Builds the rules and fills in the seats after parsing; the first player stays as given
// (or player 1 when it is to be drawn). Returns an empty string or what is wrong.
[[nodiscard]] std::string finish_config(Config& cfg);

// The --help text.
[[nodiscard]] const char* help_text();

} // namespace halma::tui
