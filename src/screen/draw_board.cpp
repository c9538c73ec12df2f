// The board: its squares in their colours, the pieces, the marks of a move being built, the
// last move and a hint, the camps' borders, the coordinates and the cursor.
#include "screen/draw_parts.hpp"

namespace halma::screen {

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

namespace {

// The background kind of a square: plain, a small camp (or a small board's camp), or the
// part of a large camp outside the small one.
[[nodiscard]] int bg_kind(int size, int sq) {
    unsigned bits = camp_bits(size)[sq];
    if (!bits) return 0;
    if (size != 16) return 1;
    return (bits & ~3u) ? 1 : 2;
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
    if (s.marks.next.test(sq)) return {"+", kFgNext, A_BOLD};
    if (s.marks.ends.test(sq)) return {st.unicode ? "\u2218" : "*", kFgEnd, A_BOLD};
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
    const int cf = file_of(s.marks.cursor), cr = rank_of(s.marks.cursor);
    const auto& cbits = camp_bits(s.shown.size());
    const bool underlined =
        l.square_h() == 1 && cr > 0 && cbits[make_square(cf, cr - 1)] != cbits[make_square(cf, cr)];
    attrset(underlined ? A_UNDERLINE : A_NORMAL);
    mvaddch(l.glyph_y(cr), l.board_x + cf * l.square_w(), '>');
    attrset(A_NORMAL);
}

} // namespace

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

} // namespace halma::screen
