// A game's analysis as a loop runs it (the review's, the club server's): the positions judged
// one at a time on a worker thread (analysis.hpp), each ending wakes the loop, which keeps it
// and starts the next, so that the loop stays live and the progress can be shown. A game
// judged once is kept while it is judged again. In the background (the server) the worker
// runs at the lowest priority.
#pragma once

#include "think/analysis.hpp"
#include "think/worker.hpp"

#include <cstdint>
#include <vector>

namespace halma::think {

class GameJudge {
  public:
    GameJudge() = default;
    explicit GameJudge(bool background) : background_(background) {}

    // The descriptor that becomes readable when a position is judged.
    [[nodiscard]] int fd() const noexcept { return worker_.fd(); }
    [[nodiscard]] bool busy() const noexcept { return worker_.busy(); }

    // Judges the whole of game (nothing new when it is the game judged already).
    void judge(const Game& game);
    // Takes kept, a complete analysis of game, as judged.
    void adopt(const Game& game, Analysis kept);
    // Whether game is the one judged, and judged whole.
    [[nodiscard]] bool judged_whole(const Game& game) const;
    // Stops the work (the positions judged are kept).
    void stop() {
        worker_.cancel();
        trying_ = false;
    }
    // Keeps the position the worker judged, once fd() is readable, and starts the next.
    void finished();
    // The analysis so far (empty before judge()).
    [[nodiscard]] const Analysis& analysis() const noexcept { return analysis_; }

    // Judges one position apart from the game (a move tried while learning: the game's
    // position after the tried move's mover's last move, and that move), once the game is
    // judged; its lines come with finished(). The mover's plan before the move is carried
    // past it, as the analysis carries its plans. The lines of the last one judged, or nullptr
    // while it is at work.
    void judge_try(const Game& position);
    [[nodiscard]] const std::vector<SeatRace>* tried() const noexcept {
        return trying_ ? nullptr : &tried_lines_;
    }

  private:
    bool background_ = false;
    // The worker judges position into lines_, each seat's known lines checked too.
    void start(Game position, std::vector<KnownLines> known);
    void next();

    std::uint64_t judged_key_ = 0; // the game being judged: its start, moves and end
    bool trying_ = false;          // the worker judges a try, not the game
    std::vector<SeatRace> tried_lines_;
    Analysis analysis_;
    Game position_;                 // the copy the worker reads
    std::vector<KnownLines> known_; // and the lines it checks
    std::vector<SeatRace> lines_;   // what it writes
    Worker worker_;                 // last: its thread ends before what it reads goes
};

} // namespace halma::think
