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
//  - fill goals with fewer squares than pieces: the number of empty goal squares.
//  - symmetric goals: with a pieces whose mirror square is empty, one move mends at most two
//    of them (the moved piece, and the one it lands opposite), so ceil(a / 2).
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

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
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
        return (unmatched + 1) / 2;
    }
    const Bitboard& goal = p.goal_squares;
    if (goal.count() != pieces.count()) return (goal & ~pieces).count();
    int have[4] = {0, 0, 0, 0}, need[4] = {0, 0, 0, 0};
    for_each_square(pieces, [&](int sq) { ++have[(file_of(sq) & 1) * 2 + (rank_of(sq) & 1)]; });
    for_each_square(goal, [&](int sq) { ++need[(file_of(sq) & 1) * 2 + (rank_of(sq) & 1)]; });
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

// A well-mixed 64-bit key of a set of squares.
[[nodiscard]] inline std::uint64_t key_of(const Bitboard& b) noexcept {
    std::uint64_t h = 0x243F6A8885A308D3ULL;
    for (std::uint64_t w : b.w) {
        h ^= w + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h ? h : 1;
}

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

// A set of 64-bit keys (never 0: key_of() maps 0 elsewhere), open addressing.
class KeySet {
  public:
    KeySet() : slots_(1 << 12, 0) {}

    // Adds a key; returns whether it was new.
    bool insert(std::uint64_t key) {
        if (2 * (count_ + 1) > slots_.size()) grow();
        std::size_t mask = slots_.size() - 1;
        for (std::size_t i = key & mask;; i = (i + 1) & mask) {
            if (slots_[i] == key) return false;
            if (slots_[i] == 0) {
                slots_[i] = key;
                ++count_;
                return true;
            }
        }
    }
    [[nodiscard]] bool contains(std::uint64_t key) const noexcept {
        std::size_t mask = slots_.size() - 1;
        for (std::size_t i = key & mask;; i = (i + 1) & mask) {
            if (slots_[i] == key) return true;
            if (slots_[i] == 0) return false;
        }
    }

  private:
    void grow() {
        std::vector<std::uint64_t> old(slots_.size() * 2, 0);
        old.swap(slots_);
        count_ = 0;
        for (std::uint64_t k : old)
            if (k) insert(k);
    }

    std::vector<std::uint64_t> slots_;
    std::size_t count_ = 0;
};

using Node = BeamNode;
using halma::keep_best;

// The position of a set of player-1 pieces.
[[nodiscard]] inline Position position_of(const Bitboard& pieces, int size) {
    Position pos(size);
    for_each_square(pieces, [&](int sq) { pos.put(sq, 0); });
    return pos;
}

} // namespace detail

