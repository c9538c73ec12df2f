// Keys to intents: what a key asks for on the board, the ':' prompt's line editing and
// its commands. No curses calls here, only key codes, so it is tested without a terminal.
#pragma once

#include <string>

namespace halma::tui {

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
};

struct Intent {
    Action action = Action::None;
    int df = 0; // files to the right
    int dr = 0; // ranks up the screen
};

// Key codes the mapping needs; main passes curses' values so this file stays curses-free.
struct KeyCodes {
    int up, down, left, right, enter, backspace;
    int a1, a3, c1, c3; // keypad corners: up-left, up-right, down-left, down-right
};

// The intent of a key on the board.
[[nodiscard]] Intent board_intent(int key, const KeyCodes& codes) noexcept;

// The square the cursor reaches moving (df, dr) from (file, rank) on a board of this size;
// it stays put rather than leave the board.
[[nodiscard]] constexpr bool cursor_step(int& file, int& rank, int df, int dr, int size) noexcept {
    int f = file + df, r = rank + dr;
    if (f < 0 || r < 0 || f >= size || r >= size) return false;
    file = f;
    rank = r;
    return true;
}

// A one-line editor for the ':' prompt.
class LineEdit {
  public:
    enum class State { Editing, Done, Cancelled };

    static constexpr std::size_t kMaxBytes = 200; // a command, a path or a chat line

    // Feeds one key: a printable character is inserted (ASCII, or the bytes of a UTF-8
    // character as the terminal sends them one by one), Backspace deletes a character,
    // Ctrl-U the line, Enter ends, Esc cancels. A byte that cannot start or continue a
    // character that shows is dropped, so the text is always well-formed UTF-8.
    State key(int ch, const KeyCodes& codes);
    [[nodiscard]] const std::string& text() const noexcept { return text_; }
    void reset() {
        text_.clear();
        partial_.clear();
    }

  private:
    void add_byte(unsigned char byte);

    std::string text_;
    std::string partial_; // the bytes of a UTF-8 character still coming
};

// A ':' command line, read.
struct Command {
    enum class Kind {
        Move,
        Save,
        Load,
        Undo,
        Redo,
        New,
        Hint,
        Help,
        Quit,
        SaveDefaults,
        Say,
        Ai,
        Empty,
        Unknown
    };
    Kind kind = Kind::Empty;
    std::string arg; // the move text, the file name, or the unknown word
};

// Reads a prompt line: a command word with its argument, else a move in notation.
[[nodiscard]] Command parse_command(const std::string& line);

} // namespace halma::tui
