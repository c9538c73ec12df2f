// Drawing: everything on screen is drawn from a Scene, a read-only snapshot the loop fills
// in. Each frame is drawn whole into curses' buffer; curses sends only what changed.
#pragma once

#include "halma.hpp"
#include "tui/config.hpp"
#include "tui/layout.hpp"
#include "tui/theme.hpp"

#include <string>
#include <vector>

namespace halma::tui {

// Which screen is up.
enum class Screen { Board, Help, Form, Confirm };

// One line of the new-game form.
struct FormLine {
    std::string label, value;
};

// What the loop asks the view to show.
struct Scene {
    const Game* game = nullptr; // a game of Halma or a puzzle
    Position shown;             // the position to draw (differs mid-animation)
    std::vector<SeatSpec> seats;
    Screen screen = Screen::Board;
    int cursor = 0;                   // a square
    std::vector<int> building;        // the chain being built, the piece's square first
    Bitboard next_marks, end_marks;   // first steps/hops, and every chain end
    std::vector<int> last_path;       // the last move's landings
    std::vector<int> hint_path;       // a hint's landings
    int figures_found = -1;           // a puzzle that keeps figures: how many are kept
    std::vector<std::string> history; // recent moves, oldest first, as "mover text"
    std::vector<int> history_movers;
    std::string status;
    bool status_error = false;
    bool prompt_open = false;
    std::string prompt;
    int thinking = -1; // the seat the AI is thinking for, or -1
    // Network play: who sits at each seat ("" leaves the seat's kind), a line saying how to
    // join or who is awaited, and a y/n question put to this terminal.
    std::vector<std::string> seat_labels;
    std::string net_line;
    std::string question;
    std::vector<FormLine> form;
    int form_row = 0;
    std::string form_error;
    std::string standing; // how the player stands against the computer, once a game is over
};

// The terminal's capabilities as the view uses them.
struct Style {
    bool unicode = false;
    bool color = false;
    const Palette* palette = nullptr; // the theme's colours at the terminal's depth, with color
};

// The colour pairs the view uses: a terminal with fewer is drawn without colour.
constexpr int kColourPairsNeeded = 64;

// Sets up colour pairs for the style (after start_color()).
void init_style(const Style& style);

// Draws the scene into stdscr (no refresh); the layout says where.
void draw_scene(const Scene& scene, const Layout& layout, const Style& style);

// Draws the "terminal too small" notice.
void draw_too_small(int rows, int cols, const Layout& layout);

// Breaks text at spaces into lines of at most width columns (a longer word is cut).
[[nodiscard]] std::vector<std::string> wrap_words(const std::string& text, int width);

// The glyph of player p's pieces.
[[nodiscard]] const char* player_glyph(int p, const Style& style) noexcept;

} // namespace halma::tui
