#include "club/shell.hpp"

#include "club/listing.hpp"
#include "club/place.hpp"
#include "club/server.hpp"
#include "net/connection.hpp"
#include "net/relay.hpp"
#include "net/rendezvous.hpp"
#include "store/store.hpp"
#include "store/store_dump.hpp"
#include "tourney/words.hpp"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace halma::club {

using net::Message;
using net::Verb;

namespace {

// How long a command waits for the server's answer; notify, for a login file, less.
constexpr int kAnswerMs = 5000;
constexpr int kNotifyMs = 500;
// How long starting a server may take (opening and checking the database).
constexpr int kStartMs = 10000;
// The most a command queues for the club: its one request.
constexpr std::size_t kCommandQueue = 64 * 1024;

int complain(const std::string& why) {
    std::fprintf(stderr, "halma: %s\n", printable(why).c_str());
    return 1;
}

// Starts a server for dir in the background, detached from this terminal, and waits until
// it listens or says why it cannot. Returns an empty string or its complaint.
std::string start_server(const std::string& dir) {
    int ready[2];
    if (pipe2(ready, O_CLOEXEC) != 0) return "cannot start the club's server (no pipe)";
    const pid_t child = fork();
    if (child < 0) return "cannot start the club's server (fork failed)";
    if (child == 0) {
        close(ready[0]);
        setsid();
        if (fork() != 0) _exit(0); // the server is nobody's child, like a daemon
        Server server;
        const std::string e = server.open(dir);
        if (!e.empty()) {
            (void)!write(ready[1], e.data(), e.size());
            _exit(1);
        }
        const int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
        const std::string log_path = dir + "/" + kLogFile;
        const int log = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
        dup2(null, 0);
        dup2(log >= 0 ? log : null, 1);
        dup2(log >= 0 ? log : null, 2);
        close(ready[1]); // the starter reads an end of file: ready
        _exit(server.run());
    }
    close(ready[1]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    std::string said;
    pollfd p{ready[0], POLLIN, 0};
    char buf[512];
    while (poll(&p, 1, kStartMs) > 0) {
        const ssize_t n = read(ready[0], buf, sizeof buf);
        if (n <= 0) break;
        said.append(buf, static_cast<std::size_t>(n));
    }
    close(ready[0]);
    return said;
}

// Whether a message answers the request, rather than being something the lobby is told
// unasked (chat, turns, a game that changed, who came or went).
bool answers(const Message& request, const Message& m, const std::string& me) {
    GameInfo g;
    switch (request.verb) {
    case Verb::Games:
        return m.verb == Verb::GameLine;
    case Verb::History: // a game that just ended may be anyone's
        return read_game(m, g) && g.state == "over" &&
               (request.user == "*" || g.seats_player(request.user.empty() ? me : request.user));
    case Verb::Ratings:
        return m.verb == Verb::RatingLine;
    case Verb::Fetch:
        return m.verb == Verb::Record;
    case Verb::AddKey:
        return m.verb == Verb::Code;
    case Verb::Tourney:
        return m.verb == Verb::TourneyLine;
    case Verb::Notify: // the lobby's welcome: a tournament's rounds begun, then the count
        return m.verb == Verb::Over || m.verb == Verb::Turns;
    default:
        return m.verb == Verb::Turns;
    }
}

// Keeps a line of the answer; a game already kept (told of before its listing came) is
// replaced where it stands.
void keep_answer(const Message& m, std::vector<Message>& answer) {
    if (m.verb == Verb::GameLine)
        for (Message& kept : answer)
            if (kept.verb == Verb::GameLine && kept.game == m.game) return void(kept = m);
    answer.push_back(m);
}

} // namespace

std::string next_message(net::Connection& conn, Clock::time_point end, Message& m) {
    for (;;) {
        std::string error;
        switch (conn.decoder.next(m, error)) {
        case net::Decoder::Got::Message:
            return {};
        case net::Decoder::Got::Error:
        case net::Decoder::Got::WrongSide:
            return "the club sent a bad line (" + error + ")";
        case net::Decoder::Got::Nothing:
            break;
        }
        if (!conn.open() || conn.at_eof()) return "the club hung up (" + conn.why_closed() + ")";
        const long left =
            std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now()).count();
        if (left <= 0) return "the club does not answer";
        pollfd p{conn.fd(), conn.events(), 0};
        if (poll(&p, 1, static_cast<int>(left)) > 0) {
            if (p.revents & POLLOUT) conn.flush();
            if (p.revents & (POLLIN | POLLHUP | POLLERR)) conn.read_some(256 * 1024);
        }
    }
}

