#include "start/invite.hpp"

#include "halma/text.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

namespace halma::start {

using net::Client;
using net::GameAddress;
using net::kLockedOut;
using net::kWrongCode;
using net::read_address;
using net::Rendezvous;
using net::Role;
using net::user_name;

namespace {

// The terminal's settings while a code is typed with echo off, put back by the handler of a
// signal that ends halma meanwhile.
termios g_saved;

extern "C" void restore_and_die(int sig) {
    tcsetattr(STDIN_FILENO, TCSANOW, &g_saved);
    signal(sig, SIG_DFL);
    raise(sig);
}

constexpr int kEndingSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

// Writes text on the terminal itself, even with standard error sent elsewhere.
void to_terminal(const std::string& text) {
    const int shown = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC);
    (void)!write(shown >= 0 ? shown : STDERR_FILENO, text.data(), text.size());
    if (shown >= 0) close(shown);
}

// Asks for a line on the terminal with echo off. False when standard input is not a
// terminal or ends.
bool ask_hidden(const std::string& prompt, std::string& answer) {
    if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &g_saved) != 0) return false;
    struct sigaction on_end {
    }, was[std::size(kEndingSignals)], was_stop;
    on_end.sa_handler = restore_and_die;
    sigemptyset(&on_end.sa_mask);
    for (std::size_t i = 0; i < std::size(kEndingSignals); ++i)
        sigaction(kEndingSignals[i], &on_end, &was[i]);
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGTSTP, &ignore, &was_stop); // not stopped with echo off
    termios quiet = g_saved;
    quiet.c_lflag &= static_cast<tcflag_t>(~(ECHO | ECHONL));
    quiet.c_lflag |= ICANON;
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    to_terminal(prompt);
    std::string line;
    bool ended = false;
    for (char buf[64];;) { // the terminal hands over one line per read
        const ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            ended = true;
            break;
        }
        line.append(buf, static_cast<std::size_t>(n));
        if (line.back() == '\n' || line.size() > 256) break;
    }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &g_saved);
    to_terminal("\n");
    sigaction(SIGTSTP, &was_stop, nullptr);
    for (std::size_t i = 0; i < std::size(kEndingSignals); ++i)
        sigaction(kEndingSignals[i], &was[i], nullptr);
    answer = std::string(trim(line));
    return !ended;
}

} // namespace

std::string join_with_code(Rendezvous& dir, Client& client, const std::string& address, Role role,
                           int seat, const std::string& given, bool& asked) {
    GameAddress where;
    uid_t host = 0;
    if (std::string e = read_address(address, where); !e.empty()) return e;
    if (std::string e = dir.host_of(where, host); !e.empty()) return e;
    std::string code = given_or_set_code(given);
    const std::string owner = user_name(host);
    asked = code.empty() && host != geteuid();
    if (asked && !ask_code(where.game + ", hosted by " + owner, code))
        return "the game " + where.game + " is hosted by " + owner +
               " and needs its invite code: set " + kCodeVariable +
               ", or run halma at a terminal to be asked for it";
    if (code.empty() && host != geteuid()) return "no invite code given";
    // The user is named from here on: the socket's owner must not change in between.
    where.user = owner;
    return client.open(dir, where.text(), role, seat, code);
}

std::string code_refusal(const std::string& refusal, const std::string& game,
                         const std::string& given) {
    if (refusal.rfind(kLockedOut, 0) == 0)
        return "the host of " + game + " takes no more invite codes from you (" + refusal + ")";
    if (refusal != kWrongCode) return refusal;
    if (given.empty() && std::getenv(kCodeVariable))
        return std::string("the invite code in ") + kCodeVariable + " is wrong for " + game +
               ": set it to the code the host shows, or unset it to be asked for it";
    return "wrong invite code for " + game;
}

std::string given_or_set_code(const std::string& given) {
    const char* from_env = std::getenv(kCodeVariable);
    return !given.empty() || !from_env ? given : std::string(from_env);
}

bool ask_code(const std::string& game, std::string& code) {
    return ask_hidden("Invite code for " + game + ": ", code);
}

void say_wrong_code() { to_terminal("Wrong invite code; try again.\n"); }

void wipe_argument(char* word) noexcept {
    for (char* c = word; *c; ++c) *c = 'x';
}

} // namespace halma::start
