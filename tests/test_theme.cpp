// The colour themes (src/screen/theme.hpp): names, the palette each terminal depth gets, and
// what a player sees (tests/board_contrast.hpp): every piece and mark standing out from every
// square, the light and dark squares apart, the camps apart from the board, the four player
// colours apart for normal vision and the three common colour-vision deficiencies, and the
// panel readable, on xterm's colours and on the Linux console's.
#include "board_contrast.hpp"
#include "colour_vision.hpp"
#include "screen/draw.hpp"
#include "screen/theme.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <string>

using namespace halma::play;
using namespace halma::screen;
using namespace halma::settings;
using board_contrast::Terminal;
using colour_vision::contrast;

namespace {

// The screen's background under a palette: its own, or what it takes the terminal's to be.
Colour screen_background(const Palette& p) { return board_contrast::background_colour(p); }

// Every square background of a palette.
template <class F>
void each_square(const Palette& p, F f) {
    for (Colour c : board_contrast::square_colours(p)) f(c);
}

// Calls f(theme, palette, terminal) for every coloured theme at every depth: 256 colours on
// xterm's rendering, fewer on xterm's and the Linux console's.
template <class F>
void each_palette(F f) {
    for (Theme t : {Theme::Dark, Theme::Light, Theme::Contrast})
        for (int depth : {8, 16, 256})
            for (Terminal term : {Terminal::Xterm, Terminal::Console}) {
                if (term == Terminal::Console && depth == 256) continue;
                INFO(theme_name(t)
                     << " at " << depth << " colours on " << board_contrast::terminal_name(term));
                f(t, *palette_for(t, depth), term);
            }
}

} // namespace

TEST_CASE("theme names read back, and nothing else reads as a theme", "[theme]") {
    for (Theme t : kThemes) {
        Theme read = Theme::Mono == t ? Theme::Dark : Theme::Mono;
        CHECK(parse_theme(theme_name(t), read));
        CHECK(read == t);
    }
    Theme kept = Theme::Light;
    for (const char* bad : {"", "Dark", "darker", "dark ", "none", "256"}) {
        CHECK_FALSE(parse_theme(bad, kept));
        CHECK(kept == Theme::Light);
    }
}

TEST_CASE("each terminal gets the richest palette it can show, mono none", "[theme]") {
    CHECK(palette_depth(0) == 0);
    CHECK(palette_depth(2) == 0);
    CHECK(palette_depth(7) == 0);
    CHECK(palette_depth(8) == 8);
    CHECK(palette_depth(15) == 8);
    CHECK(palette_depth(16) == 16);
    CHECK(palette_depth(88) == 16); // rxvt's 88 colours have no xterm cube
    CHECK(palette_depth(256) == 256);
    CHECK(palette_depth(1 << 24) == 256);
    for (int colours : {0, 8, 16, 256}) CHECK(palette_for(Theme::Mono, colours) == nullptr);
    for (Theme t : {Theme::Dark, Theme::Light, Theme::Contrast}) {
        INFO(theme_name(t));
        CHECK(palette_for(t, 4) == nullptr);
        for (int colours : {8, 16, 88, 256, 1 << 24}) {
            const Palette* p = palette_for(t, colours);
            REQUIRE(p);
            CHECK(p->depth == palette_depth(colours));
        }
        CHECK(palette_for(t, 8) != palette_for(t, 16));
        CHECK(palette_for(t, 16) != palette_for(t, 256));
    }
}

TEST_CASE("a palette uses only the colours its depth has", "[theme]") {
    for (Theme t : {Theme::Dark, Theme::Light, Theme::Contrast})
        for (int depth : {8, 16, 256}) {
            const Palette& p = *palette_for(t, depth);
            INFO(theme_name(t) << " at " << depth << " colours");
            auto usable = [&](Colour c) { return c >= 0 && c < depth; };
            each_square(p, [&](Colour c) { CHECK(usable(c)); });
            for (Colour c : {p.next, p.end, p.path, p.error, p.assumed_fg, p.assumed_bg})
                CHECK(usable(c));
            for (Colour c : p.player) CHECK(usable(c));
            CHECK((p.glyph_bg == kTerminalColour || usable(p.glyph_bg)));
            CHECK(usable(p.cursor));
            // The screen's colours are both the terminal's or both the theme's.
            CHECK((p.text_fg == kTerminalColour) == (p.text_bg == kTerminalColour));
            if (p.text_fg != kTerminalColour) CHECK((usable(p.text_fg) && usable(p.text_bg)));
        }
}

// A terminal of 8 colours often has only 64 colour pairs (the Linux console, xterm), and curses
// gives COLOR_PAIR 8 bits: every palette must fit.
TEST_CASE("every palette's colour pairs fit the terminals that show it", "[theme]") {
    for (Theme t : {Theme::Dark, Theme::Light, Theme::Contrast})
        for (int depth : {8, 16, 256}) {
            INFO(theme_name(t) << " at " << depth << " colours");
            const int needed = colour_pairs_needed(*palette_for(t, depth));
            CHECK(needed <= (depth == 8 ? 64 : 256));
        }
}

// Every figure of tools/contrast.cpp's table reaches its floor: the pieces and the marks at
// WCAG's 3:1 on every square (7:1 and 4.5:1 for the contrast theme), the squares' shades and
// the tinted camps plainly apart, the players apart.
TEST_CASE("every piece and mark stands out from every square, the squares stay apart", "[theme]") {
    each_palette([](Theme t, const Palette& p, Terminal term) {
        for (const board_contrast::Figure& f : board_contrast::figures(t, p, term)) {
            INFO(f.measure << ": " << f.value << " at worst (" << f.worst << "), floor "
                           << f.floor);
            CHECK(f.met());
        }
    });
}

