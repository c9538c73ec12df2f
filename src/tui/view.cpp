#include "tui/view.hpp"

#include <curses.h>

#include <algorithm>
#include <cstring>
#include <cwchar>

namespace halma::tui {

namespace {

// Foreground roles within a square's colour pairs.
enum Fg { kFgEmpty = 0, kFgPlayer = 1, kFgNext = 5, kFgEnd = 6, kFgPath = 7 };
constexpr int kUiPair = 50; // kUiPair + p: player p on the default background
constexpr int kErrorPair = 55;
constexpr int kMarkPair = 56;
constexpr int kScreenPair = 57; // the screen's own text and background
static_assert(kScreenPair < kColourPairsNeeded);

// The colour pair of a square's background kind (0 plain, 1 small camp, 2 large camp only),
// its checkering and a foreground role.
[[nodiscard]] constexpr int square_pair(int kind, bool light, int fg) noexcept {
    return 1 + (kind * 2 + (light ? 1 : 0)) * 8 + fg;
}

// The camps a real board of this size has marked, whichever game is played on it.
std::vector<Bitboard> marked_camps(int size) {
    if (size == 16)
        return {camp_squares(16, CampShape::Large, Corner::A1),
                camp_squares(16, CampShape::Large, Corner::P16),
                camp_squares(16, CampShape::Small, Corner::A1),
                camp_squares(16, CampShape::Small, Corner::A16),
                camp_squares(16, CampShape::Small, Corner::P16),
                camp_squares(16, CampShape::Small, Corner::P1)};
    CampShape s = size == 10 ? CampShape::Ten : CampShape::Eight;
    return {camp_squares(size, s, Corner::A1), camp_squares(size, s, Corner::P16)};
}

// For each square, a bit per marked camp holding it (computed once per board size).
const std::array<unsigned, kSquares>& camp_bits(int size) {
    static std::array<unsigned, kSquares> cache[3];
    static bool ready[3] = {false, false, false};
    int i = size == 8 ? 0 : size == 10 ? 1 : 2;
    if (!ready[i]) {
        std::vector<Bitboard> camps = marked_camps(size);
        cache[i].fill(0);
        for (std::size_t c = 0; c < camps.size(); ++c)
            for_each_square(camps[c], [&](int sq) { cache[i][sq] |= 1u << c; });
        ready[i] = true;
    }
    return cache[i];
}

// The background kind of a square: plain, a small camp (or a small board's camp), or the
// part of a large camp outside the small one.
[[nodiscard]] int bg_kind(int size, int sq) {
    unsigned bits = camp_bits(size)[sq];
    if (!bits) return 0;
    if (size != 16) return 1;
    return (bits & ~3u) ? 1 : 2;
}

// The bytes of the longest start of s that takes at most width columns on the terminal
// (its locale's characters, a wide one counting two), and the columns it takes. A byte the
// locale cannot read counts as one column, as the terminal shows it.
std::size_t fit_columns(const std::string& s, int width, int* columns = nullptr) {
    std::mbstate_t state{};
    std::size_t at = 0;
    int used = 0;
    while (at < s.size()) {
        wchar_t wc;
        std::size_t n = std::mbrtowc(&wc, s.data() + at, s.size() - at, &state);
        int w = 1;
        if (n == 0 || n > s.size() - at) { // a NUL, or a byte it cannot read
            n = 1;
            state = {};
        } else if (int cw = wcwidth(wc); cw >= 0) {
            w = cw;
        }
        if (used + w > width) break;
        used += w;
        at += n;
    }
    if (columns) *columns = used;
    return at;
}

// Writes at most width columns of a string, never splitting a character.
void put_clipped(int y, int x, const std::string& s, int width) {
    if (width <= 0) return;
    mvaddnstr(y, x, s.c_str(), static_cast<int>(fit_columns(s, width)));
}

// The attributes of player p's glyph in the panel and status lines.
attr_t player_attr(int p, const Style& style) {
    return style.color ? COLOR_PAIR(kUiPair + p) | A_BOLD : A_BOLD;
}

// The seat description: "human" or "AI level 3".
std::string seat_name(const Scene& s, int p) {
    if (p < static_cast<int>(s.seat_labels.size()) && !s.seat_labels[p].empty())
        return s.seat_labels[p];
    if (p >= static_cast<int>(s.seats.size())) return "?";
    return s.seats[p].ai ? "AI level " + std::to_string(s.seats[p].level) : "human";
}

// The seat in a few letters: "human" or "AI 3".
std::string seat_short(const Scene& s, int p) {
    if (p < static_cast<int>(s.seat_labels.size()) && !s.seat_labels[p].empty())
        return s.seat_labels[p];
    if (p >= static_cast<int>(s.seats.size())) return "?";
    return s.seats[p].ai ? "AI " + std::to_string(s.seats[p].level) : "human";
}

// The result in words: "Player 1 wins", "Players 1 and 3 win", "Draw".
std::string result_words(const Game& g) {
    Result r = g.result();
    if (r.outcome == Outcome::Draw) return "Draw: the move limit is reached";
    std::vector<int> ws;
    for (int p = 0; p < g.players(); ++p)
        if (r.won_by(p)) ws.push_back(p + 1);
    if (ws.size() == 1) return "Player " + std::to_string(ws[0]) + " wins";
    std::string s = "Players";
    for (std::size_t i = 0; i < ws.size(); ++i) s += (i ? " and " : " ") + std::to_string(ws[i]);
    return s + " win";
}

// The marks a scene puts on the board, gathered once a frame.
struct Marks {
    Bitboard path, building, hint;
    int last_to = kNoSquare;    // where the last move ended
    int build_at = kNoSquare;   // where the chain being built stands
    int build_from = kNoSquare; // the square of the piece it moves
};

Marks marks_of(const Scene& s) {
    Marks m;
    for (int sq : s.last_path) m.path.set(sq);
    for (int sq : s.hint_path) m.hint.set(sq);
    for (int sq : s.building) m.building.set(sq);
    if (!s.last_path.empty()) m.last_to = s.last_path.back();
    if (!s.building.empty()) m.build_at = s.building.back(), m.build_from = s.building.front();
    return m;
}

// What a square shows: a glyph, and its attributes without the square's colour pair.
struct Look {
    const char* glyph;
    int fg;      // the foreground role of the square's colour pair
    attr_t attr; // bold, reverse, underline, blink
};

Look square_look(const Scene& s, const Marks& m, const Style& st, int sq) {
    const Position& pos = s.shown;
    const int piece = pos.at(sq);
    const char* cross = st.unicode ? "\u00d7" : "x";
    // The piece being moved shows where its chain stands, not where it started.
    if (piece != kEmpty && !(sq == m.build_from && m.build_at != m.build_from)) {
        attr_t a = A_BOLD | (sq == m.build_at ? A_REVERSE : sq == m.last_to ? A_UNDERLINE : 0);
        if (m.hint.test(sq)) a |= A_BLINK;
        return {player_glyph(piece, st), kFgPlayer + piece, a};
    }
    if (sq == m.build_at) {
        const int mover = pos.at(m.build_from);
        return {player_glyph(mover, st), kFgPlayer + mover, A_BOLD | A_REVERSE};
    }
    if (m.building.test(sq)) return {cross, kFgPath, A_REVERSE};
    if (s.next_marks.test(sq)) return {"+", kFgNext, A_BOLD};
    if (s.end_marks.test(sq)) return {st.unicode ? "\u2218" : "*", kFgEnd, A_BOLD};
    if (m.hint.test(sq)) return {"?", kFgNext, A_BOLD};
    if (m.path.test(sq)) return {cross, kFgPath, 0};
    const bool light = pos.geo().light.test(sq);
    return {light ? (st.unicode ? "\u00b7" : ".") : " ", kFgEmpty, 0};
}

// Draws one square: its cells in its colours, the glyph in the middle, and the camp borders
// (a line on its left, an underline along its bottom) where a camp begins or ends.
void draw_square(const Scene& s, const Layout& l, const Style& st, int sq, const Look& look) {
    const int size = s.shown.size(), f = file_of(sq), r = rank_of(sq);
    const auto& cbits = camp_bits(size);
    const bool line_below = r > 0 && cbits[make_square(f, r - 1)] != cbits[sq];
    const bool line_left = f > 0 && cbits[make_square(f - 1, r)] != cbits[sq];
    const bool light = s.shown.geo().light.test(sq);
    const int kind = bg_kind(size, sq);
    auto pair = [&](int fg) { return st.color ? COLOR_PAIR(square_pair(kind, light, fg)) : 0; };
    const int x = l.board_x + f * l.square_w(), top = l.board_y + (size - 1 - r) * l.square_h();
    for (int dy = 0; dy < l.square_h(); ++dy) {
        const int y = top + dy;
        const attr_t under = dy == l.square_h() - 1 && line_below ? A_UNDERLINE : 0;
        // The pad column has no colour, so the cursor's mark costs no attributes.
        attrset(under);
        mvaddstr(y, x, line_left ? (st.unicode ? "\u2502" : "|") : " ");
        for (int dx = 1; dx < l.square_w(); ++dx) {
            if (dx == l.scale && dy == l.square_h() / 2) {
                attrset(pair(look.fg) | look.attr | under);
                mvaddstr(y, x + dx, look.glyph);
                attrset(pair(kFgEmpty) | under);
            } else {
                mvaddch(y, x + dx, ' ');
            }
        }
    }
}

// The cursor: a '>' in the pad column before the square, drawn with the pad's own
// attributes, so that a cursor move changes only characters (and no cell between) and costs
// a few bytes; the terminal's own cursor sits on the square as well.
void draw_cursor(const Scene& s, const Layout& l) {
    const int cf = file_of(s.cursor), cr = rank_of(s.cursor);
    const auto& cbits = camp_bits(s.shown.size());
    const bool underlined =
        l.square_h() == 1 && cr > 0 && cbits[make_square(cf, cr - 1)] != cbits[make_square(cf, cr)];
    attrset(underlined ? A_UNDERLINE : A_NORMAL);
    mvaddch(l.glyph_y(cr), l.board_x + cf * l.square_w(), '>');
    attrset(A_NORMAL);
}

void draw_board(const Scene& s, const Layout& l, const Style& st) {
    const int size = s.shown.size();
    const Marks m = marks_of(s);
    for (int r = 0; r < size; ++r)
        for (int f = 0; f < size; ++f) {
            const int sq = make_square(f, r);
            draw_square(s, l, st, sq, square_look(s, m, st, sq));
        }
    attrset(A_NORMAL);
    // The right-hand pad column, kept blank so a mark after the last file has a place.
    const int right = l.board_x + size * l.square_w();
    for (int y = l.board_y; y < l.board_y + size * l.square_h(); ++y) mvaddch(y, right, ' ');
    // Coordinates: ranks on the left, files underneath.
    for (int r = 0; r < size; ++r) mvprintw(l.glyph_y(r), 0, "%3d", r + 1);
    for (int f = 0; f < size; ++f) mvaddch(l.board_y + size * l.square_h(), l.glyph_x(f), 'a' + f);
    if (s.screen == Screen::Board && !s.game->over()) draw_cursor(s, l);
}

// The side panel of a puzzle: its title, the score so far against par and limit, how it
// stands, and the last moves.
void draw_solo_panel(const Scene& s, const Layout& l, const Style& st) {
    const Game& g = *s.game;
    const Puzzle& p = *g.puzzle();
    const int moves = static_cast<int>(g.ply());
    const int x = l.panel_x, w = l.panel_w;
    int y = l.board_y;
    attrset(A_BOLD);
    put_clipped(y++, x, "SOLITAIRE  " + p.name, w);
    attrset(A_NORMAL);
    // The title, over two lines when it is long (cut at a space).
    std::string title = p.title;
    if (static_cast<int>(title.size()) > w) {
        std::size_t cut = title.rfind(' ', static_cast<std::size_t>(w));
        if (cut != std::string::npos && cut > 0) {
            put_clipped(y++, x, title.substr(0, cut), w);
            title = title.substr(cut + 1);
        }
    }
    if (!title.empty()) put_clipped(y++, x, title, w);
    attrset(A_BOLD);
    switch (g.result().outcome) {
    case Outcome::Won: {
        put_clipped(y++, x, "Solved in " + std::to_string(moves) + " moves", w);
        const int d = moves - p.par;
        if (p.par > 0)
            put_clipped(y++, x,
                        d == 0  ? "on par"
                        : d > 0 ? std::to_string(d) + " over par"
                                : std::to_string(-d) + " under par!",
                        w);
        break;
    }
    case Outcome::Playing:
        put_clipped(y++, x, "Playing", w);
        break;
    default:
        put_clipped(y++, x, "Failed after " + std::to_string(moves) + " moves", w);
        break;
    }
    attrset(A_NORMAL);
    ++y;
    attrset(player_attr(0, st));
    mvaddstr(y, x, player_glyph(0, st));
    attrset(A_NORMAL);
    put_clipped(y++, x + 2, "moves " + std::to_string(moves), w - 2);
    put_clipped(y++, x + 2, p.par > 0 ? "par   " + std::to_string(p.par) : "par   unknown", w - 2);
    if (p.limit > 0) put_clipped(y++, x + 2, "limit " + std::to_string(p.limit), w - 2);
    if (p.goal == GoalKind::Fill)
        put_clipped(y++, x + 2,
                    "goal  " + std::to_string((s.shown.pieces(0) & p.goal_squares).count()) + "/" +
                        std::to_string(p.goal_squares.count()) + " filled",
                    w - 2);
    // The old books' test of a fair player: fifty different figures.
    if (s.figures_found >= 0)
        put_clipped(y++, x + 2, "figures found: " + std::to_string(s.figures_found) + " of 50",
                    w - 2);
    ++y;
    put_clipped(y++, x, "Last moves:", w);
    const int room = l.status_y - 1 - y;
    const int n = static_cast<int>(s.history.size());
    for (int i = std::max(0, n - room); i < n; ++i) put_clipped(y++, x + 3, s.history[i], w - 3);
}

void draw_panel(const Scene& s, const Layout& l, const Style& st) {
    if (s.game->puzzle()) return draw_solo_panel(s, l, st);
    const Game& g = *s.game;
    const int x = l.panel_x, w = l.panel_w;
    int y = l.board_y;
    attrset(A_BOLD);
    put_clipped(y++, x,
                "HALMA  " + std::to_string(g.rules().size) + "x" + std::to_string(g.rules().size) +
                    ", " + std::to_string(g.players()) + " players" +
                    (g.rules().partners == Partners::Opposite   ? ", 1+3 v 2+4"
                     : g.rules().partners == Partners::Adjacent ? ", 1+2 v 3+4"
                                                                : ""),
                w);
    attrset(A_NORMAL);
    if (g.over()) {
        attrset(A_BOLD);
        put_clipped(y++, x, "Game over: " + result_words(g), w);
        attrset(A_NORMAL);
        for (const std::string& line : wrap_words(s.standing, w)) put_clipped(y++, x, line, w);
    } else {
        int p = g.to_move();
        std::string turn = "Player " + std::to_string(p + 1) + " to move (" + seat_name(s, p) + ")";
        put_clipped(y++, x, turn, w);
    }
    ++y;
    for (int p = 0; p < g.players(); ++p) {
        int home = (s.shown.pieces(p) & g.camps().target[p]).count();
        int camp = g.camps().target[p].count();
        attrset(player_attr(p, st));
        mvaddstr(y, x, player_glyph(p, st));
        attrset(p == g.to_move() && !g.over() ? A_BOLD : A_NORMAL);
        char line[96];
        std::snprintf(line, sizeof line, "%c%d %-6s home %2d/%-2d %3d moves",
                      p == g.to_move() && !g.over() ? '>' : ' ', p + 1, seat_short(s, p).c_str(),
                      home, camp, g.moves_made(p));
        std::string text = line;
        if (g.dropped(p))
            text += " out";
        else if (g.finished(p))
            text += " done";
        put_clipped(y++, x + 1, text, w - 1);
        attrset(A_NORMAL);
    }
    ++y;
    if (s.thinking >= 0) {
        attrset(player_attr(s.thinking, st));
        put_clipped(y, x, "Player " + std::to_string(s.thinking + 1) + " is thinking...", w);
        attrset(A_NORMAL);
    } else if (!s.net_line.empty()) {
        put_clipped(y, x, s.net_line, w);
    }
    ++y;
    put_clipped(y++, x, "Last moves:", w);
    const int room = l.status_y - 1 - y;
    const int n = static_cast<int>(s.history.size());
    for (int i = std::max(0, n - room); i < n; ++i) {
        int p = s.history_movers[i];
        attrset(player_attr(p, st));
        mvaddstr(y, x + 1, player_glyph(p, st));
        attrset(A_NORMAL);
        put_clipped(y++, x + 3, s.history[i], w - 3);
    }
}

void draw_lines(const Scene& s, const Layout& l, const Style& st) {
    const int cols = COLS;
    if (s.screen == Screen::Confirm) {
        attrset(A_BOLD | A_REVERSE);
        put_clipped(l.status_y, 0, "Quit this game? (y/n)", cols - 1);
    } else if (!s.question.empty()) {
        attrset(A_BOLD | A_REVERSE);
        put_clipped(l.status_y, 0, s.question, cols - 1);
        attrset(A_NORMAL);
    } else if (s.prompt_open) {
        attrset(A_BOLD);
        put_clipped(l.status_y, 0, ":" + s.prompt, cols - 1);
        attrset(A_NORMAL);
    } else if (!s.status.empty()) {
        attrset(s.status_error ? (st.color ? COLOR_PAIR(kErrorPair) | A_BOLD : A_BOLD | A_REVERSE)
                               : A_NORMAL);
        put_clipped(l.status_y, 0, s.status, cols - 1);
        attrset(A_NORMAL);
    }
    const char* hint;
    if (s.game->over())
        hint = "n new game  u undo  : command  ? help  q quit";
    else if (!s.building.empty())
        hint = "Enter/Space hop or end here  Bksp take back  Esc cancel  ? help  q quit";
    else
        hint = "arrows/hjkl/yubn move  Enter choose  : command  U undo  ? help  q quit";
    attrset(A_DIM);
    put_clipped(l.hint_y, 0, hint, cols - 1);
    attrset(A_NORMAL);
}

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
    for (std::size_t i = 0; i < s.form.size() && y < LINES - 3; ++i, ++y) {
        bool here = static_cast<int>(i) == s.form_row;
        attrset(here ? A_REVERSE : A_NORMAL);
        char line[128];
        std::snprintf(line, sizeof line, "%c %-14s < %s >", here ? '>' : ' ',
                      s.form[i].label.c_str(), s.form[i].value.c_str());
        put_clipped(y, 2, line, COLS - 3);
    }
    attrset(A_NORMAL);
    if (!s.form_error.empty()) {
        attrset(A_BOLD);
        put_clipped(LINES - 2, 0, s.form_error, COLS - 1);
        attrset(A_NORMAL);
    }
    put_clipped(LINES - 1, 0,
                "up/down line  left/right change  Enter start  S save as defaults  Esc back",
                COLS - 1);
}

} // namespace

