// The club from the shell: `halma --club VERB ...` asks the club's server and prints one line
// an item (games, ratings, history [NAME], record ID, notify), or copies the database
// (backup FILE); `halma --club-server` is the server in the foreground. When no server
// answers, the first command starts one in the background in the club's directory, if the
// directory is the user's to create or already theirs (notify never starts one: a club that
// is down makes it print nothing, at once).
#pragma once

#include "net/fd.hpp"

#include <string>
#include <vector>

namespace halma::club {

// Connects to the club (the directory as --club-dir, $HALMA_CLUB_DIR or the default find it),
// starting its server as the shell's verbs do when none answers. The lobby reaches the club
// through here. Returns an empty string or why not.
[[nodiscard]] std::string dial_club(const std::string& club_dir, net::UniqueFd& fd);

// halma --club WORDS...: returns the exit status (0; 1 on a failure, said on standard error;
// 2 for a verb that is not one).
[[nodiscard]] int run_club_command(const std::string& club_dir,
                                   const std::vector<std::string>& words);

// halma --club-server: serves in the foreground until a signal ends it. Returns the exit status.
[[nodiscard]] int run_club_server(const std::string& club_dir);

} // namespace halma::club
