// The halma rules engine: header-only, no I/O. Include this for all of it. The AI
// (halma/ai.hpp) and solitaire's catalogue and solver (halma/solo.hpp) sit beside it.
#pragma once

#include "halma/bitboard.hpp"
#include "halma/game.hpp"
#include "halma/game_text.hpp"
#include "halma/geometry.hpp"
#include "halma/move.hpp"
#include "halma/movegen.hpp"
#include "halma/notation.hpp"
#include "halma/options.hpp"
#include "halma/position.hpp"
#include "halma/puzzle.hpp"
#include "halma/record.hpp"
#include "halma/rules.hpp"
#include "halma/text.hpp"
#include "halma/zobrist.hpp"
