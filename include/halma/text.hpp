// Reading the engine's text formats (game records, puzzles, solo records, scores) line by
// line, with the line numbers their error messages give.
#pragma once

#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>

namespace halma {

// Walks a text one line at a time, counting lines from 1. A line holds neither its '\n'
// nor a '\r' before it, so files with either line end read alike.
class LineReader {
  public:
    explicit LineReader(std::string_view text) noexcept : text_(text) {}

    // Moves to the next line; false once the text is used up.
    bool next() noexcept {
        if (next_ > text_.size()) return false;
        std::size_t end = text_.find('\n', next_);
        if (end == std::string_view::npos) end = text_.size();
        start_ = next_;
        line_ = text_.substr(start_, end - start_);
        if (!line_.empty() && line_.back() == '\r') line_.remove_suffix(1);
        next_ = end + 1;
        ++number_;
        return true;
    }

    [[nodiscard]] std::string_view line() const noexcept { return line_; }
    [[nodiscard]] int number() const noexcept { return number_; }
    // Where the current line starts in the text.
    [[nodiscard]] std::size_t offset() const noexcept { return start_; }
    // "line N: ", the start of an error message about the current line.
    [[nodiscard]] std::string where() const { return "line " + std::to_string(number_) + ": "; }

  private:
    std::string_view text_, line_;
    std::size_t start_ = 0, next_ = 0;
    int number_ = 0;
};

// A line without blanks around it.
[[nodiscard]] inline std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    return s;
}

// A line without its comment ('#' to the end) and without blanks around it.
[[nodiscard]] inline std::string_view without_comment(std::string_view line) noexcept {
    if (std::size_t hash = line.find('#'); hash != std::string_view::npos)
        line = line.substr(0, hash);
    return trim(line);
}

// Whether a line holds a control character other than a tab.
[[nodiscard]] inline bool has_control_character(std::string_view line) noexcept {
    for (char c : line)
        if (static_cast<unsigned char>(c) < 32 && c != '\t') return true;
    return false;
}

} // namespace halma
