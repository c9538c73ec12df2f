// The ':' prompt: its one-line editor (UTF-8 typed a byte at a time, the lines entered before
// brought back with Up and Down), its command line read into a command, and the command word
// or file name being typed completed. No curses here: keys arrive as codes.
#pragma once

#include "play/keys.hpp"

#include <string>
#include <vector>

namespace halma::play {

// A one-line editor for the ':' prompt, with the lines entered before.
class LineEdit {
  public:
    enum class State { Editing, Done, Cancelled, Complete };

    static constexpr std::size_t kMaxBytes = 200;  // a command, a path or a chat line
    static constexpr std::size_t kMaxHistory = 50; // lines entered kept for Up and Down

    // Feeds one key: a printable character is inserted (ASCII, or the bytes of a UTF-8
    // character as the terminal sends them one by one), Backspace deletes a character,
    // Ctrl-U the line, Up and Down bring back the lines entered before (and the line being
    // typed), Tab asks for completion (Complete: the caller completes, set_text()), Enter
    // ends (the line joins the history), Esc cancels. A byte that cannot start or continue a
    // character that shows is dropped, so the text is always well-formed UTF-8.
    State key(int ch, const KeyCodes& codes);
    [[nodiscard]] const std::string& text() const noexcept { return text_; }
    // Replaces the line (a completion): cut to kMaxBytes at a character, control characters
    // and broken UTF-8 dropped.
    void set_text(const std::string& text);
    // Empties the line for the next time the prompt opens; the history stays.
    void reset() {
        text_.clear();
        partial_.clear();
        draft_.clear();
        browsing_ = history_.size();
    }
    [[nodiscard]] const std::vector<std::string>& history() const noexcept { return history_; }

  private:
    void add_byte(unsigned char byte);
    void browse(int delta);
    void remember();

    std::string text_;
    std::string partial_;              // the bytes of a UTF-8 character still coming
    std::vector<std::string> history_; // the lines entered, oldest first
    std::size_t browsing_ = 0;         // the history line shown; history_.size(): the draft
    std::string draft_;                // the line being typed, while the history is shown
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
        Log,
        Review,
        // The club's: in its lobby, and some of them in a club game.
        Seek,
        Accept,
        Watch,
        PlayGame,
        Open,
        Resign,
        Abort,
        Claim,
        Draw,
        History,
        Record,
        Tournament,
        Empty,
        Unknown
    };
    Kind kind = Kind::Empty;
    std::string arg; // the move text, the file name, the words after the command, or the
                     // unknown word
};

// Reads a prompt line: a command word with its argument, else a move in notation. A word
// of letters, digits and dashes with a dash in it is taken for a move, so that a move with
// a square off the board is refused for that square.
[[nodiscard]] Command parse_command(const std::string& line);

// The command words, in the order help lists them.
[[nodiscard]] const std::vector<std::string>& command_words();

// A line completed: the new line, and when the word typed could go on in several ways, the
// ways it can.
struct Completion {
    std::string line;
    std::vector<std::string> choices;
};

// Completes the last word of a prompt line: the command word from command_words(), or the
// file name after "load" or "save" from names (the saves kept). A word that fits one choice
// is finished (a command taking an argument gets its space); one that fits several is
// taken as far as they agree.
[[nodiscard]] Completion complete_line(const std::string& line,
                                       const std::vector<std::string>& names);

} // namespace halma::play
