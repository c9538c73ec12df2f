// The board: its squares in their colours (checkered, the camps in play tinted), the pieces,
// the marks of a move being built, the last move and a hint, the cursor's square and the
// coordinates. Where a square has room, a piece or a mark is drawn large, in the middle.
#include "screen/draw_parts.hpp"

namespace halma::screen {

namespace {

// The SquareKind of each square of the game shown: only the camps in play are camps. A target
// camp takes its player's colour; a home camp no player heads for (a 3-player game has one)
// is a plain camp. A puzzle's start squares are its camp, and a goal to fill its target.
std::array<signed char, kSquares> square_kinds(const Game& game) {
    std::array<signed char, kSquares> kinds;
    kinds.fill(kBoardSquare);
    const Camps& camps = game.camps();
    const int players = game.puzzle() ? 1 : game.rules().players;
    for (int p = 0; p < players; ++p)
        for_each_square(camps.home[p], [&](int sq) { kinds[sq] = kCampSquare; });
    for (int p = 0; p < players; ++p) {
        Bitboard target = camps.target[p];
        if (const Puzzle* puzzle = game.puzzle(); puzzle && puzzle->goal == GoalKind::Fill)
            target = puzzle->goal_squares;
        for_each_square(target,
                        [&](int sq) { kinds[sq] = static_cast<signed char>(kTargetSquare + p); });
    }
    return kinds;
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
    for (int sq : s.marks.last_path) m.path.set(sq);
    for (int sq : s.marks.hint_path) m.hint.set(sq);
    for (int sq : s.marks.building) m.building.set(sq);
    if (!s.marks.last_path.empty()) m.last_to = s.marks.last_path.back();
    if (!s.marks.building.empty())
        m.build_at = s.marks.building.back(), m.build_from = s.marks.building.front();
    return m;
}

// The shapes a square can show drawn large: each player's piece, and the marks.
enum Shape { kNoShape = -1, kShapePlayer = 0, kShapeNext = 4, kShapeEnd, kShapePath, kShapeHint };
constexpr int kShapes = kShapeHint + 1;

// The shapes drawn over three cells and two rows, and over five cells and three rows, in
// quarter blocks and box-drawing lines. Each keeps its outline (a disc, a square, a triangle
// and a diamond for the pieces; a plus, a ring, a cross and a question mark) and leaves half a
// row free above it, so that pieces in a file stay apart.
constexpr const char* kArt2[kShapes][2] = {
    {"\u2597\u2584\u2596", "\u259c\u2588\u259b"}, // disc
    {"\u2584\u2584\u2584", "\u2588\u2588\u2588"}, // square
    {" \u2584 ", "\u259f\u2588\u2599"},           // triangle
    {" \u2584 ", "\u259d\u2588\u2598"},           // diamond
    {" \u2584 ", "\u2580\u2588\u2580"},           // plus
    {"\u256d\u2500\u256e", "\u2570\u2500\u256f"}, // ring
    {"\u2572 \u2571", "\u2571 \u2572"},           // cross
    {"\u2576\u2500\u256e", " \u2022 "},           // question mark
};
constexpr const char* kArt3[kShapes][3] = {
    {" \u2584\u2584\u2584 ", "\u2588\u2588\u2588\u2588\u2588", " \u2580\u2580\u2580 "},
    {"\u2597\u2584\u2584\u2584\u2596", "\u2590\u2588\u2588\u2588\u258c",
     "\u259d\u2580\u2580\u2580\u2598"},
    {"  \u2584  ", "\u2597\u2588\u2588\u2588\u2596", "\u2580\u2580\u2580\u2580\u2580"},
    {"  \u2584  ", " \u2588\u2588\u2588 ", "  \u2580  "},
    {"  \u2577  ", "\u2576\u2500\u253c\u2500\u2574", "  \u2575  "},
    {"\u256d\u2500\u2500\u2500\u256e", "\u2502   \u2502", "\u2570\u2500\u2500\u2500\u256f"},
    {" \u2572 \u2571 ", "  \u2573  ", " \u2571 \u2572 "},
    {" \u256d\u2500\u256e ", "  \u256d\u256f ", "  \u2022  "},
};

// What a square shows: a glyph (or, on a square large enough, its shape), and its
// attributes without the square's colour pair.
struct Look {
    const char* glyph;
    int fg;      // the foreground role of the square's colour pair
    attr_t attr; // bold, reverse, underline, blink
    int shape = kNoShape;
};

// The glyph an empty square shows when nothing marks it. In colour the squares' shades make
// the checkering, and an empty square of a target camp shows a dot in its player's colour;
// without colour a dot marks the light squares.
Look empty_look(const Style& st, int kind, bool light, attr_t bold) {
    const char* dot = st.unicode ? "\u00b7" : ".";
    if (!st.color) return {light ? dot : " ", kFgFill, 0};
    if (kind >= kTargetSquare) return {dot, kFgPlayer + kind - kTargetSquare, bold};
    return {" ", kFgFill, 0};
}

Look square_look(const Scene& s, const Marks& m, const Style& st, int sq, int kind) {
    const Position& pos = s.shown;
    const int piece = pos.at(sq);
    const char* cross = path_mark(st);
    // Bold, where the palette wants it: a terminal of few colours may show it brighter.
    const attr_t bold = st.color && !st.palette->bold ? 0 : A_BOLD;
    // The piece being moved shows where its chain stands, not where it started.
    if (piece != kEmpty && !(sq == m.build_from && m.build_at != m.build_from)) {
        attr_t a = bold | (sq == m.build_at ? A_REVERSE : sq == m.last_to ? A_UNDERLINE : 0);
        if (m.hint.test(sq)) a |= A_BLINK;
        return {player_glyph(piece, st), kFgPlayer + piece, a, kShapePlayer + piece};
    }
    if (sq == m.build_at) {
        const int mover = pos.at(m.build_from);
        return {player_glyph(mover, st), kFgPlayer + mover, bold | A_REVERSE, kShapePlayer + mover};
    }
    if (m.building.test(sq)) return {cross, kFgPath, bold | A_REVERSE, kShapePath};
    if (s.marks.next.test(sq)) return {"+", kFgNext, bold, kShapeNext};
    if (s.marks.ends.test(sq)) return {chain_end_mark(st), kFgEnd, bold, kShapeEnd};
    if (m.hint.test(sq)) return {"?", kFgNext, bold, kShapeHint};
    if (m.path.test(sq)) return {cross, kFgPath, bold, kShapePath};
    return empty_look(st, kind, pos.geo().light.test(sq), bold);
}

// The attributes every cell of a square starts from: its colour pair for this role, or
// without colour, reverse video for a camp in play (so the camps read as the tint does).
attr_t square_attr(const Style& st, int kind, bool light, int fg) {
    if (st.color) return COLOR_PAIR(square_pair(kind, light, fg));
    return kind == kBoardSquare ? A_NORMAL : A_REVERSE;
}

// The rows of a look drawn on a square of this size: its shape where the square has room
// for one (three cells by two rows, or five by three) and the terminal has Unicode, else its
// glyph alone.
struct Drawing {
    int w = 1, h = 1;
    std::string rows[3];
};

Drawing drawing_of(const Look& look, const Layout& l, const Style& st) {
    Drawing d;
    const int w = l.square_w(), h = l.square_h();
    if (look.shape == kNoShape || w < 4 || h < 2 || !st.unicode) {
        d.rows[0] = look.glyph;
        return d;
    }
    const bool large = w >= 6 && h >= 3;
    d.w = large ? 5 : 3;
    d.h = large ? 3 : 2;
    for (int y = 0; y < d.h; ++y) d.rows[y] = large ? kArt3[look.shape][y] : kArt2[look.shape][y];
    return d;
}

// Draws one square: every cell in its colours, the glyph (or its shape) in the middle. The
// square under the cursor is filled with the cursor's colour and its glyph takes the
// square's colour; without colour it is the square in reverse video, underlined (a camp's
// square is in reverse video already).
void draw_square(const Layout& l, const Style& st, int sq, int kind, bool light, const Look& look,
                 bool cursor) {
    const int x = l.square_x(sq), top = l.square_y(sq);
    const attr_t flip = cursor && !st.color ? A_REVERSE : 0;
    const attr_t mark = cursor && !st.color ? A_UNDERLINE : 0;
    const attr_t fill = cursor && st.color ? COLOR_PAIR(cursor_pair(kind, light, false))
                                           : (square_attr(st, kind, light, kFgFill) ^ flip) | mark;
    attrset(fill);
    for (int y = top; y < top + l.square_h(); ++y) {
        move(y, x);
        for (int dx = 0; dx < l.square_w(); ++dx) addch(' ');
    }
    attr_t a;
    if (cursor && st.color) {
        a = COLOR_PAIR(cursor_pair(kind, light, look.fg != kFgFill)) | (look.attr & ~A_REVERSE);
    } else {
        // Without colour the mark's own reverse video toggles the camp's.
        const attr_t base = square_attr(st, kind, light, look.fg) ^ flip;
        a = st.color ? base | look.attr
                     : (base ^ (look.attr & A_REVERSE)) | (look.attr & ~A_REVERSE) | mark;
    }
    const Drawing d = drawing_of(look, l, st);
    // The middle of the square; an even size leans right and down, as glyph_x_of and glyph_y_of do.
    const int gx = x + (l.square_w() - d.w + 1) / 2;
    const int gy = top + (l.square_h() - d.h + 1) / 2;
    for (int y = 0; y < d.h; ++y) {
        // A last move's underline goes under the shape, not through it.
        attrset(y + 1 < d.h ? a & ~A_UNDERLINE : a);
        mvaddstr(gy + y, gx, d.rows[y].c_str());
    }
}

// A square's file letter or rank number, whichever runs along the screen's rows (by_row) or
// columns in the view.
std::string coordinate(const View& v, Square sq, bool by_row) {
    if (v.quarter() == by_row) return std::string(1, static_cast<char>('a' + file_of(sq)));
    return std::to_string(rank_of(sq) + 1);
}

// The coordinates where they fall in the view: beside each row of squares its rank (or, the
// board turned a quarter, its file), under each column its file (or rank). A number of two
// digits under squares two columns wide is written down the column, tens above units, when
// a row is free for it; else every other one is written across.
void draw_coordinates(const Layout& l) {
    const View& v = l.view;
    const int n = l.size, y = l.board_y + n * l.square_h();
    for (int row = 0; row < n; ++row)
        mvprintw(l.middle_y(row), 0, "%3s", coordinate(v, v.square(0, row), true).c_str());
    const bool narrow = l.square_w() < 3, down = narrow && y + 1 < l.status_y;
    for (int col = 0; col < n; ++col) {
        const std::string text = coordinate(v, v.square(col, n - 1), false);
        const int x = l.middle_x(col);
        if (text.size() == 1) {
            mvaddstr(y, x, text.c_str());
        } else if (down) {
            mvaddch(y, x, text[0]);
            mvaddch(y + 1, x, text[1]);
        } else if (!narrow || col % 2 == 0) {
            mvaddstr(y, x - 1, text.c_str());
        }
    }
}

} // namespace

void draw_board(const Scene& s, const Layout& l, const Style& st) {
    const int size = s.shown.size();
    const Marks m = marks_of(s);
    const auto kinds = square_kinds(*s.game);
    const bool cursor_on = (s.screen == Screen::Board && !s.game->over()) || s.review.learning;
    for (int r = 0; r < size; ++r)
        for (int f = 0; f < size; ++f) {
            const int sq = make_square(f, r);
            draw_square(l, st, sq, kinds[sq], s.shown.geo().light.test(sq),
                        square_look(s, m, st, sq, kinds[sq]), cursor_on && sq == s.marks.cursor);
        }
    attrset(A_NORMAL);
    draw_coordinates(l);
}

} // namespace halma::screen
