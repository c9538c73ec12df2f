// A game judged move by move by the race meter's planner (race.hpp): each position's line for
// every seat, so that each move has a cost (the moves of race it lost against the planner's
// best move there), the chart has every player's moves to go after every move, and each
// player's costliest moves can be listed. Each seat's plan is carried on from one position to
// the next (carried_lines) and kept where the planner finds nothing shorter, so a figure rises
// only by what the move played lost, not because the search lost its way in a new position.
// The positions are judged one at a time, by whoever
// holds the analysis (a worker thread, the protocol), so that the work can be shown as it
// goes. No curses here.
#pragma once

#include "halma.hpp"
#include "think/race.hpp"

#include <vector>

namespace halma::think {

// Which seats an analysis judges in each position: every seat (the review's chart), or only
// the movers on either side of it (the protocol's costs need no more).
enum class Judged { Every, Movers };

class Analysis {
  public:
    Analysis() = default;
    // The positions of `whole`, from its start to its end, to be judged.
    explicit Analysis(const Game& whole, Judged seats = Judged::Every);

    // Takes whole as the game to judge from now on: a game with the same start, the moves
    // both have made in common keeping what was judged of them (a move taken back or played
    // on since drops or adds the rest).
    void follow(const Game& whole);

    // The game's moves; its positions are one more.
    [[nodiscard]] int moves() const noexcept { return static_cast<int>(movers_.size()); }
    [[nodiscard]] int judged() const noexcept { return static_cast<int>(lines_.size()); }
    [[nodiscard]] bool complete() const noexcept { return judged() == moves() + 1; }
    // The position to judge next (after judged() moves), as a game: complete() must be false.
    [[nodiscard]] Game next_position() const;
    // The seats to judge there (complete() must be false).
    [[nodiscard]] std::vector<bool> next_seats() const;
    // Each seat's last plan judged, carried on to that position past the moves since: the
    // lines the planner checks there, so that a figure never rises by more than what the
    // move played lost (the meter's own move takes one off, a move taken back one on).
    [[nodiscard]] std::vector<KnownLines> next_known() const;
    // Keeps the lines of the position next_position() gave.
    void add(std::vector<SeatRace> lines) { lines_.push_back(std::move(lines)); }

    // Who made move i (0-based: the move from position i to i + 1).
    [[nodiscard]] Seat mover(int i) const { return movers_[static_cast<std::size_t>(i)]; }
    // The moves of race move i lost against the best there (0: as good), -1 while unknown.
    [[nodiscard]] int cost(int i) const;
    // The planner's best move in position i for the player to move there (none if unknown).
    [[nodiscard]] Move best(int i) const;
    // Each seat's line in a position judged (0 <= position < judged()).
    [[nodiscard]] const std::vector<SeatRace>& lines(int position) const {
        return lines_[static_cast<std::size_t>(position)];
    }
    // A seat's moves to go after `position` moves (a RaceValue while unknown or out).
    [[nodiscard]] int figure(int position, Seat seat) const;
    // A seat's costliest moves, the dearest first (ties: the earlier first), at most n, each
    // costing at least min_cost.
    [[nodiscard]] std::vector<int> costliest(Seat seat, int n, int min_cost = 1) const;

  private:
    Judged seats_ = Judged::Every;
    Game start_;
    std::vector<Move> played_;
    std::vector<Seat> movers_;
    std::vector<std::vector<SeatRace>> lines_; // per position judged, per seat
};

// The price of one move of a game: what the meter's plan played instead, and the moves of
// race it cost its mover against that (0 when it was as good, when it was a pass, or when
// there was no plan to price it against).
struct MoveCost {
    Seat seat = 0; // who played it
    Move move;     // the move played
    Move best;     // the plan's first move there (Move::none() when none)
    int cost = 0;
};

// The plans of the seats chosen (true in seats, seat by seat) in game's position, each
// seat's known lines (next_known) checked too; the others read kRaceUnknown. stop cuts the
// work short.
[[nodiscard]] std::vector<SeatRace> judge_seats(const Game& game, const std::vector<bool>& seats,
                                                const std::vector<KnownLines>& known,
                                                std::uint64_t nodes = kRaceNodes,
                                                const std::atomic<bool>* stop = nullptr);

// Judges every position a has not judged yet, in order; stop cuts the work short.
void judge_rest(Analysis& a, std::uint64_t nodes = kRaceNodes,
                const std::atomic<bool>* stop = nullptr);

// Every move of game priced, in order, as a (an analysis of game) judged them; a move is priced
// once the positions on both sides of it are judged.
[[nodiscard]] std::vector<MoveCost> move_costs(const Game& game, const Analysis& a);

// Every move of the game's history priced, in order, by an Analysis of every seat judged
// here (as the panel judges them). stop cuts the work short (the list is then cut short too).
[[nodiscard]] std::vector<MoveCost> analyse(const Game& game, std::uint64_t nodes = kRaceNodes,
                                            const std::atomic<bool>* stop = nullptr);

} // namespace halma::think
