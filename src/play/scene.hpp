// What the screen shows: a read-only snapshot the loop fills in each frame and the drawing
// reads, so that the drawing decides nothing about the game. No curses here.
#pragma once

#include "halma.hpp"
#include "play/lobby_view.hpp"
#include "settings/command_line.hpp"

#include <string>
#include <vector>

namespace halma::play {

using settings::SeatSpec;

// Which screen is up.
enum class Screen { Board, Help, Form, Confirm, Lobby };

// One line of the new-game form.
struct FormLine {
    std::string label, value;
};

// The marks on the board: the cursor, the move being built, the last move and a hint.
struct BoardMarks {
    Square cursor = 0;
    std::vector<Square> building;  // the chain being built, the piece's square first
    Bitboard next, ends;           // first steps/hops, and every chain end
    std::vector<Square> last_path; // the last move's landings
    std::vector<Square> hint_path; // a hint's landings
};

// The recent moves the panel lists, oldest first ("12. e4-g6"), and who made each.
struct MoveList {
    std::vector<std::string> lines;
    std::vector<Seat> movers;
};

// The line under the board: a message (or error), or the prompt being typed, or a y/n
// question put to this terminal.
struct StatusView {
    std::string text;
    bool error = false;
    bool prompt_open = false;
    std::string prompt;
    std::string question;
};

// The new-game form as shown: its lines, the one the player is on, and a note under them.
struct FormView {
    std::vector<FormLine> lines;
    int row = 0;
    std::string note;
};

struct Scene {
    const Game* game = nullptr; // a game of Halma or a puzzle
    Position shown;             // the position to draw (differs mid-animation)
    std::vector<SeatSpec> seats;
    Screen screen = Screen::Board;
    BoardMarks marks;
    MoveList moves;
    StatusView status;
    FormView form;
    Seat thinking = kNoSeat; // the seat the AI is thinking for
    // Network play: who sits at each seat ("" leaves the seat's kind), and a line saying how
    // to join or who is awaited.
    std::vector<std::string> seat_labels;
    std::string net_line;
    int figures_found = -1; // a puzzle that keeps figures: how many are kept
    std::string standing;   // how the player stands against the computer, once a game is over
    LobbyView lobby;        // the club's lobby, when it is the screen up
};

} // namespace halma::play
