// Where a club lives and how it is reached: its directory (the database, the socket
// "club.sock", the lock that keeps to one server, the server's log), found from
// --club-dir, $HALMA_CLUB_DIR, the system club /var/lib/halma when one is installed there,
// or "club" in the user's state directory.
#pragma once

#include "net/fd.hpp"

#include <string>
#include <sys/types.h>

namespace halma::club {

constexpr const char* kClubDirVariable = "HALMA_CLUB_DIR";
constexpr const char* kSystemClubDir = "/var/lib/halma";
constexpr const char* kSocketFile = "club.sock";
constexpr const char* kLockFile = "club.lock";
constexpr const char* kLogFile = "club.log";

// The club's directory: given (--club-dir), else the variable, else the system club when
// its database is there, else the state directory's. Returns an empty string (out set) or
// why there is none.
[[nodiscard]] std::string find_club_dir(const std::string& given, std::string& out);

// Whose club a directory holds and where, for the lobby's header: "your own club, DIR" when
// this user owns it (or it is still to be made), "the host's club, DIR" for the system
// club, else "OWNER's club, DIR"; DIR under $HOME is written with "~".
[[nodiscard]] std::string describe_club_dir(const std::string& dir);

// A club reached through ssh on another host: "club@HOST" (a login before the host left out).
[[nodiscard]] std::string describe_remote_club(const std::string& host);

// Connects to the club's socket without waiting: a server that is not there is refused at
// once. Checks that the process answering owns the socket. Returns an empty string (out and
// server set) or why not; refused is true when nobody listens (no socket, or a dead one).
[[nodiscard]] std::string connect_club(const std::string& dir, net::UniqueFd& out, uid_t& server,
                                       bool& refused);

// Takes the directory for a server: made if missing (0755: other users reach the socket),
// the lock taken (another server running there is refused), and the socket made, open to
// every local user. Returns an empty string (lock and listener set) or why not.
[[nodiscard]] std::string claim_club_dir(const std::string& dir, net::UniqueFd& lock,
                                         net::UniqueFd& listener);

} // namespace halma::club
