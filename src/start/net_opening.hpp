// Getting a networked game ready before the screen starts: hosting (the socket open, the
// seats given out) or joining and watching (connected, admitted, the record read), and
// `halma --games`, and `halma --relay`, which another host's halma runs here. Whatever goes
// wrong is one line on standard error and exit status 1.
#pragma once

#include "net/client.hpp"
#include "net/host.hpp"
#include "settings/command_line.hpp"
#include "start/opening.hpp"

#include <memory>

namespace halma::start {

// What the loop takes over: the rendezvous directory and the host or the client.
struct NetOpening {
    std::unique_ptr<net::Rendezvous> dir;
    std::unique_ptr<net::Host> host;
    std::unique_ptr<net::Client> client;
    int seat = -1; // joined: the seat, from 0; watching: -1
};

// Hosts the opening's game when --host was given (or the resumed game was hosted). Returns
// 0, or the exit status after saying what is wrong.
[[nodiscard]] int host_game(Config& cfg, const Opening& opening, NetOpening& out);

// Joins or watches the game --join or --watch names: the game comes from its host.
// Returns 0, or the exit status after saying what is wrong.
[[nodiscard]] int join_game(Config& cfg, Opening& opening, NetOpening& out);

// halma --relay club | game NAME: what another host's halma runs here through ssh, carrying
// the wire between standard input and output and the club's socket or a game's (net/relay.hpp).
// Returns the exit status.
[[nodiscard]] int run_relay(const std::string& words);

// halma --games: prints the games open on this machine. Returns the exit status.
[[nodiscard]] int list_games_command();

} // namespace halma::start
