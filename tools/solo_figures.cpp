// solo_figures: the figure solver (halma/solo/figures.hpp) from the command line.
//
//   solo_figures solve PUZZLE [SECONDS] [POSITION]  a line from the start (or from POSITION,
//                                                    a position string), replayed and checked
//   solo_figures count PUZZLE SECONDS                the distinct figures found in SECONDS
//   solo_figures bench [RUNS]                        the figures of scripts/bench.d/50-solo.sh
//
// PUZZLE is a built-in figure puzzle or a puzzle file. The bench times hints (the search the
// front end and the protocol run, with the front end's budget of kHintSeconds) for symmetry
// and mirror: from the start (median of RUNS runs), from positions along a line found, and
// from positions a player could reach, made by k random moves that each take a piece out of
// the camp and leave the bounds satisfied (seed kSeed; medians and 90th percentiles over
// kPositions positions for each k). Then it counts the distinct symmetry figures found in 10 s
// and in 60 s.
#include "files/record_file.hpp"
#include "halma/solo.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using namespace halma;
using namespace halma::solo;
using halma::files::load_puzzle;

namespace {

constexpr double kHintSeconds = 1.0; // a hint's budget: the front end's default movetime
constexpr unsigned kSeed = 13;
constexpr int kPositions = 20;

// The game of a figure puzzle at a position (its start when text is empty); false, with a
// message, when the puzzle or the position will not do.
bool setup(const char* name, const std::string& position, Game& game) {
    Puzzle p;
    if (TextError err = load_puzzle(name, p); err.failed()) {
        std::fprintf(stderr, "solo_figures: %s\n", err.message().c_str());
        return false;
    }
    if (!figure_puzzle(p)) {
        std::fprintf(stderr, "solo_figures: %s is not a figure puzzle\n", name);
        return false;
    }
    game = Game(p);
    if (position.empty()) return true;
    Position pos;
    std::string err = parse_position(position, 1, pos);
    if (err.empty()) err = game.setup(pos);
    if (err.empty()) return true;
    std::fprintf(stderr, "solo_figures: bad position: %s\n", err.c_str());
    return false;
}

// Plays a line on a copy of game; whether every move is legal and the puzzle ends solved.
bool line_solves(Game game, const std::vector<Move>& line) {
    for (Move m : line)
        if (!game.play(m)) return false;
    return game.result().outcome == Outcome::Won;
}

// The hint search from a game's position within a budget of seconds.
FigureAnswer search(const Game& game, double seconds) {
    FigureBudget budget;
    budget.max_ms = static_cast<int>(seconds * 1000);
    FigureSearch s(*game.puzzle(), budget);
    return s.solve(game.position(), moves_left(game));
}

int solve_command(const char* name, double seconds, const std::string& position) {
    Game game;
    if (!setup(name, position, game)) return 2;
    const FigureAnswer a = search(game, seconds);
    std::printf("%s: %s, %llu positions, %.3f s\n", game.puzzle()->name.c_str(),
                a.verdict == FigureAnswer::Verdict::Found         ? "figure found"
                : a.verdict == FigureAnswer::Verdict::Unreachable ? "no figure can be reached"
                                                                  : "none found in time",
                static_cast<unsigned long long>(a.nodes), a.seconds);
    if (a.verdict == FigureAnswer::Verdict::Unreachable) std::printf("%s\n", a.why.c_str());
    if (a.verdict != FigureAnswer::Verdict::Found) return 0;
    if (!line_solves(game, a.line)) {
        std::fprintf(stderr, "solo_figures: the line found does not solve the puzzle\n");
        return 1;
    }
    Game end = game;
    for (Move m : a.line) end.play(m);
    std::string text;
    for (const std::string& m : move_texts(end)) text += (text.empty() ? "" : " ") + m;
    std::printf("%s\n", text.c_str());
    return 0;
}

// The distinct figures found in `seconds`, every one replayed and checked.
int count_figures(const Game& game, double seconds, bool& complete) {
    FigureBudget budget;
    budget.max_ms = static_cast<int>(seconds * 1000);
    budget.table_bits = 22;
    FigureSearch s(*game.puzzle(), budget);
    int bad = 0;
    const FigureAnswer a = s.enumerate(
        game.position(), moves_left(game),
        [&](const Bitboard&, const std::vector<Move>& line) { bad += !line_solves(game, line); });
    complete = a.complete;
    if (bad) std::fprintf(stderr, "solo_figures: %d lines found do not solve it\n", bad);
    return bad ? -1 : static_cast<int>(a.figures);
}

int count_command(const char* name, double seconds) {
    Game game;
    if (!setup(name, {}, game)) return 2;
    bool complete = false;
    const int n = count_figures(game, seconds, complete);
    if (n < 0) return 1;
    std::printf("%s: %d distinct figures in %.0f s%s\n", game.puzzle()->name.c_str(), n, seconds,
                complete ? " (every line searched)" : "");
    return 0;
}

// The value at fraction q of sorted values.
double quantile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())))];
}

