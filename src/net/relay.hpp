// Play on another host through ssh, as git's upload-pack and rsync's --server do: this side
// runs `ssh -T HOST halma --relay ...`, and the halma there (the relay) connects to a socket
// of its host, the club's or a hosted game's, as the user ssh logged in as, then carries the
// wire's lines between that socket and its standard input and output. The board is drawn
// here; only the lines cross the network.
//
// The relay's first line says what it is and who answers its socket:
//
//   halma-relay 1 USER
//
// Anything before it (what a shell start-up file printed) is skipped and kept, to be
// reported. A relay that cannot connect says why in a "refused TEXT" line after its hello,
// as a host or club would.
//
// This side gives ssh one end of a socket pair as its standard input and output (the
// connection code reads and writes a socket either way) and its error output in a file, not
// a pipe: a ControlPersist master that ssh starts keeps its error output open for as long as
// it lives, and a pipe would never reach its end.
#pragma once

#include "net/fd.hpp"

#include <functional>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace halma::net {

constexpr const char* kRelayWord = "halma-relay";
// The version of the relay's hello; a relay of another version is refused.
constexpr int kRelayVersion = 1;

// Reads a line ssh printed: whether it is a relay's hello (is_hello), and then its user, or
// why not (a hello of another version, or a bad one). Pure, for the fuzzer.
struct RelayHello {
    bool is_hello = false;
    std::string user;
    std::string fault; // a hello this side cannot take: why
};
[[nodiscard]] RelayHello read_relay_hello(std::string_view line);

// halma --relay, on the other host: connect makes the socket (an empty string, fd and the
// uid answering it set; or why not). Writes the hello on standard output, then carries
// bytes both ways until either side ends. Returns the exit status.
[[nodiscard]] int serve_relay(const std::function<std::string(UniqueFd&, uid_t&)>& connect);

// The words as one command line for the other host's shell: each quoted for a POSIX shell,
// so that no word is read as more than itself.
[[nodiscard]] std::string shell_quoted(const std::vector<std::string>& words);

// This side of a relay: the ssh child process.
class SshRelay {
  public:
    // How long ssh may take to reach a host when it may not ask: the screen waits meanwhile.
    static constexpr int kBatchConnectSeconds = 10;

    SshRelay() = default;
    ~SshRelay() { finish(); }
    SshRelay(const SshRelay&) = delete;
    SshRelay& operator=(const SshRelay&) = delete;

    // Runs `ssh -T -x -a -- HOST 'COMMAND' '--relay' 'WORD'...` and reads up to the relay's
    // hello; ssh asks its questions (the host's key, a password) on the terminal meanwhile,
    // or with may_ask false (the screen is up) fails rather than ask, and gives up on a host
    // that does not answer in kBatchConnectSeconds. Returns an empty string (out: this end
    // of the socket pair; peer: who answers there) or why not, with what ssh said.
    [[nodiscard]] std::string open(const std::string& host, const std::string& command,
                                   const std::vector<std::string>& words, UniqueFd& out,
                                   std::string& peer, bool may_ask = true);
    // The lines printed before the hello, made printable.
    [[nodiscard]] const std::vector<std::string>& skipped() const noexcept { return skipped_; }
    // Those lines reported in one line (how many, the first of them), or "" when none.
    [[nodiscard]] std::string skipped_note() const;
    // What ssh said last on its error output (one printable line), or "".
    [[nodiscard]] std::string ssh_said() const;
    // Waits a moment for ssh to end (its socket closed by now), then ends it.
    void finish();

  private:
    pid_t pid_ = -1;
    std::string host_;
    UniqueFd errors_;
    std::vector<std::string> skipped_;
};

} // namespace halma::net
