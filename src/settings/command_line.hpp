// The front end's settings: seats, AI strength, rules and display options, read from the
// command line (or the new-game form) and written back as record headers. The command line
// is read from one table of options, which --help is written from too.
#pragma once

#include "halma/ai/limits.hpp"
#include "halma/options.hpp"
#include "halma/rules.hpp"
#include "settings/display.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace halma::settings {

// Who plays a seat: a person at the keyboard, the AI at a level, or (in a hosted game) a
// person who joins from another terminal.
struct SeatSpec {
    bool ai = false;
    int level = ai::kDefaultLevel;
    bool remote = false;
};

// What a run does: a game in the terminal unless an option names another mode. When two are
// given, the later in this list wins (--help over everything).
// The door's two modes come last: sshd runs them with a command line of their own, and no
// other option may change what they do.
enum class Mode {
    Play,
    Games,
    Club,
    ClubServer,
    Relay,
    Engine,
    Stats,
    Version,
    Help,
    Door,
    DoorKeys,
    DoorCheck
};

// How the board is drawn, and what the screen adds to it.
struct Display {
    bool ascii = false;
    bool no_color = false;
    bool no_mouse = false;
    Theme theme = Theme::Dark;
    bool race_meter = true;                     // each player's moves to go in the panel
    bool bell = false;                          // the terminal's bell when it becomes your turn
    Orientation orientation = Orientation::Own; // whose side is at the bottom
};

// Another host whose halma is reached through ssh: --join NAME@HOST, --watch NAME@HOST,
// --club [VERB] @HOST, and --remote-cmd, the program to run there.
struct RemoteTarget {
    std::string host;
    std::string command = "halma";
    bool command_given = false;
};

// The networked game to host, join or watch.
struct NetTarget {
    std::string host;      // --host: the name of the game to host
    std::string join;      // --join: the game to join
    std::string watch;     // --watch: the game to watch
    std::string code;      // the invite code given after --join or --watch NAME
    const char* code_at{}; // the command-line word it came from, to be wiped
    Seat seat = kNoSeat;   // --seat: the seat to join (kNoSeat: the first free one)
    RemoteTarget remote;   // @HOST: a game or the club on another host
};

// What sshd runs for the club's door: the keys command's words (--door-keys USER TYPE KEY
// FINGERPRINT) or the key a session speaks for (--door FINGERPRINT); and the words of
// --relay, which another host's halma runs here through ssh.
struct DoorTarget {
    std::string keys;
    std::string check; // --door-check's sshd configuration, or "" for sshd's own
    std::string fingerprint;
    std::string relay;
};

// The club: --club's words (a shell verb, or none for the lobby) and --club-dir.
struct ClubTarget {
    std::string words;
    std::string dir;
    std::string store; // --club-store: sqlite or postgresql:CONNINFO
    DoorTarget door;   // sshd's door into it
};

// The config file: --config FILE in place of the default, or --no-config.
struct ConfigFileChoice {
    std::string path;
    bool none = false;
};

// Everything the command line can set.
struct Config {
    Options rule_options;        // rule keys as options.hpp names them
    Rules rules;                 // built from rule_options by finish_config()
    bool first_given = false;    // --first given (else drawn at random)
    std::vector<SeatSpec> seats; // one per player after finish_config()
    bool seats_given = false;
    std::string seats_list;         // --seats as given, read by finish_config()
    std::vector<std::string> names; // --names: the people at the human seats, in seat order
    int level = ai::kDefaultLevel;
    int movetime_ms = ai::kDefaultMovetimeMs;
    std::uint64_t seed = 0;
    bool seed_given = false;
    std::string load_path;
    std::string review_path; // --review: a record to look back at
    std::string solo;        // --solo: the puzzle's name or file (empty: a game of Halma)
    bool resume = false;
    ConfigFileChoice config_file;
    Display display;
    NetTarget network;
    ClubTarget club;
    Mode mode = Mode::Play;
};

// What an option takes after its name: nothing (a switch), a value (the next word or after
// '='), or a value only when one follows that is not another option.
// NameThenWord: a value, and a further word when one follows that is not an option (given
// to apply as "VALUE WORD"). Words: every word that follows up to the next option, joined
// by spaces (none at all too).
enum class Takes { Nothing, Value, OptionalValue, NameThenWord, Words };

// One command-line option. What it sets is given by any of rule_key (the rule option it
// gives its value to), flag (the switch it turns on) and apply (anything else; returns an
// error or an empty string).
struct OptionSpec {
    const char* name;    // after "--"
    Takes takes;         // what follows the name
    const char* arg;     // how --help shows the value ("N", "LIST"), or ""
    const char* help;    // what --help says, lines joined by '\n'
    const char* group;   // the --help heading it stands under
    const char* implied; // the value when none is given (a switch's rule value, --solo's)
    const char* rule_key = nullptr;
    bool Config::*flag = nullptr;
    std::string (*apply)(Config& cfg, const std::string& value) = nullptr;
    char letter = 0; // a one-letter name after "-" ('h' for -h), or 0
};

// Every option, in the order --help lists them.
[[nodiscard]] const std::vector<OptionSpec>& option_specs();

// Reads "human", "remote", "ai" or "ai:LEVEL" (default_level for a bare "ai"). Returns an empty
// string or what is wrong.
[[nodiscard]] std::string parse_seat(const std::string& word, int default_level, SeatSpec& out);

// Reads a comma-separated seat list. Returns an empty string or what is wrong.
[[nodiscard]] std::string parse_seats(const std::string& list, int default_level,
                                      std::vector<SeatSpec>& out);

// The longest name --names takes, in characters.
inline constexpr std::size_t kMaxNameLength = 16;

// Reads a comma-separated list of names (--names): each 1 to kMaxNameLength printable ASCII
// characters, none a ',' or '#', blanks around it dropped; at most 4. Returns an empty
// string or what is wrong.
[[nodiscard]] std::string parse_names(const std::string& list, std::vector<std::string>& out);

// Each seat's name: the names given to the human seats in seat order, "" for every other
// seat (and for human seats past the last name).
[[nodiscard]] std::vector<std::string> seat_names(const std::vector<std::string>& names,
                                                  const std::vector<SeatSpec>& seats);

// Writes seats as the record header value: "human ai:3".
[[nodiscard]] std::string seats_text(const std::vector<SeatSpec>& seats);

// The long option's name for a rule option key, which the config file's key is too:
// "max-turns" for "maxturns".
[[nodiscard]] std::string option_name(std::string_view rule_key);

// The command line's name for a rule option key: "--max-turns" for "maxturns".
[[nodiscard]] std::string option_flag(std::string_view rule_key);

// The rule option key a long option gives its value to ("maxturns" for max-turns), or
// nullptr when it is not a rule option.
[[nodiscard]] const char* option_rule_key(std::string_view name);

// Reads the command line into out, over what out holds already (the config file's settings;
// a later option overrides an earlier one). Returns an empty string, or what is wrong with
// it: one line, the words it quotes with their control characters shown as '?'.
[[nodiscard]] std::string parse_command_line(int argc, const char* const* argv, Config& out);

// Builds the rules and fills in the seats after parsing; the first player stays as given
// (or player 1 when it is to be drawn). Returns an empty string or what is wrong (printable,
// as parse_command_line's messages are).
[[nodiscard]] std::string finish_config(Config& cfg);

// The column where --help starts each option's description; an option whose name and value
// leave no gap of two spaces before it stands on a line of its own, its description below.
constexpr std::size_t kHelpColumn = 20;

// The --help text, written from the option table.
[[nodiscard]] std::string help_text();

} // namespace halma::settings
