// Where things go on the screen for a terminal size and board size: square size, board
// origin, panel, status and hint lines. Pure arithmetic, shared by drawing and the mouse.
#pragma once

namespace halma::screen {

struct Layout {
    bool fits = false;
    int need_cols = 0, need_rows = 0; // the smallest terminal that fits (when !fits)
    int scale = 1;                    // a square is 2*scale columns by scale rows
    int board_x = 4, board_y = 1;     // the top-left cell of the board (file a's pad column)
    int panel_x = 0, panel_w = 0;
    int status_y = 0, hint_y = 0;
    int size = 16;

    [[nodiscard]] constexpr int square_w() const noexcept { return 2 * scale; }
    [[nodiscard]] constexpr int square_h() const noexcept { return scale; }
    // The column and row of a square's glyph.
    [[nodiscard]] constexpr int glyph_x(int file) const noexcept {
        return board_x + file * square_w() + scale;
    }
    [[nodiscard]] constexpr int glyph_y(int rank) const noexcept {
        return board_y + (size - 1 - rank) * square_h() + square_h() / 2;
    }
};

constexpr int kPanelMin = 30;

// The layout for a terminal of rows x cols showing a board of this size.
[[nodiscard]] constexpr Layout make_layout(int rows, int cols, int size) noexcept {
    Layout l;
    l.size = size;
    auto need_cols = [&](int k) { return 4 + size * 2 * k + 2 + kPanelMin; };
    auto need_rows = [&](int k) { return 1 + size * k + 1 + 2; };
    l.need_cols = need_cols(1);
    l.need_rows = need_rows(1);
    if (cols < l.need_cols || rows < l.need_rows) return l;
    l.fits = true;
    for (int k = 3; k >= 1; --k)
        if (cols >= need_cols(k) && rows >= need_rows(k)) {
            l.scale = k;
            break;
        }
    l.panel_x = l.board_x + size * l.square_w() + 2;
    l.panel_w = cols - l.panel_x;
    l.status_y = rows - 2;
    l.hint_y = rows - 1;
    return l;
}

// The square (file, rank) under a screen cell, or false when the cell is off the board.
[[nodiscard]] constexpr bool square_at(const Layout& l, int x, int y, int& file,
                                       int& rank) noexcept {
    if (!l.fits || x < l.board_x || y < l.board_y) return false;
    int f = (x - l.board_x) / l.square_w(), row = (y - l.board_y) / l.square_h();
    if (f >= l.size || row >= l.size) return false;
    file = f;
    rank = l.size - 1 - row;
    return true;
}

} // namespace halma::screen
