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

// Foreground roles within a square's colour pairs: the cursor's colour (also the pair that
// fills a square, so a cursor move changes no colours), each player's colour, and the marks.
enum Fg { kFgCursor = 0, kFgPlayer = 1, kFgNext = 5, kFgEnd = 6, kFgPath = 7 };
constexpr int kFgRoles = 8;
// The colour pairs off the board; the squares' pairs follow them.
constexpr int kUiPair = 1; // kUiPair + p: player p's glyph off the board
constexpr int kErrorPair = 5;
constexpr int kMarkPair = 6;
constexpr int kScreenPair = 7; // the screen's own text and background
constexpr int kFirstSquarePair = 16;

// The colour pair of a square of this kind (SquareKind) and shade with a foreground role,
// as init_style numbered them.
[[nodiscard]] int square_pair(int kind, bool light, int fg) noexcept;

// The bytes of the longest start of s that takes at most width columns on the terminal
// (its locale's characters, a wide one counting two), and the columns it takes.
[[nodiscard]] std::size_t fit_columns(const std::string& s, int width, int* columns = nullptr);

// Writes at most width columns of a string, never splitting a character.
void put_clipped(int y, int x, const std::string& s, int width);

// The attributes of player p's glyph in the panel and status lines.
[[nodiscard]] attr_t player_attr(int p, const Style& style);

// The parts of the board screen, each drawn into stdscr.
void draw_board(const Scene& s, const Layout& l, const Style& st);
void draw_panel(const Scene& s, const Layout& l, const Style& st);
void draw_lines(const Scene& s, const Layout& l, const Style& st);

// The pages that take the whole screen.
void draw_help(const Style& st);
void draw_form(const Scene& s);
void draw_too_small(int rows, int cols, const Layout& l);

} // namespace halma::screen
