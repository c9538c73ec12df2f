// The board's colours measured as a player sees them, from the palettes' data
// (src/screen/theme.cpp): each figure a palette is held to, with its floor and its worst case.
// tests/test_theme.cpp checks every figure of every theme at every depth on both terminals;
// tools/contrast.cpp prints them as a table.
//  - Contrast is WCAG 2's ratio of relative luminances; 3:1 is its floor for graphics, which
//    a glyph on a square is. The contrast theme is held to 7:1 (WCAG's AAA for text) where it
//    has 256 colours and 4.5:1 with 16.
//  - Colours apart is the distance in Oklab for the vision that sees them closest (normal,
//    protanopia, deuteranopia, tritanopia): 0.10 is plainly another colour.
#pragma once

#include "colour_vision.hpp"
#include "screen/theme.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace board_contrast {

using halma::screen::Colour;
using halma::screen::Palette;
using halma::screen::Rgb;
using halma::screen::Theme;

// The two terminals whose colours are measured: xterm's defaults (what most emulators use for
// the 256-colour cube), and the Linux console's VGA palette for 8 and 16 colours.
enum class Terminal { Xterm, Console };

[[nodiscard]] inline const char* terminal_name(Terminal t) {
    return t == Terminal::Xterm ? "xterm" : "console";
}

// A colour as the terminal shows it. The console shows bold text in the bright form of colours
// 0 to 7; xterm can too, but many emulators do not, so xterm's figures take the colour as it is.
[[nodiscard]] inline Rgb shown(Colour c, Terminal t, bool bold) {
    using namespace halma::screen;
    if (t == Terminal::Xterm) return xterm_rgb(c);
    return console_rgb(bold && c >= 0 && c < 8 ? static_cast<Colour>(c + 8) : c);
}

// One measure over a palette: its worst case, the floor it must reach, and where it is worst.
struct Figure {
    std::string measure;
    double value = 1e9;
    double floor = 0;
    std::string worst;

    // Takes a case into the figure when it is the worst so far.
    void take(double v, const std::string& where) {
        if (v < value) value = v, worst = where;
    }
    [[nodiscard]] bool met() const { return value >= floor; }
};

// The colour the screen's text takes under a palette: its own, or what it assumes the
// terminal's to be.
[[nodiscard]] inline Colour text_colour(const Palette& p) {
    return p.text_fg == halma::screen::kTerminalColour ? p.assumed_fg : p.text_fg;
}
[[nodiscard]] inline Colour background_colour(const Palette& p) {
    return p.text_bg == halma::screen::kTerminalColour ? p.assumed_bg : p.text_bg;
}

// Every square colour of a palette, each once.
[[nodiscard]] inline std::vector<Colour> square_colours(const Palette& p) {
    std::vector<Colour> out;
    for (int kind = 0; kind < halma::screen::kSquareKinds; ++kind)
        for (bool light : {false, true}) {
            const Colour c = halma::screen::square_colour(p, kind, light);
            if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
        }
    return out;
}

// The figures, in the order figures() returns them.
enum FigureIndex { kPieces, kMarks, kShades, kCamps, kTints, kPlayersSeen, kPlayersAny, kPanel };

