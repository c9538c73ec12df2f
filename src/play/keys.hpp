// Keys to intents: what a key asks for on the board, on the new-game form, in a review and on
// a page of lines, and where the cursor goes. A key means the same in play and once the game
// is over. No curses here, only key codes (the screen gives curses' values), so it is tested
// without a terminal.
#pragma once

namespace halma::play {

// What a key asks for while the board is shown.
enum class Action {
    None,
    Cursor,  // move the cursor by (df, dr)
    Choose,  // Enter, Space
    Back,    // Backspace: take back a hop
    Cancel,  // Esc: drop the move being built
    Prompt,  // ':'
    Help,    // '?'
    Quit,    // 'q'
    Redraw,  // Ctrl-L
    Undo,    // 'U'
    Redo,    // 'R'
    Hint,    // 'H'
    NewGame, // 'N'
    Review,  // 'r': look back at the game
    Save,    // 's': the prompt, with "save " typed
    Log,     // 'L': the message log
    Turn,    // 'f': turn the board on this screen
};

// A cursor key's step is on the screen, whichever way the board is turned there.
struct Intent {
    Action action = Action::None;
    int dx = 0; // columns to the right
    int dy = 0; // rows up the screen
};

// Key codes the mapping needs; the screen gives curses' values so this file stays curses-free.
struct KeyCodes {
    int up, down, left, right, enter, backspace;
    int a1, a3, c1, c3; // keypad corners: up-left, up-right, down-left, down-right
    int mouse = -2;     // a mouse event is waiting (the screen reads where)
    int resize = -2;    // the terminal changed size
    int home = -2, end = -2, page_up = -2, page_down = -2;
};

// Keys every screen reads alike.
constexpr int kEsc = 27;
constexpr int kCtrlL = 12;

// The intent of a key on the board.
[[nodiscard]] Intent board_intent(int key, const KeyCodes& codes) noexcept;

// What a key asks for on the new-game form.
enum class FormAction { None, Up, Down, Previous, Next, Start, SaveDefaults, Back };

// The intent of a key on the new-game form.
[[nodiscard]] FormAction form_intent(int key, const KeyCodes& codes) noexcept;

// What a key asks for while a game is looked back at.
enum class ReviewAction {
    None,
    Back,
    Forward,
    Start,
    End,
    BackMany,
    NextCostly, // Tab: the next of the costliest moves
    GoToCostly, // Enter: to the costliest move chosen
    Learn,      // l: the costly positions as puzzles
    ForwardMany,
    PlayOn,
    Leave,
    Help,
    Log,
    Turn
};

// The intent of a key in a review: Left/Up (h, k) a move back, Right/Down (l, j) a move on,
// Home/End the start and the end, Page Up/Down ten moves, p play on, f turn the board,
// q/Esc leave.
[[nodiscard]] ReviewAction review_intent(int key, const KeyCodes& codes) noexcept;

// How many moves Page Up and Page Down step in a review.
inline constexpr int kReviewPage = 10;

// What a key asks for on a page of lines (help, the log, the saves).
enum class PageAction {
    None,
    Up,
    Down,
    PageUp,
    PageDown,
    Top,
    Bottom,
    Next,
    Previous,
    Choose,
    Leave
};

// The intent of a key on a page: arrows and j/k move, Tab and Left/Right turn the page,
// Enter chooses, q, Esc or ? leaves.
[[nodiscard]] PageAction page_intent(int key, const KeyCodes& codes) noexcept;

// The square the cursor reaches moving (df, dr) from (file, rank) on a board of this size;
// it stays put rather than leave the board.
[[nodiscard]] constexpr bool cursor_step(int& file, int& rank, int df, int dr, int size) noexcept {
    int f = file + df, r = rank + dr;
    if (f < 0 || r < 0 || f >= size || r >= size) return false;
    file = f;
    rank = r;
    return true;
}

} // namespace halma::play
