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

// The best solutions the searches found (tools/solo_solve, as scripts/bench.d/50-solo.sh runs it;
// for crossing, the 22 moves to a symmetric figure of kSymmetric22, then the same mirrored and
// played backwards; for symmetry and mirror, the first line the figure solver finds from the
// start, as tools/solo_figures prints it), kept move for move; their lengths are the built-in
// puzzles' par.
struct Kept {
    const char* puzzle;
    int moves;
    const char* solution;
};
inline const Kept kKept[] = {
    {"crossing", 44,
     "d3-e4 d1-f5 b4-f6 c1-g7 g7-h8 a3-i9 i9-j10 a5-k11 e1-i9 b5-d5 a1-g7 c4-k12 f5-l13 "
     "k12-k13 a2-m12 b1-n13 c2-o12 n13-n14 k13-o15 a4-i8 d2-d3 d3-n15 b3-n13 n13-o13 i8-m16 "
     "b2-d6 c3-d3 e2-o14 d3-p15 e4-o16 d6-e6 d5-l11 e6-m14 j10-p16 l13-l15 h8-p12 f6-l16 "
     "g7-h8 h8-n16 i9-j10 j10-p14 k11-m15 l11-p13 m12-n13"},
    {"crossing-13", 42,
     "c3-d4 a1-c3-e5 b1-d3-d5-f5 a2-c4-e4-g6 f5-h7 h7-i8 d1-d3-d5-f5-h7-j9 "
     "b3-b1-d3-d5-f5-h7 e5-f5 c1-c3-e5-g5-g7-i7-i9-k9 k9-k10 "
     "a3-c1-c3-e5-g5-g7-i7-i9-k9-k11 k11-l11 a4-c4-e4 d4-f4-f6-h6-h8-j8-j10-l10-l12 "
     "l12-m12 d2-e3 b2-d2-f4-f6-h6-h8-j8-j10-l10-l12-n12 c2-c3 b4-d2-f4-d4 "
     "c3-e5-g5-g7-i7-i9-k9-k11-m11-m13 d4-f4-f6-h6-h8-j8-j10-l10-l12-n14 m13-m11-o13-m15 "
     "n14-o14 e3-e5-g5-g7-i7-i9-k9-k11-m11-o13-o15 n12-o13 e4-e5 "
     "e5-g5-g7-i7-i9-k9-k11-m11-m13 m12-m14-m16 f5-f6 f6-h6-h8-j8-j10-l10-l12-n14-p14-n16 "
     "g6-h6 h6-h8-j8-j10-l10-l12-n14-p14 l11-l12 j9-l11-l13-n13-p13-n15 "
     "h7-j9-l11-l13-n13-p13 i8-j9 j9-l11 k10-m12-m14-o16 l11-l13-n13-p15 l12-n14-p16 "
     "m13-n14"},
    {"crossing-10x10", 27,
     "c3-d4 a1-c3-e5 b1-d3-d5-f5 a2-c4-e4-g6 e5-g5-g7 a4-c4-e4 a3-c5-e3 d2-f4-f6-h6 "
     "a5-c3-e5-g5-i7 b2-d2-f4-f6-h8-j6 i7-i8 b4-b2-d2-f4-f6-h8-j8 f5-h7-j9-j7-h9 "
     "d1-b1-d3-f5-h7-j9-j7 b3-d1-b1-d3-f5 c1-c3-e5-g5-i7-i9-g9 c2-d2 e1-c3-e5-g5-i7-i9 "
     "d2-f4-f6-h8-f10 d4-f4-f6 e3-e5-g5-i7 g6-g8-g10 e4-g6-g8-i10 f5-f7-h7-j9 h6-f8-h10 "
     "f6-h8-j10 g7-h8"},
    {"crossing-8x8", 18,
     "b1-d3 b2-d2-d4 a3-b4 a1-a3-c3-e5 a2-c4-e4-e6 c1-c3-a3-c5 b3-b5-d5-f7 d1-b3-b5-d5-f5 "
     "a4-c4-e4-g6-e8 c2-e4-g6 b4-d6-f6-h6 f5-h7-h5 d3-d5-f5-h7 d4-f6-f8 e5-e7-g7 c5-d6 "
     "d6-f6-h8 e6-g8"},
    {"symmetry", 19,
     "c1-e3 a3-c5 d1-f1 a4-a6 e1-g1 a5-a7 b2-d4 e2-f2 b5-b6 c3-e1-g3 a1-c1-c3-a5-c7 d3-f3 c4-c6 "
     "b1-d3-d5 a2-c4-e4 c2-e2-g2 b3-b5-b7 d2-f4-h2 b4-d6-b8"},
    {"mirror", 19,
     "d1-f3 c2-e4 b3-d5 a4-c6 c1-e3-g3 a1-c1-e3-e5 d2-f2-f4 a3-c5-c7 c4-e6 e1-e3-g5 e2-g4-g6 "
     "a2-c2-c4-e2-g4 d3-f5-h5-f7 b1-b3-d3-f5 b2-d4-d6 a5-c5-e7-g7 c3-a5-c5-e7 b4-b6-d8-f6 b5-d7"},
};
inline const char* const kBest8x8 = kKept[3].solution;

// The fewest moves to a figure symmetric across a16-p1 found so far (a beam search a million
// positions wide): 22, the par and the limit of the open challenge symmetry-a16p1.
inline const char* const kSymmetric22 =
    "d3-e4 d1-f5 b4-f6 c1-g7 g7-h8 a3-i9 i9-j10 a5-k11 e1-i9 b5-d5 a1-g7 c4-k12 f5-l13 "
    "k12-k13 a2-m12 b1-n13 c2-o12 n13-n14 k13-o15 a4-i8 d2-d3 d3-n15";

} // namespace solo_support
