// race_alone [--size 16|10|8] [--movetime MS] [--own]: level 5's race planner (ai/race.hpp)
// crossing the board alone: the 2-player start with the opponent's pieces taken off, planned
// afresh every move with the rest of the last plan kept as a line already found, or while
// there is none the rest of the catalogue's best crossing (ai::best_crossing_rest), as level 5
// plays while the sides are apart; with --own, without the catalogue's line. Prints the moves it
// took and the median planning time; the line is replayed and checked through the matching
// solitaire crossing first. How fast level 5 can be with nobody in its way is the floor under its
// moves in a real game.
#include "halma.hpp"
#include "halma/ai.hpp"
#include "halma/solo.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace halma;

int main(int argc, char** argv) {
    int size = 16, movetime = 1000;
    bool best_crossing = true;
    for (int i = 1; i < argc; ++i) {
        const bool has_value = i + 1 < argc;
        if (std::strcmp(argv[i], "--size") == 0 && has_value) {
            size = std::atoi(argv[++i]);
        } else if (std::strcmp(argv[i], "--movetime") == 0 && has_value) {
            movetime = std::atoi(argv[++i]);
        } else if (std::strcmp(argv[i], "--own") == 0) {
            best_crossing = false;
        } else {
            std::fprintf(stderr, "usage: race_alone [--size 16|10|8] [--movetime MS] [--own]\n");
            return 2;
        }
    }
    const char* puzzle_name = size == 16   ? "crossing"
                              : size == 10 ? "crossing-10x10"
                              : size == 8  ? "crossing-8x8"
                                           : nullptr;
    if (!puzzle_name || movetime < 1) {
        std::fprintf(stderr, "race_alone: the size must be 16, 10 or 8, the movetime above 0\n");
        return 2;
    }
    const Game game(Rules::for_game(2, size));
    ai::State s(game);
    for_each_square(s.pos.pieces(1), [&](int sq) { s.pos.remove(sq); });
    const ai::Tables tables(s.rules);

    std::vector<Move> line, rest;
    std::vector<double> ms;
    const int most = 4 * size * size; // far more than any crossing; a stuck planner stops here
    while ((s.camps.target[0] & ~s.pos.pieces(0)).any() && static_cast<int>(line.size()) < most) {
        const auto start = std::chrono::steady_clock::now();
        if (rest.empty() && best_crossing) rest = ai::best_crossing_rest(s, 0);
        ai::RacePlanner planner;
        ai::RacePlan plan =
            planner.plan(s, tables, 0, 120,
                         {start + std::chrono::milliseconds(movetime * 9 / 10), 0, nullptr}, rest);
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
        if (plan.moves.empty()) {
            std::fprintf(stderr, "race_alone: no plan after %zu moves\n", line.size());
            return 1;
        }
        ai::StateUndo undo;
        ai::make(s, plan.moves.front(), 0, undo);
        line.push_back(plan.moves.front());
        rest.assign(plan.moves.begin() + 1, plan.moves.end());
    }

    Puzzle puzzle;
    if (!solo::builtin_puzzle(puzzle_name, puzzle)) return 1;
    puzzle.limit = 0;
    Game check(puzzle);
    for (Move m : line)
        if (!check.play(m)) {
            std::fprintf(stderr, "race_alone: the planner made an illegal move\n");
            return 1;
        }
    if (check.result().outcome != Outcome::Won) {
        std::fprintf(stderr, "race_alone: not home after %zu moves\n", line.size());
        return 1;
    }
    std::sort(ms.begin(), ms.end());
    std::printf("race planner alone%s on %dx%d: home in %zu moves, median %.0f ms a move "
                "(movetime %d)\n",
                best_crossing ? "" : " (--own)", size, size, line.size(), ms[ms.size() / 2],
                movetime);
    for (const std::string& m : move_texts(check)) std::printf(" %s", m.c_str());
    std::printf("\n");
    return 0;
}
