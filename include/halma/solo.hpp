// Solitaire beside the rules engine: the built-in puzzles (solo/catalogue.hpp), the solver
// that finds short solutions and hints (solo/solver.hpp), and the best-scores file format
// (solo/scores.hpp). A puzzle itself is a one-player Game (halma/puzzle.hpp, halma/game.hpp).
#pragma once

#include "halma.hpp"
#include "halma/solo/catalogue.hpp"
#include "halma/solo/scores.hpp"
#include "halma/solo/solver.hpp"
