// The solitaire solver: a beam search over whole moves, pruned by an admissible lower bound.
//
// Search: breadth-first by number of moves; at each depth every child of the kept positions
// is generated (steps and whole hop chains, as movegen gives them), positions kept at an
// earlier depth are dropped, and the `width` best by a guiding score are kept. Widths double
// 1, 2, 4, ... while the budget lasts (a run that cannot finish in what is left is not
// started once a solution is in hand); the shortest solution of all runs is kept. A child
// whose moves so far plus the lower bound exceed the move limit, or the best solution's
// length less one, is never kept, and the search ends when a solution meets the bound.
//
// The lower bound (admissible: never more than the moves still needed):
//  - fill goals with as many goal squares as pieces: every piece off the goal must move at
//    least once (|O|). A hop keeps a square's file parity and rank parity (its "class"); only
//    a step changes it, so at least S pieces must make a step, S = the sum over the four
//    classes of the goal's surplus over the pieces'. A piece off the goal that steps and makes
//    no other move must be next to a goal square; with k such pieces at most k of the S
//    stepping pieces get their step free. Bound: |O| + max(0, S - k).
//  - fill goals with fewer squares than pieces: the number of empty goal squares, or of the
//    pieces on squares the puzzle wants empty, if more.
//  - symmetric goals: with a pieces whose mirror square is empty, one move mends at most two
//    of them (the moved piece, and the one it lands opposite), so ceil(a / 2); or the number
//    of pieces on squares the puzzle wants empty, or on their mirror images, if more (each
//    must move).
// A chain may cross the whole board in one move, so no distance-based bound is admissible.
//
// Mirrored crossings: when the goal squares are the start's mirror image across a diagonal
// (every built-in crossing), half the budget first goes to reaching a figure M symmetric
// across that diagonal. The moves from the start to M, mirrored and played backwards, lead
// from M to the goal (the reverse of a step or chain is one, over the same pieces), so the
// crossing takes twice the half's moves; it is replayed and kept only if legal under the
// camp rule. The rest of the budget searches the crossing directly, to beat it.
//
// The guiding score (not a bound; lower is better): for fill goals, 4 x the earth mover's
// distance between the pieces and the goal squares projected on the line from the start
// towards the goal, 2 x the same across that line, the empty goal squares, and half the sum of
// the squared distances of the pieces still short of the goal's nearest row (stragglers find
// nothing to hop over once the others have gone); for symmetric goals, 8 x the pieces whose
// mirror square is empty plus the size of the sum of the pieces' signed offsets from the mirror
// line (zero for every symmetric figure).
#pragma once

#include "halma/beam.hpp"
#include "halma/game.hpp"
#include "halma/puzzle.hpp"
#include "halma/solo/figures.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace halma::solo {

// What the solver may spend: 0 means no limit for nodes and time.
struct SolverLimits {
    std::uint64_t max_nodes = 0; // positions generated
    int max_ms = 0;              // wall time
    int max_width = 1 << 14;     // the widest beam tried
    const std::atomic<bool>* stop = nullptr;
};

// What the solver found.
struct Solution {
    bool found = false;
    std::vector<Move> moves; // from the given position to the goal
    int lower_bound = 0;     // the admissible bound at the given position
    int width = 0;           // the beam width that found the moves
    std::uint64_t nodes = 0; // positions generated in all
    double seconds = 0;
    double found_seconds = 0; // when the moves returned were found
};

// The admissible lower bound on the moves from pieces to the goal (see the top comment).
[[nodiscard]] inline int lower_bound(const Puzzle& p, const Bitboard& pieces) {
    if (goal_met(p, pieces)) return 0;
    if (p.goal != GoalKind::Fill) {
        int unmatched = (pieces & ~mirror_set(pieces, p.goal, p.size)).count();
        int leaving = (pieces & (p.empty | mirror_set(p.empty, p.goal, p.size))).count();
        return std::max((unmatched + 1) / 2, leaving);
    }
    const Bitboard& goal = p.goal_squares;
    if (goal.count() != pieces.count())
        return std::max((goal & ~pieces).count(), (pieces & p.empty).count());
    int have[4] = {0, 0, 0, 0}, need[4] = {0, 0, 0, 0};
    for_each_square(pieces, [&](int sq) { ++have[square_class(sq)]; });
    for_each_square(goal, [&](int sq) { ++need[square_class(sq)]; });
    int steps = 0;
    for (int c = 0; c < 4; ++c) steps += std::max(0, need[c] - have[c]);
    const Geometry& g = geometry(p.size);
    int off = 0, near = 0;
    for_each_square(pieces & ~goal, [&](int sq) {
        ++off;
        for (int i = 0; i < g.step_count[sq]; ++i)
            if (goal.test(g.steps[sq][i])) {
                ++near;
                break;
            }
    });
    return off + std::max(0, steps - near);
}

