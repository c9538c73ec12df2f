#include "play/ai_worker.hpp"

#include "play/computer.hpp"

#include <csignal>
#include <cstdint>
#include <pthread.h>
#include <stdexcept>
#include <sys/eventfd.h>
#include <unistd.h>

namespace halma::play {

AiWorker::AiWorker() : fd_(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
    if (fd_ < 0) throw std::runtime_error("cannot create an eventfd for the AI thread");
}

AiWorker::~AiWorker() {
    cancel();
    close(fd_);
}

void AiWorker::start(const Game& game, ai::Limits limits, int purpose) {
    cancel();
    game_ = game;
    purpose_ = purpose;
    stop_ = false;
    limits.stop = &stop_;
    // The thread inherits a mask with every signal blocked, so they reach the main loop.
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    thread_ = std::thread([this, limits] {
        result_ = play::computer_hint(game_, limits);
        std::uint64_t one = 1;
        while (write(fd_, &one, sizeof one) < 0 && errno == EINTR) {
        }
    });
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

solo::Hint AiWorker::finish() {
    std::uint64_t count;
    while (read(fd_, &count, sizeof count) < 0 && errno == EINTR) {
    }
    if (thread_.joinable()) thread_.join();
    return result_;
}

void AiWorker::cancel() {
    if (!thread_.joinable()) return;
    stop_ = true;
    thread_.join();
    std::uint64_t count;
    (void)!read(fd_, &count, sizeof count);
}

} // namespace halma::play
