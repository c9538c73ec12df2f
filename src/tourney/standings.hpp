// A tournament's standings and pairings as text of at most kColumns columns (no line starts
// with a blank: the wire trims them), for `tournament
// standings` and `tournament pairings` and the lobby alike.
//
// The standings: a line saying whether the event is under way or finished, then a line per
// player: place, name, points, then the tie-breaks and a cell per round (the crosstable).
// The tie-breaks: Buchholz, the sum of the points of everyone the player met (table-mates
// too), then Sonneborn-Berger, the sum of the points of those the player finished ahead of,
// half of those finished level with; a bye and a computer's seat add nothing. Then the
// rating the event started with, then the order they joined: each place is one player's, the
// number the crosstable names them by.
//
// A cell of a game of two: '+' won, '=' drawn, '-' lost (none while it is played), 'F' lost
// by forfeit (no first move made in time), the opponent's place, 'f' moved first or 's'
// second ("+3f", "F3f"); "+bye", a Swiss's bye; "rest", a round robin's. A cell of a table:
// its number and the place taken there ("t2/1": second table, first place; "t2" while it is
// played; "t2F" lost by forfeit). A withdrawn player's name ends in "(w)", and a last line
// says what that means.
#pragma once

#include "tourney/event.hpp"

#include <string>
#include <vector>

namespace halma::tourney {

struct Standing {
    int entrant = 0;
    double points = 0, buchholz = 0, sonneborn_berger = 0;
    int place = 0; // from 1
};

// Everyone who entered, best first.
[[nodiscard]] std::vector<Standing> standings_of(const Event& event);

// The widest line: a terminal of 80 columns shows it whole (its last column left free).
constexpr int kColumns = 79;

// The standings with their crosstable (the last rounds that fit when there are many).
[[nodiscard]] std::vector<std::string> standings_text(const Event& event);
// A round's pairings (round from 1), a line per game: the players in seat order (the first
// moves first) and the result ("1-0", "1/2", "playing"); at a table each name followed by
// the place taken once the game is over.
[[nodiscard]] std::vector<std::string> pairings_text(const Event& event, int round);
// The line that says where the event is: "evening: Swiss of 3 rounds, 6 players, round 2
// of 3 under way".
[[nodiscard]] std::string state_text(const Event& event);

} // namespace halma::tourney