const char* player_glyph(int p, const Style& style) noexcept {
    static const char* const kUnicode[4] = {"\u25cf", "\u25a0", "\u25b2", "\u25c6"};
    static const char* const kAscii[4] = {"@", "O", "X", "#"};
    if (p < 0 || p > 3) return "?";
    return style.unicode ? kUnicode[p] : kAscii[p];
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

void draw_scene(const Scene& s, const Layout& l, const Style& st) {
    erase();
    switch (s.screen) {
    case Screen::Help:
        draw_help(st);
        return;
    case Screen::Form:
        draw_form(s);
        return;
    default:
        break;
    }
    draw_board(s, l, st);
    draw_panel(s, l, st);
    draw_lines(s, l, st);
    if (s.prompt_open) {
        int columns = 0;
        fit_columns(s.prompt, COLS, &columns);
        move(l.status_y, std::min(1 + columns, COLS - 1));
    } else {
        move(l.glyph_y(rank_of(s.cursor)), l.glyph_x(file_of(s.cursor)));
    }
}

// Breaks text at spaces into lines of at most width columns (a longer word is cut).
std::vector<std::string> wrap_words(const std::string& text, int width) {
    std::vector<std::string> lines;
    std::string line, word;
    const auto w = static_cast<std::size_t>(std::max(1, width));
    auto flush_word = [&] {
        if (word.empty()) return;
        if (!line.empty() && line.size() + 1 + word.size() > w) lines.push_back(line), line.clear();
        line += (line.empty() ? "" : " ") + word.substr(0, w);
        word.clear();
    };
    for (char ch : text) {
        if (ch == ' ')
            flush_word();
        else
            word += ch;
    }
    flush_word();
    if (!line.empty()) lines.push_back(line);
    return lines;
}

void draw_too_small(int rows, int cols, const Layout& l) {
    erase();
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

} // namespace halma::tui
