// One end of a game's socket, for the host and the client alike: nonblocking reads turned
// into messages by a Decoder, and writes queued up to a cap, so that neither side ever
// blocks on, or grows without bound because of, the other. A text shared by several
// connections (a record sent to each joiner) is queued once for all and streamed to each as
// its socket takes it.
//
// A server can hold every connection's output back (hold_output()) while what it would tell
// is not yet safe to tell: its clients' writes not yet durable. Until the hold is released,
// sending queues without writing, and a connection closed meanwhile keeps what it had queued,
// to be written (as far as its socket takes it at once) or thrown away when the hold ends.
#pragma once

#include "net/fd.hpp"
#include "net/wire.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace halma::net {

// Holds back the output of every connection in this process until release_output().
void hold_output();
// Ends the hold. Connections closed while it lasted write what they had queued when deliver
// says so, and nothing when it does not; open ones write theirs at their next flush().
void release_output(bool deliver);

class Connection {
  public:
    Connection() = default;
    // Takes a connected socket (made nonblocking here) whose other end is from; at most
    // max_queued bytes of its own may wait to be written.
    Connection(UniqueFd fd, From from, std::size_t max_queued);

    [[nodiscard]] int fd() const noexcept { return fd_.get(); }
    [[nodiscard]] bool open() const noexcept { return static_cast<bool>(fd_); }
    // The events to poll for: input always, output while bytes wait.
    [[nodiscard]] short events() const noexcept;
    // Bytes written but not yet taken by the socket, shared texts included.
    [[nodiscard]] std::size_t queued() const noexcept { return owned_ + shared_; }
    // Why the connection closed ("" while open).
    [[nodiscard]] const std::string& why_closed() const noexcept { return why_closed_; }

    // Reads what the socket holds, at most max_bytes, into the decoder. False at end of file
    // (the socket stays open, so that answers to the last lines can still be written: the
    // caller closes it after reading them) or on an error (then closed).
    bool read_some(std::size_t max_bytes);
    // Whether the other end has finished sending.
    [[nodiscard]] bool at_eof() const noexcept { return at_eof_; }

    // Queues bytes and writes what the socket takes now (unless output is held). False (and closed)
    // when the peer has gone or has let more than the cap pile up unread.
    bool send(std::string_view bytes);
    bool send(const Message& m) { return send(write_message(m)); }
    // Queues a text that other connections share, behind what is queued. It is held once
    // for all of them, so it does not count against this connection's cap.
    bool send_shared(std::shared_ptr<const std::string> text);

    // Writes queued bytes as far as the socket takes them (none while output is held). False
    // (and closed) on an error.
    bool flush();

    // Closes the socket, keeping why (while output is held: once the hold ends).
    void close(std::string why);
    // Gives the socket to another reader once everything here is done with: nothing read
    // waits in the decoder and nothing written waits in the queue. Empty (the connection
    // kept) otherwise.
    [[nodiscard]] UniqueFd release();

    // The messages read so far.
    Decoder decoder{From::Host};

  private:
    // A piece of the output: bytes of this connection's own, or a shared text.
    struct Chunk {
        std::string own;
        std::shared_ptr<const std::string> shared;
        std::size_t written = 0;
        [[nodiscard]] std::string_view text() const noexcept {
            return shared ? std::string_view(*shared) : std::string_view(own);
        }
    };

    UniqueFd fd_;
    std::size_t max_queued_ = 0;
    std::vector<Chunk> out_; // from out_[first_] on: not yet written
    std::size_t first_ = 0;
    std::size_t owned_ = 0;  // own bytes queued and unwritten
    std::size_t shared_ = 0; // shared bytes queued and unwritten
    bool at_eof_ = false;
    std::string why_closed_;
};

} // namespace halma::net
