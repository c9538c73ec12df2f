// A line chart of a few series (every player's moves to go after each move) in a box of
// terminal cells: half blocks (two dots a cell, one above the other: the Linux console's
// font has them, as every terminal's does, where braille is often missing) with Unicode,
// else one mark a cell (the series' number, so that it reads without colour). Each cell
// belongs to the series drawn through it, whose colour it takes, or to several (where the
// lines meet: drawn in no one's colour, '*' without Unicode). No curses here.
#pragma once

#include <string>
#include <vector>

namespace halma::review {

inline constexpr int kSharedCell = -2;

struct ChartCells {
    std::vector<std::string> rows;       // height rows of width cells each
    std::vector<std::vector<int>> owner; // per row, per cell: the series drawn there, -1 none,
                                         // kSharedCell several
    int top = 0;                         // the value at the top row
    int bottom = 0;                      // and at the bottom row
    int column = -1;                     // the cell column of the point `at`
};

// Draws series (each one value a point, all of one length; a negative value is not known and
// leaves a gap) in width x height cells, from the lowest value known at the bottom to the
// highest at the top (a race that has barely begun still shows who leads); `at` is the point
// to mark.
[[nodiscard]] ChartCells chart_cells(const std::vector<std::vector<int>>& series, int width,
                                     int height, bool unicode, int at);

} // namespace halma::review
