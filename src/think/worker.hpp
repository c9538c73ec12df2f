// Work on a thread of its own that the loop learns has ended when an eventfd it polls becomes
// readable, so the loop never waits for it: the computer's thinking (ai_worker.hpp) and the
// race meter (race_meter.hpp) each run on one.
#pragma once

#include <atomic>
#include <functional>
#include <thread>

namespace halma::think {

class Worker {
  public:
    // What a worker runs: it returns soon after stop is set.
    using Job = std::function<void(const std::atomic<bool>& stop)>;

    Worker();
    ~Worker();
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

    // The descriptor that becomes readable when the job has ended.
    [[nodiscard]] int fd() const noexcept { return fd_; }
    [[nodiscard]] bool busy() const noexcept { return thread_.joinable(); }

    // Runs job on the thread, after stopping one under way; signals stay with the main
    // thread.
    void start(Job job);
    // Waits for the thread once fd() is readable.
    void finish();
    // Stops the job under way, if any, and waits for the thread.
    void cancel();

  private:
    int fd_ = -1;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

} // namespace halma::think
