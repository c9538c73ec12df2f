// Where things go on the screen for a terminal size and board size: square size, board
// origin, panel, status and hint lines, and where each square falls in the view (view.hpp).
// Pure arithmetic, shared by drawing and the mouse.
#pragma once

#include "settings/display.hpp"

namespace halma::screen {

using settings::View;

// A square's size in terminal cells. A cell is about twice as high as it is wide, so a
// square twice as wide as high looks square; an odd width puts the glyph in the middle
// column, so an odd size is preferred where it fits.
struct SquareSize {
    int w, h;
};

// The sizes a square can take, largest first; a board takes the first that fits.
inline constexpr SquareSize kSquareSizes[] = {{7, 3}, {6, 3}, {5, 2}, {4, 2}, {2, 1}};

struct Layout {
    bool fits = false;
    int need_cols = 0, need_rows = 0; // the smallest terminal that fits (when !fits)
    SquareSize square = {2, 1};
    int board_x = 4, board_y = 1; // the top-left cell of the board
    int panel_x = 0, panel_w = 0;
    int status_y = 0, hint_y = 0;
    int size = 16;
    View view; // how the board is turned: where each square falls

    [[nodiscard]] constexpr int square_w() const noexcept { return square.w; }
    [[nodiscard]] constexpr int square_h() const noexcept { return square.h; }
    // The top-left cell of a square.
    [[nodiscard]] constexpr int square_x(Square sq) const noexcept {
        return board_x + view.col(sq) * square.w;
    }
    [[nodiscard]] constexpr int square_y(Square sq) const noexcept {
        return board_y + view.row(sq) * square.h;
    }
    // The middle cell of a screen column and row of squares (for an even size, the cell
    // right of and below the middle): where a glyph or a coordinate goes.
    [[nodiscard]] constexpr int middle_x(int col) const noexcept {
        return board_x + col * square.w + square.w / 2;
    }
    [[nodiscard]] constexpr int middle_y(int row) const noexcept {
        return board_y + row * square.h + square.h / 2;
    }
    // The cell of a square's glyph, its middle.
    [[nodiscard]] constexpr int glyph_x_of(Square sq) const noexcept {
        return middle_x(view.col(sq));
    }
    [[nodiscard]] constexpr int glyph_y_of(Square sq) const noexcept {
        return middle_y(view.row(sq));
    }
};

// The panel's width beside the board: what it takes in full, and the least it folds into
// (the players' table without the moves made, shorter titles) where that lets the board have
// taller squares, or fit at all.
constexpr int kPanelMin = 30;
constexpr int kPanelNarrow = 22;

// The layout for a terminal of rows x cols showing a board of this size, turned as the view
// given (by quarter turns, view.hpp).
[[nodiscard]] constexpr Layout make_layout(int rows, int cols, int size, int turns = 0) noexcept {
    Layout l;
    l.size = size;
    l.view = {turns, size};
    // The rank numbers and a space, the board, two columns, the panel; a row above the board,
    // the files below it, the status and hint lines.
    auto fits = [&](SquareSize s, int panel) {
        return cols >= 4 + size * s.w + 2 + panel && rows >= 1 + size * s.h + 1 + 2;
    };
    // The largest square beside the full panel, and beside the folded one.
    const SquareSize* full = nullptr;
    const SquareSize* folded = nullptr;
    for (const SquareSize& s : kSquareSizes) {
        if (!full && fits(s, kPanelMin)) full = &s;
        if (!folded && fits(s, kPanelNarrow)) folded = &s;
    }
    if (!folded) {
        const SquareSize smallest = kSquareSizes[sizeof kSquareSizes / sizeof *kSquareSizes - 1];
        l.need_cols = 4 + size * smallest.w + 2 + kPanelNarrow;
        l.need_rows = 1 + size * smallest.h + 1 + 2;
        return l;
    }
    l.fits = true;
    l.square = full && full->h >= folded->h ? *full : *folded;
    l.panel_x = l.board_x + size * l.square.w + 2;
    l.panel_w = cols - l.panel_x;
    l.status_y = rows - 2;
    l.hint_y = rows - 1;
    return l;
}

// The square under a screen cell in the layout's view, or false when the cell is off the
// board.
[[nodiscard]] constexpr bool square_at(const Layout& l, int x, int y, Square& sq) noexcept {
    if (!l.fits || x < l.board_x || y < l.board_y) return false;
    const int col = (x - l.board_x) / l.square.w, row = (y - l.board_y) / l.square.h;
    if (col >= l.size || row >= l.size) return false;
    sq = l.view.square(col, row);
    return true;
}

} // namespace halma::screen
