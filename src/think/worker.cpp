#include "think/worker.hpp"

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <pthread.h>
#include <stdexcept>
#include <sys/eventfd.h>
#include <unistd.h>

namespace halma::think {

Worker::Worker() : fd_(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
    if (fd_ < 0) throw std::runtime_error("cannot create an eventfd for a worker thread");
}

Worker::~Worker() {
    cancel();
    close(fd_);
}

void Worker::start(Job job) {
    cancel();
    stop_ = false;
    // The thread inherits a mask with every signal blocked, so they reach the main loop.
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    thread_ = std::thread([this, job = std::move(job)] {
        job(stop_);
        std::uint64_t one = 1;
        while (write(fd_, &one, sizeof one) < 0 && errno == EINTR) {
        }
    });
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

void Worker::finish() {
    std::uint64_t count;
    while (read(fd_, &count, sizeof count) < 0 && errno == EINTR) {
    }
    if (thread_.joinable()) thread_.join();
}

void Worker::cancel() {
    if (!thread_.joinable()) return;
    stop_ = true;
    thread_.join();
    std::uint64_t count;
    (void)!read(fd_, &count, sizeof count);
}

} // namespace halma::think
