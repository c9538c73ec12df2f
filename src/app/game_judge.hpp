// The review's analysis as the loop runs it: the positions of the game reviewed judged one at
// a time on a worker thread (think/analysis.hpp), each ending wakes the loop, which keeps it
// and starts the next, so that the keys stay live and the progress can be shown. A game
// judged once is kept while it is reviewed again.
#pragma once

#include "think/analysis.hpp"
#include "think/worker.hpp"

#include <cstdint>
#include <vector>

namespace halma::app {

class GameJudge {
  public:
    // The descriptor that becomes readable when a position is judged.
    [[nodiscard]] int fd() const noexcept { return worker_.fd(); }
    [[nodiscard]] bool busy() const noexcept { return worker_.busy(); }

    // Judges the whole of game (nothing new when it is the game judged already).
    void judge(const Game& game);
    // Stops the work (the positions judged are kept).
    void stop() {
        worker_.cancel();
        trying_ = false;
    }
    // Keeps the position the worker judged, once fd() is readable, and starts the next.
    void finished();
    // The analysis so far (empty before judge()).
    [[nodiscard]] const think::Analysis& analysis() const noexcept { return analysis_; }

    // Judges one position apart from the game (a move tried while learning), once the game
    // is judged; its lines come with finished(). The lines of the last one judged, or nullptr
    // while it is at work.
    void judge_try(const Game& position);
    [[nodiscard]] const std::vector<think::SeatRace>* tried() const noexcept {
        return trying_ ? nullptr : &tried_lines_;
    }

  private:
    void start(Game position); // the worker judges position into lines_
    void next();

    std::uint64_t judged_key_ = 0; // the game being judged: its start, moves and end
    bool trying_ = false;          // the worker judges a try, not the game
    std::vector<think::SeatRace> tried_lines_;
    think::Analysis analysis_;
    Game position_;                      // the copy the worker reads
    std::vector<think::SeatRace> lines_; // what it writes
    think::Worker worker_;               // last: its thread ends before what it reads goes
};

} // namespace halma::app
