// The built-in solitaire puzzles, written in the puzzle format (halma/puzzle.hpp). Par is the
// fewest moves the program's searches have found (scripts/bench.d/50-solo.sh prints what the
// solvers find in a fixed time); 0 means none is known. symmetry and mirror take exactly 19:
// every piece must leave the camp, one move each.
#pragma once

#include "halma/game.hpp"
#include "halma/game_text.hpp"
#include "halma/puzzle.hpp"

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace halma::solo {

inline constexpr const char* kBuiltinPuzzles[] = {
    R"(name: crossing
title: Move the 19 pieces from the camp at a1 into the camp at p16
size: 16
start: camp a1 large
goal: fill camp p16 large
camp-rule: 1
par: 44
)",
    R"(name: crossing-13
title: Move the 13 pieces from the small camp at a1 into the small camp at p16
size: 16
start: camp a1 small
goal: fill camp p16 small
camp-rule: 1
par: 42
)",
    R"(name: crossing-10x10
title: Move the 15 pieces from the camp at a1 into the camp at j10
size: 10
start: camp a1 10x10
goal: fill camp j10 10x10
camp-rule: 1
par: 27
)",
    R"(name: crossing-8x8
title: Move the 10 pieces from the camp at a1 into the camp at h8
size: 8
start: camp a1 8x8
goal: fill camp h8 8x8
camp-rule: 1
par: 18
)",
    R"(name: symmetry
title: Move every piece out of the camp into a figure symmetric across a1-p16
size: 16
start: camp a1 large
goal: symmetric-diagonal
empty: camp a1 large
limit: 19
par: 19
)",
    R"(name: mirror
title: Set the pieces on their camp reflected across the diagonal a7-g1
size: 16
start: camp a1 large
goal: fill c6 c7 d5 d6 d7 e4 e5 e6 e7 f3 f4 f5 f6 f7 g3 g4 g5 g6 g7
limit: 19
par: 19
)",
    R"(name: symmetry-a16p1
title: Leave a figure symmetric across the diagonal a16-p1 (an open challenge)
size: 16
start: camp a1 large
goal: symmetric-antidiagonal
limit: 22
par: 22
)",
};

// The names of the built-in puzzles, in the order above.
[[nodiscard]] inline std::vector<std::string> builtin_names() {
    std::vector<std::string> names;
    for (const char* text : kBuiltinPuzzles) {
        Puzzle p;
        if (!read_puzzle(text, p).failed()) names.push_back(p.name);
    }
    return names;
}

// Finds a built-in puzzle by name; returns whether there is one.
[[nodiscard]] inline bool builtin_puzzle(std::string_view name, Puzzle& out) {
    for (const char* text : kBuiltinPuzzles) {
        Puzzle p;
        if (!read_puzzle(text, p).failed() && p.name == name) {
            out = p;
            return true;
        }
    }
    return false;
}

