// ptybench: runs halma on a pseudo-terminal (80x24, TERM=xterm-256color) and measures the
// time until the first frame is on screen and the bytes written per cursor key (medians).
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

// Starts halma on a new pseudo-terminal; returns the master side and the child's pid.
int spawn(const char* halma, pid_t& pid) {
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
    std::vector<double> startup_ms, bytes;
    for (int run = 0; run < runs; ++run) {
        pid_t pid;
        auto t0 = Clock::now();
        int master = spawn(argv[1], pid);
        if (master < 0) return std::perror("forkpty"), 1;
        // The first frame ends with the key-hint line.
        std::string seen;
        while (seen.find("q quit") == std::string::npos) {
            pollfd p{master, POLLIN, 0};
            if (poll(&p, 1, 5000) <= 0) break;
            char buf[4096];
            ssize_t n = read(master, buf, sizeof buf);
            if (n <= 0) break;
            seen.append(buf, static_cast<std::size_t>(n));
        }
        startup_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        drain(master, 200);
        if (run == 0) {
            // Cursor keys round a square path; the count of bytes each key makes halma write.
            const char* path = "llllllkkkkkkhhhhhhjjjjjjuuuuubbbbb";
            for (const char* k = path; *k; ++k) {
                (void)!write(master, k, 1);
                bytes.push_back(static_cast<double>(drain(master, 120).size()));
            }
        }
        finish(master, pid);
    }
    std::printf("startup to first frame: median %.1f ms over %d runs (target <= 100 ms)\n",
                median(startup_ms), runs);
    std::printf(
        "bytes per cursor key at 80x24, xterm-256color: median %.0f, max %.0f over %zu keys "
        "(target <= 48)\n",
        median(bytes), *std::max_element(bytes.begin(), bytes.end()), bytes.size());
    return 0;
}
