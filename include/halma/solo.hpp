// Solitaire (issue 7): Halma alone, a figure to reach in as few moves as possible. Include
// this for all of it: the puzzles and their text format (solo_puzzle.hpp), the solo game
// (solo_game.hpp), and solo records and best scores (solo_records.hpp). The solver is in
// solo_solver.hpp.
#pragma once

#include "halma/solo_game.hpp"
#include "halma/solo_puzzle.hpp"
#include "halma/solo_records.hpp"
