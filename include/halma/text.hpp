// The text toolkit every reader of outside input shares: lines with their numbers, words,
// lists, "key: value" headers, and the error a reader reports.
#pragma once

#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace halma {

// What a reader found wrong. line counts from 1 (0: the text as a whole, or no text at all);
// key names the header key or option concerned when there is one; file is the file read,
// when the reader knows it. An empty text means nothing is wrong.
struct TextError {
    std::string file;
    int line = 0;
    std::string key;
    std::string text;

    [[nodiscard]] bool failed() const noexcept { return !text.empty(); }
    // "FILE: line N: TEXT", leaving out what is not known.
    [[nodiscard]] std::string message() const {
        std::string out = file.empty() ? std::string() : file + ": ";
        if (line > 0) out += "line " + std::to_string(line) + ": ";
        return out + text;
    }
};

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
    // An error about the current line.
    [[nodiscard]] TextError error(std::string text, std::string key = {}) const {
        return {{}, number_, std::move(key), std::move(text)};
    }

  private:
    std::string_view text_, line_;
    std::size_t start_ = 0, next_ = 0;
    int number_ = 0;
};

// Whether a character is a blank between words: a space or a tab.
[[nodiscard]] constexpr bool is_blank(char c) noexcept { return c == ' ' || c == '\t'; }

// A line without blanks (or a '\r') around it.
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

// A text as a terminal shows it: every control character (a byte below 32, or 127) made '?',
// so words quoted from outside input in a message can neither break its line nor drive the
// terminal.
[[nodiscard]] inline std::string printable(std::string text) {
    for (char& ch : text)
        if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) ch = '?';
    return text;
}

// The bytes of the UTF-8 character that a byte starts: 1 for ASCII, 2 to 4, or 0 for a
// byte that starts none (a continuation byte, C0, C1, F5 to FF).
[[nodiscard]] constexpr std::size_t utf8_lead_length(unsigned char c) noexcept {
    return c < 0x80                 ? 1
           : c >= 0xF0 && c <= 0xF4 ? 4
           : c >= 0xE0 && c < 0xF0  ? 3
           : c >= 0xC2 && c < 0xE0  ? 2
                                    : 0;
}