namespace detail {

// The guiding score of positions of one puzzle (lower is better); see the top comment.
class Guide {
  public:
    // Guides towards the squares of target (the goal squares), or, with no target, towards a
    // symmetric figure on the mirror line.
    Guide(const Puzzle& p, const Bitboard* target) : p_(p) {
        if (!target) return;
        target_ = *target;
        has_target_ = true;
        // The direction from the start's centre to the target's, each coordinate -1, 0 or 1.
        auto centre = [](const Bitboard& b, int& f, int& r) {
            f = r = 0;
            for_each_square(b, [&](int sq) { f += file_of(sq), r += rank_of(sq); });
        };
        int sf, sr, gf, gr;
        centre(p.start, sf, sr);
        centre(target_, gf, gr);
        const int ns = p.start.count(), ng = target_.count();
        int df = gf * ns - sf * ng, dr = gr * ns - sr * ng;
        du_ = (df > 0) - (df < 0);
        dv_ = (dr > 0) - (dr < 0);
        if (!du_ && !dv_) du_ = 1;
        equal_ = ns == ng;
        for_each_square(target_, [&](int sq) {
            ++goal_along_[along(sq)];
            ++goal_across_[across(sq)];
            goal_min_ = std::min(goal_min_, along(sq));
        });
    }

    [[nodiscard]] int score(const Bitboard& pieces) const {
        if (!has_target_) {
            const int loose = (pieces & ~mirror_set(pieces, p_.goal, p_.size)).count();
            // A symmetric figure's offsets from the mirror line sum to zero.
            int n = p_.size - 1, sum = 0;
            for_each_square(pieces, [&](int sq) {
                sum += p_.goal == GoalKind::SymmetricDiagonal ? file_of(sq) - rank_of(sq)
                                                              : file_of(sq) + rank_of(sq) - n;
            });
            return kUnmatchedWeight * loose + (sum < 0 ? -sum : sum);
        }
        int empty = (target_ & ~pieces).count();
        if (!equal_) return 4 * empty;
        int along_h[kBins] = {}, across_h[kBins] = {};
        for_each_square(pieces, [&](int sq) {
            ++along_h[along(sq)];
            ++across_h[across(sq)];
        });
        // Stragglers cost the square of their distance: a piece left behind finds no pieces
        // to hop over once the others have gone.
        int behind = 0;
        for_each_square(pieces, [&](int sq) {
            int d = goal_min_ - along(sq);
            if (d > 0) behind += d * d;
        });
        return kAlongWeight * emd(along_h, goal_along_) +
               kAcrossWeight * emd(across_h, goal_across_) + kEmptyWeight * empty +
               kStragglerWeight * behind / 8;
    }

  private:
    static constexpr int kBins = 64;

    // The position of a square along the start-to-target line and across it, as bins.
    [[nodiscard]] int along(int sq) const noexcept {
        return 32 + du_ * file_of(sq) + dv_ * rank_of(sq);
    }
    [[nodiscard]] int across(int sq) const noexcept {
        return 32 + dv_ * file_of(sq) - du_ * rank_of(sq);
    }

    // The earth mover's distance between two histograms of equal mass on a line.
    [[nodiscard]] static int emd(const int* a, const int* b) noexcept {
        int carried = 0, total = 0;
        for (int i = 0; i < kBins; ++i) {
            carried += a[i] - b[i];
            total += carried < 0 ? -carried : carried;
        }
        return total;
    }

    const Puzzle& p_;
    Bitboard target_;
    bool has_target_ = false;
    int du_ = 1, dv_ = 1;
    bool equal_ = true;
    int goal_min_ = 1 << 20;
    int goal_along_[kBins] = {}, goal_across_[kBins] = {};
    // The weights of the score's terms, found by trying the built-in puzzles.
    static constexpr int kAlongWeight = 4;     // distance along the start-to-target line
    static constexpr int kAcrossWeight = 2;    // distance across it
    static constexpr int kEmptyWeight = 1;     // an empty target square
    static constexpr int kStragglerWeight = 4; // a straggler's squared distance, over 8
    static constexpr int kUnmatchedWeight = 8; // a piece without its mirror image
};

// The position of a set of player-1 pieces.
[[nodiscard]] inline Position position_of(const Bitboard& pieces, int size) {
    Position pos(size);
    for_each_square(pieces, [&](int sq) { pos.put(sq, 0); });
    return pos;
}

// The beam search's policy for a puzzle (halma/beam.hpp): the guiding score, the goal, and
// the lower bound as the test of what can still reach it.
class SolverPolicy {
  public:
    explicit SolverPolicy(const Puzzle& p)
        : p_(p), rules_(puzzle_rules(p)), camps_(puzzle_camps(p)),
          guide_(p, p.goal == GoalKind::Fill ? &p.goal_squares : nullptr) {}

