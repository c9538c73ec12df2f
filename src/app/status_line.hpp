// The line under the board that talks to the player: a message, or an error that stays until
// the next key, and the ':' prompt that takes its place while it is open.
#pragma once

#include "play/prompt.hpp"

#include <string>

namespace halma::app {

class StatusLine {
  public:
    // Shows a message (error: shown as an error, cleared by the next key).
    void set(std::string text, bool error = false) {
        text_ = std::move(text);
        error_ = error;
    }
    void clear() { set({}); }

    [[nodiscard]] const std::string& text() const noexcept { return text_; }
    [[nodiscard]] bool is_error() const noexcept { return error_; }

    // The ':' prompt, opened empty.
    void open_prompt() {
        prompt_open_ = true;
        prompt_.reset();
    }
    void close_prompt() noexcept { prompt_open_ = false; }
    [[nodiscard]] bool prompt_open() const noexcept { return prompt_open_; }
    [[nodiscard]] play::LineEdit& prompt() noexcept { return prompt_; }
    [[nodiscard]] const play::LineEdit& prompt() const noexcept { return prompt_; }

  private:
    std::string text_;
    bool error_ = false;
    bool prompt_open_ = false;
    play::LineEdit prompt_;
};

} // namespace halma::app
