// The club's listings as people read them: a game line of the wire (net/wire.hpp) read into
// its parts, the time left to move, and a game said in one line. The shell's verbs and the
// lobby's screen both read games through here. No I/O.
#pragma once

#include "net/wire.hpp"

#include <string>
#include <vector>

namespace halma::club {

// One club game as a listing names it.
struct GameInfo {
    int id = 0;
    std::string state;              // seeking, playing or over
    int turn = 0;                   // the seat to move, from 1 (0: none)
    std::vector<std::string> seats; // a player's name, "ai:LEVEL", or "-" for an open seat
    // The pace, the time left to move when listed, rated or not, the finishing order ("" for
    // a withdrawn seek when over), how it ended, and a tournament's game's place.
    net::Terms terms;
    std::string variant;

    // Whether name sits in the game.
    [[nodiscard]] bool seats_player(const std::string& name) const;
    // Who is to move ("" when nobody is).
    [[nodiscard]] std::string to_move() const;
};

// Reads a game line (Verb::GameLine, as the wire's parser left it); false when it is not one.
[[nodiscard]] bool read_game(const net::Message& m, GameInfo& out);

// A seat's occupant in words: the name, "ai:3" (as a seek names the computer), or "(open)".
[[nodiscard]] std::string occupant_words(const std::string& seat);

// The players of a game, joined by ", ".
[[nodiscard]] std::string players_words(const GameInfo& g);

// How a finished game came out: "bob > alice (resigned)", "alice = bob"; "withdrawn" for a
// seek taken back.
[[nodiscard]] std::string outcome_words(const GameInfo& g);

// The terms of a game, short, as the lobby's rows show them: the variant ("2p 8x8", a
// rule that is not the usual one after it: "3p 16x16 camps=adjacent"), the pace ("live",
// "live 30s/move", "3 days/move", "clock 5m+3s") and "rated" or "unrated", two spaces apart.
[[nodiscard]] std::string variant_short(const GameInfo& g);
[[nodiscard]] std::string pace_short(const std::string& pace);
[[nodiscard]] std::string terms_short(const GameInfo& g);

// The family of variants the game is rated in (rating/families.hpp), from its seats and its board's
// size as the listing names them.
[[nodiscard]] std::string rating_family_of(const GameInfo& g);

// The time left to move: "2d 04h", "3h 12m", "4m 05s", "45s".
[[nodiscard]] std::string time_left(long long seconds);

// One game as a line, as `halma --club games` and `history` print it: its number, players,
// whose move it is (with the time left) or how it ended, the variant, the pace, rated or not.
// me: the name of the person asking ("your move").
[[nodiscard]] std::string game_text(const GameInfo& g, const std::string& me);

} // namespace halma::club
