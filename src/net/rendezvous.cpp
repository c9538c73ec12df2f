#include "net/rendezvous.hpp"

#include "net/wire.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

namespace halma::net {

namespace {

constexpr const char* kPrefix = "halma-";
constexpr const char* kSuffix = ".sock";
// Pending connections the kernel queues before the host accepts them.
constexpr int kBacklog = 64;
// How long connecting waits for room in a busy host's queue.
constexpr long kConnectWaitSeconds = 2;

// Why a directory (dir is how to name it) may not serve as, or above, the rendezvous.
std::string check_directory(int fd, const std::string& dir) {
    struct stat st;
    if (fstat(fd, &st) != 0) return "cannot examine " + dir + ": " + std::strerror(errno);
    if (!S_ISDIR(st.st_mode)) return dir + " is not a directory";
    if (st.st_uid != 0 && st.st_uid != geteuid())
        return dir + " belongs to " + user_name(st.st_uid) +
               ", who could replace any game's socket in it; use a directory owned by root "
               "or by you (set " +
               kGamesDirVariable + ")";
    if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX))
        return dir + " may be written by other users and is not sticky (chmod +t), so anyone "
                     "could replace a game's socket in it";
    return {};
}

// Whether a directory entry's name is a game's socket name, and the game's name.
bool game_of_file(const std::string& file, std::string& game) {
    const std::size_t p = std::strlen(kPrefix), s = std::strlen(kSuffix);
    if (file.size() <= p + s || file.compare(0, p, kPrefix) != 0 ||
        file.compare(file.size() - s, s, kSuffix) != 0)
        return false;
    game = file.substr(p, file.size() - p - s);
    return valid_name(game);
}

} // namespace

bool make_address(const std::string& path, sockaddr_un& addr) {
    std::memset(&addr, 0, sizeof addr);
    addr.sun_family = AF_UNIX;
    if (path.size() >= sizeof addr.sun_path) return false;
    std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
    return true;
}

std::string user_name(uid_t uid) {
    passwd pw, *found = nullptr;
    char buf[4096];
    if (getpwuid_r(uid, &pw, buf, sizeof buf, &found) == 0 && found && valid_name(pw.pw_name))
        return pw.pw_name;
    return "uid" + std::to_string(uid);
}

bool user_id(const std::string& name, uid_t& uid) {
    passwd pw, *found = nullptr;
    char buf[4096];
    if (getpwnam_r(name.c_str(), &pw, buf, sizeof buf, &found) == 0 && found) {
        uid = pw.pw_uid;
        return true;
    }
    if (name.rfind("uid", 0) != 0 || name.size() < 4 || name.size() > 13) return false;
    unsigned long long n = 0;
    for (char c : name.substr(3)) {
        if (c < '0' || c > '9') return false;
        n = n * 10 + static_cast<unsigned>(c - '0');
    }
    uid = static_cast<uid_t>(n);
    return n == uid && user_name(uid) == name;
}

Credentials peer_credentials(int fd) {
    Credentials out;
    ucred cred{};
    socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0)
        out.error = errno;
    else if (len != sizeof cred)
        out.error = EPROTO;
    else
        out.known = true, out.uid = cred.uid;
    return out;
}

std::string read_address(std::string_view text, GameAddress& out) {
    const std::size_t slash = text.find('/');
    GameAddress a;
    a.game = std::string(slash == std::string_view::npos ? text : text.substr(slash + 1));
    if (slash != std::string_view::npos) a.user = std::string(text.substr(0, slash));
    if (!valid_name(a.game) || (slash != std::string_view::npos && !valid_name(a.user)))
        return "'" + clean_text(text, 70) +
               "' is not a game: NAME, or USER/NAME to join only a game USER hosts";
    out = std::move(a);
    return {};
}

std::string Rendezvous::open() {
    const char* env = std::getenv(kGamesDirVariable);
    if (env && *env && *env != '/')
        return std::string(kGamesDirVariable) + " must be an absolute path, not '" +
               clean_text(env, 80) + "'";
    return open(env && *env ? env : kDefaultGamesDir);
}

