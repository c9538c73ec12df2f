// How the board is turned on one screen. The squares keep their names in every view; only
// where they are drawn changes, so the view is the front end's alone (records, typed moves and
// the protocol never see it). Pure arithmetic, shared by the drawing, the mouse, the cursor
// keys and the words that name a corner. No curses here.
#pragma once

#include "halma/geometry.hpp"
#include "halma/rules.hpp"

namespace halma::play {

// A view of a board of this size, turned anticlockwise by quarter turns: with turns = t the
// board's corner Corner(t) (in Corner's order a1, a16, p16, p1) is drawn at the bottom left.
// Screen columns count from the left, screen rows from the top, both 0 to size - 1.
struct View {
    int turns = 0;
    int size = 16;

    [[nodiscard]] constexpr bool quarter() const noexcept { return turns % 2 == 1; }

    // The screen column and row where a square is drawn.
    struct Cell {
        int col, row;
    };
    [[nodiscard]] constexpr Cell cell(Square sq) const noexcept {
        const int n = size - 1, f = file_of(sq), r = rank_of(sq);
        switch (turns) {
        case 1:
            return {n - r, n - f};
        case 2:
            return {n - f, r};
        case 3:
            return {r, f};
        default:
            return {f, n - r};
        }
    }
    [[nodiscard]] constexpr int col(Square sq) const noexcept { return cell(sq).col; }
    [[nodiscard]] constexpr int row(Square sq) const noexcept { return cell(sq).row; }

    // The square drawn at a screen column and row (both within the board).
    [[nodiscard]] constexpr Square square(int c, int row) const noexcept {
        const int n = size - 1, up = n - row; // up: rows from the bottom
        switch (turns) {
        case 1:
            return make_square(up, n - c);
        case 2:
            return make_square(n - c, n - up);
        case 3:
            return make_square(n - up, c);
        default:
            return make_square(c, up);
        }
    }

    // A step on the screen (dx columns right, dy rows up) as a step on the board (df files
    // towards p, dr ranks towards 16).
    constexpr void board_step(int dx, int dy, int& df, int& dr) const noexcept {
        switch (turns) {
        case 1:
            df = dy, dr = -dx;
            break;
        case 2:
            df = -dx, dr = -dy;
            break;
        case 3:
            df = -dy, dr = dx;
            break;
        default:
            df = dx, dr = dy;
        }
    }

    // The screen corner a board corner is drawn at, named as a Corner is from the bottom
    // left clockwise: A1 the bottom left, A16 the top left, P16 the top right, P1 the bottom
    // right.
    [[nodiscard]] constexpr Corner screen_corner(Corner c) const noexcept {
        return static_cast<Corner>((static_cast<int>(c) - turns + 4) % 4);
    }
};

// The turns that draw a corner of the board at the bottom left.
[[nodiscard]] constexpr int turns_for(Corner bottom_left) noexcept {
    return static_cast<int>(bottom_left);
}

// How far one press of the key that turns the view by hand turns it: a half turn with two
// players (their camps are opposite), else a quarter.
[[nodiscard]] constexpr int turn_step(int players) noexcept { return players == 2 ? 2 : 1; }

} // namespace halma::play