namespace detail {

// What one beam run needs and tells: the puzzle, its rules, the guide, the most moves a
// solution may have, the budget check, and the positions generated.
struct Beam {
    const Puzzle& p;
    Rules rules;
    Camps camps;
    Guide guide;
    int cap;
    std::uint64_t nodes = 0;
    bool out_of_budget = false;
};

// One beam search of the given width from root; the moves of the shortest solution it finds
// within b.cap moves, or nothing. Stops early when spent() says so.
template <class Spent>
std::vector<Move> beam_run(Beam& b, const Bitboard& root, std::size_t width, Spent&& spent) {
    // Positions kept at earlier depths are never worth keeping again deeper down.
    const std::uint64_t root_key = key_of(root);
    std::vector<Node> kept{{root, root_key, -1, Move::none(), 0}};
    KeySet seen;
    seen.insert(root_key);
    std::vector<Node> next;
    std::size_t layer_begin = 0;
    const int pieces = root.count(); // the bound is at most 2 x pieces: no need below that
    for (int depth = 1; depth <= b.cap; ++depth) {
        next.clear();
        bool solved = false;
        const std::size_t layer_end = kept.size();
        for (std::size_t i = layer_begin; i < layer_end && !solved; ++i) {
            if (spent()) {
                b.out_of_budget = true;
                return {};
            }
            const Bitboard bits = kept[i].pieces;
            const Position pos = position_of(bits, b.p.size);
            for_each_square(bits, [&](int sq) {
                for_each_square(destinations(pos, b.rules, b.camps, 0, sq), [&](int to) {
                    if (solved) return;
                    Bitboard child = bits;
                    child.reset(sq);
                    child.set(to);
                    ++b.nodes;
                    const std::uint64_t key = key_of(child);
                    if (seen.contains(key)) return;
                    const int parent = static_cast<int>(i);
                    if (goal_met(b.p, child)) {
                        next.assign(1, {child, key, parent, Move(sq, to), 0});
                        solved = true;
                    } else if (depth + 2 * pieces <= b.cap ||
                               depth + lower_bound(b.p, child) <= b.cap) {
                        next.push_back({child, key, parent, Move(sq, to), b.guide.score(child)});
                    }
                });
            });
            if (!solved && next.size() > 4 * width + 4096) keep_best(next, width);
        }
        if (next.empty()) return {};
        if (solved) {
            std::vector<Move> moves{next[0].move};
            for (int at = next[0].parent; at > 0; at = kept[at].parent)
                moves.push_back(kept[at].move);
            return std::vector<Move>(moves.rbegin(), moves.rend());
        }
        keep_best(next, width);
        layer_begin = kept.size();
        for (const Node& n : next) seen.insert(n.key);
        kept.insert(kept.end(), next.begin(), next.end());
    }
    return {};
}

} // namespace detail