// The best line the searches found for each built-in puzzle, kept move for move (its length is
// the puzzle's par): for crossing, the 22 moves to a figure symmetric across a16-p1 (the line of
// symmetry-a16p1), then the same mirrored and played backwards; for symmetry and mirror, the
// first line the figure solver finds from the start. A chain is written by its two ends where
// that names one move.
struct BestLine {
    const char* puzzle;
    const char* moves;
};
inline constexpr BestLine kBestLines[] = {
    {"crossing",
     "d3-e4 d1-f5 b4-f6 c1-g7 g7-h8 a3-i9 i9-j10 a5-k11 e1-i9 b5-d5 a1-g7 c4-k12 f5-l13 "
     "k12-k13 a2-m12 b1-n13 c2-o12 n13-n14 k13-o15 a4-i8 d2-d3 d3-n15 b3-n13 n13-o13 i8-m16 "
     "b2-d6 c3-d3 e2-o14 d3-p15 e4-o16 d6-e6 d5-l11 e6-m14 j10-p16 l13-l15 h8-p12 f6-l16 "
     "g7-h8 h8-n16 i9-j10 j10-p14 k11-m15 l11-p13 m12-n13"},
    {"crossing-13",
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
    {"crossing-10x10",
     "c3-d4 a1-c3-e5 b1-d3-d5-f5 a2-c4-e4-g6 e5-g5-g7 a4-c4-e4 a3-c5-e3 d2-f4-f6-h6 "
     "a5-c3-e5-g5-i7 b2-d2-f4-f6-h8-j6 i7-i8 b4-b2-d2-f4-f6-h8-j8 f5-h7-j9-j7-h9 "
     "d1-b1-d3-f5-h7-j9-j7 b3-d1-b1-d3-f5 c1-c3-e5-g5-i7-i9-g9 c2-d2 e1-c3-e5-g5-i7-i9 "
     "d2-f4-f6-h8-f10 d4-f4-f6 e3-e5-g5-i7 g6-g8-g10 e4-g6-g8-i10 f5-f7-h7-j9 h6-f8-h10 "
     "f6-h8-j10 g7-h8"},
    {"crossing-8x8",
     "b1-d3 b2-d2-d4 a3-b4 a1-a3-c3-e5 a2-c4-e4-e6 c1-c3-a3-c5 b3-b5-d5-f7 d1-b3-b5-d5-f5 "
     "a4-c4-e4-g6-e8 c2-e4-g6 b4-d6-f6-h6 f5-h7-h5 d3-d5-f5-h7 d4-f6-f8 e5-e7-g7 c5-d6 "
     "d6-f6-h8 e6-g8"},
    {"symmetry",
     "c1-e3 a3-c5 d1-f1 a4-a6 e1-g1 a5-a7 b2-d4 e2-f2 b5-b6 c3-e1-g3 a1-c1-c3-a5-c7 d3-f3 c4-c6 "
     "b1-d3-d5 a2-c4-e4 c2-e2-g2 b3-b5-b7 d2-f4-h2 b4-d6-b8"},
    {"mirror",
     "d1-f3 c2-e4 b3-d5 a4-c6 c1-e3-g3 a1-c1-e3-e5 d2-f2-f4 a3-c5-c7 c4-e6 e1-e3-g5 e2-g4-g6 "
     "a2-c2-c4-e2-g4 d3-f5-h5-f7 b1-b3-d3-f5 b2-d4-d6 a5-c5-e7-g7 c3-a5-c5-e7 b4-b6-d8-f6 b5-d7"},
    {"symmetry-a16p1",
     "d3-e4 d1-f5 b4-f6 c1-g7 g7-h8 a3-i9 i9-j10 a5-k11 e1-i9 b5-d5 a1-g7 c4-k12 f5-l13 "
     "k12-k13 a2-m12 b1-n13 c2-o12 n13-n14 k13-o15 a4-i8 d2-d3 d3-n15"},
};

// The kept best line of the built-in puzzle named, or nullptr.
[[nodiscard]] inline const char* best_line_text(std::string_view name) {
    for (const BestLine& line : kBestLines)
        if (name == line.puzzle) return line.moves;
    return nullptr;
}

// The kept best line of the built-in crossing that p is (the same board, start, goal and camp
// rule, whatever its name), as moves from p's start; empty when p is no such crossing.
[[nodiscard]] inline std::vector<Move> best_line(const Puzzle& p) {
    for (const BestLine& line : kBestLines) {
        Puzzle b;
        if (!builtin_puzzle(line.puzzle, b) || b.goal != GoalKind::Fill) continue;
        if (b.size != p.size || b.start != p.start || b.goal_squares != p.goal_squares ||
            b.goal != p.goal || b.camp_rule != p.camp_rule)
            continue;
        Game g(p);
        std::vector<Move> moves;
        std::istringstream in(line.moves);
        for (std::string word; in >> word;) {
            const ParsedMove pm = parse_move(g, word);
            if (!pm.error.empty() || !g.play(pm.move)) return {};
            moves.push_back(pm.move);
        }
        return moves;
    }
    return {};
}

} // namespace halma::solo
