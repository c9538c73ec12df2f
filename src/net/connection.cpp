#include "net/connection.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>

namespace halma::net {

namespace {
// Above this, a partly written piece of output gives back what was written: a slow peer
// holds what it has yet to read, not everything it was ever sent.
constexpr std::size_t kKeptCapacity = 1024;

// Output held back: connections closed meanwhile, each with what it had left to write.
struct Parting {
    UniqueFd fd;
    std::string unwritten;
};
bool g_held = false;
std::vector<Parting> g_parting;
} // namespace

void hold_output() { g_held = true; }

void release_output(bool deliver) {
    g_held = false;
    for (Parting& p : g_parting) {
        std::string_view left = p.unwritten;
        while (deliver && !left.empty()) {
            const ssize_t n =
                ::send(p.fd.get(), left.data(), left.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            left.remove_prefix(static_cast<std::size_t>(n));
        }
    }
    g_parting.clear();
}

Connection::Connection(UniqueFd fd, From from, std::size_t max_queued)
    : decoder(from), fd_(std::move(fd)), max_queued_(max_queued) {
    const int flags = fcntl(fd_.get(), F_GETFL);
    if (flags >= 0) (void)fcntl(fd_.get(), F_SETFL, flags | O_NONBLOCK);
}

short Connection::events() const noexcept { return POLLIN | (queued() ? POLLOUT : 0); }

bool Connection::read_some(std::size_t max_bytes) {
    char buf[4096];
    for (std::size_t total = 0; open() && !at_eof_ && total < max_bytes;) {
        const ssize_t n = recv(fd_.get(), buf, std::min(sizeof buf, max_bytes - total), 0);
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
    if (owned_ + bytes.size() > max_queued_) {
        close("more than " + std::to_string(max_queued_ >> 10) + " KiB left unread");
        return false;
    }
    if (first_ == out_.size() || out_.back().shared) out_.emplace_back();
    out_.back().own.append(bytes.data(), bytes.size());
    owned_ += bytes.size();
    return flush();
}

bool Connection::send_shared(std::shared_ptr<const std::string> text) {
    if (!open()) return false;
    if (!text || text->empty()) return true;
    shared_ += text->size();
    out_.push_back({{}, std::move(text), 0});
    return flush();
}

bool Connection::flush() {
    while (!g_held && open() && first_ < out_.size()) {
        Chunk& c = out_[first_];
        const std::string_view left = c.text().substr(c.written);
        const ssize_t n = ::send(fd_.get(), left.data(), left.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            c.written += static_cast<std::size_t>(n);
            (c.shared ? shared_ : owned_) -= static_cast<std::size_t>(n);
            if (c.written == c.text().size()) c = Chunk{}, ++first_; // its memory goes now
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        close(std::string("write failed: ") + std::strerror(n < 0 ? errno : EPIPE));
        return false;
    }
    if (first_ == out_.size()) { // all written: an idle connection keeps no buffer
        out_.clear();
        out_.shrink_to_fit();
        first_ = 0;
    } else if (first_ * 2 >= out_.size()) {
        // A peer that never quite catches up must not leave a growing trail of spent chunks.
        out_.erase(out_.begin(), out_.begin() + static_cast<std::ptrdiff_t>(first_));
        first_ = 0;
    }
    if (first_ < out_.size() && !out_[first_].shared && out_[first_].written > kKeptCapacity) {
        Chunk& c = out_[first_];
        c.own.erase(0, c.written);
        c.written = 0;
    }
    return open();
}

void Connection::close(std::string why) {
    if (!open()) return;
    if (g_held && queued()) {
        Parting p{std::move(fd_), {}};
        for (std::size_t i = first_; i < out_.size(); ++i)
            p.unwritten += out_[i].text().substr(out_[i].written);
        g_parting.push_back(std::move(p));
    }
    fd_.reset();
    why_closed_ = std::move(why);
    out_.clear();
    out_.shrink_to_fit();
    first_ = 0;
    owned_ = shared_ = 0;
}

UniqueFd Connection::release() {
    if (!open() || queued() || decoder.pending() || at_eof_) return {};
    return std::move(fd_);
}

} // namespace halma::net
