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
#include <mutex>
#include <string>
#include <vector>

namespace halma::solo {

// What the solver may spend: 0 means no limit for nodes and time.
struct SolverLimits {
    std::uint64_t max_nodes = 0; // positions generated
    int max_ms = 0;              // wall time
    int max_width = 1 << 14;     // the widest beam tried
    const std::atomic<bool>* stop = nullptr;
    // Lines the caller knows that may reach the goal from the given position (a plan carried
    // on from an earlier one): each is checked, and the shortest legal one is the line the
    // search must beat.
    const std::vector<std::vector<Move>>* known = nullptr;
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
// the lower bound as the test of what can still reach it. The pieces of `from` other than
// player 1's stand still, those on goal squares only until the first move (they are counted on
// to leave: the race meter's view of a seat's crossing among the others' pieces).
class SolverPolicy {
  public:
    SolverPolicy(const Puzzle& p, const Position& from) : SolverPolicy(p, from, p.goal_squares) {}
    // The same, others' pieces on `leaving` (rather than on the goal squares) counted on to
    // leave.
    SolverPolicy(const Puzzle& p, const Position& from, const Bitboard& leaving)
        : p_(p), rules_(puzzle_rules(p)), camps_(puzzle_camps(p)),
          guide_(p, p.goal == GoalKind::Fill ? &p.goal_squares : nullptr), first_(from),
          later_(from) {
        for_each_square(from.pieces(0), [&](int sq) { first_.remove(sq), later_.remove(sq); });
        for_each_square(later_.occupied() & leaving, [&](int sq) { later_.remove(sq); });
    }

