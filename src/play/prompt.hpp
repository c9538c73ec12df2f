// The ':' prompt: its one-line editor (UTF-8 typed a byte at a time) and its command line
// read into a command. No curses here: keys arrive as codes.
#pragma once

#include "play/keys.hpp"

#include <string>

namespace halma::play {

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
        // The club's: in its lobby, and some of them in a club game.
        Seek,
        Accept,
        Watch,
        PlayGame,
        Open,
        Resign,
        History,
        Record,
        Empty,
        Unknown
    };
    Kind kind = Kind::Empty;
    std::string arg; // the move text, the file name, the words after the command, or the
                     // unknown word
};

// Reads a prompt line: a command word with its argument, else a move in notation.
[[nodiscard]] Command parse_command(const std::string& line);

} // namespace halma::play
