#include "review/chart.hpp"

#include <algorithm>
#include <cstdint>

namespace halma::review {

namespace {

// A cell's glyph for its dots (bit 0 the upper, bit 1 the lower): the half blocks.
constexpr const char* kHalfBlocks[4] = {" ", "\u2580", "\u2584", "\u2588"};

} // namespace

ChartCells chart_cells(const std::vector<std::vector<int>>& series, int width, int height,
                       bool unicode, int at) {
    ChartCells c;
    width = std::max(1, width);
    height = std::max(1, height);
    const int dots_x = width, dots_y = unicode ? 2 * height : height;
    std::size_t points = 0;
    bool any = false;
    for (const std::vector<int>& s : series) {
        points = std::max(points, s.size());
        for (int v : s) {
            if (v < 0) continue;
            c.top = any ? std::max(c.top, v) : v;
            c.bottom = any ? std::min(c.bottom, v) : v;
            any = true;
        }
    }
    c.top = std::max(c.top, c.bottom + 1);
    const int span = c.top - c.bottom;
    const auto x_of = [&](std::size_t i) {
        return points <= 1 ? 0
                           : static_cast<int>((i * (dots_x - 1) + (points - 1) / 2) / (points - 1));
    };
    const auto y_of = [&](int v) { // 0 at the top dot row
        return ((c.top - v) * (dots_y - 1) + span / 2) / span;
    };
    std::vector<std::vector<std::uint8_t>> bits(height, std::vector<std::uint8_t>(width, 0));
    c.owner.assign(height, std::vector<int>(width, -1));
    const auto plot = [&](int x, int y, int k) {
        const int row = unicode ? y / 2 : y;
        if (unicode) bits[row][x] |= static_cast<std::uint8_t>(1 << (y % 2));
        int& owner = c.owner[row][x];
        owner = owner < 0 && owner != kSharedCell ? k : owner == k ? k : kSharedCell;
    };
    for (std::size_t k = 0; k < series.size(); ++k) {
        const std::vector<int>& s = series[k];
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s[i] < 0) continue;
            const int x1 = x_of(i), y1 = y_of(s[i]);
            if (i == 0 || s[i - 1] < 0) {
                plot(x1, y1, static_cast<int>(k));
                continue;
            }
            // Joined to the point before: every dot column between, every dot row crossed.
            const int x0 = x_of(i - 1), y0 = y_of(s[i - 1]);
            int last = y0;
            for (int x = x0; x <= x1; ++x) {
                const int y =
                    x1 == x0 ? y1 : y0 + ((y1 - y0) * (x - x0) * 2 + (x1 - x0)) / (2 * (x1 - x0));
                for (int yy = std::min(last, y); yy <= std::max(last, y); ++yy)
                    plot(x, yy, static_cast<int>(k));
                last = y;
            }
        }
    }
    for (int row = 0; row < height; ++row) {
        std::string line;
        for (int col = 0; col < width; ++col) {
            const int k = c.owner[row][col];
            if (unicode)
                line += kHalfBlocks[bits[row][col]];
            else
                line += k == kSharedCell ? '*'
                        : k < 0          ? ' '
                                         : static_cast<char>('1' + std::min(k, 8));
        }
        c.rows.push_back(std::move(line));
    }
    if (at >= 0 && static_cast<std::size_t>(at) < std::max<std::size_t>(points, 1))
        c.column = x_of(static_cast<std::size_t>(at));
    return c;
}

} // namespace halma::review
