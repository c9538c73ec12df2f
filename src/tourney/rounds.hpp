// Rounds that run themselves: a round's games begun at the club as soon as it is paired, each
// game's end kept as its board's result, and when a round's last game ends the next round
// paired and begun, or the tournament finished. The club gives the games (a Hall); every
// write is in the store's transaction, so that a round, its games and each result are kept
// together, and a server killed at any point resumes where the store says.
//
// Several servers of one club (PostgreSQL) hear a game's end each: the tournament's row is
// locked while a result is kept, and a result kept already is not kept again, so a round is
// paired once, by whichever server takes the row first.
#pragma once

#include "net/wire.hpp"
#include "store/store.hpp"
#include "tourney/records.hpp"

#include <string>
#include <vector>

namespace halma::tourney {

// Who sits in a seat of a tournament's game: a player, or the computer at a level.
struct Seating {
    long long player = 0;
    int ai_level = 0; // the computer's level (a computer member or a short table's), or 0
    std::string name;
};

// The club's side: the games of a tournament's rounds.
class Hall {
  public:
    virtual ~Hall() = default;
    // Begins a game of the tournament's game (its rules, pace and rating) with these seats in
    // order, seat 0 moving first, at a board of a round, and sets the board's game in the same
    // transaction as the game's row (a server of the club that reads the game knows it as the
    // tournament's at once); a first move not made in time loses the game (a forfeit); its
    // record says where it was played (label_of()). Returns its number.
    virtual long long begin_game(const Description& d, const std::vector<Seating>& seats,
                                 const BoardOf& at) = 0;
};

// Begins the games of the tournament's latest round.
void begin_round(club::Store& store, Hall& hall, Kept& k);

// A seat of a tournament's game lost by forfeit (its player made no first move in time):
// kept. A player who forfeits twice is withdrawn as their game ends.
void forfeited(club::Store& store, long long game, int seat);

// A game ended with this finishing order per seat (empty: called off, scored as a draw of
// everyone at the table) and these seats lost by forfeit: kept when the game is a
// tournament's; the next round follows when it was its round's last. Returns whether the
// game is a tournament's.
bool game_ended(club::Store& store, Hall& hall, long long game, const std::vector<int>& ranks,
                const std::vector<int>& forfeits, club::Millis now);

// What a tournament's game carries in its record: "evening round 2".
[[nodiscard]] std::string label_of(const BoardOf& at);
// Where a tournament's game is played as the lobby's game line says it: "evening/2/1" (the
// round and the board from 1; the first board is the top table).
[[nodiscard]] net::Place place_of(const BoardOf& at);

} // namespace halma::tourney
