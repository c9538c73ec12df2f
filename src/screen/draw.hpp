// Drawing: everything on screen is drawn from a Scene (play/scene.hpp), a read-only snapshot
// the loop fills in. Each frame is drawn whole into curses' buffer and curses sends only what
// changed.
#pragma once

#include "play/scene.hpp"
#include "screen/theme.hpp"

#include <string>
#include <vector>

namespace halma::screen {

// The colour pairs the drawing uses: a terminal with fewer is drawn without colour.
constexpr int kColourPairsNeeded = 64;

// Sets up colour pairs for the style (after start_color()).
void init_style(const Style& style);

// Draws the scene at the terminal's size (the board screen, a page, or the notice that the
// terminal is too small for the board) and sends the frame.
void show(const play::Scene& scene, const Style& style);

// Breaks text at spaces into lines of at most width columns (a longer word is cut).
[[nodiscard]] std::vector<std::string> wrap_words(const std::string& text, int width);

} // namespace halma::screen
