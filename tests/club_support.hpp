// Helpers for the club tests: the real program run as a club server in a temporary
// directory (started, killed, restarted), and clients at the wire, connected as any user
// (a child process takes the user's id, connects, and hands the socket back), reading the
// server's messages with a bound on every wait.
#pragma once

#include "club/place.hpp"
#include "net/connection.hpp"
#include "net/rendezvous.hpp"
#include "store/sql.hpp"
#include "support.hpp"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <libpq-fe.h>
#include <poll.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace club_support {

using namespace halma;
using net::Message;
using net::Verb;

// The user id tests use for a second person.
constexpr uid_t kNobody = 65534;

// With PG_TEST_CONNINFO set (tests/sh/pg_catch2.sh sets it), a new database on that
// PostgreSQL server for each club, named in --club-store's words; otherwise an empty string.
inline std::string fresh_postgres_store() {
    const char* base = std::getenv("PG_TEST_CONNINFO");
    if (!base || !*base) return {};
    static int made = 0;
    const std::string name = "club_" + std::to_string(getpid()) + "_" + std::to_string(++made);
    PGconn* c = PQconnectdb((std::string(base) + " dbname=postgres").c_str());
    PGresult* r = PQexec(c, ("CREATE DATABASE " + name).c_str());
    const bool made_it = PQresultStatus(r) == PGRES_COMMAND_OK;
    const std::string why = PQerrorMessage(c);
    PQclear(r);
    PQfinish(c);
    if (!made_it) throw std::runtime_error("cannot make a database: " + why);
    return "postgresql:" + std::string(base) + " dbname=" + name;
}

// A club directory in a fresh temporary directory every user may reach; its store a
// PostgreSQL database of its own when the tests are run against PostgreSQL.
struct ClubDir {
    test_support::TempDir temp;
    std::string path;
    ClubDir() : ClubDir(fresh_postgres_store()) {}
    // A club directory whose store is the one given (--club-store's words; empty: SQLite's
    // file in it): several directories given one PostgreSQL store are one club's hosts.
    explicit ClubDir(const std::string& store) : path(temp.path + "/club") {
        chmod(temp.path.c_str(), 0755);
        if (!store.empty()) {
            mkdir(path.c_str(), 0755);
            std::ofstream(path + "/" + halma::club::kStoreFile) << store << "\n";
        }
    }
};

// `halma --club-server` for a directory, as a child process.
struct ClubServer {
    std::string dir;
    pid_t pid = -1;

    explicit ClubServer(std::string d) : dir(std::move(d)) { start(); }
    ~ClubServer() { stop(SIGTERM); }

