// The club's door: anyone with an SSH key plays at `ssh play@HOST`. sshd asks
// `halma --door-keys` which keys may log in to the door's account (play) and forces every
// session of it to run `halma --door FINGERPRINT`; the club's server believes that one
// account, and nobody else, when it says which key a connection speaks for.
//
// This file holds what the keys command, the door and the server share, none of it doing
// any I/O but load_door_settings: the door's settings file in the club's directory,
//
//   # door.conf: the club's door (see THE DOOR in halma(6))
//   account: play        the Unix account sshd runs the door as
//   entry: open          open: any key comes in and chooses a name; closed: only keys
//                        that are a player's already
//   new-players-per-hour: 60         limits on strangers (DoorLimits: their defaults);
//   new-players-per-address: 5       0 for none
//   seeks-per-player: 5
//   games-per-player: 30
//   computer-games-per-player: 10
//   tournaments-per-player: 3        entered and not yet over
//
// the authorized_keys line the keys command answers with, a newcomer's name, and the
// commands a session may ask for instead of a terminal (SSH_ORIGINAL_COMMAND).
#pragma once

#include "halma/text.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace halma::club {

// The door's settings file in the club's directory.
constexpr const char* kDoorFile = "door.conf";
// The longest name a newcomer may choose.
constexpr std::size_t kMaxPlayerName = 20;
// How long a one-time code for another key lasts.
constexpr int kKeyCodeMinutes = 10;

// What the door's players may take, each a count per player or per address (but the first,
// which bounds the database's growth): enough for a small host to serve a thousand
// strangers, and none of them able to use a limit against another.
struct DoorLimits {
    int new_players_per_hour = 60;      // names taken at the door in any hour
    int new_players_per_address = 5;    // of these, from one client address
    int seeks_per_player = 5;           // open seeks at once
    int games_per_player = 30;          // games in play at once
    int computer_games_per_player = 10; // of these, against the computer
    int tournaments_per_player = 3;     // tournaments entered (not withdrawn) and not yet over
};

struct DoorSettings {
    std::string account; // the door's Unix account
    bool open = true;    // new keys come in (else only keys that are a player's)
    DoorLimits limits;
};

// The names of the limits in door.conf, as refusals name them.
constexpr const char* kNewPlayersPerHour = "new-players-per-hour";
constexpr const char* kNewPlayersPerAddress = "new-players-per-address";
constexpr const char* kSeeksPerPlayer = "seeks-per-player";
constexpr const char* kGamesPerPlayer = "games-per-player";
constexpr const char* kComputerGamesPerPlayer = "computer-games-per-player";
constexpr const char* kTournamentsPerPlayer = "tournaments-per-player";

// A limit's refusal: "limit NAME: N PER; FREES", short enough for the lobby's line at 80
// columns.
[[nodiscard]] std::string limit_refusal(const char* limit, int n, const char* per,
                                        const std::string& frees);

// Reads the settings file's text. Returns no error (out set) or what is wrong, with its line.
[[nodiscard]] TextError read_door_settings(std::string_view text, DoorSettings& out);

// Loads the club directory's door.conf when there is one (exists tells), refusing one that
// is not a regular file owned by root or by the directory's owner and written by nobody
// else. Returns an empty string (out set) or what is wrong, naming the file.
[[nodiscard]] std::string load_door_settings(const std::string& dir, DoorSettings& out,
                                             bool& exists);

// Why a newcomer may not take this name (not its shape: letters, digits, '_' and '-',
// starting with a letter, at most kMaxPlayerName), or an empty string. Whether someone has it
// already is the server's to say.
[[nodiscard]] std::string name_fault(std::string_view name);

// The line of authorized_keys format that lets one key in to the door: no forwarding of any
// kind, a terminal, and only `PROGRAM --club-dir DIR --door FINGERPRINT` run. Returns an
// empty string (out set) or why there is none: a type, key or fingerprint that is not one,
// a certificate, or a program or directory whose path cannot stand in the line.
[[nodiscard]] std::string door_key_line(std::string_view program, std::string_view club_dir,
                                        std::string_view type, std::string_view key,
                                        std::string_view fingerprint, std::string& out);

// What a session asks for instead of a terminal (SSH_ORIGINAL_COMMAND): one of the club's
// shell verbs, as `halma --club` reads them (games, ratings, history [NAME], record N,
// addkey), or watch N. Returns an empty string (words set) or the one line refusing it.
[[nodiscard]] std::string read_door_command(std::string_view command,
                                            std::vector<std::string>& words);

} // namespace halma::club
