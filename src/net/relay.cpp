#include "net/relay.hpp"

#include "halma/options.hpp"
#include "halma/text.hpp"
#include "net/rendezvous.hpp"
#include "net/wire.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace halma::net {

namespace {

// The most the relay holds for either side before it stops reading the other.
constexpr std::size_t kRelayBuffer = 256 * 1024;
// The most this side skips before the hello: a start-up file's greeting, not a stream.
constexpr std::size_t kMaxSkippedBytes = 1 << 20;
constexpr std::size_t kMaxSkippedLines = 1000;
// How long ssh has to end once its socket is closed, before it is ended.
constexpr int kSshEndMs = 2000;

// Writes all of text to a blocking descriptor; false when it cannot.
bool write_all(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = write(fd, text.data(), text.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        text.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

// One direction of the relay: bytes read from `from`, not yet written to `to`.
struct Flow {
    int from, to;
    std::string held;
    bool ended = false; // `from` reached its end
    bool failed = false;

    [[nodiscard]] short read_events() const {
        return !ended && held.size() < kRelayBuffer ? POLLIN : 0;
    }
    void read_some() {
        char buf[16384];
        const ssize_t n = read(from, buf, sizeof buf);
        if (n > 0) held.append(buf, static_cast<std::size_t>(n));
        if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) ended = true;
    }
    void write_some() {
        const ssize_t n = write(to, held.data(), held.size());
        if (n > 0) held.erase(0, static_cast<std::size_t>(n));
        if (n < 0 && errno != EINTR && errno != EAGAIN) failed = true;
    }
};

// The file ssh's error output goes to: unnamed, readable only here.
UniqueFd error_file() {
    const char* dir = std::getenv("TMPDIR");
    for (const char* d : {dir && *dir == '/' ? dir : "/tmp", "/tmp"}) {
        UniqueFd fd(::open(d, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600));
        if (fd) return fd;
        std::string path = std::string(d) + "/halma-ssh-XXXXXX";
        fd.reset(mkostemp(path.data(), O_CLOEXEC));
        if (fd) {
            (void)unlink(path.c_str());
            return fd;
        }
    }
    return {};
}

} // namespace

RelayHello read_relay_hello(std::string_view line) {
    RelayHello h;
    const std::vector<std::string_view> w = split_words(line);
    if (w.empty() || w[0] != kRelayWord) return h;
    h.is_hello = true;
    const int version = w.size() > 1 ? parse_count(w[1]) : -1;
    if (w.size() != 3 || version < 1 || (!valid_name(w[2]) && w[2] != "-")) {
        h.fault = "the other host's halma sent a hello this one cannot read: " + quoted_piece(line);
    } else if (version != kRelayVersion) {
        h.fault = "the other host's halma relays version " + std::to_string(version) +
                  ", this one version " + std::to_string(kRelayVersion) +
                  ": use the same halma on both hosts";
    } else {
        h.user = std::string(w[2]);
    }
    if (!h.fault.empty()) h.fault = printable(h.fault);
    return h;
}

std::string shell_quoted(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& w : words) {
        out += out.empty() ? "'" : " '";
        for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
        out += '\'';
    }
    return out;
}