    template <class F>
    void children(const Bitboard& pieces, int, F&& f) const {
        const Position pos = position_of(pieces, p_.size);
        for_each_square(pieces, [&](int from) {
            for_each_square(destinations(pos, rules_, camps_, 0, from), [&](int to) {
                Bitboard child = pieces;
                child.reset(from);
                child.set(to);
                f(Move(from, to), child);
            });
        });
    }
    [[nodiscard]] bool goal(const Bitboard& pieces) const { return goal_met(p_, pieces); }
    // The bound is at most two moves a piece: no need to work it out below that.
    [[nodiscard]] bool can_reach(const Bitboard& pieces, int moves_left) const {
        return moves_left >= 2 * pieces.count() || lower_bound(p_, pieces) <= moves_left;
    }
    [[nodiscard]] int score(const Bitboard& pieces, int) const { return guide_.score(pieces); }

  private:
    const Puzzle& p_;
    Rules rules_;
    Camps camps_;
    Guide guide_;
};

// For a crossing whose goal is the start's mirror image across a diagonal: a solution by
// reaching a figure symmetric across that diagonal (within half the budget), then the
// mirrored moves played backwards (a move's reverse is a move over the same pieces). Empty
// when none is found or the camp rule forbids the way back. report gets the search's figures.
[[nodiscard]] inline std::vector<Move> mirrored_crossing(const Puzzle& p, const Position& from,
                                                         int moves_made, const BeamBudget& half,
                                                         BeamReport& report) {
    const Bitboard root = from.pieces(0);
    if (p.goal != GoalKind::Fill || p.goal_squares.count() != root.count()) return {};
    for (GoalKind kind : {GoalKind::SymmetricAntidiagonal, GoalKind::SymmetricDiagonal}) {
        if (mirror_set(root, kind, p.size) != p.goal_squares) continue;
        Puzzle figure = p;
        figure.goal = kind;
        figure.goal_squares = Bitboard{};
        figure.camp_rule = false;
        figure.limit = p.limit > 0 ? (p.limit - moves_made) / 2 : 0;
        SolverPolicy policy(figure);
        BeamSchedule schedule;
        schedule.cap = figure.limit > 0 ? figure.limit : 4 * lower_bound(figure, root) + 32;
        schedule.cap_grows = figure.limit == 0;
        BeamReport& r = report;
        r = plan_by_beams(policy, root, schedule, half);
        if (!r.best.goal) return {};
        std::vector<Move> moves = r.best.moves;
        for (auto m = r.best.moves.rbegin(); m != r.best.moves.rend(); ++m)
            moves.push_back(Move(mirror_set(Bitboard::of(m->to()), kind, p.size).first(),
                                 mirror_set(Bitboard::of(m->from()), kind, p.size).first()));
        Game check(p);
        bool legal = check.setup(from).empty();
        for (Move m : moves) legal = legal && check.play(m);
        return legal && check.result().outcome == Outcome::Won ? moves : std::vector<Move>{};
    }
    return {};
}

} // namespace detail