// The rest of the screen: the text, and an error on it.
TEST_CASE("the screen's text and errors stay readable", "[theme]") {
    each_palette([](Theme, const Palette& p, Terminal term) {
        auto rgb = [&](Colour c) { return board_contrast::shown(c, term, false); };
        const Rgb screen = rgb(screen_background(p));
        CHECK(contrast(rgb(p.error), screen) >= 2.5);
        CHECK(contrast(rgb(board_contrast::text_colour(p)), screen) >= 7.0);
    });
}

// The lobby and the club's screens: their text, the chosen row, a game waiting for the
// player's move and a lost connection stand out from the screen in every theme and depth.
TEST_CASE("the lobby's colours stay readable", "[theme][lobby]") {
    each_palette([](Theme t, const Palette& p, Terminal term) {
        // The console shows bold text bright, and the light theme with 8 colours takes its
        // background to be grey: no colour of the eight is readable bold on it.
        if (t == Theme::Light && p.depth == 8 && term == Terminal::Console) return;
        for (const board_contrast::Figure& f : board_contrast::lobby_figures(p, term)) {
            INFO(f.measure << ": " << f.value << " at worst (" << f.worst << "), floor "
                           << f.floor);
            CHECK(f.met());
        }
    });
}

// The figures measure what they say: the old board's greys 235 and 237 are too close, red on
// the console's blue is too dark, the old light theme's squares 255 and 253 were faint, and
// two players' camps were tinted alike.
TEST_CASE("the measures catch the boards a player could not read", "[theme]") {
    Palette p = *palette_for(Theme::Dark, 256);
    p.board[0] = 235, p.board[1] = 237;
    CHECK_FALSE(
        board_contrast::figures(Theme::Dark, p, Terminal::Xterm)[board_contrast::kShades].met());
    Palette console = *palette_for(Theme::Dark, 8);
    console.player[0] = 1; // red
    CHECK_FALSE(
        board_contrast::figures(Theme::Dark, console, Terminal::Xterm)[board_contrast::kPieces]
            .met());
    Palette light = *palette_for(Theme::Light, 256);
    light.board[0] = 253;
    CHECK_FALSE(
        board_contrast::figures(Theme::Light, light, Terminal::Xterm)[board_contrast::kShades]
            .met());
    // The old dark theme tinted player 3's and 4's camps olive alike on the light squares.
    Palette olive = *palette_for(Theme::Dark, 256);
    olive.target[2][1] = 94, olive.target[3][1] = 58;
    CHECK_FALSE(
        board_contrast::figures(Theme::Dark, olive, Terminal::Xterm)[board_contrast::kTints].met());
    // Bold text on the console is bright: its dark red becomes light red.
    CHECK(board_contrast::shown(1, Terminal::Console, true).g == 85);
    CHECK(board_contrast::shown(1, Terminal::Console, false).g == 0);
    CHECK(board_contrast::shown(1, Terminal::Xterm, true).r == 205);
}

// The contrast theme's weakest piece on a square is at least as strong as any other theme's.
TEST_CASE("the contrast theme has at least the contrast of the others", "[theme]") {
    for (int depth : {8, 16, 256})
        for (Terminal term : {Terminal::Xterm, Terminal::Console}) {
            if (depth == 256 && term == Terminal::Console) continue;
            INFO(depth << " colours on " << board_contrast::terminal_name(term));
            auto weakest = [&](Theme t) {
                return board_contrast::figures(t, *palette_for(t, depth),
                                               term)[board_contrast::kPieces]
                    .value;
            };
            CHECK(weakest(Theme::Contrast) >= weakest(Theme::Dark));
            CHECK(weakest(Theme::Contrast) >= weakest(Theme::Light));
            // With 8 colours the brightest white is the console's grey (170, 170, 170).
            if (depth == 8) continue;
            const Palette& c = *palette_for(Theme::Contrast, depth);
            auto rgb = [&](Colour x) { return board_contrast::shown(x, term, false); };
            CHECK(contrast(rgb(c.text_fg), rgb(c.text_bg)) >= 15.0);
        }
}

TEST_CASE("each player keeps a glyph of its own, with or without colour", "[theme]") {
    for (bool unicode : {false, true}) {
        Style style;
        style.unicode = unicode;
        for (int a = 0; a < 4; ++a)
            for (int b = a + 1; b < 4; ++b)
                CHECK(std::strcmp(player_glyph(a, style), player_glyph(b, style)) != 0);
    }
}

TEST_CASE("the colour models: known values", "[theme]") {
    CHECK(xterm_rgb(16).r == 0);
    CHECK(xterm_rgb(231).g == 255);
    CHECK(xterm_rgb(196).r == 255);
    CHECK(xterm_rgb(196).g == 0);
    CHECK(xterm_rgb(232).b == 8);
    CHECK(xterm_rgb(255).b == 238);
    CHECK(console_rgb(3).g == 85); // the console's brown, not xterm's olive
    CHECK(contrast({0, 0, 0}, {255, 255, 255}) == Approx(21.0));
    CHECK(contrast({10, 20, 30}, {10, 20, 30}) == Approx(1.0));
    // Red and green, told apart by normal vision, come close under deuteranopia; blue and
    // yellow stay apart under it.
    const Rgb red{205, 0, 0}, green{0, 205, 0}, blue{0, 0, 238}, yellow{205, 205, 0};
    using colour_vision::difference;
    using colour_vision::Vision;
    CHECK(difference(red, green, Vision::Normal) > 0.3);
    CHECK(difference(red, green, Vision::Deuteranopia) <
          difference(red, green, Vision::Normal) / 2);
    CHECK(difference(blue, yellow, Vision::Deuteranopia) > 0.3);
}
