#include "screen/terminal.hpp"

#include "screen/draw.hpp"
#include "screen/layout.hpp"

#include <curses.h>
#include <term.h>

#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <langinfo.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace halma::screen {

namespace {

int g_signal_write = -1;
bool g_active = false;
SCREEN* g_screen = nullptr;

// Only writes the signal number to the pipe: everything else happens in the main loop.
extern "C" void on_signal(int sig) {
    int saved = errno;
    unsigned char b = static_cast<unsigned char>(sig);
    if (g_signal_write >= 0) (void)!write(g_signal_write, &b, 1);
    errno = saved;
}

enum class TermType { Unknown, Unaddressable, Usable };

TermType term_type(const char* term) {
    int found = 0;
    if (setupterm(term, STDOUT_FILENO, &found) != OK) return TermType::Unknown;
    const char* cup = tigetstr(const_cast<char*>("cup"));
    const bool addressable = cup && cup != reinterpret_cast<char*>(-1);
    del_curterm(cur_term);
    return addressable ? TermType::Usable : TermType::Unaddressable;
}

} // namespace

int install_signal_pipe() {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    for (int fd : fds) {
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
        fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    g_signal_write = fds[1];
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (int sig : {SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGWINCH}) sigaction(sig, &sa, nullptr);
    // Writing to a terminal that hung up must not kill us before the autosave.
    signal(SIGPIPE, SIG_IGN);
    return fds[0];
}

bool terminal_type_usable(const char* term) {
    return term && *term && term_type(term) == TermType::Usable;
}

std::string start_terminal(bool ascii, bool no_color, bool no_mouse, Theme theme, Style& style) {
    std::setlocale(LC_ALL, "");
    if (!isatty(STDIN_FILENO))
        return "standard input is not a terminal (halma --engine speaks the text protocol)";
    if (!isatty(STDOUT_FILENO)) return "standard output is not a terminal";
    const char* term = std::getenv("TERM");
    if (!term || !*term) return "TERM is not set, so the terminal type is unknown";
    // A terminal that cannot place the cursor (TERM=dumb) would show a jumble: say so
    // before curses writes anything.
    const TermType type = term_type(term);
    if (type == TermType::Unknown) return std::string("unknown terminal type '") + term + "'";
    if (type == TermType::Unaddressable)
        return std::string("the terminal type '") + term +
               "' cannot move the cursor; set TERM to your terminal's type (xterm, vt100, ...)";
    g_screen = newterm(nullptr, stdout, stdin);
    if (!g_screen) return std::string("unknown terminal type '") + term + "'";
    // Esc cancels a move, so wait only briefly for the rest of an escape sequence, unless
    // the player has set ESCDELAY (which ncurses has just read).
    const char* escdelay = std::getenv("ESCDELAY");
    if (!escdelay || !*escdelay) set_escdelay(25);
    g_active = true;
    std::atexit(restore_terminal);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    nodelay(stdscr, TRUE);
    intrflush(stdscr, FALSE);
    const char* codeset = nl_langinfo(CODESET);
    style.unicode = !ascii && codeset && std::strcmp(codeset, "UTF-8") == 0;
    const char* nc = std::getenv("NO_COLOR");
    style.color = !no_color && !(nc && *nc) && has_colors() && theme != Theme::Mono;
    if (style.color) {
        start_color();
        // The Linux console has no light background: at its 8 colours the light theme
        // draws with the dark one's, and says so.
        const bool light_console = theme == Theme::Light && std::strncmp(term, "linux", 5) == 0 &&
                                   palette_depth(COLORS) == 8;
        if (light_console)
            style.note =
                "No light background on the Linux console: drawn with the dark theme's colours";
        style.palette = palette_for(light_console ? Theme::Dark : theme, COLORS);
        if (!style.palette || COLOR_PAIRS < colour_pairs_needed(*style.palette))
            style.color = false;
    }
    init_style(style);
    if (!no_mouse) {
        mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, nullptr);
        mouseinterval(0);
    }
    return {};
}

void restore_terminal() noexcept {
    if (!g_active) return;
    g_active = false;
    endwin();
}

void adopt_window_size() {
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
        resize_term(ws.ws_row, ws.ws_col);
    // The terminal may have kept other lines than curses assumes (tmux keeps the bottom
    // ones when the height shrinks): repaint all of it, or old text stays on the screen.
    repaint_all();
}

int next_key() {
    const int ch = getch();
    return ch == ERR ? kNoKey : ch;
}

const play::KeyCodes& key_codes() {
    static const play::KeyCodes codes{
        KEY_UP, KEY_DOWN, KEY_LEFT,  KEY_RIGHT,  KEY_ENTER, KEY_BACKSPACE, KEY_A1,    KEY_A3,
        KEY_C1, KEY_C3,   KEY_MOUSE, KEY_RESIZE, KEY_HOME,  KEY_END,       KEY_PPAGE, KEY_NPAGE};
    return codes;
}

bool board_fits(int board_size) {
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    return make_layout(rows, cols, board_size).fits;
}

bool clicked_square(int board_size, int turns, Square& square) {
    MEVENT ev;
    if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) return false;
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    return square_at(make_layout(rows, cols, board_size, turns), ev.x, ev.y, square);
}

void repaint_all() { clearok(curscr, TRUE); }

void ring_bell() { beep(); }

} // namespace halma::screen
