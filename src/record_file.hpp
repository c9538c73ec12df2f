// Game records on disk: atomic save (temporary file, then rename) and load with clear errors.
#pragma once

#include "halma.hpp"

#include <string>

namespace halma {

// Writes text to path through a temporary file in the same directory and a rename, so a
// crash mid-write never damages an earlier file. Returns an empty string or the error.
std::string write_file_atomically(const std::string& path, const std::string& text);

// Reads a whole file (at most 16 MiB) into text. Returns an empty string or the error.
std::string read_file(const std::string& path, std::string& text);

// Saves a game record to path. Returns an empty string or the error.
std::string save_record(const std::string& path, const Game& game, const Options& headers = {});

// Loads a game record from path into game and headers, which change only on success.
// Returns an empty string or the error, naming the file and the line.
std::string load_record(const std::string& path, Game& game, Options& headers);

// Finds the puzzle a player names: a built-in one, or else a puzzle file at that path (the
// format of solo_puzzle.hpp). Returns an empty string or the error, naming the file and the
// line.
std::string load_puzzle(const std::string& name_or_path, solo::Puzzle& puzzle);

} // namespace halma
