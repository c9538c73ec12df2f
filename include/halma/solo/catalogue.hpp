// The built-in solitaire puzzles, written in the puzzle format (halma/puzzle.hpp). Par is the
// fewest moves the program's searches have found (scripts/bench.d/50-solo.sh prints what the
// solver finds in a fixed time); 0 means none is known.
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
title: In at most 19 moves, leave a figure symmetric across the diagonal a16-p1
size: 16
start: camp a1 large
goal: symmetric-antidiagonal
limit: 19
par: 0
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
