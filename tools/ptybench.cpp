// ptybench: runs halma on a pseudo-terminal (80x24, TERM=xterm-256color) and measures the
// time until the first frame is on screen and the bytes written per cursor key (medians), on
// the board as player 1 sees it and turned (f) a half and a quarter round.
//   ptybench HALMA [runs]
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <poll.h>
#include <pty.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

// Reads what the program writes until it stays quiet for quiet_ms (or gives up at limit_ms).
std::string drain(int fd, int quiet_ms, int limit_ms = 3000) {
    std::string out;
    auto end = Clock::now() + std::chrono::milliseconds(limit_ms);
    while (Clock::now() < end) {
        pollfd p{fd, POLLIN, 0};
        if (poll(&p, 1, quiet_ms) <= 0) break;
        char buf[4096];
        ssize_t n = read(fd, buf, sizeof buf);
        if (n <= 0) break;
        out.append(buf, static_cast<std::size_t>(n));
    }
    return out;
}

// Starts halma on a new pseudo-terminal (with four players when asked); returns the master
// side and the child's pid.
int spawn(const char* halma, pid_t& pid, bool four = false) {
    winsize ws{};
    ws.ws_row = 24;
    ws.ws_col = 80;
    int master = -1;
    pid = forkpty(&master, nullptr, nullptr, &ws);
    if (pid == 0) {
        setenv("TERM", "xterm-256color", 1);
        setenv("LANG", "C.UTF-8", 1);
        setenv("LC_ALL", "C.UTF-8", 1);
        unsetenv("NO_COLOR");
        std::string home = "/tmp/ptybench-home";
        setenv("XDG_STATE_HOME", home.c_str(), 1);
        if (four)
            execl(halma, halma, "--seed", "1", "--first", "1", "--players", "4", "--seats",
                  "human,human,human,human", static_cast<char*>(nullptr));
        else
            execl(halma, halma, "--seed", "1", "--first", "1", "--seats", "human,human",
                  static_cast<char*>(nullptr));
        _exit(127);
    }
    return master;
}

// Stops the child and collects it.
void finish(int master, pid_t pid) {
    kill(pid, SIGTERM);
    drain(master, 50, 500);
    close(master);
    waitpid(pid, nullptr, 0);
}

// Waits for the first frame (it ends with the key-hint line); false if it never comes.
bool first_frame(int master) {
    std::string seen;
    while (seen.find("q quit") == std::string::npos) {
        pollfd p{master, POLLIN, 0};
        if (poll(&p, 1, 5000) <= 0) return false;
        char buf[4096];
        ssize_t n = read(master, buf, sizeof buf);
        if (n <= 0) return false;
        seen.append(buf, static_cast<std::size_t>(n));
    }
    return true;
}

// Cursor keys round a square path: the count of bytes each key makes halma write, after the
// keys of the prelude (f to turn the board) have been answered.
std::vector<double> key_bytes(int master, const char* prelude) {
    for (const char* k = prelude; *k; ++k) {
        (void)!write(master, k, 1);
        drain(master, 120);
    }
    std::vector<double> bytes;
    const char* path = "llllllkkkkkkhhhhhhjjjjjjuuuuubbbbb";
    for (const char* k = path; *k; ++k) {
        (void)!write(master, k, 1);
        bytes.push_back(static_cast<double>(drain(master, 120).size()));
    }
    return bytes;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: ptybench HALMA [runs]\n");
        return 2;
    }
    const int runs = argc > 2 ? std::atoi(argv[2]) : 5;
    std::vector<double> startup_ms, bytes, half, quarter;
    for (int run = 0; run < runs; ++run) {
        pid_t pid;
        auto t0 = Clock::now();
        int master = spawn(argv[1], pid);
        if (master < 0) return std::perror("forkpty"), 1;
        (void)first_frame(master);
        startup_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        drain(master, 200);
        if (run == 0) {
            bytes = key_bytes(master, "");
            half = key_bytes(master, "f");
        }
        finish(master, pid);
    }
    pid_t pid;
    const int master = spawn(argv[1], pid, true);
    if (master < 0) return std::perror("forkpty"), 1;
    (void)first_frame(master);
    drain(master, 200);
    quarter = key_bytes(master, "f");
    finish(master, pid);
    std::printf("startup to first frame: median %.1f ms over %d runs (target <= 100 ms)\n",
                median(startup_ms), runs);
    const auto say = [](const char* view, const std::vector<double>& b) {
        std::printf("bytes per cursor key at 80x24, xterm-256color, %s: median %.0f, max %.0f "
                    "over %zu keys (target <= 48)\n",
                    view, median(b), *std::max_element(b.begin(), b.end()), b.size());
    };
    say("player 1's view", bytes);
    say("turned half round", half);
    say("4 players, turned a quarter", quarter);
    return 0;
}
