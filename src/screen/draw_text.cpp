// Text on the terminal: clipped to columns a character at a time, wrapped or shortened at
// words, and a line of keys that drops its least needed keys to fit.
#include "screen/draw_parts.hpp"

#include <algorithm>
#include <climits>
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
    if (!style.color) return A_BOLD;
    return COLOR_PAIR(kUiPair + p) | (style.palette->bold ? A_BOLD : A_NORMAL);
}

int text_columns(const std::string& s) {
    int columns = 0;
    (void)fit_columns(s, INT_MAX, &columns);
    return columns;
}

std::string fit_words(const std::string& text, int width, bool unicode) {
    if (text_columns(text) <= width) return text;
    const std::string more = unicode ? "\u2026" : "...";
    const int room = width - text_columns(more);
    if (room <= 0) return text.substr(0, fit_columns(text, width));
    const std::string start = text.substr(0, fit_columns(text, room + 1));
    // Cut at the last space that leaves a word whole (the character after the room is a
    // space when the room ends a word).
    std::size_t cut = start.rfind(' ');
    if (cut == std::string::npos || cut == 0) return text.substr(0, fit_columns(text, room)) + more;
    while (cut > 0 && (start[cut - 1] == ' ' || start[cut - 1] == ',' || start[cut - 1] == ';' ||
                       start[cut - 1] == ':'))
        --cut;
    return start.substr(0, cut) + more;
}

void put_words(int y, int x, const std::string& text, int width, const Style& style) {
    if (width <= 0) return;
    const std::string fitted = fit_words(text, width, style.unicode);
    mvaddnstr(y, x, fitted.c_str(), static_cast<int>(fit_columns(fitted, width)));
}

int put_wrapped(int y, int x, const std::string& text, int width, int max_lines,
                const Style& style) {
    const std::vector<std::string> lines = wrap_words(text, width);
    int used = 0;
    for (std::size_t i = 0; i < lines.size() && used < max_lines; ++i, ++used) {
        if (used + 1 < max_lines || i + 1 == lines.size()) {
            put_clipped(y + used, x, lines[i], width);
            continue;
        }
        std::string rest = lines[i];
        for (std::size_t j = i + 1; j < lines.size(); ++j) rest += " " + lines[j];
        put_words(y + used, x, rest, width, style);
    }
    return used;
}

std::string first_fitting(const std::vector<std::string>& texts, int width, bool unicode) {
    for (const std::string& t : texts)
        if (text_columns(t) <= width) return t;
    return texts.empty() ? std::string() : fit_words(texts.back(), width, unicode);
}

std::string key_line(const std::vector<KeyItem>& items, int width) {
    std::vector<KeyItem> kept = items;
    auto joined = [&] {
        std::string s;
        for (const KeyItem& k : kept) s += (s.empty() ? "" : "  ") + k.text;
        return s;
    };
    while (text_columns(joined()) > width && kept.size() > 1) {
        auto least =
            std::min_element(kept.begin(), kept.end(),
                             [](const KeyItem& a, const KeyItem& b) { return a.need < b.need; });
        kept.erase(least);
    }
    return joined();
}

// Breaks text at spaces into lines of at most width columns (a longer word is cut).
std::vector<std::string> wrap_words(const std::string& text, int width) {
    std::vector<std::string> lines;
    std::string line, word;
    const int w = std::max(1, width);
    auto flush_word = [&] {
        if (word.empty()) return;
        if (!line.empty() && text_columns(line) + 1 + text_columns(word) > w)
            lines.push_back(line), line.clear();
        line += (line.empty() ? "" : " ") + word.substr(0, fit_columns(word, w));
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
