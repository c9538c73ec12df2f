// The club from the shell: `halma --club VERB ...` asks the club's server and prints one line
// an item (games, ratings, history [NAME], record ID, notify, addkey), or copies the database
// (backup FILE); `halma --club-server` is the server in the foreground. When no server
// answers, the first command starts one in the background in the club's directory, if the
// directory is the user's to create or already theirs (notify never starts one: a club that
// is down makes it print nothing, at once).
#pragma once

#include "net/connection.hpp"
#include "net/fd.hpp"

#include <chrono>
#include <string>
#include <vector>

namespace halma::club {

// Connects to the club (the directory as --club-dir, $HALMA_CLUB_DIR or the default find it),
// starting its server as the shell's verbs do when none answers. The lobby reaches the club
// through here. Returns an empty string or why not.
[[nodiscard]] std::string dial_club(const std::string& club_dir, net::UniqueFd& fd);

// The next message from the club, waiting for it until end. Returns an empty string (m set)
// or why there is none: the club hung up, sent a bad line, or did not answer in time.
[[nodiscard]] std::string next_message(net::Connection& conn,
                                       std::chrono::steady_clock::time_point end, net::Message& m);

// Connects to the club in dir, starting its server when none answers and start allows (the
// directory is the user's to start one in). Returns an empty string (fd and the server's uid
// set), or why not (nobody set when no server answered).
[[nodiscard]] std::string reach_club(const std::string& dir, bool start, net::UniqueFd& fd,
                                     uid_t& server, bool& nobody);

// The shell verbs over a connection to the club made already and not yet greeted: the
// door's (which has said whose key it speaks for) or a relay's through ssh. Prints the
// answer as run_club_command does; returns the exit status.
[[nodiscard]] int answer_club_words(net::Connection& conn, const std::vector<std::string>& words);

// halma --club WORDS...: returns the exit status (0; 1 on a failure, said on standard error;
// 2 for a verb that is not one). backup, export and import work on the store itself (store:
// --club-store, or empty for the one the directory keeps).
[[nodiscard]] int run_club_command(const std::string& club_dir, const std::string& store,
                                   const std::vector<std::string>& words);

// halma --club WORDS... @HOST: the same verbs (but backup) asked of the club on another host,
// through `ssh HOST COMMAND --relay club`. Returns the exit status.
[[nodiscard]] int run_remote_club_command(const std::string& host, const std::string& command,
                                          const std::vector<std::string>& words);

// halma --club-server: serves in the foreground until a signal ends it. Returns the exit status.
[[nodiscard]] int run_club_server(const std::string& club_dir, const std::string& store);

} // namespace halma::club
