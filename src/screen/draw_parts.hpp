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

// Foreground roles within a square's colour pairs: the screen's text (the pair that fills a
// square), each player's colour, and the marks.
enum Fg { kFgFill = 0, kFgPlayer = 1, kFgNext = 5, kFgEnd = 6, kFgPath = 7 };
constexpr int kFgRoles = 8;
// The colour pairs off the board; the squares' pairs follow them.
constexpr int kUiPair = 1; // kUiPair + p: player p's glyph off the board
constexpr int kErrorPair = 5;
constexpr int kMarkPair = 6;
constexpr int kScreenPair = 7; // the screen's own text and background
constexpr int kUrgentPair = 8; // the lobby's games waiting for the player's move
constexpr int kFirstSquarePair = 16;

// The colour pair of a square of this kind (SquareKind) and shade with a foreground role,
// as init_style numbered them.
[[nodiscard]] int square_pair(int kind, bool light, int fg) noexcept;
// The colour pair of the square under the cursor, of this kind and shade: for its blank
// cells, or for its glyph.
[[nodiscard]] int cursor_pair(int kind, bool light, bool glyph) noexcept;

// The bytes of the longest start of s that takes at most width columns on the terminal
// (its locale's characters, a wide one counting two), and the columns it takes.
[[nodiscard]] std::size_t fit_columns(const std::string& s, int width, int* columns = nullptr);

// Writes at most width columns of a string, never splitting a character.
void put_clipped(int y, int x, const std::string& s, int width);

// The columns a string takes on the terminal.
[[nodiscard]] int text_columns(const std::string& s);

// Text that fits width columns: itself, or its start cut after a whole word with an
// ellipsis ("\u2026", or "..." without Unicode); a first word too long for the width is cut.
[[nodiscard]] std::string fit_words(const std::string& text, int width, bool unicode);

// Writes text within width columns, shortened at a word when it is too long.
void put_words(int y, int x, const std::string& text, int width, const Style& style);

// Writes text wrapped at words over at most max_lines lines from row y, the last shortened
// at a word when the text goes on; returns the lines written.
int put_wrapped(int y, int x, const std::string& text, int width, int max_lines,
                const Style& style);

// The first of texts (longest first) that fits width columns whole, else the last shortened.
[[nodiscard]] std::string first_fitting(const std::vector<std::string>& texts, int width,
                                        bool unicode);

// A key and what it does on the key line ("U undo"), and how much it is needed there (the
// least needed go first when the line is too narrow).
struct KeyItem {
    std::string text;
    int need = 0;
};

// The key items joined by two spaces, those least needed left out until the line fits.
[[nodiscard]] std::string key_line(const std::vector<KeyItem>& items, int width);

// The attributes of player p's glyph in the panel and status lines.
[[nodiscard]] attr_t player_attr(int p, const Style& style);

// The parts of the board screen, each drawn into stdscr: the board, the panel beside it (or,
// in a review, the review's panel), the status and key lines, and the game-over box.
void draw_board(const Scene& s, const Layout& l, const Style& st);
void draw_panel(const Scene& s, const Layout& l, const Style& st);
void draw_review_panel(const Scene& s, const Layout& l, const Style& st);
void draw_lines(const Scene& s, const Layout& l, const Style& st);
void draw_over(const Scene& s, const Style& st);

// The players' table of the panel from row y: each player's glyph, seat, pieces home, moves
// and moves to go, then the leave-home warnings; returns the next free row.
int draw_players(const Scene& s, const Layout& l, const Style& st, int y);

// The pages that take the whole screen.
void draw_page(const Scene& s, const Style& st);
void draw_form(const Scene& s, const Style& st);
void draw_too_small(int rows, int cols, const Layout& l, bool club);
void draw_lobby(const Scene& s, const Style& st);

} // namespace halma::screen
