#include "start/door_session.hpp"

#include "club/place.hpp"
#include "club/shell.hpp"
#include "door/door.hpp"

#include <cctype>
#include <cerrno>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <syslog.h>
#include <unistd.h>

namespace halma::start {

using net::Message;
using net::Verb;

namespace {

// How long the door waits for the club's answers; the keys command, which sshd waits for
// while a stranger's login hangs, less.
constexpr int kAnswerMs = 5000;
constexpr int kKeysAnswerMs = 2000;
// The longest line read from the terminal for a name or a code.
constexpr std::size_t kMaxTyped = 256;
// Digits in the one-time code addkey gives (the server's; spaces and '-' between are read too).
constexpr std::size_t kCodeDigits = 12;
constexpr std::size_t kQueue = 64 * 1024;
// Names and codes the club may refuse one session before it ends (the club counts each
// key's in an hour too); a name of the wrong shape, told at once, is not counted.
constexpr int kTriesPerSession = 5;

// The directory the key's line names; never one the session's environment names.
std::string door_dir(const std::string& club_dir) {
    return club_dir.empty() ? club::kSystemClubDir : club_dir;
}

int complain(const std::string& why) {
    std::fprintf(stderr, "halma: %s\n", printable(why).c_str());
    return 1;
}

// Where a session of the door comes from, as sshd says (SSH_CONNECTION's first word), or "".
std::string source_address() {
    const char* c = std::getenv("SSH_CONNECTION");
    const std::vector<std::string_view> w = split_words(c ? c : "");
    return !w.empty() && net::valid_address(w[0]) ? std::string(w[0]) : std::string();
}

// Tells the administrators, in one line, why the door refused a key: syslog's authentication
// log when there is one, and the club's log through its server when it runs (the server
// bounds how many lines a minute it writes). sshd throws the door's error output away.
void log_refusal(const std::string& dir, std::string_view fingerprint, const std::string& why) {
    const std::string from = source_address();
    const std::string line = printable(
        "key " +
        (net::valid_fingerprint(fingerprint) ? std::string(fingerprint) : std::string("(none)")) +
        (from.empty() ? "" : " from " + from) + ": " + why);
    openlog("halma-door", LOG_PID, LOG_AUTH);
    syslog(LOG_NOTICE, "%s", line.c_str());
    closelog();
    net::UniqueFd fd;
    uid_t server = 0;
    bool nobody = false;
    if (dir.empty() || !club::connect_club(dir, fd, server, nobody).empty()) return;
    const std::string note = net::write_message(net::with_text(Verb::Note, line));
    (void)!write(fd.get(), note.data(), note.size());
}

// Refuses a key: says why on the error output and in the logs (log_refusal).
int refuse(const std::string& dir, std::string_view fingerprint, const std::string& why) {
    log_refusal(dir, fingerprint, why);
    return complain(why);
}

// A connection to the club that has said which key it speaks for: the answer, the key's
// player or "" for nobody. Returns an empty string or why not.
std::string speak_for(const std::string& dir, const std::string& fingerprint, int wait_ms,
                      net::Connection& conn, std::string& name) {
    net::UniqueFd fd;
    uid_t server = 0;
    bool nobody = false;
    if (std::string e = club::connect_club(dir, fd, server, nobody); !e.empty())
        return nobody ? "the club is closed for now (its server is not running)" : e;
    conn = net::Connection(std::move(fd), net::From::Host, kQueue);
    Message as;
    as.verb = Verb::As;
    as.word = fingerprint;
    as.address = source_address(); // for the limits on new players from one address
    if (!conn.send(as)) return "the club hung up at once";
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(wait_ms);
    for (Message m;;) {
        if (std::string e = club::next_message(conn, end, m); !e.empty()) return e;
        if (m.verb == Verb::Refused || m.verb == Verb::Dropped) return m.text;
        if (m.verb == Verb::Key) return name = m.user, std::string();
    }
}

// The code a newcomer typed, digits only, or "" when the line is not one.
std::string typed_code(std::string_view line) {
    std::string digits;
    for (char c : line) {
        if (c >= '0' && c <= '9')
            digits += c;
        else if (c != ' ' && c != '-')
            return {};
    }
    return digits.size() == kCodeDigits ? digits : std::string();
}

// A line typed at the terminal, without its end; false at the end of input.
bool read_typed_line(std::string& line) {
    line.clear();
    for (char c;;) {
        const ssize_t n = read(STDIN_FILENO, &c, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return !line.empty();
        if (c == '\n' || c == '\r') return true;
        if (line.size() < kMaxTyped) line += c;
    }
}

// A newcomer at the terminal: a name chosen, or a code given, until the club takes one.
// Returns 0 (conn: the connection it was taken on; name: the player's), or the exit status.
int welcome_newcomer(const std::string& dir, const std::string& fingerprint, net::Connection& conn,
                     std::string& name) {
    char host[256] = "this host";
    (void)gethostname(host, sizeof host - 1);
    std::printf("Welcome to the halma club on %s.\n"
                "This key is new here. Choose the name you will play under (letters, digits, _\n"
                "and -, starting with a letter, at most %zu), or give the code that addkey\n"
                "showed you in a session of yours, to add this key to your player.\n",
                printable(host).c_str(), club::kMaxPlayerName);
    int refused = 0;
    for (std::string line;;) {
        if (refused == kTriesPerSession)
            return std::printf("That is %d tries; goodbye.\n", kTriesPerSession), 1;
        std::fputs("Name or code: ", stdout);
        std::fflush(stdout);
        if (!read_typed_line(line)) return std::puts("\nGoodbye."), 0;
        const std::string_view typed = trim(line);
        Message claim;
        claim.word = typed_code(typed);
        claim.verb = claim.word.empty() ? Verb::Name : Verb::Link;
        if (claim.verb == Verb::Name) {
            if (std::string e = club::name_fault(typed); !e.empty()) {
                std::printf("%s.\n", e.c_str());
                continue;
            }
            claim.user = std::string(typed);
        }
        std::string nobody;
        if (std::string e = speak_for(dir, fingerprint, kAnswerMs, conn, nobody); !e.empty())
            return refuse(dir, fingerprint, e);
        if (!nobody.empty()) return name = nobody, 0; // named meanwhile, in another session
        conn.send(claim);
        const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(kAnswerMs);
        for (Message m;;) {
            if (std::string e = club::next_message(conn, end, m); !e.empty())
                return refuse(dir, fingerprint, e);
            if (m.verb == Verb::Refused || m.verb == Verb::Dropped)
                return refuse(dir, fingerprint, m.text);
            if (m.verb == Verb::Key) {
                name = m.user;
                std::printf("Welcome, %s.\n", name.c_str());
                return 0;
            }
            if (m.verb == Verb::Error) {
                std::printf("%s.\n", printable(m.text).c_str());
                ++refused;
                break;
            }
        }
    }
}

} // namespace

std::string door_locale(const char* lc_all, const char* lc_ctype, const char* lang) {
    const char* named = nullptr;
    for (const char* v : {lc_all, lc_ctype, lang})
        if (!named && v && *v) named = v;
    if (!named) return "C.UTF-8";
    const std::string before = std::setlocale(LC_CTYPE, nullptr);
    const bool here = std::setlocale(LC_CTYPE, named) != nullptr;
    std::setlocale(LC_CTYPE, before.c_str());
    if (here) return {};
    std::string low;
    for (const char* c = named; *c; ++c)
        if (*c != '-') low += static_cast<char>(std::tolower(static_cast<unsigned char>(*c)));
    return low.find("utf8") != std::string::npos ? "C.UTF-8" : std::string();
}

int run_door_keys(const std::string& program, const std::string& club_dir,
                  const std::string& words) {
    const std::vector<std::string_view> w = split_words(words);
    const std::string_view fingerprint = w.size() == 4 ? w[3] : std::string_view();
    if (w.size() != 4)
        return refuse({}, {},
                      "--door-keys takes the user, the key's type, the key and its "
                      "fingerprint (%u %t %k %f)");
    std::string dir;
    if (std::string e = club::find_club_dir(club_dir, dir); !e.empty())
        return refuse({}, fingerprint, e);
    club::DoorSettings door;
    bool exists = false;
    if (std::string e = club::load_door_settings(dir, door, exists); !e.empty())
        return refuse(dir, fingerprint, e);
    if (!exists)
        return refuse(dir, fingerprint,
                      "the club at " + dir + " has no door (no " + club::kDoorFile + ")");
    if (w[0] != door.account)
        return refuse(dir, fingerprint,
                      std::string(w[0]) + " is not the door's account (" + door.account + ")");
    std::string line;
    if (std::string e = club::door_key_line(program, dir, w[1], w[2], w[3], line); !e.empty())
        return refuse(dir, fingerprint, e);
    if (!door.open) { // only keys that are a player's
        net::Connection conn;
        std::string name;
        if (std::string e = speak_for(dir, std::string(w[3]), kKeysAnswerMs, conn, name);
            !e.empty())
            return refuse(dir, fingerprint, e);
        if (name.empty())
            return log_refusal(dir, fingerprint, "entry: closed, and nobody's key"), 0;
    }
    std::fputs(line.c_str(), stdout);
    return std::fflush(stdout) == 0 ? 0 : 1;
}

int open_door(const std::string& club_dir, const std::string& fingerprint, bool& done,
              long long& watch) {
    const std::string dir = door_dir(club_dir);
    done = true;
    watch = 0;
    if (!net::valid_fingerprint(fingerprint))
        return refuse(dir, fingerprint, "--door takes a SHA256 fingerprint");
    const bool terminal = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    net::Connection conn;
    std::string name;
    if (const char* asked = std::getenv("SSH_ORIGINAL_COMMAND")) {
        std::vector<std::string> words;
        if (std::string refusal = club::read_door_command(asked, words); !refusal.empty())
            return log_refusal(dir, fingerprint,
                               "the command '" + std::string(asked).substr(0, 60) +
                                   "' is none of the door's"),
                   std::fprintf(stderr, "%s\n", refusal.c_str()), 1;
        if (words[0] == "watch" && !terminal)
            return refuse(dir, fingerprint,
                          "watching a game needs a terminal: ssh -t HOST watch N");
        if (std::string e = speak_for(dir, fingerprint, kAnswerMs, conn, name); !e.empty())
            return refuse(dir, fingerprint, e);
        if (name.empty())
            return refuse(dir, fingerprint,
                          "this key has no player here yet: log in with a terminal "
                          "(ssh -t) to choose a name");
        if (words[0] != "watch") return club::answer_club_words(conn, words);
        watch = parse_count(words[1]);
        done = false;
        return 0;
    }
    if (!terminal)
        return refuse(dir, fingerprint, "the club's door needs a terminal: ssh -t to it");
    if (std::string e = speak_for(dir, fingerprint, kAnswerMs, conn, name); !e.empty())
        return refuse(dir, fingerprint, e);
    if (name.empty())
        if (const int status = welcome_newcomer(dir, fingerprint, conn, name);
            status || name.empty())
            return status;
    done = false;
    return 0;
}

std::string dial_door(const std::string& club_dir, const std::string& fingerprint,
                      net::UniqueFd& fd) {
    net::Connection conn;
    std::string name;
    if (std::string e = speak_for(door_dir(club_dir), fingerprint, kAnswerMs, conn, name);
        !e.empty())
        return e;
    if (name.empty()) return "the club no longer knows this key";
    fd = conn.release();
    return fd ? std::string() : "the club said more than it was asked";
}

} // namespace halma::start
