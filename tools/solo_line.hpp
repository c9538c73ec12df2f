// What the symmetric-figure search tools share: a line they found is replayed through the
// solo game, which checks every move and the goal, before it is printed.
#pragma once

#include "halma/solo.hpp"

#include <cstdio>
#include <vector>

namespace halma::solo {

// The game of line from the puzzle's start with the move limit lifted (a line may be longer
// than the puzzle allows); false, with a message naming tool, if a move of it is illegal or
// a line said to reach the figure does not.
inline bool replay_line(const char* tool, const Puzzle& puzzle, const std::vector<Move>& line,
                        bool reaches_figure, Game& game) {
    Puzzle unlimited = puzzle;
    unlimited.limit = 0;
    game = Game(unlimited);
    for (Move m : line)
        if (!game.play(m)) {
            std::fprintf(stderr, "%s: the search made an illegal move\n", tool);
            return false;
        }
    if (reaches_figure && game.result().outcome != Outcome::Won) {
        std::fprintf(stderr, "%s: the figure found is not symmetric\n", tool);
        return false;
    }
    return true;
}

// Prints the moves of game on the rest of the current line.
inline void print_moves(const Game& game) {
    for (const std::string& m : move_texts(game)) std::printf(" %s", m.c_str());
    std::printf("\n");
}

} // namespace halma::solo
