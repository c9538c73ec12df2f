// The built-in solitaire puzzles, written in the puzzle format (halma/puzzle.hpp). Par is the
// fewest moves the program's searches have found (scripts/bench.d/50-solo.sh prints what the
// solvers find in a fixed time); 0 means none is known. symmetry and mirror take exactly 19:
// every piece must leave the camp, one move each.
#pragma once

#include "halma/puzzle.hpp"

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

} // namespace halma::solo
