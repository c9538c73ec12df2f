// Where networked games meet: a directory every local user can reach, holding one Unix
// domain socket per open game, "halma-NAME.sock".
//
// The directory is $HALMA_GAMES_DIR, or /tmp. /tmp is on every Unix host, owned by root and
// sticky (mode 1777): anyone may create a socket there, and no one but its owner (or root)
// may remove or replace it, so a game's socket stays the host's. A shared subdirectory
// would belong to whoever made it first, who could then replace everyone's sockets.
//
// Because others write to it, every step is checked and no symbolic link is followed:
//  - the directory is opened with O_NOFOLLOW and checked through its descriptor, and so is
//    each directory above it (walked up by ".."): each must be owned by root or by you,
//    and one that others may write to must be sticky;
//  - sockets are created, probed and removed through that descriptor (names relative to it,
//    or /proc/self/fd/N/NAME for bind and connect), never through a path that could change;
//  - a name taken by a socket whose host has died is reused only when the socket is yours;
//  - a client checks that the process answering a socket runs as the socket's owner, and,
//    given "alice/club", that the owner is alice, before it says anything.
#pragma once

#include "net/fd.hpp"

#include <string>
#include <string_view>
#include <sys/types.h>
#include <sys/un.h>
#include <vector>

namespace halma::net {

// The environment variable that moves the rendezvous directory.
constexpr const char* kGamesDirVariable = "HALMA_GAMES_DIR";
// The directory used when it is not set.
constexpr const char* kDefaultGamesDir = "/tmp";

// The login name of a user id, as the wire carries it, or "uidN" when it has none (or one
// the wire cannot carry).
[[nodiscard]] std::string user_name(uid_t uid);

// The user id of a login name, or of "uidN" for a user without one; false when unknown.
[[nodiscard]] bool user_id(const std::string& name, uid_t& uid);
// Fills a Unix socket's address with path; false when it is too long.
[[nodiscard]] bool make_address(const std::string& path, sockaddr_un& addr);

// Who the kernel says is at the other end of a connected Unix socket (SO_PEERCRED).
struct Credentials {
    bool known = false;
    uid_t uid = 0;
    int error = 0; // when not known: why the lookup failed (an errno)
};
[[nodiscard]] Credentials peer_credentials(int fd);

// Where a joiner goes: a game, and the user expected to host it when one is named.
struct GameAddress {
    std::string game;
    std::string user; // "" when not named
    // "club", or "alice/club" when a user is named.
    [[nodiscard]] std::string text() const { return user.empty() ? game : user + "/" + game; }
};

// Reads "NAME" or "USER/NAME" into out. Returns an empty string or what is wrong.
[[nodiscard]] std::string read_address(std::string_view text, GameAddress& out);

// Whether connecting waits a moment for room in a busy host's queue, or not at all.
enum class Wait { Briefly, No };
// An opened and checked rendezvous directory.
class Rendezvous {
  public:
    // Opens $HALMA_GAMES_DIR (or /tmp) and checks it and every directory above it.
    // Returns an empty string, or what is wrong with it.
    [[nodiscard]] std::string open();
    // The same for a directory given by its absolute path.
    [[nodiscard]] std::string open(const std::string& path);

    [[nodiscard]] const std::string& path() const noexcept { return path_; }
    // The socket file of a game, relative to the directory, and its path for messages.
    [[nodiscard]] static std::string file_of(const std::string& game);
    [[nodiscard]] std::string shown(const std::string& game) const {
        return path_ + "/" + file_of(game);
    }

    // Creates the listening socket of a game (nonblocking, world-connectable: admission is
    // the host's job). A socket left there by a dead host of yours is replaced; anything
    // else in the way is refused. Returns an empty string or the error.
    [[nodiscard]] std::string listen(const std::string& game, UniqueFd& out);

    // Makes a game's name free to host under: nothing there, or a socket of yours whose
    // host has died (removed now). Returns an empty string, or what holds the name.
    [[nodiscard]] std::string clear_name(const std::string& game);

    // Removes a game's socket if it is still the one listen() made.
    void remove(const std::string& game);

    // Who hosts a game: the owner of its socket, who must be the user the address names, if
    // any. Nothing is sent or connected. Returns an empty string or the error.
    [[nodiscard]] std::string host_of(const GameAddress& where, uid_t& host) const;

    // What connecting to a game gave: the socket and its host (the owner of the socket file,
    // who answered it), or the error, and its errno when the connect failed.
    struct Reached {
        UniqueFd fd;
        uid_t host = 0;
        std::string error;
        int failed = 0;   // ECONNREFUSED: nobody answers (the host died); EAGAIN: busy
        ino_t socket = 0; // the socket file connected to
    };
    // Connects to a game and learns who hosts it (see host_of).
    [[nodiscard]] Reached reach(const GameAddress& where, Wait wait) const;
    // The same, waiting briefly. Returns an empty string or the error.
    [[nodiscard]] std::string connect(const GameAddress& where, UniqueFd& out, uid_t& host);

    // Removes a game's socket of yours that reach() found nobody answering, if it is still
    // that file.
    void remove_dead(const std::string& game, ino_t socket);

    // The names of the games with a socket here, sorted.
    [[nodiscard]] std::vector<std::string> game_names() const;

  private:
    // What connecting to a game's socket gives: the socket and the host's uid, or errno.
    struct Probe {
        UniqueFd fd;
        uid_t host = 0;
        int error = 0;
    };
    [[nodiscard]] Probe probe(const std::string& game, Wait wait) const;
    // The path bind() and connect() use: through /proc/self/fd when it is there.
    [[nodiscard]] std::string socket_path(const std::string& game) const;

    std::string path_;
    UniqueFd dir_;
    ino_t listening_ino_ = 0; // the inode listen() created (0: none)
};

} // namespace halma::net
