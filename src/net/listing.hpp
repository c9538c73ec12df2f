// `halma --games`: the games open in the rendezvous directory. Each game's host is asked
// ("info") for its name, host, variant, free seats and watchers, all at once, with one
// bound on the wait, so a stopped or hung host cannot hold up the list.
#pragma once

#include "net/rendezvous.hpp"

#include <string>
#include <vector>

namespace halma::net {

// One open game as its host describes it.
struct ListedGame {
    std::string name;    // the game's name (halma --join NAME)
    std::string host;    // the host's login name, as the kernel tells
    std::string variant; // "2 players 8x8", ...
    int free = 0;        // remote seats nobody has taken
    int watchers = 0;
};

// Asks every game in the directory about itself, waiting at most wait_ms for the answers.
// A game that does not answer in time is left out; a dead game's socket of yours is
// removed on the way.
[[nodiscard]] std::vector<ListedGame> list_games(Rendezvous& dir, int wait_ms);

// The listing as `halma --games` prints it: a header line and a line a game, or a line
// saying there are none (and where it looked).
[[nodiscard]] std::string listing_text(const std::vector<ListedGame>& games,
                                       const std::string& dir);

} // namespace halma::net
