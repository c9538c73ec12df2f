// The drawing's own parts, shared by its files (draw_*.cpp): the colour pairs, text clipped to
// terminal columns, and one function per part of the screen. Internal to the screen.
#pragma once

#include "play/scene.hpp"
#include "screen/draw.hpp"
#include "screen/layout.hpp"
#include "screen/theme.hpp"

#include <curses.h>

#include <string>

namespace halma::screen {

using play::Scene;
using play::Screen;

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

// The bytes of the longest start of s that takes at most width columns on the terminal
// (its locale's characters, a wide one counting two), and the columns it takes.
[[nodiscard]] std::size_t fit_columns(const std::string& s, int width, int* columns = nullptr);

// Writes at most width columns of a string, never splitting a character.
void put_clipped(int y, int x, const std::string& s, int width);

// The attributes of player p's glyph in the panel and status lines.
[[nodiscard]] attr_t player_attr(int p, const Style& style);

// For each square, a bit per camp marked on a board of this size.
[[nodiscard]] const std::array<unsigned, kSquares>& camp_bits(int size);

// The parts of the board screen, each drawn into stdscr.
void draw_board(const Scene& s, const Layout& l, const Style& st);
void draw_panel(const Scene& s, const Layout& l, const Style& st);
void draw_lines(const Scene& s, const Layout& l, const Style& st);

// The pages that take the whole screen.
void draw_help(const Style& st);
void draw_form(const Scene& s);
void draw_too_small(int rows, int cols, const Layout& l);
void draw_lobby(const Scene& s, const Style& st);

} // namespace halma::screen
