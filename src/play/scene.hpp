// What the screen shows: a read-only snapshot the loop fills in each frame and the drawing
// reads, so that the drawing decides nothing about the game. No curses here.
#pragma once

#include "halma.hpp"
#include "play/lobby_view.hpp"
#include "review/review.hpp"
#include "settings/command_line.hpp"

#include <string>
#include <vector>

namespace halma::play {

using settings::SeatSpec;

// Which screen is up: the board (playing, a question on its status line, the game-over box
// over it, or a game looked back at), a page of its own, or the club's lobby.
enum class Screen { Board, Confirm, Over, Review, Help, Form, Log, Saves, Lobby };

// One line of the new-game form; dimmed when the other choices leave it unused.
struct FormLine {
    std::string label, value;
    bool dimmed = false;
};

// The marks on the board: the cursor, the move being built, the last move and a hint.
struct BoardMarks {
    Square cursor = 0;
    std::vector<Square> building;  // the chain being built, the piece's square first
    Bitboard next, ends;           // first steps/hops, and every chain end
    std::vector<Square> last_path; // the last move's landings
    std::vector<Square> hint_path; // a hint's landings
};

// The line under the board: a message (or error), or the prompt being typed, or a y/n
// question put to this terminal.
struct StatusView {
    std::string text;
    bool error = false;
    bool whole = false; // an error said at the start: wrapped, not shortened, when too long
    bool prompt_open = false;
    std::string prompt;
    std::string choices; // after Tab at the prompt: the ways its word can go on
    std::string question;
};

// The new-game form as shown: its lines, the one the player is on, what its value means, the
// sides of a partnership, and a note under them.
struct FormView {
    std::vector<FormLine> lines;
    int row = 0;
    std::string description;
    std::vector<std::vector<Seat>> sides;
    std::string note;
};

// The panel beside the board, beyond what the game itself says.
struct PanelView {
    Seat you = kNoSeat;      // the seat played at this terminal, when one is
    bool networked = false;  // a networked game: "(you)" marks that seat
    bool watching = false;   // this terminal follows a networked game without a seat
    bool club = false;       // a club game: q goes back to the lobby
    int watchers = 0;        // a networked game: how many watch it
    Seat thinking = kNoSeat; // the seat the AI is thinking for
    // Network play: who sits at each seat ("" leaves the seat's kind).
    std::vector<std::string> seat_labels;
    // A line under the players: how to join, who is awaited, or a saved game waiting.
    std::string line;
    std::vector<std::string> chat; // the last lines of chat, oldest first
    bool race_on = false;          // the race meter is shown
    std::vector<int> race;         // each seat's moves to go (think/race.hpp), empty: not yet
    int figures_found = -1;        // a puzzle that keeps figures: how many are kept
    std::string standing;          // how the player stands against the computer
    // A timed club game: each seat's clock as shown ("4:59", empty: no clock), the seat whose
    // clock runs, those running low; a correspondence game's move due instead.
    std::vector<std::string> clocks;
    Seat clock_running = kNoSeat;
    std::vector<bool> clock_low;
    std::string due; // "by Fri 14:05, 1d 03h left"
    // A game that ended off the board, as the club said it ("bob resigned: alice wins").
    std::string result;
};

// One player's line in the game-over box.
struct OverRow {
    Seat seat = kNoSeat;
    std::string who;       // "you", "player 2 (alice)", "player 2 (computer, level 3)"
    std::string short_who; // where who does not fit, if not who again: "player 2 (level 3)"
    int moves = 0;
    std::string time;   // "5:12"
    std::string rating; // a rated club game: "1500 -> 1512 (+12)"
};

// The game-over box: the result in the player's words, the rule that ended the game, each
// player's moves and time, the standing against the computer.
struct OverView {
    std::string result, reason;
    std::vector<OverRow> rows;
    std::string standing;
    bool club = false;    // a club game: its keys are the club's
    bool rematch = false; // r seeks a rematch (a club game played here)
};

// A game looked back at: where the review stands, the move that led there, and the list of
// every move with the one shown; whether leaving it quits (a record opened with --review).
struct ReviewView {
    std::string where; // "move 7 of 12"
    std::string move;  // "player 1: e4-g6-g8", or "" at the start
    int current = -1;  // the index in the move list of the move shown (-1: the start)
    bool leaving_quits = false;
    bool can_play_on = true;
    // The analysis: the move's cost ("-3: e4-g6-g8-i10 was 3 moves better"), or how far the
    // work has gone ("analysing: 40 of 121 positions").
    std::string cost;
    bool costly = false;   // the move lost two moves or more
    bool learning = false; // a costly position asked again as a puzzle (where, move, cost say)
    // Every player's moves to go after each move (a negative: not known), one series a seat,
    // and the position shown among them.
    std::vector<std::vector<int>> chart;
    int chart_at = 0;
    bool chart_whole = false; // every position judged (else the analysis is under way)
    // Each player's costliest moves ("● 12. e4-f5  -3"), the one Tab chose (-1: none).
    std::vector<std::string> costliest;
    std::vector<Seat> costliest_seats;
    int chosen = -1;
};

// A page of lines (the message log, the saves): a title, its lines, how far it is scrolled
// back from its end, the line chosen (-1: none), and the keys it takes.
struct PageView {
    std::string title;
    std::vector<std::string> lines;
    std::vector<bool> marked; // a line to stand out (an error), one per line
    int back = 0;
    int selected = -1;
    std::string keys;
};

struct Scene {
    const Game* game = nullptr; // a game of Halma or a puzzle (in review, as it stood then)
    Position shown;             // the position to draw (differs mid-animation)
    std::vector<SeatSpec> seats;
    Screen screen = Screen::Board;
    BoardMarks marks;
    review::MoveList moves;
    StatusView status;
    FormView form;
    PanelView panel;
    OverView over;
    ReviewView review;
    PageView page;
    LobbyView lobby;    // the club's lobby, when it is the screen up
    int view_turns = 0; // how the board is turned on this screen (settings/display.hpp)
};

} // namespace halma::play