// Searches for the fewest moves from `from` (moves_made moves into the puzzle already) to the
// goal, within the limits. The moves returned are legal and reach the goal.
[[nodiscard]] inline Solution solve(const Puzzle& p, const Position& from, int moves_made,
                                    const SolverLimits& limits) {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    auto elapsed_ms = [&] {
        return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    };
    Solution best;
    const Bitboard root = from.pieces(0);
    best.lower_bound = lower_bound(p, root);
    if (goal_met(p, root)) {
        best.found = true;
        return best;
    }
    // cap: the most moves a solution may have: the move limit, then one fewer than the best.
    // With no limit a narrow beam could wander for ever, so runs stop at a depth of four times
    // the bound and 32, doubled after each run that finds nothing.
    const bool limited = p.limit > 0;
    detail::Beam b{p, puzzle_rules(p), puzzle_camps(p),
                   detail::Guide(p, p.goal == GoalKind::Fill ? &p.goal_squares : nullptr),
                   limited ? p.limit - moves_made : 4 * best.lower_bound + 32};
    auto spent = [&] {
        return (limits.stop && limits.stop->load(std::memory_order_relaxed)) ||
               (limits.max_nodes && b.nodes >= limits.max_nodes) ||
               (limits.max_ms > 0 && elapsed_ms() >= limits.max_ms);
    };
    // A crossing whose goal is the mirror image of the start: half the budget goes to reaching
    // a figure symmetric across that mirror line, then the mirrored moves played backwards
    // lead from it to the goal (a move's reverse is a move over the same pieces).
    if (p.goal == GoalKind::Fill && p.goal_squares.count() == root.count())
        for (GoalKind kind : {GoalKind::SymmetricAntidiagonal, GoalKind::SymmetricDiagonal}) {
            if (mirror_set(root, kind, p.size) != p.goal_squares) continue;
            Puzzle half = p;
            half.goal = kind;
            half.goal_squares = Bitboard{};
            half.camp_rule = false;
            half.limit = p.limit > 0 ? (p.limit - moves_made) / 2 : 0;
            SolverLimits half_limits = limits;
            half_limits.max_ms = limits.max_ms / 2;
            half_limits.max_nodes = limits.max_nodes / 2;
            Solution h = solve(half, from, 0, half_limits);
            b.nodes += h.nodes;
            if (!h.found) break;
            std::vector<Move> moves = h.moves;
            for (auto m = h.moves.rbegin(); m != h.moves.rend(); ++m) {
                Bitboard from_set = mirror_set(Bitboard::of(m->to()), kind, p.size);
                Bitboard to_set = mirror_set(Bitboard::of(m->from()), kind, p.size);
                moves.push_back(Move(from_set.first(), to_set.first()));
            }
            // The camp rule may forbid the way back; keep it only if every move is legal.
            Game check(p);
            bool legal = check.setup(from).empty();
            for (Move m : moves) legal = legal && check.play(m);
            if (legal && check.result().outcome == Outcome::Won &&
                static_cast<int>(moves.size()) <= b.cap) {
                best.found = true;
                best.moves = std::move(moves);
                best.width = h.width;
                best.found_seconds = elapsed_ms() / 1000;
                b.cap = static_cast<int>(best.moves.size()) - 1;
            }
            break;
        }

    // A run twice as wide costs about twice as much: once a solution is in hand, a run that
    // cannot finish within the budget is not started.
    double last_ms = 0;
    std::uint64_t last_nodes = 0;
    int done_width = 0; // the widest run that finished
    for (int width = 1; width <= std::max(1, limits.max_width); width *= 2) {
        const double start_ms = elapsed_ms();
        const std::uint64_t start_nodes = b.nodes;
        if (best.found && ((limits.max_ms > 0 && start_ms + 2.2 * last_ms > limits.max_ms) ||
                           (limits.max_nodes && b.nodes + 2.2 * last_nodes > limits.max_nodes)))
            break;
        std::vector<Move> moves = detail::beam_run(b, root, static_cast<std::size_t>(width), spent);
        if (!moves.empty()) {
            best.found = true;
            best.moves = std::move(moves);
            best.width = width;
            best.found_seconds = elapsed_ms() / 1000;
            b.cap = static_cast<int>(best.moves.size()) - 1;
        } else if (!best.found && !limited && b.cap < (1 << 20)) {
            b.cap *= 2;
        }
        if (b.out_of_budget || (best.found && b.cap < best.lower_bound)) break; // bound proves it
        last_ms = elapsed_ms() - start_ms;
        last_nodes = b.nodes - start_nodes;
        done_width = width;
    }
    // Polishing, with what the budget has left: the tails of the best solution (its last 16,
    // 24, 32, ... moves) are searched again from the position before them with a wider beam
    // than the whole search could afford; a shorter tail replaces the old one.
    for (int width = 2 * done_width; best.found && !b.out_of_budget && done_width &&
                                     width <= limits.max_width && b.cap >= best.lower_bound;) {
        bool improved = false;
        const int len = static_cast<int>(best.moves.size());
        for (int k = len - 16; k >= 1 && !improved && !b.out_of_budget; k -= 8) {
            Position at = from;
            for (int i = 0; i < k; ++i) at.do_move(best.moves[i]);
            b.cap = len - k - 1;
            if (lower_bound(p, at.pieces(0)) > b.cap) continue;
            std::vector<Move> tail =
                detail::beam_run(b, at.pieces(0), static_cast<std::size_t>(width), spent);
            if (tail.empty()) continue;
            best.moves.resize(static_cast<std::size_t>(k));
            best.moves.insert(best.moves.end(), tail.begin(), tail.end());
            best.width = width;
            best.found_seconds = elapsed_ms() / 1000;
            improved = true;
        }
        b.cap = static_cast<int>(best.moves.size()) - 1;
        if (!improved) width *= 2;
    }
    best.nodes = b.nodes;
    best.seconds = elapsed_ms() / 1000;
    return best;
}

// A next move towards the goal from the game's position: the first move of the best solution
// found within the limits, or the move the guiding score likes best when none is found.
// Move::none() when the puzzle is over.
[[nodiscard]] inline Move hint(const Game& g, const SolverLimits& limits) {
    if (g.over() || !g.puzzle()) return Move::none();
    const Puzzle& puzzle = *g.puzzle();
    Solution s = solve(puzzle, g.position(), static_cast<int>(g.ply()), limits);
    if (s.found && !s.moves.empty()) return s.moves.front();
    MoveList list;
    g.legal_moves(list);
    const detail::Guide guide(puzzle,
                              puzzle.goal == GoalKind::Fill ? &puzzle.goal_squares : nullptr);
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

} // namespace halma::solo
