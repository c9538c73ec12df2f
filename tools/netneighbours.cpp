// netneighbours: what another user of the machine (uid 65534, the tool runs as root) can do
// to a hosted game, measured from outside the halma under test:
//   records  the host's resident set while COUNT connections (31 unless given) that never
//            said hello send it a "record 20000" block as fast as it reads, reconnecting
//            whenever dropped (8 s);
//   crowd    how long the host's own user takes to join, then to come back to the seat held
//            for it (RUNS joins in all), while the other user tries to hold every
//            connection, reconnecting each the moment it is dropped (up to 30 s a join);
//   stuck    how long `halma --games` takes with ten sockets whose backlog is full and whose
//            process never accepts (median of RUNS).
//   netneighbours HALMA records [COUNT] | crowd [RUNS] | stuck [RUNS]
#include "pty_term.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <grp.h>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <vector>

using namespace pty_term;

namespace {

using Clock = std::chrono::steady_clock;
constexpr uid_t kOther = 65534;

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// A field of /proc/PID/status in KiB ("VmRSS", "VmHWM"), or 0.
long status_kib(pid_t pid, const char* field) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    const std::string key = std::string(field) + ":";
    for (std::string line; std::getline(in, line);)
        if (line.rfind(key, 0) == 0) return std::atol(line.c_str() + key.size());
    return 0;
}

