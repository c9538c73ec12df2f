#include "net/connection.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>

namespace halma::net {

namespace {
// Above this, an emptied output buffer gives its memory back: an idle watcher keeps room
// for a few lines, not for the record it was sent on joining.
constexpr std::size_t kKeptCapacity = 1024;
} // namespace

Connection::Connection(UniqueFd fd, std::size_t max_queued)
    : fd_(std::move(fd)), max_queued_(max_queued) {
    const int flags = fcntl(fd_.get(), F_GETFL);
    if (flags >= 0) (void)fcntl(fd_.get(), F_SETFL, flags | O_NONBLOCK);
}

short Connection::events() const noexcept { return POLLIN | (queued() ? POLLOUT : 0); }

bool Connection::read_some(std::size_t max_bytes) {
    char buf[4096];
    for (std::size_t total = 0; open() && !at_eof_ && total < max_bytes;) {
        const ssize_t n = recv(fd_.get(), buf, sizeof buf, 0);
        if (n > 0) {
            decoder.feed({buf, static_cast<std::size_t>(n)});
            total += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
        if (n == 0) {
            at_eof_ = true;
            return false;
        }
        // A reset: the other end closed with our lines unread; it is gone all the same.
        close(errno == ECONNRESET ? "the other end hung up"
                                  : std::string("read failed: ") + std::strerror(errno));
        return false;
    }
    return open();
}

bool Connection::send(std::string_view bytes) {
    if (!open()) return false;
    if (queued() + bytes.size() > max_queued_) {
        close("more than " + std::to_string(max_queued_ >> 10) + " KiB left unread");
        return false;
    }
    out_.append(bytes.data(), bytes.size());
    return flush();
}

bool Connection::flush() {
    while (open() && queued()) {
        const ssize_t n =
            ::send(fd_.get(), out_.data() + out_start_, queued(), MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            out_start_ += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        close(std::string("write failed: ") + std::strerror(n < 0 ? errno : EPIPE));
        return false;
    }
    if (out_start_ == out_.size()) {
        out_.clear();
        out_start_ = 0;
        if (out_.capacity() > kKeptCapacity) out_.shrink_to_fit();
    } else if (out_start_ > kKeptCapacity) {
        out_.erase(0, out_start_);
        out_start_ = 0;
    }
    return open();
}

void Connection::close(std::string why) {
    if (!open()) return;
    fd_.reset();
    why_closed_ = std::move(why);
    out_.clear();
    out_.shrink_to_fit();
    out_start_ = 0;
}

} // namespace halma::net
