// How a joiner's invite code reaches halma without other users of the machine seeing it.
// A command line can be read by every user (ps, /proc/PID/cmdline), so the code comes from
// the environment (HALMA_CODE, which only the same user can read) or is asked for at the
// terminal with echo off; one given on the command line anyway is wiped from it.
#pragma once

#include "net/client.hpp"
#include "net/rendezvous.hpp"

#include <string>

namespace halma::start {

// The environment variable that holds an invite code.
constexpr const char* kCodeVariable = "HALMA_CODE";

// What halma says when the code was given on the command line.
constexpr const char* kCodeOnCommandLine =
    "warning: an invite code on the command line can be read by every user of this machine "
    "(ps) until halma wipes it; set HALMA_CODE or let halma ask for it instead";

// Joins or watches a game (Client::open): when its host is another user, a code is needed,
// and it is the one given, else $HALMA_CODE, else asked for on the terminal (standard input)
// with echo off. Nothing is asked for a game of your own, or before the address's user is
// checked. Returns an empty string or the error; asked is set when the code was asked for.
[[nodiscard]] std::string join_with_code(net::Rendezvous& dir, net::Client& client,
                                         const std::string& address, net::Role role, int seat,
                                         const std::string& given, bool& asked);

// What to say of a host's refusal of a code: its lock-out, or a wrong code (from HALMA_CODE
// when none was given), in words that say what to do; any other refusal as it is.
[[nodiscard]] std::string code_refusal(const std::string& refusal, const std::string& game,
                                       const std::string& given);

// A code for a game on another host: the one given, else $HALMA_CODE, else "".
[[nodiscard]] std::string given_or_set_code(const std::string& given);
// Asks for the code of a game at the terminal with echo off; false when it cannot be asked
// (the answer may still be empty: the caller says what that means).
[[nodiscard]] bool ask_code(const std::string& game, std::string& code);

// Says at the terminal that the code typed was wrong, before it is asked for again.
void say_wrong_code();

// Overwrites a command-line word in place, so that ps and /proc/PID/cmdline no longer show
// what it said.
void wipe_argument(char* word) noexcept;

} // namespace halma::start
