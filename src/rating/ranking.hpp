// How a club game ended, as ratings see it: the finishing order of its seats, and the rating
// changes it brings, each pair of opponents (partners as one side) being one result.
//
// The order: the winners first (a winning partnership both); in a game of three or four
// without partners the rest by the pieces they have in their target camp (more is better;
// equal counts tie), those the evacuation rule put out below them; a draw ties everyone;
// players who resigned or ran out of time come last, level with each other.
#pragma once

#include "halma.hpp"
#include "rating/glicko.hpp"

#include <string>
#include <vector>

namespace halma::club {

// The rank of each seat (0 the best; equal ranks tie). out: the seats that resigned or ran
// out of time. conceded: a seat whose resignation or timeout ended the game for its side
// (a game of two, or of partners), or -1 when the game ended on the board or by everyone
// else going out.
[[nodiscard]] std::vector<int> finishing_ranks(const Game& game, const std::vector<bool>& out,
                                               int conceded);

// The order as the wire writes it: seats from 1, best first, '>' between ranks and '='
// within one ("2>1", "3>1=2").
[[nodiscard]] std::string order_text(const std::vector<int>& ranks);

// Reads order_text() back into ranks for this many seats; empty when it is not one.
[[nodiscard]] std::vector<int> ranks_of_order(const std::string& order, int seats);

// Ends a game that the board has not ended as a club's result says: the finishing order
// and how (resign, time, left, agreement, abort), about seat conceded (-1: the last ranked).
// Nothing changes for a game already over, or for another how.
void conclude_as(Game& game, const std::string& order, const std::string& how, int conceded);

// The ratings after a rated game: seat i played by players[i] (several seats may be the same
// player, who then has no result against themselves) rated before[i] before it. Every pair
// of seats not on one side is a result: 1 to the better rank, 0.5 each for a tie. A player's
// results all go into one rating period. Returns the new rating of each seat's player.
[[nodiscard]] std::vector<Rating> rate_game(const Rules& rules, const std::vector<int>& ranks,
                                            const std::vector<long long>& players,
                                            const std::vector<Rating>& before);

} // namespace halma::club
