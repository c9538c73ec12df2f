// What sshd runs for the club's door account: the keys command, and a key's session up to
// the lobby. No curses here: a newcomer chooses a name at the terminal line by line, before
// any screen starts.
//
//   halma [--club-dir DIR] --door-keys USER TYPE KEY FINGERPRINT
//       sshd's AuthorizedKeysCommand (%u %t %k %f): for the door's account, the key's
//       authorized_keys line (door/door.hpp), or for a closed club only when the key is a
//       player's; nothing else is ever printed, whatever is wrong (that goes to stderr).
//   halma --club-dir DIR --door FINGERPRINT
//       the forced command of that line: the club for the key. A command the session asked
//       for (SSH_ORIGINAL_COMMAND) is one of the club's shell verbs or refused in one line;
//       watch N opens the lobby's screen on that game.
//       Otherwise, on a terminal, the key's player comes in (a newcomer first chooses a name
//       or gives a code from addkey) and the lobby takes over.
#pragma once

#include "net/connection.hpp"

#include <string>

namespace halma::start {

// halma --door-keys: the words after it (USER TYPE KEY FINGERPRINT), the club's directory
// (--club-dir, or found), and this program's absolute path for the forced command.
// Returns the exit status.
[[nodiscard]] int run_door_keys(const std::string& program, const std::string& club_dir,
                                const std::string& words);

// halma --door, up to the lobby. A session's command is answered and the run ends (done set,
// the exit status returned), but for `watch N` at a terminal. Otherwise the key's player is
// known, a newcomer having chosen a name at the terminal, and the terminal is ready for the
// lobby's screen (watch: a game to watch at once, or 0). Returns 0, or the exit status after
// saying what is wrong.
[[nodiscard]] int open_door(const std::string& club_dir, const std::string& fingerprint, bool& done,
                            long long& watch);

// The locale to give the door's terminal for its characters, from the client's LC_ALL,
// LC_CTYPE and LANG as sshd passed them (nullptr or empty: not sent): "" to keep what they
// name, a locale this host has; "C.UTF-8" when they name none (ssh sends them only where the
// client's SendEnv and the server's AcceptEnv agree, and terminals today speak UTF-8) or a
// UTF-8 one this host lacks. --ascii still draws in plain ASCII.
[[nodiscard]] std::string door_locale(const char* lc_all, const char* lc_ctype, const char* lang);

// Reaches the club for the key's player: a socket that has said which key it speaks for,
// ready for the lobby's hello (fd set), or why not. The lobby's way in, and back after a loss.
[[nodiscard]] std::string dial_door(const std::string& club_dir, const std::string& fingerprint,
                                    net::UniqueFd& fd);

} // namespace halma::start
