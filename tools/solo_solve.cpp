// solo_solve PUZZLE [SECONDS] [MAX_WIDTH]: runs the solitaire solver on a built-in puzzle and
// prints the fewest moves it found, the lower bound, the effort, and the moves (replayed and
// checked before printing). Used by scripts/bench.d/50-solo.sh and to find par.
#include "halma/solo.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace halma;
using namespace halma::solo;

int main(int argc, char** argv) {
    if (argc < 2 || argc > 4) {
        std::fprintf(stderr, "usage: solo_solve PUZZLE [SECONDS] [MAX_WIDTH]\n");
        return 2;
    }
    Puzzle p;
    if (!builtin_puzzle(argv[1], p)) {
        std::fprintf(stderr, "solo_solve: unknown puzzle '%s'\n", argv[1]);
        return 2;
    }
    SolverLimits limits;
    limits.max_ms = argc > 2 ? static_cast<int>(std::atof(argv[2]) * 1000) : 10000;
    if (argc > 3) limits.max_width = std::atoi(argv[3]);
    Game g(p);
    Solution s = solve(p, g.position(), 0, limits);
    for (Move m : s.moves)
        if (!g.play(m)) {
            std::fprintf(stderr, "solo_solve: the solver gave an illegal move\n");
            return 1;
        }
    if (s.found && g.result().outcome != Outcome::Won) {
        std::fprintf(stderr, "solo_solve: the solver's moves do not reach the goal\n");
        return 1;
    }
    if (s.found)
        std::printf("%s: %zu moves (lower bound %d), found after %.1f s of %.1f s, beam width %d, "
                    "%llu positions\n",
                    p.name.c_str(), s.moves.size(), s.lower_bound, s.found_seconds, s.seconds,
                    s.width, static_cast<unsigned long long>(s.nodes));
    else
        std::printf("%s: no solution found (lower bound %d), %llu positions, %.2f s\n",
                    p.name.c_str(), s.lower_bound, static_cast<unsigned long long>(s.nodes),
                    s.seconds);
    std::string line;
    for (const std::string& m : move_texts(g)) line += (line.empty() ? "" : " ") + m;
    std::printf("%s\n", line.c_str());
    return 0;
}
