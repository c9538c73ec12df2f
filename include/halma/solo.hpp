// Solitaire beside the rules engine: the built-in puzzles (solo/catalogue.hpp), the solvers
// that find solutions and hints (solo/solver.hpp: a beam search, and hint(), which hands
// figure puzzles to the depth-first figure solver of solo/figures.hpp), and the scores file
// format (solo/scores.hpp). A puzzle itself is a one-player Game (halma/puzzle.hpp,
// halma/game.hpp).
#pragma once

#include "halma.hpp"
#include "halma/solo/catalogue.hpp"
#include "halma/solo/figures.hpp"
#include "halma/solo/scores.hpp"
#include "halma/solo/solver.hpp"