// The figures of a palette of this theme on this terminal.
[[nodiscard]] inline std::vector<Figure> figures(Theme theme, const Palette& p, Terminal t) {
    using namespace halma::screen;
    const bool contrast = theme == Theme::Contrast;
    const double glyph_floor = contrast ? (p.depth == 256 ? 7.0 : p.depth == 16 ? 4.5 : 3.0) : 3.0;
    auto name = [](Colour c) { return std::to_string(c); };
    auto ratio = [&](Colour fg, bool bold, Colour bg) {
        return colour_vision::contrast(shown(fg, t, bold), shown(bg, t, false));
    };
    auto apart = [&](Colour a, Colour b) {
        return colour_vision::worst_difference(shown(a, t, false), shown(b, t, false));
    };
    const std::vector<Colour> squares = square_colours(p);

    Figure pieces{"pieces on every square (contrast)", 1e9, glyph_floor, {}};
    for (int pl = 0; pl < 4; ++pl)
        for (Colour sq : squares)
            pieces.take(ratio(p.player[pl], p.bold, sq), "player " + std::to_string(pl + 1) + " (" +
                                                             name(p.player[pl]) + ") on " +
                                                             name(sq));

    // The marks: +, the chain end and x in their colours; the square under the cursor in its
    // colour against every square around it, and the glyph on it in its square's colour.
    Figure marks{"marks and cursor on every square", 1e9, glyph_floor, {}};
    const std::pair<const char*, Colour> mark_colours[] = {
        {"+", p.next}, {"chain end", p.end}, {"x", p.path}};
    for (Colour sq : squares) {
        for (const auto& [mark, colour] : mark_colours)
            marks.take(ratio(colour, p.bold, sq),
                       std::string(mark) + " (" + name(colour) + ") on " + name(sq));
        marks.take(ratio(p.cursor, false, sq), "cursor (" + name(p.cursor) + ") on " + name(sq));
    }

    Figure shades{"light and dark squares apart (Oklab)", 1e9, 0.10, {}};
    for (int kind = 0; kind < kSquareKinds; ++kind) {
        const Colour dark = square_colour(p, kind, false), light = square_colour(p, kind, true);
        shades.take(apart(dark, light), name(dark) + " and " + name(light));
    }

    // A tinted camp (one whose shade differs from the board's) must show as a camp.
    Figure camps{"tinted camps apart from the board, normal vision (Oklab)", 1e9, 0.10, {}};
    for (int kind = kCampSquare; kind < kSquareKinds; ++kind)
        for (bool light : {false, true}) {
            const Colour camp = square_colour(p, kind, light), board = p.board[light];
            if (camp != board)
                camps.take(colour_vision::difference(shown(camp, t, false), shown(board, t, false),
                                                     colour_vision::Vision::Normal),
                           name(camp) + " and " + name(board));
        }
    if (camps.worst.empty()) camps.value = 0, camps.floor = 0, camps.worst = "no camp tinted";

    // Two players' target camps in two tints must not look alike on either shade, nor like
    // the tint of a camp no one heads for; where a palette has no tint to spare for each
    // player, their camps share one and the dots say whose each is.
    Figure tints{"camp tints apart, normal vision (Oklab)", 1e9, 0.10, {}};
    auto camp_name = [](int kind) {
        return kind == kCampSquare ? std::string("the plain camp")
                                   : "player " + std::to_string(kind - kTargetSquare + 1);
    };
    for (bool light : {false, true})
        for (int a = kCampSquare; a < kSquareKinds; ++a)
            for (int b = a + 1; b < kSquareKinds; ++b) {
                const Colour x = square_colour(p, a, light), y = square_colour(p, b, light);
                if (x != y)
                    tints.take(colour_vision::difference(shown(x, t, false), shown(y, t, false),
                                                         colour_vision::Vision::Normal),
                               camp_name(a) + " and " + camp_name(b) + " (" + name(x) + " and " +
                                   name(y) + ")");
            }
    if (tints.worst.empty()) tints.value = 0, tints.floor = 0, tints.worst = "one tint for all";

    // With 8 and 16 colours the four colours readable on both squares include green and
    // yellow, which deuteranopia sees alike; there the glyphs (one shape each) tell them apart.
    Figure seen{"players apart, normal vision (Oklab)", 1e9, 0.10, {}};
    Figure any{"players apart, any vision (Oklab)", 1e9, p.depth == 256 ? 0.10 : 0.03, {}};
    for (int a = 0; a < 4; ++a)
        for (int b = a + 1; b < 4; ++b) {
            const Rgb x = shown(p.player[a], t, p.bold), y = shown(p.player[b], t, p.bold);
            const std::string which =
                "players " + std::to_string(a + 1) + " and " + std::to_string(b + 1);
            seen.take(colour_vision::difference(x, y, colour_vision::Vision::Normal), which);
            any.take(colour_vision::worst_difference(x, y), which);
        }

    // A player's glyph off the board (the panel, the status line), on its own background.
    const Colour glyph_bg = p.glyph_bg == kTerminalColour ? background_colour(p) : p.glyph_bg;
    Figure panel{"pieces off the board (contrast)", 1e9, glyph_floor, {}};
    for (int pl = 0; pl < 4; ++pl)
        panel.take(ratio(p.player[pl], p.bold, glyph_bg), "player " + std::to_string(pl + 1) +
                                                              " (" + name(p.player[pl]) + ") on " +
                                                              name(glyph_bg));

    return {pieces, marks, shades, camps, tints, seen, any, panel};
}

// The lobby's colours (src/screen/draw_lobby.cpp) on the screen's background: its text and
// the chosen row (the same two colours in reverse); a game waiting for the player's move (its
// state in the lists, the count in the header) in the palette's urgent colour, bold, and the
// same on the chosen row in reverse; a lost connection in the error colour, bold. The urgent
// text is held to WCAG's 4.5:1 (AA), the screen's own text to 7:1 (AAA), an error to the
// status line's 2.5:1.
enum LobbyFigureIndex { kLobbyText, kLobbyUrgent, kLobbyLink };

[[nodiscard]] inline std::vector<Figure> lobby_figures(const Palette& p, Terminal t) {
    auto name = [](Colour c) { return std::to_string(c); };
    const Colour fg = text_colour(p), bg = background_colour(p);
    auto ratio = [&](Colour c, bool bold, Colour on) {
        return colour_vision::contrast(shown(c, t, bold), shown(on, t, false));
    };
    Figure text{"lobby text and the chosen row (contrast)", 1e9, 7.0, {}};
    text.take(ratio(fg, false, bg), "text (" + name(fg) + ") on " + name(bg));
    text.take(ratio(bg, false, fg), "chosen row (" + name(bg) + ") on " + name(fg));
    Figure urgent{"a game waiting for your move (contrast)", 1e9, 4.5, {}};
    urgent.take(ratio(p.urgent, true, bg), "state (" + name(p.urgent) + ") on " + name(bg));
    urgent.take(ratio(bg, false, p.urgent), "chosen (" + name(bg) + ") on " + name(p.urgent));
    Figure link{"a lost connection in the header (contrast)", 1e9, 2.5, {}};
    link.take(ratio(p.error, true, bg), "error (" + name(p.error) + ") on " + name(bg));
    return {text, urgent, link};
}

} // namespace board_contrast