    // Starts the server and waits (at most 10 s) until it answers.
    void start() {
        pid = fork();
        if (pid == 0) {
            const std::string err = dir + ".err";
            if (FILE* f = std::freopen(err.c_str(), "a", stderr)) (void)f;
            execl(test_support::program().c_str(), "halma", "--club-server", "--club-dir",
                  dir.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        for (int i = 0; i < 1000; ++i) {
            net::UniqueFd fd;
            uid_t who = 0;
            bool refused = false;
            if (halma::club::connect_club(dir, fd, who, refused).empty()) return;
            int status = 0;
            if (waitpid(pid, &status, WNOHANG) == pid) {
                pid = -1;
                throw std::runtime_error("the club server exited: " +
                                         test_support::slurp(dir + ".err"));
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        throw std::runtime_error("the club server does not answer");
    }
    // Stops it with a signal and waits for it; returns its wait status.
    int stop(int sig) {
        if (pid < 0) return 0;
        kill(pid, sig);
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        pid = -1;
        return status;
    }
};

// Connects to the club's socket as a user: directly for our own id, else from a child that
// takes that id first (the kernel records who connected), the socket passed back.
inline net::UniqueFd connect_as(const std::string& dir, uid_t uid) {
    const std::string path = dir + "/" + halma::club::kSocketFile;
    const auto dial = [&]() {
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_un addr{};
        if (fd >= 0 && (!net::make_address(path, addr) ||
                        connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0)) {
            close(fd);
            fd = -1;
        }
        return fd;
    };
    if (uid == geteuid()) return net::UniqueFd(dial());
    // One byte, and the descriptor beside it.
    struct Passing {
        char byte = 1;
        iovec iov{&byte, 1};
        alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
        msghdr msg{};
        Passing() {
            msg.msg_iov = &iov;
            msg.msg_iovlen = 1;
            msg.msg_control = control;
            msg.msg_controllen = sizeof control;
        }
    };
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) return {};
    const pid_t child = fork();
    if (child == 0) {
        if (setgid(uid) != 0 || setuid(uid) != 0) _exit(1);
        const int fd = dial();
        if (fd < 0) _exit(2);
        Passing p;
        cmsghdr* c = CMSG_FIRSTHDR(&p.msg);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        std::memcpy(CMSG_DATA(c), &fd, sizeof fd);
        _exit(sendmsg(pair[1], &p.msg, 0) == 1 ? 0 : 3);
    }
    close(pair[1]);
    Passing p;
    int fd = -1;
    if (recvmsg(pair[0], &p.msg, 0) == 1)
        if (cmsghdr* c = CMSG_FIRSTHDR(&p.msg); c && c->cmsg_type == SCM_RIGHTS)
            std::memcpy(&fd, CMSG_DATA(c), sizeof fd);
    close(pair[0]);
    int status = 0;
    waitpid(child, &status, 0);
    return net::UniqueFd(fd);
}

// A client at the wire.
struct WireClient {
    net::Connection conn;
    std::vector<Message> seen; // every message read, in order
    std::vector<std::string> errors;
    std::size_t clocks_read = 0;     // clock lines taken by a test, of those seen
    int version = net::kWireVersion; // the network version its hello says

    WireClient(const std::string& dir, uid_t uid = geteuid())
        : conn(connect_as(dir, uid), net::From::Host, 1u << 22) {}

    bool send(const std::string& line) { return conn.send(line + "\n"); }
    // Says hello to the lobby and waits for the welcome.
    bool hello() {
        return send("hello " + std::to_string(version) + " lobby - -") &&
               wait([](const Message& m) { return m.verb == Verb::Welcome; });
    }
    // Reads until a message matches (returned through `got`), the connection ends, or
    // 10 seconds pass.
    bool wait(const std::function<bool(const Message&)>& match, Message* got = nullptr,
              int ms = 10000) {
        const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
        for (;;) {
            Message m;
            std::string error;
            for (net::Decoder::Got g;
                 (g = conn.decoder.next(m, error)) != net::Decoder::Got::Nothing;) {
                if (g == net::Decoder::Got::Error) {
                    errors.push_back(error);
                    continue;
                }
                seen.push_back(m);
                if (match(m)) {
                    if (got) *got = m;
                    return true;
                }
            }
            if (!conn.open() || conn.at_eof()) return false;
            const long left = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  end - std::chrono::steady_clock::now())
                                  .count();
            if (left <= 0) return false;
            pollfd p{conn.fd(), conn.events(), 0};
            if (poll(&p, 1, static_cast<int>(left)) > 0) {
                if (p.revents & POLLOUT) conn.flush();
                if (p.revents & (POLLIN | POLLHUP | POLLERR)) conn.read_some(1u << 20);
            }
        }
    }
    bool wait_verb(Verb v, Message* got = nullptr, int ms = 10000) {
        return wait([v](const Message& m) { return m.verb == v; }, got, ms);
    }
    // What it read from message `from` on, a line each, and whether the server hung up: for
    // a failed wait's report.
    [[nodiscard]] std::string heard(std::size_t from) const {
        std::string out;
        for (std::size_t i = from; i < seen.size(); ++i)
            out += net::write_message(seen[i]).substr(0, 120);
        for (const std::string& e : errors) out += "(unread: " + e + ")\n";
        return out + (conn.open() && !conn.at_eof() ? "(still connected)" : "(hung up)");
    }
    // Sends a line and collects the messages up to `end` (or the first error).
    std::vector<Message> listing(const std::string& line) {
        const std::size_t from = seen.size();
        send(line);
        wait([](const Message& m) { return m.verb == Verb::End || m.verb == Verb::Error; });
        return {seen.begin() + static_cast<long>(from), seen.end()};
    }
};

// The club's shell verbs (`halma --club WORDS`) for directory dir: what they print, their
// exit status and what they said on stderr.
struct Shell {
    std::string dir;
    int status = 0;
    std::string err;
    std::string operator()(const std::string& words) {
        return test_support::run_program("--club-dir " + dir + " --club " + words, "", status,
                                         &err);
    }
};

// A tournament's standings once it has finished (or as they stand after five minutes).
inline std::string standings_at_end(Shell& club, const std::string& name) {
    std::string standings;
    for (int i = 0; i < 1500; ++i) {
        standings = club("tournament standings " + name);
        if (standings.find("finished") != std::string::npos) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    return standings;
}

} // namespace club_support
