// A client of a hosted game: a player who joined a seat, or a watcher; or of a club's lobby,
// and of the club's games entered from it. It connects, says hello, and then hands the front
// end the messages in order (a game's whole record first, then moves, chat and seat changes). It
// never blocks: the front end polls fd() for events() along with the keyboard and passes what
// poll() reported to handle(). A host that hangs up or fails is an event (closed()), never a hang.
#pragma once

#include "halma.hpp"
#include "net/connection.hpp"
#include "net/relay.hpp"
#include "net/rendezvous.hpp"
#include "net/wire.hpp"

#include <memory>
#include <string>

namespace halma::net {

class Client {
  public:
    // Connects to a game and says hello: to play (seat counts from 0; -1 takes the first
    // free one, or the one held for you) or to watch. address: the game's name, or
    // "USER/NAME" to talk only to a game that USER hosts (checked before anything is said).
    // code: the invite code, or "". Returns an empty string or the error.
    [[nodiscard]] std::string open(Rendezvous& dir, const std::string& address, Role role, int seat,
                                   const std::string& code);
    // Says hello to a club's lobby on a socket already connected to it (by whatever way the
    // club is reached: through ssh, relay carries it); host is who answers there. Returns an
    // empty string or the error.
    [[nodiscard]] std::string open_lobby(UniqueFd fd, const std::string& host,
                                         std::unique_ptr<SshRelay> relay = nullptr);
    // The same over a socket connected already, whose far end host_user answers: a relay's,
    // through ssh (the relay is this client's then, and ends with it).
    [[nodiscard]] std::string attach(UniqueFd fd, const std::string& host_user, Role role, int seat,
                                     const std::string& code,
                                     std::unique_ptr<SshRelay> relay = nullptr);

    [[nodiscard]] int fd() const noexcept { return conn_.fd(); }
    [[nodiscard]] short events() const noexcept { return conn_.events(); }
    // Who hosts the game, as the kernel tells.
    [[nodiscard]] const std::string& host_user() const noexcept { return host_user_; }

    // Reads and writes as poll() reported.
    void handle(short revents);
    // The next message from the host; false when none is waiting. Messages read before the
    // host hung up still come out, then closed() is true.
    bool next(Message& m);
    [[nodiscard]] bool closed() const noexcept { return !conn_.open() && !pending_; }
    [[nodiscard]] const std::string& why_closed() const noexcept { return why_; }

    // Sends a message (move, say, undo, consent, bye); false once the connection is gone.
    bool send(const Message& m) { return conn_.send(m); }
    bool move(const std::string& notation);
    bool say(const std::string& text);
    // Says goodbye and closes.
    void bye();

  private:
    [[nodiscard]] bool start(UniqueFd fd, const std::string& host, const Message& hello);

    std::unique_ptr<SshRelay> relay_; // ends after conn_, whose socket its ssh reads
    Connection conn_;
    std::string host_user_;
    std::string why_;
    bool pending_ = false; // the decoder may still hold messages after the host hung up
};

// Applies a host's message to the client's copy of the game: a record replaces it (and its
// headers), a move is checked and played, an undo takes moves back. Other messages change
// nothing. Returns an empty string, or why the message does not fit the game (the copies
// no longer agree).
[[nodiscard]] std::string apply_to_game(const Message& m, Game& game, Options& headers);

} // namespace halma::net
