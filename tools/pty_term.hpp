// A halma run on a pseudo-terminal of 80x24 for the tools that time the program from
// outside: start it, read what it draws, type keys, stop it.
#pragma once

#include <csignal>
#include <poll.h>
#include <pty.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace pty_term {

// A halma on a pseudo-terminal.
struct Term {
    int fd = -1;
    pid_t pid = -1;
    std::string seen; // everything it wrote
};

inline Term spawn(const char* halma, const std::vector<std::string>& args) {
    winsize ws{};
    ws.ws_row = 24;
    ws.ws_col = 80;
    Term t;
    t.pid = forkpty(&t.fd, nullptr, nullptr, &ws);
    if (t.pid == 0) {
        setenv("TERM", "xterm-256color", 1);
        setenv("LANG", "C.UTF-8", 1);
        setenv("LC_ALL", "C.UTF-8", 1);
        std::vector<char*> argv = {const_cast<char*>(halma)};
        for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(halma, argv.data());
        _exit(127);
    }
    return t;
}

// Reads what t writes; waits at most wait_ms for the first byte, then until quiet_ms pass
// without output. Returns whether anything came (false too once t has ended).
inline bool read_some(Term& t, int wait_ms, int quiet_ms) {
    bool got = false;
    for (int timeout = wait_ms;; timeout = quiet_ms) {
        pollfd p{t.fd, POLLIN, 0};
        if (poll(&p, 1, timeout) <= 0) return got;
        char buf[8192];
        const ssize_t n = read(t.fd, buf, sizeof buf);
        if (n <= 0) return got;
        t.seen.append(buf, static_cast<std::size_t>(n));
        got = true;
    }
}

// Reads until t has written text (bounded: about ten seconds).
inline bool wait_text(Term& t, const std::string& text) {
    for (int i = 0; i < 100 && t.seen.find(text) == std::string::npos; ++i) read_some(t, 100, 20);
    return t.seen.find(text) != std::string::npos;
}

inline void type(Term& t, const std::string& keys) { (void)!write(t.fd, keys.data(), keys.size()); }

inline void stop(Term& t) {
    kill(t.pid, SIGTERM);
    read_some(t, 200, 50);
    close(t.fd);
    waitpid(t.pid, nullptr, 0);
}

} // namespace pty_term
