// One end of a game's socket, for the host and the client alike: nonblocking reads turned
// into messages by a Decoder, and writes queued up to a cap, so that neither side ever
// blocks on, or grows without bound because of, the other.
#pragma once

#include "net/fd.hpp"
#include "net/wire.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace halma::net {

class Connection {
  public:
    Connection() = default;
    // Takes a connected socket (made nonblocking here); at most max_queued bytes may wait
    // to be written.
    Connection(UniqueFd fd, std::size_t max_queued);

    [[nodiscard]] int fd() const noexcept { return fd_.get(); }
    [[nodiscard]] bool open() const noexcept { return static_cast<bool>(fd_); }
    // The events to poll for: input always, output while bytes wait.
    [[nodiscard]] short events() const noexcept;
    // Bytes written but not yet taken by the socket.
    [[nodiscard]] std::size_t queued() const noexcept { return out_.size() - out_start_; }
    // Why the connection closed ("" while open).
    [[nodiscard]] const std::string& why_closed() const noexcept { return why_closed_; }

    // Reads what the socket holds, at most max_bytes, into the decoder. False at end of file
    // (the socket stays open, so that answers to the last lines can still be written: the
    // caller closes it after reading them) or on an error (then closed).
    bool read_some(std::size_t max_bytes);
    // Whether the other end has finished sending.
    [[nodiscard]] bool at_eof() const noexcept { return at_eof_; }

    // Queues bytes and writes what the socket takes now. False (and closed) when the peer
    // has gone or has let more than the cap pile up unread.
    bool send(std::string_view bytes);
    bool send(const Message& m) { return send(write_message(m)); }

    // Writes queued bytes as far as the socket takes them. False (and closed) on an error.
    bool flush();

    // Closes the socket, keeping why.
    void close(std::string why);

    // The messages read so far.
    Decoder decoder;

  private:
    UniqueFd fd_;
    std::size_t max_queued_ = 0;
    std::string out_;
    std::size_t out_start_ = 0; // where the unwritten bytes begin in out_
    bool at_eof_ = false;
    std::string why_closed_;
};

} // namespace halma::net
