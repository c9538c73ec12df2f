// The pairing of a tournament's next round: deterministic, the same field and results giving
// the same round.
//
// Swiss for two: the players still in, ordered by points, then rating, then the order they
// joined. An odd player out sits out with a bye: the lowest so ordered who has had none. The
// rest are paired within each score group top half against bottom half (the first with the
// player half the group below it, ...), a player left over in a group meeting the best
// of the next; no two meet twice (a search that moves players along where the first choice
// would force a rematch, rematches allowed only when no pairing is without one). Who moves
// first: a player who moved first (or second) in both of the last two rounds does not a
// third time where the pairing can avoid it; then the one who has moved first less often,
// then the one who moved second last round, then the better placed on odd boards.
//
// Round robin (Berger tables): the players seeded by rating when it starts, each round the
// table of the FIDE's Berger pairing for that round, every pair once; an odd field adds a rest.
//
// Tables of three and four (Swiss): the players so ordered are seated table by table, each
// table the best still unseated with the next ones who have met none of its members where
// the field allows. A field that does not fill its tables has computer seats in the lowest
// ones, one a table from the bottom up. Each table's seats are turned: every player seated
// where they sat least often, never where they sat last round when another seat is free.
#pragma once

#include "tourney/event.hpp"

namespace halma::tourney {

// The level of the computer that fills a short table.
constexpr int kFillLevel = 3;

// Pairs the round after the event's last (every game before it ended).
[[nodiscard]] Round pair_next_round(const Event& event);

} // namespace halma::tourney