// Times hints from each game; prints one line under label.
void time_hints(const char* label, const std::vector<Game>& games) {
    std::vector<double> times;
    int counts[3] = {0, 0, 0};
    for (const Game& g : games) {
        const FigureAnswer a = search(g, kHintSeconds);
        times.push_back(a.seconds);
        ++counts[static_cast<int>(a.verdict)];
    }
    std::printf("  %-34s %3zu: median %.3f s, p90 %.3f s, max %.3f s; %d found, %d proved "
                "unreachable, %d undecided\n",
                label, games.size(), quantile(times, 0.5), quantile(times, 0.9),
                quantile(times, 1.0), counts[0], counts[1], counts[2]);
}

// A position a player could reach: k moves, each taking a piece out of the emptied squares
// (or onto the figure) with the bounds still satisfied; false when the moves run out first.
bool random_game(Game& game, int k, std::mt19937& rng) {
    const FigureBounds bounds(*game.puzzle());
    for (int i = 0; i < k; ++i) {
        MoveList list;
        game.legal_moves(list);
        std::vector<Move> good;
        for (Move m : list) {
            Bitboard after = game.position().pieces(0);
            after.reset(m.from());
            after.set(m.to());
            if (bounds.must_move(after).count() <
                    bounds.must_move(game.position().pieces(0)).count() &&
                bounds.check(after, moves_left(game) - 1).kind == Obstacle::Kind::None)
                good.push_back(m);
        }
        if (good.empty()) return false;
        game.play(good[rng() % good.size()]);
    }
    return true;
}

// The hint bench of one puzzle.
void bench_puzzle(const char* name, int runs) {
    Game start;
    if (!setup(name, {}, start)) return;
    std::printf("%s hints (a budget of %.0f s each, seed %u):\n", name, kHintSeconds, kSeed);
    time_hints(("from the start, " + std::to_string(runs) + " runs").c_str(),
               std::vector<Game>(static_cast<std::size_t>(runs), start));
    const FigureAnswer first = search(start, kHintSeconds);
    std::vector<Game> along;
    for (int k = 3; k < static_cast<int>(first.line.size()); k += 3) {
        Game g = start;
        for (int i = 0; i < k; ++i) g.play(first.line[static_cast<std::size_t>(i)]);
        along.push_back(g);
    }
    time_hints("along a line found, every 3rd move", along);
    std::mt19937 rng(kSeed);
    for (int k : {2, 4, 6, 8}) {
        std::vector<Game> games;
        while (static_cast<int>(games.size()) < kPositions) {
            Game g = start;
            if (random_game(g, k, rng)) games.push_back(g);
        }
        time_hints(("after " + std::to_string(k) + " random moves").c_str(), games);
    }
}

int bench_command(int runs) {
    bench_puzzle("symmetry", runs);
    bench_puzzle("mirror", runs);
    Game game;
    if (!setup("symmetry", {}, game)) return 2;
    for (double seconds : {10.0, 60.0}) {
        bool complete = false;
        const int n = count_figures(game, seconds, complete);
        if (n < 0) return 1;
        std::printf("symmetry: %d distinct figures found in %.0f s%s\n", n, seconds,
                    complete ? " (every line searched)" : "");
    }
    return 0;
}

int usage() {
    std::fprintf(stderr, "usage: solo_figures solve PUZZLE [SECONDS] [POSITION]\n"
                         "       solo_figures count PUZZLE SECONDS\n"
                         "       solo_figures bench [RUNS]\n");
    return 2;
}

// A positive number of seconds (or runs), or -1.
double positive(const char* text) {
    char* end = nullptr;
    const double v = std::strtod(text, &end);
    return end != text && *end == 0 && v > 0 && v < 1e6 ? v : -1;
}

} // namespace

int main(int argc, char** argv) {
    const std::string cmd = argc > 1 ? argv[1] : "";
    if (cmd == "solve" && argc >= 3 && argc <= 5) {
        const double seconds = argc > 3 ? positive(argv[3]) : 10;
        if (seconds < 0) return usage();
        return solve_command(argv[2], seconds, argc > 4 ? argv[4] : "");
    }
    if (cmd == "count" && argc == 4 && positive(argv[3]) > 0)
        return count_command(argv[2], positive(argv[3]));
    if (cmd == "bench" && argc <= 3) {
        const double runs = argc > 2 ? positive(argv[2]) : 5;
        if (runs < 1) return usage();
        return bench_command(static_cast<int>(runs));
    }
    return usage();
}
