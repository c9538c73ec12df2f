#include "screen/theme.hpp"

namespace halma::screen {

namespace {

constexpr Colour T = kTerminalColour;

// The player colours were chosen, in the spirit of Okabe and Ito's palette, to stay apart
// under protanopia, deuteranopia and tritanopia as well as normal vision, and every glyph and
// mark stands out from every square at WCAG's 3:1 for graphics (tests/test_theme.cpp measures
// all of it, tools/contrast.cpp prints the figures). Light squares must stay dark enough for
// the dimmest piece, so where a colour has no dark shade in the xterm cube a target camp tints
// its light squares only. The cursor fills its square with a colour of its own, which stands
// out from every square as the marks do; a glyph under it takes its square's colour.

// Each palette, in the order of its fields: the depth; the squares (board, camp, the target
// camps of players 1 to 4, each [dark, light]); the pieces and whether they are bold; the marks
// (+, the chain end, x); the error colour, the screen's text and background, the colours
// assumed for the terminal's own, the background of a glyph off the board, the cursor, and
// the cursor's square, and the lobby's games waiting for the player's move (drawn bold on the
// screen's background).
// clang-format off

// With 8 colours only black and blue squares leave four piece colours readable, so every
// theme draws this board, a target camp marked by its dots alone; only the screen's own
// colours differ.
constexpr Palette board8(Colour text_fg, Colour text_bg, Colour assumed_fg, Colour assumed_bg,
                         Colour glyph_bg, Colour cursor, Colour urgent) {
    return {8,
        {0, 4}, {0, 4}, {{0, 4}, {0, 4}, {0, 4}, {0, 4}},
        {2, 7, 3, 6}, true, 6, 3, 7,
        1, text_fg, text_bg, assumed_fg, assumed_bg, glyph_bg, cursor, urgent};
}

// dark: grey squares, light pieces; a target camp's light squares in a dark shade of its
// player's colour, and its dark squares too where the xterm cube has a darker one. The cube's
// only dark yellow is olive, which looks like its dark orange and its dark green: player 3's
// camp is red and player 4's amber. With 16 colours a camp in play has magenta light squares,
// and only dots say whose target it is.
constexpr Palette kDark256 = {256,
    {235, 239}, {235, 24}, {{235, 22}, {235, 54}, {52, 124}, {235, 94}},
    {121, 183, 214, 226}, true, 51, 219, 252,
    196, T, T, 252, 16, T, 252, 51};
constexpr Palette kDark16 = {16,
    {0, 4}, {0, 5}, {{0, 5}, {0, 5}, {0, 5}, {0, 5}},
    {10, 15, 11, 14}, true, 14, 11, 15,
    9, T, T, 7, 0, T, 15, 14};
constexpr Palette kDark8 = board8(T, T, 7, 0, T, 7, 6);

// light: light grey and grey squares, dark pieces, for a terminal with a light background
// (the panel's text stays the terminal's own); a target camp's grey squares in a pale shade of
// its player's colour. With 16 colours the board is green and white, the camps yellow and
// cyan, and the pieces are not bold (the Linux console shows bold colours brighter); with 8 a
// glyph off the board stands on black, as on the board.
constexpr Palette kLight256 = {256,
    {250, 255}, {220, 255}, {{217, 255}, {45, 255}, {78, 255}, {183, 255}},
    {124, 18, 23, 93}, true, 25, 127, 238,
    160, T, T, 16, 231, T, 238, 25};
constexpr Palette kLight16 = {16,
    {10, 15}, {11, 14}, {{11, 14}, {11, 14}, {11, 14}, {11, 14}},
    {1, 4, 0, 5}, false, 4, 5, 0,
    1, T, T, 0, 15, T, 0, 4};
constexpr Palette kLight8 = board8(T, T, 0, 7, 0, 7, 4);

// contrast: black and near-black squares, the brightest pieces, and the whole screen white
// on black whatever the terminal's own colours are. No shade of a player's colour is dark
// enough for 7:1, so every camp in play is navy (256 colours) and dots say whose target it is.
constexpr Palette kContrast256 = {256,
    {16, 235}, {16, 17}, {{16, 17}, {16, 17}, {16, 17}, {16, 17}},
    {122, 147, 215, 226}, true, 51, 225, 231,
    196, 231, 16, 231, 16, T, 231, 51};
constexpr Palette kContrast16 = {16,
    {0, 4}, {0, 4}, {{0, 4}, {0, 4}, {0, 4}, {0, 4}},
    {10, 15, 11, 14}, true, 14, 11, 15,
    9, 15, 0, 15, 0, T, 15, 14};
constexpr Palette kContrast8 = board8(7, 0, 7, 0, T, 7, 6);
// clang-format on

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

const char* chain_end_mark(const Style& style) noexcept { return style.unicode ? "\u2218" : "*"; }

const char* path_mark(const Style& style) noexcept { return style.unicode ? "\u00d7" : "x"; }

} // namespace halma::screen
