// Solitaire scores: one file under the state directory, in the format of halma/solo/scores.hpp,
// rewritten atomically when a puzzle is solved in fewer moves than the stored best, or (a
// puzzle whose goal is a symmetric figure) with a figure not found before. A damaged file is
// set aside with a message, never lost silently. No curses.
#pragma once

#include "halma.hpp"

#include <string>

namespace halma::files {

// The best-scores file's path inside the state directory.
[[nodiscard]] std::string scores_path(const std::string& dir);

// Today's date as YYYY-MM-DD (local time).
[[nodiscard]] std::string today();

// What recording a solved puzzle did.
struct ScoreOutcome {
    bool best = false;     // the score was written as the new best, or the figure as new
    int previous = 0;      // the best before, 0 when there was none
    int figures = 0;       // record_figure(): the distinct figures found now
    std::string message;   // one line for the status bar
    bool error = false;    // the message reports a failure
    std::string set_aside; // where a damaged scores file went, if one was found
};

// Records a solved game's score in the file at path (created with its directory's parent
// existing) when it beats or first sets the puzzle's best. A file that cannot be read as
// scores, or whose entry for this puzzle does not replay, is renamed aside first.
[[nodiscard]] ScoreOutcome record_score(const std::string& path, const Game& game,
                                        const std::string& date);

// Whether a puzzle keeps every distinct figure found rather than a best score: its goal is a
// symmetric figure, of which there are many.
[[nodiscard]] bool keeps_figures(const Puzzle& puzzle);

// Records a solved game's figure in the file at path unless the same figure is kept already,
// and says how many distinct figures of the puzzle are kept; damage is handled as by
// record_score().
[[nodiscard]] ScoreOutcome record_figure(const std::string& path, const Game& game,
                                         const std::string& date);

// The distinct figures of a puzzle kept in the file at path (0 when there is none, or the
// file cannot be read; recording says what is wrong with it).
[[nodiscard]] int figures_found(const std::string& path, const Puzzle& puzzle);

} // namespace halma::files
