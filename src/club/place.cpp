#include "club/place.hpp"

#include "files/paths.hpp"
#include "net/rendezvous.hpp"
#include "store/store.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace halma::club {

namespace {

// Pending connections the kernel queues for the server.
constexpr int kBacklog = 128;

} // namespace

std::string find_club_dir(const std::string& given, std::string& out) {
    std::string dir = given;
    if (dir.empty()) {
        const char* env = std::getenv(kClubDirVariable);
        if (env && *env) dir = env;
    }
    if (dir.empty()) {
        struct stat st;
        if (stat((std::string(kSystemClubDir) + "/" + kDatabaseFile).c_str(), &st) == 0 ||
            stat((std::string(kSystemClubDir) + "/" + kStoreFile).c_str(), &st) == 0) {
            dir = kSystemClubDir;
        } else {
            std::string why, state = files::state_dir(why);
            if (state.empty()) return why;
            dir = state + "/club";
        }
    }
    if (dir[0] != '/') {
        char cwd[4096];
        if (!getcwd(cwd, sizeof cwd)) return "cannot tell the current directory";
        dir = std::string(cwd) + "/" + dir;
    }
    while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
    out = dir;
    return {};
}

std::string describe_club_dir(const std::string& dir) {
    std::string where = dir;
    const char* home = std::getenv("HOME");
    if (home && *home && std::strcmp(home, "/") != 0) {
        std::string h = home;
        while (h.size() > 1 && h.back() == '/') h.pop_back();
        if (where == h || where.rfind(h + "/", 0) == 0) where = "~" + where.substr(h.size());
    }
    struct stat st;
    std::string whose = "your own club";
    if (dir == kSystemClubDir)
        whose = "the host's club";
    else if (stat(dir.c_str(), &st) == 0 && st.st_uid != geteuid())
        whose = net::user_name(st.st_uid) + "'s club";
    return whose + ", " + where;
}

std::string describe_remote_club(const std::string& host) {
    const std::size_t at = host.rfind('@');
    return "club@" + (at == std::string::npos ? host : host.substr(at + 1));
}

std::string connect_club(const std::string& dir, net::UniqueFd& out, uid_t& server, bool& refused) {
    refused = false;
    const std::string path = dir + "/" + kSocketFile;
    sockaddr_un addr;
    if (!net::make_address(path, addr)) return "the club's socket path is too long: " + path;
    net::UniqueFd fd(socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
    if (!fd) return std::string("cannot create a socket: ") + std::strerror(errno);
    if (::connect(fd.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        const int e = errno;
        refused = e == ENOENT || e == ECONNREFUSED;
        if (e == EAGAIN) return "the club at " + dir + " is busy; try again";
        return "no club server answers at " + path + " (" + std::strerror(e) + ")";
    }
    struct stat st;
    const net::Credentials who = net::peer_credentials(fd.get());
    if (!who.known) return "cannot tell who answers at " + path;
    server = who.uid;
    if (lstat(path.c_str(), &st) != 0 || st.st_uid != server)
        return path + " is answered by " + net::user_name(server) +
               ", who does not own it; not talking to it";
    out = std::move(fd);
    return {};
}

std::string claim_club_dir(const std::string& dir, net::UniqueFd& lock, net::UniqueFd& listener) {
    if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
        std::string parent = dir.substr(0, dir.rfind('/'));
        if (std::string e = files::make_dirs(parent); !e.empty()) return e;
        if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
            return "cannot create the club's directory " + dir + ": " + std::strerror(errno);
    }
    struct stat st;
    if (lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return dir + " is not a directory";
    if (st.st_uid != geteuid())
        return dir + " belongs to " + net::user_name(st.st_uid) +
               "; a club's server runs as the owner of its directory";
    if (st.st_mode & (S_IWGRP | S_IWOTH))
        return dir + " may be written by other users; make it 0755 (chmod go-w)";
    const std::string lock_path = dir + "/" + kLockFile;
    lock.reset(::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600));
    if (!lock) return "cannot open " + lock_path + ": " + std::strerror(errno);
    if (flock(lock.get(), LOCK_EX | LOCK_NB) != 0) return "a club server already runs in " + dir;
    // The lock is ours: a socket left there is a dead server's.
    const std::string path = dir + "/" + kSocketFile;
    (void)unlink(path.c_str());
    sockaddr_un addr;
    if (!net::make_address(path, addr)) return "the club's socket path is too long: " + path;
    listener.reset(socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
    if (!listener) return std::string("cannot create a socket: ") + std::strerror(errno);
    const mode_t old = umask(0); // every local user may connect; the kernel says who they are
    const int bound = bind(listener.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    const int bind_error = errno;
    umask(old);
    if (bound != 0) return "cannot create " + path + ": " + std::strerror(bind_error);
    if (::listen(listener.get(), kBacklog) != 0)
        return "cannot listen on " + path + ": " + std::strerror(errno);
    return {};
}

} // namespace halma::club
