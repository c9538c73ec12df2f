// `halma --games`: the games open in the rendezvous directory. Each game's host is asked
// ("info") for its name, host, variant, free seats and watchers, all at once and without
// waiting to connect, with one bound on the wait for the answers, so that a stopped, hung or
// hostile process behind a socket cannot hold up the list.
#pragma once

#include "net/rendezvous.hpp"

#include <string>
#include <vector>

namespace halma::start {

// One open game as its host describes it.
struct ListedGame {
    std::string name;    // the game's name (halma --join NAME)
    std::string host;    // the host's login name, as the kernel tells
    std::string variant; // "2 players 8x8", ...
    int free = 0;        // remote seats nobody has taken
    int watchers = 0;
};

// What a listing found: the games that answered, and the names of the sockets whose process
// did not (busy, or stuck) in time.
struct Listing {
    std::vector<ListedGame> games;
    std::vector<std::string> silent;
};

// Asks every game in the directory about itself, connecting to each once and waiting at
// most wait_ms in all for the answers. A dead game's socket of yours is removed on the way.
[[nodiscard]] Listing list_games(net::Rendezvous& dir, int wait_ms);

// The listing as `halma --games` prints it: a header line and a line a game, or a line
// saying there are none (and where it looked), then the names that did not answer.
[[nodiscard]] std::string listing_text(const Listing& listing, const std::string& dir);

} // namespace halma::start
