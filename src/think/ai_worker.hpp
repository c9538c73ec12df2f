// The computer's thinking on a worker thread (the AI's move in a game, the solver's in a
// puzzle; hints too): the main loop starts a search, keeps serving the keyboard, and learns
// that the move is ready when the worker's eventfd becomes readable.
#pragma once

#include "halma.hpp"
#include "halma/ai/limits.hpp"
#include "think/computer.hpp"
#include "think/worker.hpp"

namespace halma::think {

class AiWorker {
  public:
    // The descriptor that becomes readable when a move is ready.
    [[nodiscard]] int fd() const noexcept { return worker_.fd(); }
    [[nodiscard]] bool busy() const noexcept { return worker_.busy(); }
    // What the search is for (the loop's own tag), valid while busy.
    [[nodiscard]] int purpose() const noexcept { return purpose_; }

    // Starts choosing the computer's move for a copy of game.
    void start(const Game& game, ai::Limits limits, int purpose);

    // Collects the chosen move, with what is known about it, once fd() is readable.
    [[nodiscard]] solo::Hint finish();

    // Stops a search in progress and waits for the thread.
    void cancel() { worker_.cancel(); }

  private:
    int purpose_ = 0;
    Game game_;
    solo::Hint result_;
    Worker worker_; // last: its thread ends before the game it reads goes
};

} // namespace halma::think
