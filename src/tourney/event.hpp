// A tournament under way, as the pairing and the standings see it: its field, and the
// rounds paired so far with the results known. Pure: no I/O, no database.
//
// Scores: a game's result is its finishing order (club/ranking's ranks: 0 the best, equal
// ranks tie), scored by place: a game of two 1 and 0, a table of three 2, 1 and 0, of four 3,
// 2, 1 and 0; players who tie share the places they cover (a draw of two: a half each;
// partners, who finish level, share their side's places: 2.5 and 0.5). A Swiss's bye is
// worth a win (the top place); a round robin's rest, in an odd field, is worth nothing.
#pragma once

#include "tourney/words.hpp"

#include <string>
#include <vector>

namespace halma::tourney {

// A seat a computer fills in a table short of players: it plays, and is nobody's entrant.
constexpr int kComputer = -1;

struct Entrant {
    std::string name;     // the player's, or "ai:L" for a computer member
    double rating = 1500; // as it was when the tournament started: the pairing's order
    bool withdrawn = false;
};

// One game of a round: its seats in order (seat 0 moves first), each an entrant's number
// (its index in Event::entrants) or kComputer.
struct Board {
    std::vector<int> seats;
    std::vector<int> ranks;      // the finishing order, per seat; empty until it ends
    std::vector<bool> forfeited; // per seat: lost by a first move not made (empty: none)
    [[nodiscard]] bool over() const noexcept { return !ranks.empty(); }
    [[nodiscard]] bool forfeit(int seat) const {
        return seat < static_cast<int>(forfeited.size()) && forfeited[seat];
    }
};

struct Round {
    std::vector<Board> boards; // best first
    int bye = -1;              // the entrant who sits out this round (-1: none)
};

struct Event {
    std::string name;
    Description description;
    std::vector<Entrant> entrants; // in the order they joined
    std::vector<Round> rounds;     // paired so far, in order
    bool finished = false;

    [[nodiscard]] int table_size() const noexcept { return description.table_size(); }
    // The rounds it plays: a Swiss's as described; a round robin's the field's (n - 1 for an
    // even field, n for an odd one).
    [[nodiscard]] int planned_rounds() const noexcept;
    // Whether every game of every round paired so far has ended.
    [[nodiscard]] bool rounds_over() const noexcept;
};

// The points of the place a seat took in a game over (doubles hold halves and quarters
// exactly).
[[nodiscard]] double place_points(const Board& board, int seat);
// The place a seat took in a game over, from 1 (players level share the best of theirs).
[[nodiscard]] int place_at(const Board& board, int seat);
// What a bye is worth in this event.
[[nodiscard]] double bye_points(const Event& event);
// An entrant's points over the rounds paired so far.
[[nodiscard]] std::vector<double> points_of(const Event& event);

} // namespace halma::tourney