    template <class F>
    void children(const Bitboard& pieces, int moves_made, F&& f) const {
        Position pos = moves_made == 0 ? first_ : later_;
        for_each_square(pieces, [&](int sq) { pos.put(sq, 0); });
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
    // The others' pieces that stand in the way after the first move.
    [[nodiscard]] const Bitboard& standing() const noexcept { return later_.occupied(); }
    // Whether line is legal from root, move by move, and meets the goal at its end.
    [[nodiscard]] bool replays(Bitboard pieces, const std::vector<Move>& line) const {
        for (std::size_t i = 0; i < line.size(); ++i) {
            bool legal = false;
            children(pieces, static_cast<int>(i),
                     [&](Move c, const Bitboard&) { legal = legal || c == line[i]; });
            if (!legal || goal(pieces)) return false;
            pieces.reset(line[i].from());
            pieces.set(line[i].to());
        }
        return goal(pieces);
    }

  private:
    const Puzzle& p_;
    Rules rules_;
    Camps camps_;
    Guide guide_;
    Position first_, later_; // the board without player 1's pieces, at the first move, later
};

// The mirror image of a move across the diagonal of a symmetric goal kind.
[[nodiscard]] inline Move mirror_move(Move m, GoalKind kind, int size) noexcept {
    return Move(mirror_square(m.from(), kind, size), mirror_square(m.to(), kind, size));
}

// The moves from pieces to a figure symmetric across the diagonal of kind, others' pieces
// standing on `first` at the first move and on `later` after it, within the budget; empty
// when none is found. report gets the search's figures.
[[nodiscard]] inline std::vector<Move> to_symmetry(const Puzzle& p, GoalKind kind,
                                                   const Bitboard& pieces, const Position& first,
                                                   const Bitboard& leaving, int most,
                                                   const BeamBudget& budget, BeamReport& report) {
    Puzzle figure = p;
    figure.goal = kind;
    figure.goal_squares = Bitboard{};
    figure.camp_rule = false;
    figure.limit = most;
    const SolverPolicy policy(figure, first, leaving);
    BeamSchedule schedule;
    schedule.cap = most > 0 ? most : 4 * lower_bound(figure, pieces) + 32;
    schedule.cap_grows = most == 0;
    report = plan_by_beams(policy, pieces, schedule, budget);
    return report.best.goal ? report.best.moves : std::vector<Move>{};
}

// The line from a camp S to a symmetric figure that the mirrored crossings from S and from
// every position along it share, so that each step along it takes one move off the crossing
// found: worked out once for each board, camp, standing pieces and budget of positions.
[[nodiscard]] inline std::vector<Move> line_from_camp(const Puzzle& p, GoalKind kind,
                                                      const Bitboard& home, const Position& board,
                                                      const BeamBudget& budget) {
    struct Key {
        int size;
        bool longjumps;
        GoalKind kind;
        Bitboard home, still;
        std::uint64_t nodes;
        bool operator==(const Key& o) const noexcept {
            return size == o.size && longjumps == o.longjumps && kind == o.kind && home == o.home &&
                   still == o.still && nodes == o.nodes;
        }
    };
    static std::mutex lock;
    static std::vector<std::pair<Key, std::vector<Move>>> known;
    const Key key{p.size, p.longjumps, kind, home, board.occupied() & ~home, budget.max_nodes};
    BeamReport report;
    // Kept only when the budget is positions alone: a clock's line depends on the machine.
    if (budget.deadline != BeamBudget::Clock::time_point::max() || budget.spent(0))
        return to_symmetry(p, kind, home, board, Bitboard{}, 0, budget, report);
    {
        std::lock_guard<std::mutex> hold(lock);
        for (const auto& k : known)
            if (k.first == key) return k.second;
    }
    std::vector<Move> line = to_symmetry(p, kind, home, board, Bitboard{}, 0, budget, report);
    if (budget.stop && budget.stop->load()) return line;
    std::lock_guard<std::mutex> hold(lock);
    if (known.size() >= 64) known.clear();
    known.emplace_back(key, line);
    return line;
}

// For a crossing whose goal is the mirror image S of a camp across a diagonal, others' pieces
// standing symmetric across it after the first move: a line by way of a figure symmetric
// across that diagonal (a move's reverse is a move over the same pieces, so the moves from S
// to the figure, mirrored and played backwards, lead on from the figure to the goal):
//  - from a position on the line from S to the figure (line_from_camp), the rest of it and
//    then the line mirrored and played backwards; from the mirror image of a position on it,
//    that part of the line mirrored and played backwards;
//  - else, from pieces a few moves from S: a line back to S (B, c moves) and one to a
//    symmetric figure (A, a moves); then A mirrored and played backwards, then B mirrored:
//    2a + c moves.
// Within half the budget; empty when none is found or the line is not legal. report gets the
// searches' figures.
[[nodiscard]] inline std::vector<Move> mirrored_crossing(const Puzzle& p, const Position& from,
                                                         int moves_made, const BeamBudget& half,
                                                         BeamReport& report) {
    constexpr int kLongestWayBack = 8; // moves: further from S, a direct search does better
    const Bitboard root = from.pieces(0);
    const SolverPolicy crossing(p, from);
    if (p.goal != GoalKind::Fill || p.goal_squares.count() != root.count()) return {};
    for (GoalKind kind : {GoalKind::SymmetricAntidiagonal, GoalKind::SymmetricDiagonal}) {
        const Bitboard home = mirror_set(p.goal_squares, kind, p.size);
        const Bitboard still = crossing.standing();
        if ((home & p.goal_squares).any() || mirror_set(still, kind, p.size) != still) continue;
        // Away from S only under a budget of positions alone (the race meter's): under a clock
        // (a player's hint) the whole budget goes to the direct way, as it does from S.
        if (root != home &&
            (half.deadline != BeamBudget::Clock::time_point::max() || half.max_nodes == 0))
            continue;
        Position later = position_of(home, p.size);
        for_each_square(still, [&](int sq) { later.put(sq, 1); });
        auto checked = [&](std::vector<Move> moves) {
            return crossing.replays(root, moves) ? moves : std::vector<Move>{};
        };
        // 1. On the shared line, or on its mirror image.
        const std::vector<Move> shared = line_from_camp(p, kind, home, later, half);
        Bitboard at = home;
        for (std::size_t j = 0; j <= shared.size(); ++j) {
            if (at == root || mirror_set(at, kind, p.size) == root) {
                std::vector<Move> moves;
                if (at == root) {
                    moves.assign(shared.begin() + static_cast<std::ptrdiff_t>(j), shared.end());
                    for (auto m = shared.rbegin(); m != shared.rend(); ++m)
                        moves.push_back(mirror_move(Move(m->to(), m->from()), kind, p.size));
                } else {
                    for (std::size_t i = j; i-- > 0;)
                        moves.push_back(
                            mirror_move(Move(shared[i].to(), shared[i].from()), kind, p.size));
                }
                if (!(moves = checked(moves)).empty()) return moves;
            }
            if (j < shared.size()) at.reset(shared[j].from()), at.set(shared[j].to());
        }
        // 2. Back to S, then to a figure.
        std::vector<Move> back;
        report = {};
        later = position_of(root, p.size);
        for_each_square(still, [&](int sq) { later.put(sq, 1); });
        if (root != home) {
            Puzzle to_home = p;
            to_home.start = root;
            to_home.goal_squares = home;
            to_home.camp_rule = false;
            if (lower_bound(to_home, root) > kLongestWayBack) continue;
            const SolverPolicy policy(to_home, later, Bitboard{});
            BeamSchedule schedule;
            schedule.cap = kLongestWayBack;
            BeamBudget quarter = half;
            quarter.max_nodes /= 4;
            report = plan_by_beams(policy, root, schedule, quarter);
            if (!report.best.goal) continue;
            back = report.best.moves;
        }
        BeamBudget rest = half;
        if (rest.max_nodes) rest.max_nodes -= std::min(rest.max_nodes - 1, report.nodes);
        BeamReport r;
        const int most =
            p.limit > 0 ? (p.limit - moves_made - static_cast<int>(back.size())) / 2 : 0;
        std::vector<Move> moves = to_symmetry(p, kind, root, from, p.goal_squares, most, rest, r);
        report.nodes += r.nodes;
        report.width = r.width;
        report.found_at = r.found_at;
        if (moves.empty()) return {};
        const std::vector<Move> there = moves;
        for (auto m = there.rbegin(); m != there.rend(); ++m)
            moves.push_back(mirror_move(Move(m->to(), m->from()), kind, p.size));
        for (Move m : back) moves.push_back(mirror_move(m, kind, p.size));
        return checked(moves);
    }
    return {};
}

} // namespace detail

// Searches for the fewest moves from `from` (moves_made moves into the puzzle already) to the
// goal, within the limits. The moves returned are legal and reach the goal. Other players'
// pieces in `from` stand still (SolverPolicy).
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
    detail::SolverPolicy policy(p, from);
    // 3. A shorter line the caller knows, if one is legal; or, when its first move cannot
    //    be made yet (another's piece on a goal square it was counted on to leave), the
    //    line led by the first of its moves that can.
    bool known_best = false;
    if (limits.known)
        for (const std::vector<Move>& line : *limits.known) {
            if (static_cast<int>(line.size()) > schedule.cap ||
                (incumbent.goal && line.size() >= incumbent.moves.size()))
                continue;
            std::vector<Move> tried = line;
            for (std::size_t lead = 0; lead < line.size(); ++lead) {
                if (lead > 0) {
                    tried = line;
                    std::rotate(tried.begin(), tried.begin() + static_cast<std::ptrdiff_t>(lead),
                                tried.begin() + static_cast<std::ptrdiff_t>(lead) + 1);
                }
                if (!policy.replays(root, tried)) continue;
                incumbent.moves = std::move(tried), incumbent.goal = true, known_best = true;
                break;
            }
        }
    // 4. The crossing searched directly, to beat it.
    BeamReport r = plan_by_beams(policy, root, schedule, budget, incumbent);
    const BeamReport& finder = r.width || !incumbent.goal || known_best ? r : mirrored;
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
