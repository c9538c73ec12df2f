// What the solitaire tests share: built-in puzzles, hand-placed pieces, replaying a move list,
// and the solutions kept move for move.
#pragma once

#include "halma/solo.hpp"

#include <catch2/catch.hpp>

#include <initializer_list>
#include <sstream>
#include <string>

namespace solo_support {

using namespace halma;
using namespace halma::solo;

// A built-in puzzle that must exist.
inline Puzzle builtin(const char* name) {
    Puzzle p;
    REQUIRE(builtin_puzzle(name, p));
    return p;
}

// A position of player 1's pieces on the given squares.
inline Position pieces_on(int size, std::initializer_list<const char*> squares) {
    Position pos(size);
    for (const char* s : squares) pos.put(parse_square(s, size), 0);
    return pos;
}

// Plays a move list given in notation; every move must be legal. Returns the game.
inline Game replay(const Puzzle& p, const std::string& moves) {
    Game g(p);
    std::istringstream in(moves);
    std::string word;
    while (in >> word) {
        INFO("move " << g.ply() + 1 << " " << word);
        ParsedMove pm = parse_move(g, word);
        REQUIRE(pm.error.empty());
        REQUIRE(g.play(pm.move));
    }
    return g;
}

// The best solutions the searches found, as the catalogue keeps them (tools/solo_solve, as
// scripts/bench.d/50-solo.sh runs it; for crossing, the 22 moves to a symmetric figure of
// kSymmetric22, then the same mirrored and played backwards; for symmetry and mirror, the first
// line the figure solver finds from the start, as tools/solo_figures prints it), kept move for
// move; their lengths are the built-in puzzles' par.
struct Kept {
    const char* puzzle;
    int moves;
    const char* solution;
};
inline const Kept kKept[] = {
    {"crossing", 44, best_line_text("crossing")},
    {"crossing-13", 42, best_line_text("crossing-13")},
    {"crossing-10x10", 27, best_line_text("crossing-10x10")},
    {"crossing-8x8", 18, best_line_text("crossing-8x8")},
    {"symmetry", 19, best_line_text("symmetry")},
    {"mirror", 19, best_line_text("mirror")},
};
inline const char* const kBest8x8 = kKept[3].solution;

// The fewest moves to a figure symmetric across a16-p1 found so far (a beam search a million
// positions wide): 22, the par and the limit of the open challenge symmetry-a16p1.
inline const char* const kSymmetric22 = best_line_text("symmetry-a16p1");

} // namespace solo_support