// Searches for the fewest moves from `from` (moves_made moves into the puzzle already) to the
// goal, within the limits. The moves returned are legal and reach the goal.
[[nodiscard]] inline Solution solve(const Puzzle& p, const Position& from, int moves_made,
                                    const SolverLimits& limits) {
    using Clock = BeamBudget::Clock;
    const auto t0 = Clock::now();
    auto seconds_since = [&](Clock::time_point t) {
        return std::chrono::duration<double>(t - t0).count();
    };
    Solution out;
    const Bitboard root = from.pieces(0);
    out.lower_bound = lower_bound(p, root);
    if (goal_met(p, root)) {
        out.found = true;
        return out;
    }
    // 1. The budget, and the most moves a solution may have: the move limit, or with no limit
    //    four times the bound and 32, doubled after each run that finds nothing.
    BeamBudget budget;
    if (limits.max_ms > 0) budget.deadline = t0 + std::chrono::milliseconds(limits.max_ms);
    budget.max_nodes = limits.max_nodes;
    budget.stop = limits.stop;
    BeamSchedule schedule;
    schedule.max_width = static_cast<std::size_t>(std::max(1, limits.max_width));
    schedule.cap = p.limit > 0 ? p.limit - moves_made : 4 * out.lower_bound + 32;
    schedule.cap_grows = p.limit == 0;
    // 2. A mirrored crossing first, with half the budget; it is the line to beat.
    BeamBudget half = budget;
    if (limits.max_ms > 0) half.deadline = t0 + std::chrono::milliseconds(limits.max_ms / 2);
    half.max_nodes = limits.max_nodes / 2;
    BeamReport mirrored;
    BeamLine incumbent;
    incumbent.moves = detail::mirrored_crossing(p, from, moves_made, half, mirrored);
    incumbent.goal =
        !incumbent.moves.empty() && static_cast<int>(incumbent.moves.size()) <= schedule.cap;
    if (!incumbent.goal) incumbent.moves.clear();
    if (budget.max_nodes) budget.max_nodes -= std::min(budget.max_nodes - 1, mirrored.nodes);
    // 3. The crossing searched directly, to beat it.
    detail::SolverPolicy policy(p);
    BeamReport r = plan_by_beams(policy, root, schedule, budget, incumbent);
    const BeamReport& finder = r.width || !incumbent.goal ? r : mirrored;
    out.found = r.best.goal;
    if (out.found) out.moves = r.best.moves;
    out.width = static_cast<int>(finder.width);
    out.nodes = r.nodes + mirrored.nodes;
    out.seconds = seconds_since(Clock::now());
    out.found_seconds = out.found ? seconds_since(finder.found_at) : 0;
    return out;
}

// What a hint says: a move, whether it starts a line found to reach the goal, and why the
// goal is out of reach when that is proved.
struct Hint {
    Move move;                // Move::none() when the puzzle is over
    bool on_a_line = false;   // the move starts a line found to reach the goal
    std::string out_of_reach; // when no line reaches the goal: a sentence saying why; else empty
};

namespace detail {

// The legal move the guiding score likes best (a move reaching the goal first), for when no
// line to the goal is found.
[[nodiscard]] inline Move guided_move(const Game& g) {
    const Puzzle& puzzle = *g.puzzle();
    MoveList list;
    g.legal_moves(list);
    const Guide guide(puzzle, puzzle.goal == GoalKind::Fill ? &puzzle.goal_squares : nullptr);
    Move best = Move::none();
    int best_score = 0;
    for (Move m : list) {
        Bitboard child = g.position().pieces(0);
        child.reset(m.from());
        child.set(m.to());
        int score = goal_met(puzzle, child) ? -1 : guide.score(child);
        if (best.is_none() || score < best_score) best = m, best_score = score;
    }
    return best;
}

// The figure solver's hint (figures.hpp), within the time and stop flag of the limits.
[[nodiscard]] inline Hint figure_hint(const Game& g, const SolverLimits& limits) {
    FigureBudget budget;
    budget.max_ms = limits.max_ms;
    budget.stop = limits.stop;
    FigureSearch search(*g.puzzle(), budget);
    const FigureAnswer a = search.solve(g.position(), moves_left(g));
    Hint h;
    h.on_a_line = a.verdict == FigureAnswer::Verdict::Found && !a.line.empty();
    h.move = h.on_a_line ? a.line.front() : guided_move(g);
    if (a.verdict == FigureAnswer::Verdict::Unreachable)
        h.out_of_reach = out_of_reach_text(*g.puzzle(), a.why);
    return h;
}

} // namespace detail

// The most moves to spare at which a figure puzzle goes to the figure solver: its bounds are
// sharp when every move must count, loose when many may be wasted, where the beam does better.
constexpr int kFigureSlack = 2;

// A next move towards the goal from the game's position. Figure puzzles with at most
// kFigureSlack moves to spare go to the figure solver, which also proves when the goal is out
// of reach; the rest to the beam search, whose first move of the best solution found is the
// hint. With no line found, the move the guiding score likes best.
[[nodiscard]] inline Hint hint(const Game& g, const SolverLimits& limits) {
    if (g.over() || !g.puzzle()) return {};
    const Puzzle& puzzle = *g.puzzle();
    if (figure_puzzle(puzzle) && figure_slack(g) <= kFigureSlack)
        return detail::figure_hint(g, limits);
    Solution s = solve(puzzle, g.position(), static_cast<int>(g.ply()), limits);
    Hint h;
    h.on_a_line = s.found && !s.moves.empty();
    h.move = h.on_a_line ? s.moves.front() : detail::guided_move(g);
    return h;
}

} // namespace halma::solo