std::string reach_club(const std::string& dir, bool start, net::UniqueFd& fd, uid_t& server,
                       bool& nobody) {
    std::string e = connect_club(dir, fd, server, nobody);
    if (e.empty() || !nobody || !start) return e;
    struct stat st;
    if (stat(dir.c_str(), &st) == 0 && st.st_uid != geteuid())
        return "the club at " + dir + " is not running; its server runs as " +
               net::user_name(st.st_uid) + " (ask the administrator: systemctl start halma-club)";
    if (std::string s = start_server(dir); !s.empty()) return s;
    return connect_club(dir, fd, server, nobody);
}

namespace {

// Says hello and one line, then collects the answer: every message up to the one that ends
// it (end, a record, turns, a key's code, an error), or nothing when wait_ms passes first.
std::string ask(net::Connection& conn, const Message& request, int wait_ms,
                std::vector<Message>& answer, std::string& me) {
    Message hello;
    hello.verb = Verb::Hello;
    hello.version = net::kWireVersion;
    hello.role = net::Role::Lobby;
    if (!conn.send(hello) || (request.verb != Verb::Hello && !conn.send(request)))
        return "the club hung up at once";
    const auto end = Clock::now() + std::chrono::milliseconds(wait_ms);
    bool welcomed = false;
    for (Message m;;) {
        if (std::string e = next_message(conn, end, m); !e.empty()) return e;
        if (m.verb == Verb::Refused || m.verb == Verb::Dropped) return m.text;
        if (m.verb == Verb::Welcome) {
            welcomed = true;
            me = m.user;
            continue;
        }
        if (!welcomed) continue;
        if (m.verb == Verb::Error) return m.text;
        if (m.verb == Verb::End) return {};
        if (!answers(request, m, me)) continue;
        keep_answer(m, answer);
        if (m.verb == Verb::Record || m.verb == Verb::Turns || m.verb == Verb::Code) return {};
    }
}

// The request a shell verb makes; false (with why) when the words are not one.
bool request_of(const std::vector<std::string>& w, Message& m, std::string& why) {
    const std::string& verb = w[0];
    const auto args = [&](std::size_t lo, std::size_t hi) {
        if (w.size() - 1 >= lo && w.size() - 1 <= hi) return true;
        why = "--club " + verb + " takes " +
              (hi == 0    ? "nothing more"
               : lo == hi ? "one word"
                          : "at most one word");
        return false;
    };
    if (verb == "games" || verb == "ratings" || verb == "notify" || verb == "addkey") {
        m.verb = verb == "games"     ? Verb::Games
                 : verb == "ratings" ? Verb::Ratings
                 : verb == "notify"  ? Verb::Notify
                                     : Verb::AddKey;
        return args(0, 0);
    }
    if (verb == "history") {
        m.verb = Verb::History;
        if (!args(0, 1)) return false;
        if (w.size() == 2 && (!net::valid_occupant(w[1]) || w[1] == "-"))
            return why = "'" + net::clean_text(w[1], 40) + "' is not a player's name", false;
        if (w.size() == 2) m.user = w[1];
        return true;
    }
    if (verb == "record") {
        m.verb = Verb::Fetch;
        if (!args(1, 1)) return false;
        m.game = parse_count(w[1]);
        if (m.game < 1) return why = "--club record takes a game's number", false;
        return true;
    }
    if (verb == "tournament") { // read here too: bad words are refused without the club
        m.verb = Verb::Tourney;
        for (std::size_t i = 1; i < w.size(); ++i) m.text += (i > 1 ? " " : "") + w[i];
        tourney::Command c;
        if (m.text.size() > net::kMaxText)
            return why = "--club tournament takes at most " + std::to_string(net::kMaxText) +
                         " characters of words",
                   false;
        return (why = tourney::parse_command(m.text, c)).empty();
    }
    why = "unknown club command '" + net::clean_text(verb, 40) +
          "' (games, ratings, history [NAME], record ID, notify, addkey, tournament WORDS, "
          "backup FILE)";
    return false;
}

// --club import FILE: the dump read, then into the club's store while no server runs for it.
std::string import_to_club(const std::string& dir, const std::string& store,
                           const std::string& file) {
    Dump dump;
    if (std::string e = read_dump_file(file, dump); !e.empty()) return e;
    net::UniqueFd fd;
    uid_t server = 0;
    bool refused = false;
    if (connect_club(dir, fd, server, refused).empty())
        return "the club's server at " + dir + " is running: stop it before importing";
    return import_club(dir, store, dump, file);
}

} // namespace

