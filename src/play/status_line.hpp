// The line under the board that talks to the player: a message, or an error or a command's
// confirmation that stays until the next key, and the ':' prompt that takes its place while it is
// open; and the log of what it said (notes, errors and chat; a passing hint only when it may not
// fit its line), so that nothing said is lost when the next message comes or the line is too short
// for it.
#pragma once

#include "play/message_log.hpp"
#include "play/prompt.hpp"

#include <string>

namespace halma::play {

class StatusLine {
  public:
    // A message worth keeping (error: shown as an error, cleared by the next key); logged.
    // whole: an error said as the screen starts, wrapped over the key line rather than
    // shortened when it is too long for its own.
    void set(std::string text, bool error = false, bool whole = false);
    // The answer to a command of the player's ("saved as ..."): logged, and held on the line
    // until the next key, so that whose turn it is (which the board shows too) does not take
    // its place at once when the computer replies.
    void confirm(std::string text) {
        set(std::move(text));
        held_ = true;
    }
    // Whether a confirmation holds the line.
    [[nodiscard]] bool held() const noexcept { return held_; }
    // A line of chat from the table: shown (unless said before this terminal came to the
    // table), and logged as chat.
    void chat(std::string text, bool shown = true);
    // Coming (back) to a table: the lines said before are matched against the log from its
    // start, so that a line kept from an earlier visit is not kept twice.
    void coming_to_table() noexcept { heard_from_ = 0; }
    // A passing hint about the move being built ("selected e4: ..."): logged only when it may
    // be too long for the narrowest status line.
    void hint(std::string text);
    void clear() { show({}, false); }
    // What was refused, shown as an error; nothing when text is empty.
    void error(std::string text) {
        if (!text.empty()) set(std::move(text), true);
    }

    [[nodiscard]] const std::string& text() const noexcept { return text_; }
    [[nodiscard]] bool is_error() const noexcept { return error_; }
    [[nodiscard]] bool whole() const noexcept { return whole_; }
    // The ways the word at the prompt can be completed, after Tab ("" once another key comes).
    void show_choices(std::string choices) { choices_ = std::move(choices); }
    [[nodiscard]] const std::string& choices() const noexcept { return choices_; }
    [[nodiscard]] const play::MessageLog& log() const noexcept { return log_; }

    // The ':' prompt, opened with a line to start from.
    void open_prompt(const std::string& start = {}) {
        prompt_open_ = true;
        choices_.clear();
        prompt_.reset();
        prompt_.set_text(start);
    }
    void close_prompt() noexcept { prompt_open_ = false; }
    [[nodiscard]] bool prompt_open() const noexcept { return prompt_open_; }
    [[nodiscard]] play::LineEdit& prompt() noexcept { return prompt_; }
    [[nodiscard]] const play::LineEdit& prompt() const noexcept { return prompt_; }

    // The columns of the narrowest status line (a 68-column terminal's, less the last).
    static constexpr std::size_t kNarrowest = 67;

  private:
    void show(std::string text, bool error, bool whole = false) {
        text_ = std::move(text);
        error_ = error;
        whole_ = whole && error;
        held_ = false;
    }
    void keep(const std::string& text, play::MessageLog::Kind kind);

    std::string text_;
    std::string choices_;
    std::size_t heard_from_ = 0; // where the next line said before is looked for in the log
    bool error_ = false;
    bool whole_ = false;
    bool held_ = false;
    bool prompt_open_ = false;
    play::LineEdit prompt_;
    play::MessageLog log_;
};

} // namespace halma::play