// A Unix socket connected to path without waiting (nonblocking), or -1.
int connect_to(const std::string& path) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    path.copy(addr.sun_path, sizeof addr.sun_path - 1);
    if (fd >= 0 && connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

// Runs body as uid 65534 in a child process; returns its pid.
template <class F>
pid_t as_other_user(F body) {
    const pid_t pid = fork();
    if (pid != 0) return pid;
    if (setgroups(0, nullptr) != 0 || setresgid(kOther, kOther, kOther) != 0 ||
        setresuid(kOther, kOther, kOther) != 0)
        _exit(1);
    body();
    _exit(0);
}

void end_child(pid_t pid) {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
}

// Keeps n connections to path open, each reconnected as soon as the host drops it; while
// connected each sends what `next` gives (nothing when it gives "").
template <class F>
[[noreturn]] void hold_connections(const std::string& path, std::size_t n, F next) {
    std::vector<pollfd> fds(n, pollfd{-1, 0, 0});
    std::vector<std::string> out(n);
    for (;;) {
        for (std::size_t i = 0; i < n; ++i)
            if (fds[i].fd < 0) {
                fds[i].fd = connect_to(path);
                out[i].clear();
            }
        for (std::size_t i = 0; i < n; ++i) {
            if (fds[i].fd < 0) continue;
            if (out[i].empty()) out[i] = next(true);
            fds[i].events = POLLIN | (out[i].empty() ? 0 : POLLOUT);
        }
        if (poll(fds.data(), fds.size(), 10) < 0) continue;
        for (std::size_t i = 0; i < n; ++i) {
            pollfd& p = fds[i];
            if (p.fd < 0) continue;
            bool gone = p.revents & (POLLHUP | POLLERR);
            char buf[4096];
            if (p.revents & POLLIN) gone = gone || read(p.fd, buf, sizeof buf) <= 0;
            if (!gone && (p.revents & POLLOUT)) {
                const ssize_t w = send(p.fd, out[i].data(), out[i].size(), MSG_NOSIGNAL);
                if (w > 0) out[i].erase(0, static_cast<std::size_t>(w));
                gone = w < 0 && errno != EAGAIN;
                if (!gone && out[i].empty()) out[i] = next(false);
            }
            if (gone) close(p.fd), p.fd = -1;
        }
    }
}

struct Setting {
    std::string dir, games, sock;
    explicit Setting(const std::string& name) {
        char tmpl[] = "/tmp/halma-neighbours-XXXXXX";
        dir = mkdtemp(tmpl) ? tmpl : "/tmp";
        chmod(dir.c_str(), 0755);
        games = dir + "/games";
        mkdir(games.c_str(), 01777);
        chmod(games.c_str(), 01777);
        sock = games + "/halma-" + name + ".sock";
        setenv("HALMA_GAMES_DIR", games.c_str(), 1);
        setenv("XDG_STATE_HOME", (dir + "/state").c_str(), 1);
    }
    ~Setting() { (void)!std::system(("rm -rf '" + dir + "'").c_str()); }
};

int records(const char* halma, int count) {
    Setting s("club");
    Term host = spawn(halma, {"--host", "club", "--size", "8"});
    if (!wait_text(host, "halma --join")) return std::puts("netneighbours: no host"), 1;
    read_some(host, 300, 100);
    const long before = status_kib(host.pid, "VmRSS");
    std::string lines; // 16 record lines of 4000 bytes, under the 4096-byte line bound
    for (int i = 0; i < 16; ++i) lines += std::string(4000, 'x') + "\n";
    const pid_t other = as_other_user([&] {
        hold_connections(s.sock, count,
                         [&](bool first) { return first ? "record 20000\n" : lines; });
    });
    long peak = before;
    for (auto start = Clock::now(); seconds_since(start) < 8;) {
        read_some(host, 100, 0);
        peak = std::max(peak, status_kib(host.pid, "VmRSS"));
    }
    end_child(other);
    stop(host);
    std::printf("net: host resident set with %d uninvited connections of another user sending "
                "records for 8 s: %.1f MiB before, %.1f MiB at most\n",
                count, before / 1024.0, peak / 1024.0);
    return 0;
}

int crowd(const char* halma, int runs) {
    Setting s("club");
    Term host = spawn(halma, {"--host", "club", "--size", "8"});
    if (!wait_text(host, "halma --join")) return std::puts("netneighbours: no host"), 1;
    const pid_t other =
        as_other_user([&] { hold_connections(s.sock, 40, [](bool) { return std::string(); }); });
    usleep(500 * 1000); // the other user fills the game
    std::vector<double> times;
    int most_tries = 0;
    bool joined = true;
    // The first join takes the open seat; each later one comes back to it, held.
    for (int run = 0; run < runs && joined; ++run) {
        const auto start = Clock::now();
        int tries = 0;
        joined = false;
        while (!joined && seconds_since(start) < 30) {
            ++tries;
            Term me = spawn(halma, {"--join", "club"});
            while (!joined && read_some(me, 5000, 0))
                joined = me.seen.find("Joined club") != std::string::npos;
            stop(me);
        }
        times.push_back(seconds_since(start));
        most_tries = std::max(most_tries, tries);
    }
    end_child(other);
    stop(host);
    std::sort(times.begin(), times.end());
    if (joined)
        std::printf("net: the host's own user joined (then rejoined the held seat) in median "
                    "%.3f s (max %.3f s, at most %d tr%s; %d joins) while another user held "
                    "every connection it could\n",
                    times[times.size() / 2], times.back(), most_tries,
                    most_tries == 1 ? "y" : "ies", runs);
    else
        std::printf("net: the host's own user was still kept out after %d tries in %.1f s by "
                    "another user holding every connection\n",
                    most_tries, times.back());
    return 0;
}

int stuck(const char* halma, int runs) {
    Setting s("club");
    Term host = spawn(halma, {"--host", "club", "--size", "8"});
    if (!wait_text(host, "halma --join")) return std::puts("netneighbours: no host"), 1;
    int ready[2];
    if (pipe(ready) != 0) return 1;
    const pid_t other = as_other_user([&] {
        std::vector<int> keep;
        for (int i = 0; i < 10; ++i) {
            const std::string path = s.games + "/halma-stuck" + std::to_string(i) + ".sock";
            int fd = socket(AF_UNIX, SOCK_STREAM, 0);
            sockaddr_un addr{};
            addr.sun_family = AF_UNIX;
            path.copy(addr.sun_path, sizeof addr.sun_path - 1);
            if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
                listen(fd, 0) != 0)
                _exit(1);
            keep.push_back(fd);
            for (int j = 0; j < 4; ++j) keep.push_back(connect_to(path)); // fills the backlog
        }
        (void)!write(ready[1], "r", 1);
        pause();
    });
    char c;
    (void)!read(ready[0], &c, 1);
    std::vector<double> times;
    bool listed = true;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        FILE* out = popen((std::string("'") + halma + "' --games").c_str(), "r");
        std::string text;
        for (int ch; out && (ch = std::fgetc(out)) != EOF;) text += static_cast<char>(ch);
        if (out) pclose(out);
        times.push_back(seconds_since(start));
        listed = listed && text.find("\nclub ") != std::string::npos;
    }
    end_child(other);
    stop(host);
    std::sort(times.begin(), times.end());
    std::printf("net: halma --games with 10 stuck sockets and one live game: median %.2f s "
                "(min %.2f, max %.2f, %d runs)%s\n",
                times[times.size() / 2], times.front(), times.back(), runs,
                listed ? "" : "; the live game was not listed!");
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3)
        return std::fputs("usage: netneighbours HALMA records [COUNT] | crowd|stuck [RUNS]\n",
                          stderr),
               2;
    if (geteuid() != 0)
        return std::puts("net: netneighbours needs root to act as another user; skipped"), 0;
    const std::string what = argv[2];
    if (what == "records") return records(argv[1], argc > 3 ? std::max(1, std::atoi(argv[3])) : 31);
    if (what == "crowd") return crowd(argv[1], argc > 3 ? std::max(1, std::atoi(argv[3])) : 5);
    if (what == "stuck") return stuck(argv[1], argc > 3 ? std::max(1, std::atoi(argv[3])) : 5);
    return std::fputs("netneighbours: records, crowd or stuck\n", stderr), 2;
}
