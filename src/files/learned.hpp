// The learn puzzles a player has solved (l in the review), kept in the state directory's
// "learned" file so that a game reviewed again says which are solved already. One line per
// game, the newest last, the game named by its key (think/kept_analysis.hpp's game_key: 16
// hexadecimal digits) and then the moves whose puzzles are solved, counted from 1 over the whole
// game:
//
//     9f3c0a1b2c3d4e5f 12 31 40
//
// A line that does not read so is passed over (and dropped when the file is written again).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace halma::files {

// The file's path inside the state directory.
[[nodiscard]] std::string learned_path(const std::string& dir);

// The moves (counted from 1) whose puzzles the file's text says are solved in the game key.
[[nodiscard]] std::vector<int> solved_moves(std::string_view text, std::string_view key);

// The file's text with move (counted from 1) solved in the game key: that game's line last,
// at most kLearnedGames games kept.
[[nodiscard]] std::string with_solved(std::string_view text, std::string_view key, int move);

inline constexpr std::size_t kLearnedGames = 1000;

} // namespace halma::files
