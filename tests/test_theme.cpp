// The colour themes (src/screen/theme.hpp): names, the palette each terminal depth gets, and
// what a player sees: the four player colours apart from each other for normal vision and
// the three common colour-vision deficiencies, the pieces and marks standing out from every
// square, and the panel readable, on xterm's colours and on the Linux console's.
#include "colour_vision.hpp"
#include "screen/draw.hpp"
#include "screen/theme.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <string>

using namespace halma::play;
using namespace halma::screen;
using namespace halma::settings;
using colour_vision::contrast;
using colour_vision::worst_difference;

namespace {

// What every palette of a theme at a depth must reach.
struct Floor {
    double players_apart;  // smallest difference between two players, any vision
    double on_squares;     // smallest difference between a player and a square, any vision
    double piece_contrast; // smallest contrast of a piece on a square
    double panel_contrast; // smallest contrast of a player colour on the screen's background
};

// Contrast ratios follow WCAG 2: 3 for graphics, 4.5 and 7 for text (AA and AAA). With 16
// colours, xterm's bright magenta on its blue yard comes to 2.996. With 8 the choice is
// small, and the glyphs carry the difference more.
Floor floor_for(Theme theme, int depth) {
    if (theme == Theme::Contrast)
        return depth == 256  ? Floor{0.10, 0.10, 7.0, 7.0}
               : depth == 16 ? Floor{0.10, 0.10, 4.5, 4.5}
                             : Floor{0.06, 0.10, 2.5, 2.5};
    return depth == 256  ? Floor{0.10, 0.10, 3.0, 3.0}
           : depth == 16 ? Floor{0.10, 0.10, 2.99, 3.0}
                         : Floor{0.06, 0.06, 1.6, 2.5};
}

// The screen's background under a palette: its own, or what it takes the terminal's to be.
Colour screen_background(const Palette& p) {
    return p.text_bg == kTerminalColour ? p.assumed_bg : p.text_bg;
}

// Every square background of a palette.
template <class F>
void each_square(const Palette& p, F f) {
    for (const auto& kind : p.square)
        for (Colour c : kind) f(c);
}

// Calls f(palette, floor, rgb) for every coloured theme at every depth, on each terminal's
// rendering of its colours: 256 colours on xterm's, fewer on xterm's and the Linux console's.
template <class F>
void each_palette(F f) {
    for (Theme t : {Theme::Dark, Theme::Light, Theme::Contrast})
        for (int depth : {8, 16, 256})
            for (bool console : {false, true}) {
                if (console && depth == 256) continue;
                INFO(theme_name(t)
                     << " at " << depth << " colours on " << (console ? "the console" : "xterm"));
                f(*palette_for(t, depth), floor_for(t, depth), console ? console_rgb : xterm_rgb);
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
            for (Colour c : {p.empty, p.next, p.end, p.path, p.error, p.assumed_fg, p.assumed_bg})
                CHECK(usable(c));
            for (Colour c : p.player) CHECK(usable(c));
            // The screen's colours are both the terminal's or both the theme's.
            CHECK((p.text_fg == kTerminalColour) == (p.text_bg == kTerminalColour));
            if (p.text_fg != kTerminalColour) CHECK((usable(p.text_fg) && usable(p.text_bg)));
        }
}

TEST_CASE("player colours stay apart for normal vision and colour-vision deficiencies", "[theme]") {
    each_palette([](const Palette& p, const Floor& floor, Rgb (*rgb)(Colour)) {
        for (int a = 0; a < 4; ++a)
            for (int b = a + 1; b < 4; ++b)
                for (auto v : colour_vision::kVisions) {
                    INFO("players " << a + 1 << " and " << b + 1 << ", "
                                    << colour_vision::vision_name(v));
                    CHECK(colour_vision::difference(rgb(p.player[a]), rgb(p.player[b]), v) >=
                          floor.players_apart);
                }
    });
}

TEST_CASE("pieces and marks stand out from every square; the panel stays readable", "[theme]") {
    each_palette([](const Palette& p, const Floor& floor, Rgb (*rgb)(Colour)) {
        each_square(p, [&](Colour square) {
            INFO("square colour " << square);
            for (Colour piece : p.player) {
                INFO("piece colour " << piece);
                CHECK(worst_difference(rgb(piece), rgb(square)) >= floor.on_squares);
                CHECK(contrast(rgb(piece), rgb(square)) >= floor.piece_contrast);
            }
            for (Colour mark : {p.next, p.end, p.path}) {
                INFO("mark colour " << mark);
                CHECK(contrast(rgb(mark), rgb(square)) >= 2.0);
            }
            // The light squares' dots are faint on purpose, but never invisible.
            CHECK(worst_difference(rgb(p.empty), rgb(square)) >= 0.05);
        });
        const Rgb screen = rgb(screen_background(p));
        for (Colour c : p.player) CHECK(contrast(rgb(c), screen) >= floor.panel_contrast);
        CHECK(contrast(rgb(p.error), screen) >= 2.5);
        const Colour text = p.text_fg == kTerminalColour ? p.assumed_fg : p.text_fg;
        CHECK(contrast(rgb(text), screen) >= 7.0);
    });
}

// With 8 colours the light theme's black on white outdoes anything on black, so there the
// contrast theme is held to the dark one only.
TEST_CASE("the contrast theme has at least the contrast of the others", "[theme]") {
    for (int depth : {8, 16, 256})
        for (Rgb (*rgb)(Colour) : {xterm_rgb, console_rgb}) {
            INFO(depth << " colours on " << (rgb == xterm_rgb ? "xterm" : "the console"));
            auto weakest = [&](Theme t) {
                const Palette& p = *palette_for(t, depth);
                double least = 21;
                each_square(p, [&](Colour square) {
                    for (Colour piece : p.player)
                        least = std::min(least, contrast(rgb(piece), rgb(square)));
                });
                return least;
            };
            CHECK(weakest(Theme::Contrast) >= weakest(Theme::Dark));
            if (depth == 8) continue;
            CHECK(weakest(Theme::Contrast) >= weakest(Theme::Light));
            const Palette& c = *palette_for(Theme::Contrast, depth);
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
