// The computer's thinking on a worker thread (the AI's move in a game, the solver's in a
// puzzle; hints too): the main loop starts a search, keeps serving the keyboard, and learns
// that the move is ready when the worker writes to an eventfd it polls.
#pragma once

#include "halma.hpp"
#include "halma/ai/limits.hpp"
#include "play/computer.hpp"

#include <atomic>
#include <thread>

namespace halma::play {

class AiWorker {
  public:
    AiWorker();
    ~AiWorker();
    AiWorker(const AiWorker&) = delete;
    AiWorker& operator=(const AiWorker&) = delete;

    // The descriptor that becomes readable when a move is ready.
    [[nodiscard]] int fd() const noexcept { return fd_; }
    [[nodiscard]] bool busy() const noexcept { return thread_.joinable(); }
    // What the search is for (the loop's own tag), valid while busy.
    [[nodiscard]] int purpose() const noexcept { return purpose_; }

    // Starts choosing the computer's move for a copy of game; signals stay with the main
    // thread.
    void start(const Game& game, ai::Limits limits, int purpose);

    // Collects the chosen move, with what is known about it, once fd() is readable.
    [[nodiscard]] solo::Hint finish();

    // Stops a search in progress and waits for the thread.
    void cancel();

  private:
    int fd_ = -1;
    int purpose_ = 0;
    Game game_;
    solo::Hint result_;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

} // namespace halma::play