std::string dial_club(const std::string& club_dir, net::UniqueFd& fd) {
    std::string dir;
    if (std::string e = find_club_dir(club_dir, dir); !e.empty()) return e;
    bool nobody = false;
    uid_t server = 0;
    return reach_club(dir, true, fd, server, nobody);
}

int run_club_command(const std::string& club_dir, const std::string& store,
                     const std::vector<std::string>& words) {
    std::string dir;
    if (std::string e = find_club_dir(club_dir, dir); !e.empty()) return complain(e);
    if (words[0] == "backup") {
        if (words.size() != 2) return complain("--club backup takes a file name"), 2;
        if (StoreUri uri;
            find_store(dir, store, uri, false).empty() && uri.engine != Engine::Sqlite)
            return complain("the club's store is PostgreSQL: back it up with pg_dump");
        if (std::string e = backup_database(dir + "/" + kDatabaseFile, words[1]); !e.empty())
            return complain(e);
        return 0;
    }
    if (words[0] == "export" || words[0] == "import") {
        if (words.size() != 2) return complain("--club " + words[0] + " takes a file name"), 2;
        const std::string e = words[0] == "export" ? export_club(dir, store, words[1])
                                                   : import_to_club(dir, store, words[1]);
        return e.empty() ? 0 : complain(e);
    }
    Message request;
    std::string why;
    if (!request_of(words, request, why)) return complain(why), 2;
    const bool notify = request.verb == Verb::Notify;
    net::UniqueFd fd;
    uid_t server = 0;
    bool nobody = false;
    if (std::string e = reach_club(dir, !notify, fd, server, nobody); !e.empty())
        return notify ? 0 : complain(e);
    net::Connection conn(std::move(fd), net::From::Host, kCommandQueue);
    return answer_club_words(conn, words);
}

int answer_club_words(net::Connection& conn, const std::vector<std::string>& words) {
    Message request;
    std::string why;
    if (words.empty()) return complain("no club command"), 2;
    if (!request_of(words, request, why)) return complain(why), 2;
    const bool notify = request.verb == Verb::Notify;
    std::vector<Message> answer;
    std::string me;
    if (std::string e = ask(conn, request, notify ? kNotifyMs : kAnswerMs, answer, me); !e.empty())
        return notify ? 0 : complain(e);
    for (const Message& m : answer) {
        if (m.verb == Verb::Turns && m.count > 0)
            std::printf("halma: your move in %d club game%s\n", m.count, m.count == 1 ? "" : "s");
        else if (m.verb == Verb::Record)
            std::fputs(m.text.c_str(), stdout);
        else if (m.verb == Verb::TourneyLine)
            std::printf("%s\n", m.text.c_str());
        else if (m.verb == Verb::Over) // a tournament's round begun (notify)
            std::printf("halma: %s\n", m.text.c_str());
        else if (m.verb == Verb::Code)
            std::printf("Your code for another key: %s. At the door, give it instead of a name "
                        "from the new key; it works once, within %d minutes.\n",
                        m.word.c_str(), m.minutes);
        else if (GameInfo g; read_game(m, g))
            std::printf("%s\n", game_text(g, me).c_str());
        else if (m.verb == Verb::RatingLine) {
            const std::vector<long long>& n = m.numbers; // the wire has read all three
            std::printf("%-9s %-20s %5lld  +-%-3lld %5lld game%s\n", m.word.c_str(), m.user.c_str(),
                        n[0], n[1], n[2], n[2] == 1 ? "" : "s");
        }
    }
    if (answer.empty() && (request.verb == Verb::Games || request.verb == Verb::History))
        std::puts(request.verb == Verb::Games ? "No club games." : "No finished games.");
    return 0;
}

int run_remote_club_command(const std::string& host, const std::string& command,
                            const std::vector<std::string>& words) {
    if (words[0] == "backup" || words[0] == "export" || words[0] == "import")
        return complain("--club " + words[0] + " is run on the club's own host"), 2;
    net::SshRelay relay;
    net::UniqueFd fd;
    std::string peer;
    if (std::string e = relay.open(host, command, {"club"}, fd, peer); !e.empty())
        return complain(e);
    if (const std::string note = relay.skipped_note(); !note.empty()) complain(note);
    net::Connection conn(std::move(fd), net::From::Host, kCommandQueue);
    return answer_club_words(conn, words);
}

int run_club_server(const std::string& club_dir, const std::string& store) {
    std::string dir;
    if (std::string e = find_club_dir(club_dir, dir); !e.empty()) return complain(e);
    Server server;
    if (std::string e = server.open(dir, {}, store); !e.empty()) return complain(e);
    return server.run();
}

} // namespace halma::club
