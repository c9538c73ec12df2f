// The help screen's pages, as lines: the keys, and the rules as they bear on play (the camp,
// leaving home, spoiling, partners, the race meter), with the settings of the game in
// progress. No curses here.
#pragma once

#include "halma.hpp"

#include <string>
#include <vector>

namespace halma::play {

inline constexpr int kHelpPages = 2;

// A help page: its title and its lines (a section's first line has no indent, the rest two
// spaces), each at most 67 columns wide, the narrowest terminal's.
struct HelpPage {
    std::string title;
    std::vector<std::string> lines;
};

// The board's marks as the terminal draws them, for the keys page.
struct MarkGlyphs {
    std::string chain_end, path;
};

// Page 0 (the keys, with the marks, the hint key where hints are given, and in a club game
// the player's q and the commands that end it off the board; a watcher's keys when watching)
// or 1 (the rules, saying what this game's are).
[[nodiscard]] HelpPage help_page(int page, const Game& game, const MarkGlyphs& marks,
                                 bool hints = true, bool club = false, bool watching = false);

// The help opened from the review: page 0 the review's keys (q quits when the review is all
// this run does, else goes back to the game), page 1 the rules as help_page gives them.
[[nodiscard]] HelpPage review_help_page(int page, const Game& game, bool leaving_quits = false);

} // namespace halma::play
