// Game records and puzzles on disk: atomic save (temporary file, then rename) and load with
// clear errors.
#pragma once

#include "halma.hpp"

#include <string>

namespace halma::files {

// Writes text to path through a temporary file in the same directory and a rename, so a
// crash mid-write never damages an earlier file. Returns an empty string or the error.
std::string write_file_atomically(const std::string& path, const std::string& text);

// Reads a whole file (at most kMaxRecordBytes) into text. Returns an empty string or the error.
std::string read_file(const std::string& path, std::string& text);

// Saves a game's (or puzzle's) record to path. Returns an empty string or the error.
std::string save_record(const std::string& path, const Game& game, const Options& headers = {});

// Reads what a file's text holds into game and headers, which change only on success: a game
// record (a puzzle's too), or a bare puzzle file, which starts that puzzle (no headers).
TextError read_game_text(std::string_view text, Game& game, Options& headers);

// Loads what a file holds into game and headers, which change only on success: a game
// record (a puzzle's too), or a bare puzzle file, which starts that puzzle (no headers).
// An error names the file and, for a fault in the text, its line. text, when given, gets
// the file's text on success (for what it keeps beside the game).
TextError load_game_file(const std::string& path, Game& game, Options& headers,
                         std::string* text = nullptr);

// Finds the puzzle a player names: a built-in one, or else a puzzle file at that path (the
// format of halma/puzzle.hpp). An error names the file and the line.
TextError load_puzzle(const std::string& name_or_path, Puzzle& puzzle);

} // namespace halma::files
