// The display's choices, read by the command line and the config file and used by the screen
// (the colour theme and whose side is at the bottom), and the view they turn the board by: how
// the board is turned on one screen. The squares keep their names in every view; only where
// they are drawn changes, so the view is the front end's alone (records, typed moves and the
// protocol never see it). Pure arithmetic, shared by the drawing, the mouse, the cursor keys and
// the words that name a corner. No curses here.
#pragma once

#include "halma/geometry.hpp"
#include "halma/rules.hpp"

#include <string_view>

namespace halma::settings {

// dark suits a dark terminal (and is the default), light a light one, contrast forces white
// on black at the strongest contrast, mono draws without colour (as --no-color does).
enum class Theme { Dark, Light, Contrast, Mono };

inline constexpr Theme kThemes[] = {Theme::Dark, Theme::Light, Theme::Contrast, Theme::Mono};

// The theme's name as the config file and --theme spell it.
[[nodiscard]] constexpr const char* theme_name(Theme t) noexcept {
    switch (t) {
    case Theme::Light:
        return "light";
    case Theme::Contrast:
        return "contrast";
    case Theme::Mono:
        return "mono";
    default:
        return "dark";
    }
}

// Reads a theme's name; false (out unchanged) for anything else.
[[nodiscard]] constexpr bool parse_theme(std::string_view name, Theme& out) noexcept {
    for (Theme t : kThemes)
        if (name == theme_name(t)) {
            out = t;
            return true;
        }
    return false;
}

// "dark, light, contrast or mono", for messages and help.
inline constexpr const char* kThemeChoices = "dark, light, contrast or mono";

// Whose side a screen shows at the bottom (--orientation): the person's at this terminal
// (own), always seat 1's (fixed), or, with several people at one keyboard, the side of each
// in turn (mover).
enum class Orientation { Own, Fixed, Mover };

inline constexpr const char* kOrientationChoices = "own, fixed or mover";

[[nodiscard]] inline bool parse_orientation(std::string_view word, Orientation& out) {
    if (word == "own") return out = Orientation::Own, true;
    if (word == "fixed") return out = Orientation::Fixed, true;
    if (word == "mover") return out = Orientation::Mover, true;
    return false;
}

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

} // namespace halma::settings
