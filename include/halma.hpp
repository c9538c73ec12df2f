// The halma rules engine: header-only, no I/O. Include this for all of it.
#pragma once

#include "halma/beam.hpp"
#include "halma/bitboard.hpp"
#include "halma/game.hpp"
#include "halma/geometry.hpp"
#include "halma/move.hpp"
#include "halma/movegen.hpp"
#include "halma/notation.hpp"
#include "halma/options.hpp"
#include "halma/position.hpp"
#include "halma/record.hpp"
#include "halma/rules.hpp"
#include "halma/solo.hpp"
#include "halma/solo_solver.hpp"
#include "halma/text.hpp"
#include "halma/zobrist.hpp"