int serve_relay(const std::function<std::string(UniqueFd&, uid_t&)>& connect) {
    std::signal(SIGPIPE, SIG_IGN);
    UniqueFd sock;
    uid_t peer = 0;
    const std::string error = connect(sock, peer);
    const std::string hello = std::string(kRelayWord) + " " + std::to_string(kRelayVersion) + " " +
                              (error.empty() ? user_name(peer) : "-") + "\n";
    if (!write_all(STDOUT_FILENO, hello)) return 1;
    if (!error.empty()) {
        Message refused;
        refused.verb = Verb::Refused;
        refused.text = error;
        (void)write_all(STDOUT_FILENO, write_message(refused));
        return 1;
    }
    const int in_flags = fcntl(STDIN_FILENO, F_GETFL), out_flags = fcntl(STDOUT_FILENO, F_GETFL);
    (void)fcntl(STDIN_FILENO, F_SETFL, in_flags | O_NONBLOCK);
    (void)fcntl(STDOUT_FILENO, F_SETFL, out_flags | O_NONBLOCK);
    (void)fcntl(sock.get(), F_SETFL, fcntl(sock.get(), F_GETFL) | O_NONBLOCK);
    Flow up{STDIN_FILENO, sock.get(), {}}, down{sock.get(), STDOUT_FILENO, {}};
    bool shut = false;
    // Until the socket has ended and all it said is out, or either side fails.
    while (!(down.ended && down.held.empty()) && !up.failed && !down.failed) {
        if (up.ended && up.held.empty() && !shut) { // the other host is done: tell the socket
            (void)shutdown(sock.get(), SHUT_WR);
            shut = true;
        }
        pollfd fds[3] = {{STDIN_FILENO, up.read_events(), 0},
                         {sock.get(),
                          static_cast<short>(down.read_events() | (up.held.empty() ? 0 : POLLOUT)),
                          0},
                         {STDOUT_FILENO, static_cast<short>(down.held.empty() ? 0 : POLLOUT), 0}};
        if (poll(fds, 3, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) up.read_some();
        if (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) down.read_some();
        if ((fds[1].revents & (POLLOUT | POLLERR)) && !up.held.empty()) up.write_some();
        if ((fds[2].revents & (POLLOUT | POLLERR)) && !down.held.empty()) down.write_some();
        if (fds[2].revents & (POLLERR | POLLNVAL)) down.failed = true;
    }
    (void)fcntl(STDIN_FILENO, F_SETFL, in_flags);
    (void)fcntl(STDOUT_FILENO, F_SETFL, out_flags);
    return up.failed || down.failed ? 1 : 0;
}

std::string SshRelay::open(const std::string& host, const std::string& command,
                           const std::vector<std::string>& words, UniqueFd& out, std::string& peer,
                           bool may_ask) {
    if (host.empty() || host[0] == '-')
        return "'" + printable(quoted_piece(host)) + "' is not a host ssh may be given";
    host_ = host;
    errors_ = error_file();
    if (!errors_) return std::string("cannot make a file for ssh's messages: ") + strerror(errno);
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
        return std::string("cannot make a socket pair: ") + std::strerror(errno);
    UniqueFd mine(pair[0]), theirs(pair[1]);
    std::vector<std::string> remote{command, "--relay"};
    remote.insert(remote.end(), words.begin(), words.end());
    const std::string line = shell_quoted(remote);
    const std::string timeout = "ConnectTimeout=" + std::to_string(kBatchConnectSeconds);
    std::vector<const char*> argv{"ssh", "-T", "-x", "-a"};
    if (!may_ask) argv.insert(argv.end(), {"-o", "BatchMode=yes", "-o", timeout.c_str()});
    argv.insert(argv.end(), {"--", host.c_str(), line.c_str(), nullptr});
    pid_ = fork();
    if (pid_ < 0) return std::string("cannot start ssh: ") + std::strerror(errno);
    if (pid_ == 0) {
        dup2(theirs.get(), STDIN_FILENO);
        dup2(theirs.get(), STDOUT_FILENO);
        dup2(errors_.get(), STDERR_FILENO);
        execvp("ssh", const_cast<char* const*>(argv.data()));
        const std::string why = std::string("cannot run ssh: ") + std::strerror(errno) + "\n";
        (void)!write(STDERR_FILENO, why.data(), why.size());
        _exit(127);
    }
    theirs.reset();
    // Up to the hello, a line at a time, taking no byte past it: what follows is the wire's.
    std::string partial;
    std::size_t skipped_bytes = 0;
    for (;;) {
        pollfd p{mine.get(), POLLIN, 0};
        if (poll(&p, 1, -1) < 0 && errno == EINTR) continue;
        char buf[4096];
        const ssize_t n = recv(mine.get(), buf, sizeof buf, MSG_PEEK);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            finish();
            const std::string said = ssh_said();
            std::string why = "ssh " + host + " ended before halma answered there";
            if (!said.empty()) why += ": " + said;
            if (said.find("not found") != std::string::npos ||
                said.find("No such file") != std::string::npos)
                why += " (is halma installed there? --remote-cmd PATH names it)";
            return why;
        }
        const char* nl = static_cast<const char*>(std::memchr(buf, '\n', n));
        const std::size_t take = nl ? static_cast<std::size_t>(nl - buf + 1) : n;
        if (recv(mine.get(), buf, take, 0) != static_cast<ssize_t>(take))
            return "the connection to ssh failed";
        if (partial.size() < kMaxLine) partial.append(buf, std::min(take, kMaxLine));
        skipped_bytes += take;
        if (!nl) {
            if (skipped_bytes > kMaxSkippedBytes) break;
            continue;
        }
        partial.resize(std::min(partial.size(), kMaxLine));
        while (!partial.empty() && (partial.back() == '\n' || partial.back() == '\r'))
            partial.pop_back();
        const RelayHello hello = read_relay_hello(partial);
        if (hello.is_hello && !hello.fault.empty()) return hello.fault;
        if (hello.is_hello) {
            peer = hello.user;
            out = std::move(mine);
            return {};
        }
        skipped_.push_back(clean_text(partial, kMaxText));
        partial.clear();
        if (skipped_.size() > kMaxSkippedLines || skipped_bytes > kMaxSkippedBytes) break;
    }
    return "ssh " + host +
           " printed more than a start-up file would before halma answered; "
           "is halma --relay what runs there?";
}

std::string SshRelay::skipped_note() const {
    if (skipped_.empty()) return {};
    const std::size_t n = skipped_.size();
    return host_ + " printed " + std::to_string(n) + " line" + (n == 1 ? "" : "s") +
           " before halma answered there (a shell start-up file's?), skipped: '" +
           quoted_piece(skipped_.front()) + "'" + (n > 1 ? " ..." : "");
}

std::string SshRelay::ssh_said() const {
    if (!errors_) return {};
    char buf[4096];
    const off_t end = lseek(errors_.get(), 0, SEEK_END);
    const off_t from = end > static_cast<off_t>(sizeof buf) ? end - sizeof buf : 0;
    const ssize_t n = pread(errors_.get(), buf, sizeof buf, from);
    if (n <= 0) return {};
    std::string_view text(buf, static_cast<std::size_t>(n));
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
    const std::size_t nl = text.rfind('\n');
    return clean_text(nl == std::string_view::npos ? text : text.substr(nl + 1), kMaxText);
}

void SshRelay::finish() {
    if (pid_ <= 0) return;
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == 0) {
        UniqueFd pidfd(static_cast<int>(syscall(SYS_pidfd_open, pid_, 0)));
        pollfd p{pidfd.get(), POLLIN, 0};
        if (!pidfd || poll(&p, 1, kSshEndMs) <= 0) kill(pid_, SIGTERM);
        while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
    }
    pid_ = -1;
}

} // namespace halma::net
