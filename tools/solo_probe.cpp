// solo_probe PUZZLE MOVES WIDTH [reach|progress]: the experiments behind the par of the
// symmetric puzzles (issue 7). PUZZLE is a built-in name or a puzzle file whose goal is a
// symmetric figure. One beam search of the given width over whole moves, MOVES deep:
//  - reach (the default): looks for a symmetric figure within MOVES moves, guided by the
//    progress towards the mirror line less 12 per piece whose mirror square is empty, and
//    dropping every position with more such pieces than twice the moves left (one move mends
//    at most two of them, so those can never finish in time);
//  - progress: ignores symmetry and keeps the positions that went furthest towards the mirror
//    line: a symmetric figure needs all of that progress, so a beam that cannot reach it in
//    MOVES moves is a measure of how far out of reach the figure is.
// For each depth it prints the positions kept, the best line total reached (the sum of
// file + rank over the pieces for the a16-p1 diagonal, counted from 0; file - rank for a1-p16)
// against the total every symmetric figure has, and the fewest pieces without a mirror
// image; then the best line found, replayed and checked through the solo game.
#include "halma/solo.hpp"
#include "record_file.hpp"
#include "solo_line.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace halma;
using namespace halma::solo;

namespace {

// A square's offset across the mirror line, in the units the report prints.
int line_value(const Puzzle& p, int sq) {
    return p.goal == GoalKind::SymmetricDiagonal ? file_of(sq) - rank_of(sq)
                                                 : file_of(sq) + rank_of(sq);
}

// The sum of line_value() over a set of pieces.
int line_total(const Puzzle& p, const Bitboard& pieces) {
    int total = 0;
    for_each_square(pieces, [&](int sq) { total += line_value(p, sq); });
    return total;
}

// The pieces whose mirror square is empty.
int unmatched(const Puzzle& p, const Bitboard& pieces) {
    return (pieces & ~mirror_set(pieces, p.goal, p.size)).count();
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 4 || argc > 5) {
        std::fprintf(stderr, "usage: solo_probe PUZZLE MOVES WIDTH [reach|progress]\n");
        return 2;
    }
    Puzzle p;
    if (std::string err = halma::load_puzzle(argv[1], p).message(); !err.empty()) {
        std::fprintf(stderr, "solo_probe: %s\n", err.c_str());
        return 2;
    }
    const int depth_max = std::atoi(argv[2]), width = std::atoi(argv[3]);
    const bool progress_only = argc == 5 && std::strcmp(argv[4], "progress") == 0;
    if (p.goal == GoalKind::Fill || depth_max < 1 || depth_max > 200 || width < 1 ||
        (argc == 5 && !progress_only && std::strcmp(argv[4], "reach") != 0)) {
        std::fprintf(stderr, "solo_probe: needs a symmetric-goal puzzle, 1 to 200 moves, a "
                             "width of 1 or more, and reach or progress\n");
        return 2;
    }
    // Every symmetric figure has this line total: its pieces pair off around the mirror line.
    const int pieces = p.start.count();
    const int target = p.goal == GoalKind::SymmetricDiagonal ? 0 : pieces * (p.size - 1);
    const int start_total = line_total(p, p.start);
    const int sign = target >= start_total ? 1 : -1;
    const Rules rules = puzzle_rules(p);
    const Camps camps = puzzle_camps(p);

    // Lower scores are kept; the progress counts once, an unmatched piece 12 times.
    auto score = [&](const Bitboard& b) {
        int advance = sign * (line_total(p, b) - start_total);
        return progress_only ? -advance : 12 * unmatched(p, b) - advance;
    };

    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    std::vector<std::vector<BeamNode>> layers;
    layers.push_back({{p.start, beam_key(p.start), -1, Move::none(), 0}});
    int solved_at = -1;
    std::size_t solved_index = 0;
    for (int depth = 1; depth <= depth_max && solved_at < 0; ++depth) {
        const std::vector<BeamNode>& kept = layers.back();
        std::vector<BeamNode> next;
        const int moves_left = depth_max - depth;
        for (std::size_t i = 0; i < kept.size(); ++i) {
            const Bitboard bits = kept[i].pieces;
            const Position pos = solo::detail::position_of(bits, p.size);
            for_each_square(bits, [&](int sq) {
                for_each_square(destinations(pos, rules, camps, 0, sq), [&](int to) {
                    Bitboard child = bits;
                    child.reset(sq);
                    child.set(to);
                    if (!progress_only && unmatched(p, child) > 2 * moves_left) return;
                    next.push_back(
                        {child, beam_key(child), static_cast<int>(i), Move(sq, to), score(child)});
                });
            });
            if (next.size() > 8 * static_cast<std::size_t>(width) + 100000)
                keep_best(next, static_cast<std::size_t>(width));
        }
        keep_best(next, static_cast<std::size_t>(width));
        int best_total = 0, fewest = pieces;
        bool first = true;
        for (std::size_t i = 0; i < next.size(); ++i) {
            const int total = line_total(p, next[i].pieces);
            if (first || sign * total > sign * best_total) best_total = total;
            first = false;
            fewest = std::min(fewest, unmatched(p, next[i].pieces));
            if (solved_at < 0 && goal_met(p, next[i].pieces)) {
                solved_at = depth;
                solved_index = i;
            }
        }
        const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        if (next.empty()) {
            std::printf("depth %d: none kept, every line has more unmatched pieces than the "
                        "moves left can mend, %.1f s\n",
                        depth, seconds);
            break;
        }
        std::printf("depth %d: %zu kept, best line total %d (a symmetric figure has %d), "
                    "fewest unmatched %d, %.1f s\n",
                    depth, next.size(), best_total, target, fewest, seconds);
        std::fflush(stdout);
        layers.push_back(std::move(next));
    }

    // The line to print: the symmetric figure found, else the last layer's best.
    const int last = static_cast<int>(layers.size()) - 1;
    if (last == 0) {
        std::printf("no symmetric figure within %d moves: after any first move more pieces lack "
                    "a mirror image than the moves left can mend\n",
                    depth_max);
        return 0;
    }
    std::size_t at = solved_at >= 0 ? solved_index : 0;
    if (solved_at < 0)
        for (std::size_t i = 0; i < layers[last].size(); ++i)
            if (layers[last][i].score < layers[last][at].score) at = i;
    std::vector<Move> moves;
    for (int depth = last; depth >= 1; --depth) {
        moves.push_back(layers[depth][at].move);
        at = static_cast<std::size_t>(layers[depth][at].parent);
    }
    std::reverse(moves.begin(), moves.end());
    Game g(p);
    if (!replay_line("solo_probe", p, moves, solved_at >= 0, g)) return 1;
    if (solved_at >= 0)
        std::printf("symmetric figure in %d moves:", solved_at);
    else
        std::printf("no symmetric figure within %d moves; best line of %d (total %d, %d "
                    "unmatched):",
                    depth_max, last, line_total(p, g.position().pieces(0)),
                    unmatched(p, g.position().pieces(0)));
    print_moves(g);
    return 0;
}
