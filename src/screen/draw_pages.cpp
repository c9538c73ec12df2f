// The whole frame: the board screen or a page (help, the new-game form, the "too small"
// notice), the colour pairs set up once, and the frame sent to the terminal.
#include "screen/draw_parts.hpp"

#include <algorithm>
#include <cstring>

namespace halma::screen {

namespace {

// Help text, shown whole screen: keys then a short summary of the rules.
constexpr const char* kHelp[] = {
    "HALMA - keys",
    "  arrows, h j k l       move the cursor; y u b n move it diagonally",
    "  Enter, Space, click   choose: select a piece, hop to a marked square,",
    "                        end a chain (choose the piece's square), or jump",
    "                        straight to a chain's end (the shortest chain)",
    "  Backspace / Esc       take back the last hop / cancel the move",
    "  :                     prompt: a move (e4-g6-g8), save FILE, load FILE,",
    "                        undo, redo, new, hint, help, save-defaults, quit",
    "  U R H N               undo to your last turn, redo, hint, new game",
    "  Ctrl-L  Ctrl-Z  q     repaint, suspend, quit",
    "",
    "Rules",
    "  Move one piece: a step to an empty neighbouring square, or a chain of",
    "  hops over any piece to the empty square just beyond it, in any of the",
    "  eight directions. Steps and hops never mix; a chain must not end where",
    "  it began. A piece in its target camp must end its moves in that camp.",
    "  The first player to fill the camp opposite its own wins.",
    "  Marks: + first step or hop, o/\u2218 where a chain can end, x the last path.",
    "  Solitaire (halma --solo): no opponent; reach the goal in as few moves as",
    "  you can; H asks the solver for a next move.",
    "",
    "Esc, q or ? goes back to the game.",
};

} // namespace

void draw_help(const Style& st) {
    int y = 0;
    for (const char* line : kHelp) {
        if (y >= LINES) break;
        std::string text = line;
        if (!st.unicode) {
            std::size_t at = text.find("o/\u2218");
            if (at != std::string::npos) text.replace(at, std::strlen("o/\u2218"), "*");
        }
        attrset(y == 0 || text == "Rules" ? A_BOLD : A_NORMAL);
        put_clipped(y++, 0, text, COLS - 1);
    }
    attrset(A_NORMAL);
}

void draw_form(const Scene& s) {
    int y = 0;
    attrset(A_BOLD);
    put_clipped(y++, 0, "New game", COLS - 1);
    attrset(A_NORMAL);
    ++y;
    for (std::size_t i = 0; i < s.form.lines.size() && y < LINES - 3; ++i, ++y) {
        bool here = static_cast<int>(i) == s.form.row;
        attrset(here ? A_REVERSE : A_NORMAL);
        char line[128];
        std::snprintf(line, sizeof line, "%c %-14s < %s >", here ? '>' : ' ',
                      s.form.lines[i].label.c_str(), s.form.lines[i].value.c_str());
        put_clipped(y, 2, line, COLS - 3);
    }
    attrset(A_NORMAL);
    if (!s.form.note.empty()) {
        attrset(A_BOLD);
        put_clipped(LINES - 2, 0, s.form.note, COLS - 1);
        attrset(A_NORMAL);
    }
    put_clipped(LINES - 1, 0,
                "up/down line  left/right change  Enter start  S save as defaults  Esc back",
                COLS - 1);
}

void init_style(const Style& style) {
    if (!style.color || !style.palette) return;
    const Palette& pal = *style.palette;
    // The screen's own colours: the theme's, else the terminal's (or, when the terminal
    // cannot keep its own, what the theme takes them to be).
    const bool own = use_default_colors() == OK;
    auto screen = [&](Colour theirs, Colour assumed) {
        return theirs != kTerminalColour ? theirs : own ? kTerminalColour : assumed;
    };
    const Colour text_fg = screen(pal.text_fg, pal.assumed_fg);
    const Colour text_bg = screen(pal.text_bg, pal.assumed_bg);
    const Colour fg[8] = {pal.empty,     pal.player[0], pal.player[1], pal.player[2],
                          pal.player[3], pal.next,      pal.end,       pal.path};
    for (int kind = 0; kind < 3; ++kind)
        for (int light = 0; light < 2; ++light)
            for (int f = 0; f < 8; ++f)
                init_pair(static_cast<short>(square_pair(kind, light, f)), fg[f],
                          pal.square[kind][light]);
    for (int p = 0; p < 4; ++p) init_pair(static_cast<short>(kUiPair + p), pal.player[p], text_bg);
    init_pair(kErrorPair, pal.error, text_bg);
    init_pair(kMarkPair, pal.next, text_bg);
    init_pair(kScreenPair, text_fg, text_bg);
    bkgd(COLOR_PAIR(kScreenPair));
}

void draw_too_small(int rows, int cols, const Layout& l) {
    const std::string need = std::to_string(l.need_cols) + "x" + std::to_string(l.need_rows);
    // Each sentence on its own line, wrapped at whole words when the window is narrow; a
    // shorter text when that does not fit either.
    std::vector<std::string> lines;
    for (const std::string& sentence :
         {std::string("The terminal is too small for the board:"),
          std::to_string(cols) + "x" + std::to_string(rows) + ", it needs at least " + need + ".",
          std::string("Enlarge the window to go on (q quits).")})
        for (std::string& line : wrap_words(sentence, cols)) lines.push_back(std::move(line));
    if (static_cast<int>(lines.size()) > rows)
        lines = wrap_words("Too small: needs " + need + ". q quits", cols);
    int y = std::max(0, (rows - static_cast<int>(lines.size())) / 2);
    for (const std::string& line : lines) {
        if (y >= rows) break;
        put_clipped(y++, 0, line, cols);
    }
}

namespace {

// The board screen: the board, the panel, the two lines, and the terminal's cursor where
// the player is looking (the prompt, or the square under the cursor).
void draw_board_screen(const Scene& s, const Layout& l, const Style& st) {
    draw_board(s, l, st);
    draw_panel(s, l, st);
    draw_lines(s, l, st);
    if (s.status.prompt_open) {
        int columns = 0;
        (void)fit_columns(s.status.prompt, COLS, &columns);
        move(l.status_y, std::min(1 + columns, COLS - 1));
    } else {
        move(l.glyph_y(rank_of(s.marks.cursor)), l.glyph_x(file_of(s.marks.cursor)));
    }
}

} // namespace

void show(const Scene& s, const Style& st) {
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    const Layout layout = make_layout(rows, cols, s.game->rules().size);
    erase();
    if (s.screen == Screen::Help)
        draw_help(st);
    else if (s.screen == Screen::Form)
        draw_form(s);
    else if (s.screen == Screen::Lobby)
        draw_lobby(s, st);
    else if (!layout.fits)
        draw_too_small(rows, cols, layout);
    else
        draw_board_screen(s, layout, st);
    wnoutrefresh(stdscr);
    doupdate();
}

} // namespace halma::screen