std::string Rendezvous::open(const std::string& path) {
    std::string dir = path;
    while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
    UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!fd) {
        if (errno == ELOOP || errno == ENOTDIR) {
            struct stat st;
            if (lstat(dir.c_str(), &st) == 0 && S_ISLNK(st.st_mode))
                return dir + " is a symbolic link; name the directory itself";
            return dir + " is not a directory";
        }
        return "cannot open the games directory " + dir + ": " + std::strerror(errno);
    }
    if (std::string e = check_directory(fd.get(), dir); !e.empty()) return e;
    // Every directory above it, reached through "..", so a symbolic link on the way is
    // judged by where it really leads.
    UniqueFd at(dup(fd.get()));
    for (int up = 1; at; ++up) {
        struct stat here;
        if (fstat(at.get(), &here) != 0) break;
        UniqueFd parent(openat(at.get(), "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        struct stat above;
        if (!parent || fstat(parent.get(), &above) != 0) break;
        if (above.st_ino == here.st_ino && above.st_dev == here.st_dev) break; // the root
        if (std::string e =
                check_directory(parent.get(), "the directory " + std::to_string(up) + " level" +
                                                  (up > 1 ? "s" : "") + " above " + dir);
            !e.empty())
            return e;
        at = std::move(parent);
    }
    path_ = dir;
    dir_ = std::move(fd);
    return {};
}

std::string Rendezvous::file_of(const std::string& game) { return kPrefix + game + kSuffix; }

std::string Rendezvous::socket_path(const std::string& game) const {
    std::string via_proc = "/proc/self/fd/" + std::to_string(dir_.get());
    if (access(via_proc.c_str(), X_OK) == 0) return via_proc + "/" + file_of(game);
    return path_ + "/" + file_of(game);
}

Rendezvous::Probe Rendezvous::probe(const std::string& game, Wait wait) const {
    Probe p;
    sockaddr_un addr;
    if (!make_address(socket_path(game), addr)) {
        p.error = ENAMETOOLONG;
        return p;
    }
    // Blocking, so a host with a full queue of new connections is waited for, but only so
    // long: a stopped host cannot hang whoever asks. Not waiting, a full queue is EAGAIN.
    const int nonblocking = wait == Wait::No ? SOCK_NONBLOCK : 0;
    p.fd.reset(socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | nonblocking, 0));
    const timeval briefly{kConnectWaitSeconds, 0};
    if (p.fd && wait == Wait::Briefly)
        (void)setsockopt(p.fd.get(), SOL_SOCKET, SO_SNDTIMEO, &briefly, sizeof briefly);
    if (p.fd && ::connect(p.fd.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        p.error = errno;
        p.fd.reset();
    } else if (!p.fd) {
        p.error = errno;
    } else if (const Credentials who = peer_credentials(p.fd.get()); !who.known) {
        p.error = who.error;
        p.fd.reset();
    } else {
        p.host = who.uid;
        const timeval none{0, 0};
        (void)setsockopt(p.fd.get(), SOL_SOCKET, SO_SNDTIMEO, &none, sizeof none);
    }
    return p;
}

std::string Rendezvous::clear_name(const std::string& game) {
    const std::string file = file_of(game);
    struct stat st;
    if (fstatat(dir_.get(), file.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return {};
    if (!S_ISSOCK(st.st_mode))
        return shown(game) + " is in the way and is not a socket; not touching it";
    Probe p = probe(game, Wait::Briefly);
    if (p.fd) return "a game named " + game + " is already open, hosted by " + user_name(p.host);
    if (p.error != ECONNREFUSED)
        return "cannot tell whether " + shown(game) + " is in use: " + std::strerror(p.error);
    if (st.st_uid != geteuid())
        return "the name " + game + " is held by a finished game of " + user_name(st.st_uid) +
               " (" + shown(game) + "); choose another name";
    if (unlinkat(dir_.get(), file.c_str(), 0) != 0 && errno != ENOENT)
        return "cannot remove the dead game's socket " + shown(game) + ": " + std::strerror(errno);
    return {};
}

std::string Rendezvous::listen(const std::string& game, UniqueFd& out) {
    if (!valid_name(game))
        return "'" + clean_text(game, 40) +
               "' is not a game name: 1 to 32 letters, digits, '_', '-' or '.', starting "
               "with a letter or digit";
    if (std::string e = clear_name(game); !e.empty()) return e;
    const std::string file = file_of(game);
    struct stat st;
    UniqueFd fd(socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
    sockaddr_un addr;
    if (!fd) return std::string("cannot create a socket: ") + std::strerror(errno);
    if (!make_address(socket_path(game), addr)) return "the socket path is too long";
    const mode_t old_mask = umask(0); // anyone may connect; the host decides who stays
    const int bound = bind(fd.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    const int bind_error = errno;
    umask(old_mask);
    if (bound != 0)
        return bind_error == EADDRINUSE
                   ? "another game took the name " + game + " just now"
                   : "cannot create " + shown(game) + ": " + std::strerror(bind_error);
    if (::listen(fd.get(), kBacklog) != 0)
        return "cannot listen on " + shown(game) + ": " + std::strerror(errno);
    if (fstatat(dir_.get(), file.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0)
        return shown(game) + " vanished as it was made";
    listening_ino_ = st.st_ino;
    out = std::move(fd);
    return {};
}

void Rendezvous::remove(const std::string& game) {
    struct stat st;
    const std::string file = file_of(game);
    if (listening_ino_ && fstatat(dir_.get(), file.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISSOCK(st.st_mode) && st.st_ino == listening_ino_ && st.st_uid == geteuid())
        (void)unlinkat(dir_.get(), file.c_str(), 0);
    listening_ino_ = 0;
}

std::string Rendezvous::host_of(const GameAddress& where, uid_t& host) const {
    const std::string& game = where.game;
    if (!valid_name(game)) return "'" + clean_text(game, 40) + "' is not a game name";
    struct stat st;
    if (fstatat(dir_.get(), file_of(game).c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0)
        return "no game named " + game + " is open here (halma --games lists them)";
    if (!S_ISSOCK(st.st_mode)) return shown(game) + " is not a game's socket";
    uid_t expected = 0;
    if (!where.user.empty() && !user_id(where.user, expected))
        return "there is no user " + where.user + " on this machine";
    if (!where.user.empty() && st.st_uid != expected)
        return "the game " + game + " is hosted by " + user_name(st.st_uid) + ", not " +
               where.user + "; not joining";
    host = st.st_uid;
    return {};
}

Rendezvous::Reached Rendezvous::reach(const GameAddress& where, Wait wait) const {
    Reached r;
    if (!(r.error = host_of(where, r.host)).empty()) return r;
    const std::string& game = where.game;
    const std::string file = file_of(game);
    struct stat st;
    if (fstatat(dir_.get(), file.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) r.socket = st.st_ino;
    Probe p = probe(game, wait);
    r.failed = p.error;
    if (p.error == ECONNREFUSED)
        r.error = "the game " + game + " has ended: its host is gone";
    else if (p.error == EAGAIN)
        r.error = "the game " + game + " is busy; try again";
    else if (p.error)
        r.error = "cannot reach the game " + game + ": " + std::strerror(p.error);
    // The socket file is looked at again now: its owner must be who answered.
    else if (fstatat(dir_.get(), file.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 ||
             st.st_uid != p.host || p.host != r.host)
        r.error = "the game " + game + " is answered by " + user_name(p.host) +
                  ", who does not own its socket; not joining";
    else
        r.fd = std::move(p.fd);
    return r;
}

std::string Rendezvous::connect(const GameAddress& where, UniqueFd& out, uid_t& host) {
    Reached r = reach(where, Wait::Briefly);
    if (r.error.empty()) out = std::move(r.fd), host = r.host;
    return r.error;
}

void Rendezvous::remove_dead(const std::string& game, ino_t socket) {
    struct stat st;
    const std::string file = file_of(game);
    if (socket && fstatat(dir_.get(), file.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISSOCK(st.st_mode) && st.st_ino == socket && st.st_uid == geteuid())
        (void)unlinkat(dir_.get(), file.c_str(), 0);
}

std::vector<std::string> Rendezvous::game_names() const {
    std::vector<std::string> names;
    int copy = openat(dir_.get(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR* d = copy >= 0 ? fdopendir(copy) : nullptr;
    if (!d) {
        if (copy >= 0) close(copy);
        return names;
    }
    for (dirent* e; (e = readdir(d)) != nullptr;) {
        std::string game;
        if (e->d_type != DT_SOCK && e->d_type != DT_UNKNOWN) continue;
        if (game_of_file(e->d_name, game)) names.push_back(game);
    }
    closedir(d);
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace halma::net
