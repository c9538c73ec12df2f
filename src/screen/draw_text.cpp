// Text on the terminal: clipped to columns a character at a time, and wrapped at words.
#include "screen/draw_parts.hpp"

#include <algorithm>
#include <cwchar>

namespace halma::screen {

// The bytes of the longest start of s that takes at most width columns on the terminal
// (its locale's characters, a wide one counting two), and the columns it takes. A byte the
// locale cannot read counts as one column, as the terminal shows it.
std::size_t fit_columns(const std::string& s, int width, int* columns) {
    std::mbstate_t state{};
    std::size_t at = 0;
    int used = 0;
    while (at < s.size()) {
        wchar_t wc;
        std::size_t n = std::mbrtowc(&wc, s.data() + at, s.size() - at, &state);
        int w = 1;
        if (n == 0 || n > s.size() - at) { // a NUL, or a byte it cannot read
            n = 1;
            state = {};
        } else if (int cw = wcwidth(wc); cw >= 0) {
            w = cw;
        }
        if (used + w > width) break;
        used += w;
        at += n;
    }
    if (columns) *columns = used;
    return at;
}

// Writes at most width columns of a string, never splitting a character.
void put_clipped(int y, int x, const std::string& s, int width) {
    if (width <= 0) return;
    mvaddnstr(y, x, s.c_str(), static_cast<int>(fit_columns(s, width)));
}

// The attributes of player p's glyph in the panel and status lines.
attr_t player_attr(int p, const Style& style) {
    return style.color ? COLOR_PAIR(kUiPair + p) | A_BOLD : A_BOLD;
}

// Breaks text at spaces into lines of at most width columns (a longer word is cut).
std::vector<std::string> wrap_words(const std::string& text, int width) {
    std::vector<std::string> lines;
    std::string line, word;
    const auto w = static_cast<std::size_t>(std::max(1, width));
    auto flush_word = [&] {
        if (word.empty()) return;
        if (!line.empty() && line.size() + 1 + word.size() > w) lines.push_back(line), line.clear();
        line += (line.empty() ? "" : " ") + word.substr(0, w);
        word.clear();
    };
    for (char ch : text) {
        if (ch == ' ')
            flush_word();
        else
            word += ch;
    }
    flush_word();
    if (!line.empty()) lines.push_back(line);
    return lines;
}

} // namespace halma::screen
