// The race meter as the loop runs it: each player's moves to go (think/race.hpp) for the
// position shown, worked out on a worker thread whenever that position changes, so that the
// keys stay live, and kept for positions seen before (a review steps back and forth). When
// the position one move before was worked out, each player's plan there is carried past
// that move (think::carried_lines), as the review's analysis carries it, so that a good move
// does not make its mover's figure jump because the search lost its way.
#pragma once

#include "halma.hpp"
#include "think/race.hpp"
#include "think/worker.hpp"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace halma::think {

class RaceMeter {
  public:
    // nodes: the positions the planner may make for each seat's figure.
    explicit RaceMeter(std::uint64_t nodes = think::kRaceNodes) : nodes_(nodes) {}

    // Whether the meter is shown at all (the race-meter setting).
    void turn_on(bool on) noexcept { on_ = on; }
    [[nodiscard]] bool on() const noexcept { return on_; }

    // The descriptor that becomes readable when numbers are ready.
    [[nodiscard]] int fd() const noexcept { return worker_.fd(); }
    [[nodiscard]] bool busy() const noexcept { return worker_.busy(); }

    // Asks for the numbers of game's position: nothing to do when they are known or on the
    // way, else the work starts (what was under way for another position stops).
    void want(const Game& game);
    // Stops the work under way, if any (the review's analysis gives the figures there, and
    // a position asked for before the review opened would go on being planned for nothing).
    void rest();
    // Keeps the numbers the worker has made, once fd() is readable.
    void finished();
    // The numbers for game's position, or nullptr while they are not known.
    [[nodiscard]] const std::vector<int>* numbers(const Game& game) const;

  private:
    // What the numbers of a position depend on: the pieces, the moves made, who is done.
    [[nodiscard]] static std::uint64_t key_of(const Game& game);

    static constexpr std::size_t kKept = 1024; // positions remembered, then forgotten at once
    static constexpr int kMostCarried = 16;    // moves a plan is carried past, beyond: afresh

    struct Judged {
        std::vector<int> numbers;
        std::vector<think::SeatRace> plans;
    };
    std::uint64_t nodes_;
    bool on_ = true;
    std::unordered_map<std::uint64_t, Judged> known_;
    std::uint64_t working_on_ = 0;
    Game next_;                // a position asked for while the one before it was worked out
    bool next_wanted_ = false; // and whether it is still wanted
    Game game_;                // the copy the worker reads
    std::vector<think::KnownLines> carried_; // and the lines it checks
    std::vector<think::SeatRace> result_;    // what it writes
    think::Worker worker_;                   // last: its thread ends before what it reads goes
};

} // namespace halma::think
