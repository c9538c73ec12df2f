// Colour themes as plain data: for each theme and each colour depth a terminal offers (8, 16
// or 256 colours), which terminal colour draws each part of the screen, and the style a
// terminal is drawn in (its palette, Unicode or ASCII glyphs). The drawing turns a palette
// into curses colour pairs; nothing here touches the terminal, so the tests can check every
// palette (players distinct from each other and from what they stand on).
#pragma once

#include "settings/display.hpp"

#include <array>
#include <string>

namespace halma::screen {

// The themes and their names are the settings' (settings/display.hpp); the palettes are here.
using settings::kThemeChoices;
using settings::kThemes;
using settings::parse_theme;
using settings::Theme;
using settings::theme_name;

// A terminal colour: 0-7 the ANSI colours, 8-15 their bright forms, 16-231 the xterm 6x6x6
// cube, 232-255 its grey ramp; kTerminalColour the terminal's own foreground or background.
using Colour = short;
inline constexpr Colour kTerminalColour = -1;

// The kinds of square the board paints apart: a square outside the camps in play, a camp in
// play that no player heads for, and the camp player p heads for (kTargetSquare + p).
enum SquareKind { kBoardSquare = 0, kCampSquare = 1, kTargetSquare = 2 };
inline constexpr int kSquareKinds = kTargetSquare + 4;

// One theme's colours at one depth. Each kind of square has a dark and a light shade, so the
// board is checkered everywhere; a depth without a colour to spare paints a camp as the board.
struct Palette {
    int depth;           // 8, 16 or 256: the colours the terminal needs
    Colour board[2];     // a square outside the camps in play, [dark, light]
    Colour camp[2];      // a camp in play that no player heads for
    Colour target[4][2]; // player p's target camp: a shade of p's colour where there is one
    std::array<Colour, 4> player; // each player's pieces, on the board and in the panel
    bool bold;                    // pieces and marks in bold (8 and 16 colours: maybe brighter too)
    Colour next, end, path;       // the marks: + first steps and hops, chain ends, x a hop path
    Colour error;                 // an error on the status line
    Colour text_fg, text_bg;      // the rest of the screen (kTerminalColour: the terminal's)
    Colour assumed_fg, assumed_bg; // what the theme takes the terminal's own colours to be:
                                   // used when the terminal cannot keep them, and by the tests
    Colour glyph_bg; // behind a player's glyph off the board (kTerminalColour: the screen's)
    Colour cursor;   // the fill of the square under the cursor
    Colour urgent;   // the lobby's games waiting for the player's move, on the screen's colours
};

// The colour of a square of this kind (SquareKind) and shade.
[[nodiscard]] constexpr Colour square_colour(const Palette& p, int kind, bool light) noexcept {
    return kind == kBoardSquare  ? p.board[light]
           : kind == kCampSquare ? p.camp[light]
                                 : p.target[kind - kTargetSquare][light];
}

// The depth of palette a terminal with this many colours gets: 256, 16 or 8, or 0 when it
// has fewer than 8 (then it is drawn without colour).
[[nodiscard]] constexpr int palette_depth(int colours) noexcept {
    return colours >= 256 ? 256 : colours >= 16 ? 16 : colours >= 8 ? 8 : 0;
}

// The theme's palette for a terminal of this many colours, or nullptr when it is drawn
// without colour (the mono theme, or fewer than 8 colours).
[[nodiscard]] const Palette* palette_for(Theme theme, int colours) noexcept;

// The terminal's capabilities as the drawing uses them.
struct Style {
    bool unicode = false;
    bool color = false;
    const Palette* palette = nullptr; // the theme's colours at the terminal's depth, with color
    std::string note; // what the terminal's start says once on the status line, if anything
};

// The glyph of player p's pieces ("?" for a seat that is none).
[[nodiscard]] const char* player_glyph(int p, const Style& style) noexcept;

// The board's marks that differ in ASCII: a square a chain can end on, and a square a move
// passed (the last move's path, the hops of a chain being built).
[[nodiscard]] const char* chain_end_mark(const Style& style) noexcept;
[[nodiscard]] const char* path_mark(const Style& style) noexcept;

// A colour as red, green and blue, 0 to 255.
struct Rgb {
    int r, g, b;
};

// How xterm shows a terminal colour by default (the other emulators are close to it).
[[nodiscard]] Rgb xterm_rgb(Colour c) noexcept;

// How the Linux console (VGA text mode) shows colours 0 to 15; other colours as xterm does.
[[nodiscard]] Rgb console_rgb(Colour c) noexcept;

} // namespace halma::screen
