#include "screen/theme.hpp"

namespace halma::screen {

namespace {

constexpr Colour T = kTerminalColour;

// The player colours were chosen, in the spirit of Okabe and Ito's palette, to stay apart
// under protanopia, deuteranopia and tritanopia as well as normal vision, and to stand out
// from every square they can stand on (tests/test_theme.cpp measures both). Where a terminal
// has only 8 or 16 colours the choice is small, and the glyphs (one shape per player) carry
// the difference.

// dark: grey squares with olive and teal yards, light pieces.
constexpr Palette kDark256 = {
    256, {{235, 237}, {58, 94}, {23, 24}}, 244, 51, 213, 208, {121, 183, 214, 226}, 196, T, T, 252,
    16};
constexpr Palette kDark16 = {
    16, {{0, 0}, {4, 4}, {4, 4}}, 7, 14, 13, 11, {11, 13, 2, 14}, 9, T, T, 7, 0};
constexpr Palette kDark8 = {8, {{0, 0}, {4, 4}, {4, 4}}, 7, 6, 5, 3, {1, 7, 2, 5}, 1, T, T, 7, 0};

// light: near-white squares with pale yards, dark pieces, for a terminal with a light
// background (the panel's text stays the terminal's own).
constexpr Palette kLight256 = {
    256, {{255, 253}, {230, 223}, {195, 189}}, 246, 25, 127, 130, {160, 16, 18, 63}, 160, T, T, 16,
    231};
constexpr Palette kLight16 = {
    16, {{15, 15}, {7, 7}, {14, 14}}, 8, 5, 4, 12, {1, 4, 0, 8}, 1, T, T, 0, 15};
constexpr Palette kLight8 = {8, {{7, 7}, {7, 7}, {7, 7}}, 0, 5, 4, 1, {1, 4, 0, 5}, 1, T, T, 0, 7};

// contrast: black squares, the brightest pieces, and the whole screen white on black
// whatever the terminal's own colours are.
constexpr Palette kContrast256 = {256,
                                  {{16, 16}, {17, 17}, {234, 234}},
                                  250,
                                  51,
                                  201,
                                  231,
                                  {208, 87, 110, 227},
                                  196,
                                  231,
                                  16,
                                  231,
                                  16};
constexpr Palette kContrast16 = {
    16, {{0, 0}, {0, 0}, {0, 0}}, 7, 15, 15, 7, {11, 13, 2, 14}, 9, 15, 0, 15, 0};
constexpr Palette kContrast8 = {8, {{0, 0}, {0, 0}, {0, 0}}, 7, 6, 3, 7, {1, 7, 2, 5}, 1, 7, 0, 7,
                                0};

// xterm's first sixteen colours, and the levels of its colour cube.
constexpr Rgb kXterm16[16] = {{0, 0, 0},       {205, 0, 0},   {0, 205, 0},   {205, 205, 0},
                              {0, 0, 238},     {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
                              {127, 127, 127}, {255, 0, 0},   {0, 255, 0},   {255, 255, 0},
                              {92, 92, 255},   {255, 0, 255}, {0, 255, 255}, {255, 255, 255}};
constexpr int kCubeLevel[6] = {0, 95, 135, 175, 215, 255};
// The VGA text-mode palette of the Linux console.
constexpr Rgb kConsole16[16] = {{0, 0, 0},     {170, 0, 0},    {0, 170, 0},    {170, 85, 0},
                                {0, 0, 170},   {170, 0, 170},  {0, 170, 170},  {170, 170, 170},
                                {85, 85, 85},  {255, 85, 85},  {85, 255, 85},  {255, 255, 85},
                                {85, 85, 255}, {255, 85, 255}, {85, 255, 255}, {255, 255, 255}};

} // namespace

const Palette* palette_for(Theme theme, int colours) noexcept {
    static constexpr const Palette* kTable[3][3] = {{&kDark8, &kDark16, &kDark256},
                                                    {&kLight8, &kLight16, &kLight256},
                                                    {&kContrast8, &kContrast16, &kContrast256}};
    const int depth = palette_depth(colours);
    if (theme == Theme::Mono || depth == 0) return nullptr;
    const int row = theme == Theme::Light ? 1 : theme == Theme::Contrast ? 2 : 0;
    return kTable[row][depth == 8 ? 0 : depth == 16 ? 1 : 2];
}

Rgb xterm_rgb(Colour c) noexcept {
    if (c < 0 || c > 255) return {0, 0, 0};
    if (c < 16) return kXterm16[c];
    if (c < 232) {
        const int i = c - 16;
        return {kCubeLevel[i / 36], kCubeLevel[i / 6 % 6], kCubeLevel[i % 6]};
    }
    const int grey = 8 + 10 * (c - 232);
    return {grey, grey, grey};
}

Rgb console_rgb(Colour c) noexcept { return c >= 0 && c < 16 ? kConsole16[c] : xterm_rgb(c); }

const char* player_glyph(int p, const Style& style) noexcept {
    static const char* const kUnicode[4] = {"\u25cf", "\u25a0", "\u25b2", "\u25c6"};
    static const char* const kAscii[4] = {"@", "O", "X", "#"};
    if (p < 0 || p > 3) return "?";
    return style.unicode ? kUnicode[p] : kAscii[p];
}

} // namespace halma::screen
