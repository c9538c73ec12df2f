// What the screen shows: a read-only snapshot the loop fills in each frame and the drawing
// reads, so that the drawing decides nothing about the game. No curses here.
#pragma once

#include "halma.hpp"
#include "settings/command_line.hpp"

#include <string>
#include <vector>

namespace halma::play {

using settings::SeatSpec;

// Which screen is up.
enum class Screen { Board, Help, Form, Confirm };

// One line of the new-game form.
struct FormLine {
    std::string label, value;
};

struct Scene {
    const Game* game = nullptr; // a game of Halma or a puzzle
    Position shown;             // the position to draw (differs mid-animation)
    std::vector<SeatSpec> seats;
    Screen screen = Screen::Board;
    Square cursor = 0;
    std::vector<Square> building;     // the chain being built, the piece's square first
    Bitboard next_marks, end_marks;   // first steps/hops, and every chain end
    std::vector<Square> last_path;    // the last move's landings
    std::vector<Square> hint_path;    // a hint's landings
    int figures_found = -1;           // a puzzle that keeps figures: how many are kept
    std::vector<std::string> history; // recent moves, oldest first, as "mover text"
    std::vector<Seat> history_movers;
    std::string status;
    bool status_error = false;
    bool prompt_open = false;
    std::string prompt;
    Seat thinking = kNoSeat; // the seat the AI is thinking for
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

} // namespace halma::play