// The length of the UTF-8 character starting at s[i] when it is well formed and shows as
// text (not a C1 control, an overlong form, a surrogate or beyond U+10FFFF), else 0. ASCII
// counts as a one-byte character here whatever it is; callers judge control characters.
[[nodiscard]] constexpr std::size_t utf8_length(std::string_view s, std::size_t i) noexcept {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = byte(i);
    const std::size_t n = utf8_lead_length(c);
    if (n == 0 || i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
    if (n == 2 && c == 0xC2 && byte(i + 1) < 0xA0) return 0;  // C1 controls
    if (n == 3 && c == 0xE0 && byte(i + 1) < 0xA0) return 0;  // overlong
    if (n == 3 && c == 0xED && byte(i + 1) >= 0xA0) return 0; // surrogates
    if (n == 4 && c == 0xF0 && byte(i + 1) < 0x90) return 0;  // overlong
    if (n == 4 && c == 0xF4 && byte(i + 1) >= 0x90) return 0; // past U+10FFFF
    return n;
}

// Whether a text is well-formed UTF-8 by utf8_length().
[[nodiscard]] constexpr bool is_utf8(std::string_view s) noexcept {
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = utf8_length(s, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

// The first max bytes of a text at most, cut where a UTF-8 character starts so that no
// character is split.
[[nodiscard]] inline std::string_view utf8_prefix(std::string_view text, std::size_t max) noexcept {
    if (text.size() <= max) return text;
    std::size_t cut = max;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return text.substr(0, cut);
}

// A piece of outside text for a message: at most 40 bytes of it, "..." saying when it was cut.
[[nodiscard]] inline std::string quoted_piece(std::string_view text) {
    constexpr std::size_t kMaxQuoted = 40; // a message stays one line of a terminal
    const std::string_view kept = utf8_prefix(text, kMaxQuoted);
    return std::string(kept) + (kept.size() < text.size() ? "..." : "");
}

// The words of a text: the runs between spaces and tabs.
[[nodiscard]] inline std::vector<std::string_view> split_words(std::string_view text) {
    std::vector<std::string_view> out;
    for (std::size_t i = 0; i < text.size();) {
        while (i < text.size() && is_blank(text[i])) ++i;
        std::size_t j = i;
        while (j < text.size() && !is_blank(text[j])) ++j;
        if (j > i) out.push_back(text.substr(i, j - i));
        i = j;
    }
    return out;
}

// The parts of a text between separators, empty parts kept: "a1-b2" at '-' is {"a1", "b2"},
// "a,,b" at ',' is {"a", "", "b"}, and "" is {""}.
[[nodiscard]] inline std::vector<std::string_view> split_on(std::string_view text, char sep) {
    std::vector<std::string_view> out;
    for (std::size_t start = 0;;) {
        std::size_t at = text.find(sep, start);
        out.push_back(text.substr(start, at == std::string_view::npos ? at : at - start));
        if (at == std::string_view::npos) return out;
        start = at + 1;
    }
}

// The text after the first word, without blanks around it (a file name may hold spaces).
[[nodiscard]] inline std::string_view after_first_word(std::string_view line) noexcept {
    std::size_t i = 0;
    while (i < line.size() && is_blank(line[i])) ++i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    line.remove_prefix(i);
    while (!line.empty() && is_blank(line.front())) line.remove_prefix(1);
    while (!line.empty() && is_blank(line.back())) line.remove_suffix(1);
    return line;
}

// A "key: value" line of a record or puzzle header.
struct HeaderLine {
    std::string_view key, value;
};

// Reads a header line: a key of lower-case letters, digits and '-', a ':', then the value
// with the blanks before it taken off. False when the line is not one.
[[nodiscard]] inline bool read_header_line(std::string_view line, HeaderLine& out) noexcept {
    std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0) return false;
    for (std::size_t i = 0; i < colon; ++i) {
        const unsigned char c = static_cast<unsigned char>(line[i]);
        if (!(std::islower(c) || std::isdigit(c) || c == '-')) return false;
    }
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && std::isspace(static_cast<unsigned char>(value.front())))
        value.remove_prefix(1);
    out = {line.substr(0, colon), value};
    return true;
}

// One header of a record or puzzle: its key, its value and the line it stands on.
struct Header {
    std::string key, value;
    int line = 0;
};

// The headers at the top of a text, and the first line after them (0: the text ends first).
struct HeaderBlock {
    std::vector<Header> headers;
    int body_line = 0;

    // The header of a key (the last one given), or nullptr.
    [[nodiscard]] const Header* find(std::string_view key) const noexcept {
        const Header* found = nullptr;
        for (const Header& h : headers)
            if (h.key == key) found = &h;
        return found;
    }
};

// Reads the "key: value" lines at the top of a text, skipping blank lines and '#' comments,
// up to the first line that is not one. A control character (other than a tab) is an error
// naming `what` the text is ("record", "puzzle").
[[nodiscard]] inline TextError read_header_block(std::string_view text, HeaderBlock& out,
                                                 std::string_view what) {
    HeaderBlock block;
    for (LineReader reader(text); reader.next();) {
        std::string_view line = without_comment(reader.line());
        if (line.empty()) continue;
        if (has_control_character(line))
            return reader.error("control character in the " + std::string(what));
        HeaderLine h;
        if (!read_header_line(line, h)) {
            block.body_line = reader.number();
            break;
        }
        block.headers.push_back({std::string(h.key), std::string(h.value), reader.number()});
    }
    out = std::move(block);
    return {};
}

} // namespace halma
