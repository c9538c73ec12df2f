// The whole frame: the board screen (with a question, the game-over box or a review), or a
// page (help, the log, the saves, the new-game form, the "too small" notice); the colour pairs
// set up once, and the frame sent to the terminal.
#include "screen/draw_parts.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

namespace halma::screen {

// A page of lines (help, the log, the saved games): the title, the lines wrapped at words
// (a wrapped line's rest indented), scrolled to keep the chosen line in view or, for the log,
// back from the end as far as the player scrolled; the keys at the bottom.
void draw_page(const Scene& s, const Style& st) {
    const play::PageView& page = s.page;
    const int width = COLS - 1;
    struct Row {
        std::string text;
        bool marked;
        int line;
    };
    std::vector<Row> rows;
    for (std::size_t i = 0; i < page.lines.size(); ++i) {
        const bool marked = i < page.marked.size() && page.marked[i];
        if (text_columns(page.lines[i]) <= width) { // as it is, its spacing kept
            rows.push_back({page.lines[i], marked, static_cast<int>(i)});
            continue;
        }
        std::string indent;
        for (const std::string& part : wrap_words(page.lines[i], width - 2)) {
            rows.push_back({indent + part, marked, static_cast<int>(i)});
            indent = "  ";
        }
    }
    const int room = std::max(1, LINES - 2), n = static_cast<int>(rows.size());
    int first = 0;
    if (page.selected >= 0) {
        int at = 0;
        while (at < n && rows[at].line != page.selected) ++at;
        first = std::clamp(at - room / 2, 0, std::max(0, n - room));
    } else if (s.screen == Screen::Log) {
        first = std::max(0, n - room - std::min(page.back, std::max(0, n - room)));
    }
    attrset(A_BOLD);
    put_words(0, 0, page.title, width, st);
    for (int y = 1; y <= room && first + y - 1 < n; ++y) {
        const Row& r = rows[static_cast<std::size_t>(first + y - 1)];
        attrset((r.marked ? A_BOLD : A_NORMAL) | (r.line == page.selected ? A_REVERSE : A_NORMAL));
        put_clipped(y, 0, r.text, width);
    }
    attrset(A_DIM);
    put_words(LINES - 1, 0, page.keys, width, st);
    attrset(A_NORMAL);
}

// The new-game form: a line per choice (dimmed when the other choices leave it unused; the
// sides drawn beside the partners' line), what the chosen line's value means, a note, and
// the keys.
void draw_form(const Scene& s, const Style& st) {
    const play::FormView& f = s.form;
    const int width = COLS - 1;
    const int rows = static_cast<int>(f.lines.size());
    const bool roomy = LINES >= rows + 7;
    int y = 0;
    attrset(A_BOLD);
    put_clipped(y++, 0, "New game", width);
    attrset(A_NORMAL);
    if (roomy) ++y;
    for (int i = 0; i < rows && y < LINES - 4; ++i, ++y) {
        const bool here = i == f.row;
        attrset((here ? A_REVERSE : A_NORMAL) | (f.lines[i].dimmed ? A_DIM : A_NORMAL));
        char line[160];
        std::snprintf(line, sizeof line, "%c %-14s < %s >", here ? '>' : ' ',
                      f.lines[i].label.c_str(), f.lines[i].value.c_str());
        put_clipped(y, 2, line, width - 2);
        attrset(A_NORMAL);
        if (f.lines[i].label != "Partners" || f.sides.empty()) continue;
        // The sides beside the partners' line: each player's glyph and number.
        int x = 2 + text_columns(line) + 3;
        for (std::size_t side = 0; side < f.sides.size(); ++side) {
            if (side) x += (mvaddstr(y, x, " against "), 9);
            for (std::size_t k = 0; k < f.sides[side].size(); ++k) {
                const int p = f.sides[side][k];
                if (k) x += (mvaddstr(y, x, " + "), 3);
                attrset(player_attr(p, st));
                mvaddstr(y, x, player_glyph(p, st));
                attrset(A_NORMAL);
                x += (mvaddstr(y, x + 1, std::to_string(p + 1).c_str()), 2);
            }
        }
    }
    (void)put_wrapped(LINES - 4, 2, f.description, width - 2, 2, st);
    if (!f.note.empty()) {
        attrset(A_BOLD);
        put_words(LINES - 2, 0, f.note, width, st);
        attrset(A_NORMAL);
    }
    attrset(A_DIM);
    put_clipped(LINES - 1, 0,
                key_line({{"up/down line", 9},
                          {"left/right change", 9},
                          {"Enter start", 9},
                          {"S save as defaults", 5},
                          {"Esc back", 8}},
                         width),
                width);
    attrset(A_NORMAL);
}

namespace {

// The squares' colour pairs: one for each different foreground and background the palette
// puts together, numbered from kFirstSquarePair, so that a terminal of 8 colours (and often
// 64 pairs) needs few. The square under the cursor has its own: its fill, and its glyph in the
// colour of the square it stands on.
struct SquarePairs {
    short pair[kSquareKinds][2][kFgRoles];
    short cursor_fill;
    short cursor_glyph[kSquareKinds][2];
    std::vector<std::pair<Colour, Colour>> colours; // pair kFirstSquarePair + i: fg, bg
};

SquarePairs square_pairs(const Palette& pal, Colour text_fg) {
    SquarePairs out{};
    auto number = [&](Colour fg, Colour bg) {
        const std::pair<Colour, Colour> c{fg, bg};
        auto at = std::find(out.colours.begin(), out.colours.end(), c);
        if (at == out.colours.end()) at = out.colours.insert(at, c);
        return static_cast<short>(kFirstSquarePair + (at - out.colours.begin()));
    };
    // A square's blank cells keep the screen's text colour, so that moving the cursor
    // changes only backgrounds.
    const Colour fg[kFgRoles] = {text_fg,       pal.player[0], pal.player[1], pal.player[2],
                                 pal.player[3], pal.next,      pal.end,       pal.path};
    for (int kind = 0; kind < kSquareKinds; ++kind)
        for (int light = 0; light < 2; ++light) {
            const Colour square = square_colour(pal, kind, light);
            for (int f = 0; f < kFgRoles; ++f) out.pair[kind][light][f] = number(fg[f], square);
            out.cursor_glyph[kind][light] = number(square, pal.cursor);
        }
    out.cursor_fill = number(text_fg, pal.cursor);
    return out;
}

SquarePairs g_square_pairs{};

} // namespace

int colour_pairs_needed(const Palette& palette) {
    return kFirstSquarePair +
           static_cast<int>(square_pairs(palette, kTerminalColour).colours.size());
}

int square_pair(int kind, bool light, int fg) noexcept {
    return g_square_pairs.pair[kind][light][fg];
}

int cursor_pair(int kind, bool light, bool glyph) noexcept {
    return glyph ? g_square_pairs.cursor_glyph[kind][light] : g_square_pairs.cursor_fill;
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
    g_square_pairs = square_pairs(pal, text_fg);
    for (std::size_t i = 0; i < g_square_pairs.colours.size(); ++i)
        init_pair(static_cast<short>(kFirstSquarePair + i), g_square_pairs.colours[i].first,
                  g_square_pairs.colours[i].second);
    const Colour glyph_bg = pal.glyph_bg == kTerminalColour ? text_bg : pal.glyph_bg;
    for (int p = 0; p < 4; ++p) init_pair(static_cast<short>(kUiPair + p), pal.player[p], glyph_bg);
    init_pair(kErrorPair, pal.error, text_bg);
    init_pair(kMarkPair, pal.next, text_bg);
    init_pair(kScreenPair, text_fg, text_bg);
    init_pair(kUrgentPair, pal.urgent, text_bg);
    bkgd(COLOR_PAIR(kScreenPair));
}

void draw_too_small(int rows, int cols, const Layout& l, bool club) {
    const std::string need = std::to_string(l.need_cols) + "x" + std::to_string(l.need_rows);
    // Each sentence on its own line, wrapped at whole words when the window is narrow; a
    // shorter text when that does not fit either.
    std::vector<std::string> lines;
    for (const std::string& sentence :
         {std::string("The terminal is too small for the board:"),
          std::to_string(cols) + "x" + std::to_string(rows) + ", it needs at least " + need + ".",
          std::string(club ? "Enlarge the window to go on (q: the lobby)."
                           : "Enlarge the window to go on (q quits).")})
        for (std::string& line : wrap_words(sentence, cols)) lines.push_back(std::move(line));
    if (static_cast<int>(lines.size()) > rows)
        lines = wrap_words("Too small: needs " + need + (club ? ". q: lobby" : ". q quits"), cols);
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
    if (s.screen == Screen::Over) draw_over(s, st);
    if (s.status.prompt_open) {
        int columns = 0;
        (void)fit_columns(s.status.prompt, COLS, &columns);
        move(l.status_y, std::min(1 + columns, COLS - 1));
    } else {
        move(l.glyph_y_of(s.marks.cursor), l.glyph_x_of(s.marks.cursor));
    }
}

} // namespace

void show(const Scene& s, const Style& st) {
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    const Layout layout = make_layout(rows, cols, s.game->rules().size, s.view_turns);
    erase();
    if (s.screen == Screen::Help || s.screen == Screen::Log || s.screen == Screen::Saves)
        draw_page(s, st);
    else if (s.screen == Screen::Form)
        draw_form(s, st);
    else if (s.screen == Screen::Lobby)
        draw_lobby(s, st);
    else if (!layout.fits)
        draw_too_small(rows, cols, layout, s.panel.club);
    else
        draw_board_screen(s, layout, st);
    wnoutrefresh(stdscr);
    doupdate();
}

} // namespace halma::screen
