// The beam search over one player's whole moves, shared by the solitaire solver
// (solo/solver.hpp) and the AI's race planner (ai/race.hpp), which differ only in their
// policy: how a position scores, what is the goal, which children can still reach it.
//
// One run: breadth first from the root, one layer per move; every child of the kept
// positions is generated (steps and whole hop chains), a position kept at an earlier depth
// is never kept again, and the `width` best-scored distinct children are kept. It stops at
// the first child that meets the goal, or at the depth cap. The search as a whole
// (plan_by_beams) runs widths doubling while time lasts, each run capped one move shorter
// than the best line found, then spends what is left on the line's tails: from the
// position before its last 12 (or 16), 20, 28, ... moves a wider beam looks for a shorter
// way to the goal.
//
// A policy provides, for positions given as the bitboard of the moving player's pieces:
//   void children(const Bitboard& pieces, int moves_made, F&& f)
//       calls f(Move, const Bitboard& child) for every move from pieces, moves_made moves
//       into the line (0: the line's first move);
//   bool goal(const Bitboard& pieces)                          whether the goal is met;
//   bool can_reach(const Bitboard& pieces, int moves_left)     false only when the goal is
//       provably out of reach in moves_left moves;
//   int score(const Bitboard& pieces, int moves_made)          lower is better; moves_made
//       counts from the start of the whole line, not of the run.
#pragma once

#include "halma/bitboard.hpp"
#include "halma/move.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

namespace halma {

// One position kept in a beam: where the moving player's pieces stand, its key, how it was
// reached (the index of the position before it, and the move), and its score (lower is
// better).
struct BeamNode {
    Bitboard pieces;
    std::uint64_t key;
    int parent;
    Move move;
    int score;
};

// A well-mixed 64-bit key of a set of squares (never 0, which marks a free slot).
[[nodiscard]] inline std::uint64_t beam_key(const Bitboard& b) noexcept {
    std::uint64_t h = 0x243F6A8885A308D3ULL;
    for (std::uint64_t w : b.w) {
        h ^= w + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h ? h : 1;
}

// Keeps the `width` best-scored distinct positions of a layer's candidates (ties by key, so
// the result does not depend on the order the candidates came in).
inline void keep_best(std::vector<BeamNode>& nodes, std::size_t width) {
    std::sort(nodes.begin(), nodes.end(), [](const BeamNode& a, const BeamNode& b) {
        return a.key != b.key ? a.key < b.key : a.score < b.score;
    });
    nodes.erase(std::unique(nodes.begin(), nodes.end(),
                            [](const BeamNode& a, const BeamNode& b) { return a.key == b.key; }),
                nodes.end());
    if (nodes.size() <= width) return;
    std::nth_element(nodes.begin(), nodes.begin() + static_cast<std::ptrdiff_t>(width), nodes.end(),
                     [](const BeamNode& a, const BeamNode& b) {
                         return a.score != b.score ? a.score < b.score : a.key < b.key;
                     });
    nodes.resize(width);
}

// A set of keys (never 0), open addressing: the positions a run has kept.
class KeySet {
  public:
    KeySet() : slots_(1 << 12, 0) {}

    void clear() {
        std::fill(slots_.begin(), slots_.end(), 0);
        count_ = 0;
    }

    // Adds a key; returns whether it was new.
    bool insert(std::uint64_t key) {
        if (2 * (count_ + 1) > slots_.size()) grow();
        const std::size_t mask = slots_.size() - 1;
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
        const std::size_t mask = slots_.size() - 1;
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

// A line of moves from a root and where it leads: to the goal, or (no goal reached) to the
// best-scored position of the deepest layer, with that score.
struct BeamLine {
    std::vector<Move> moves;
    bool goal = false;
    int score = 0;
};

// What a search may spend: it stops at the deadline, at max_nodes positions generated (0: no
// limit), or when *stop is set.
struct BeamBudget {
    using Clock = std::chrono::steady_clock;
    Clock::time_point deadline = Clock::time_point::max();
    std::uint64_t max_nodes = 0;
    const std::atomic<bool>* stop = nullptr;

    // Whether the budget is spent, nodes generated so far.
    [[nodiscard]] bool spent(std::uint64_t nodes) const {
        return (stop && stop->load(std::memory_order_relaxed)) ||
               (max_nodes && nodes >= max_nodes) || Clock::now() >= deadline;
    }
    // Whether a run costing `time` and `nodes` more, started now, would overrun it.
    [[nodiscard]] bool too_little_for(Clock::duration time, std::uint64_t nodes_now,
                                      std::uint64_t nodes) const {
        return (deadline != Clock::time_point::max() && Clock::now() + time > deadline) ||
               (max_nodes && nodes_now + nodes > max_nodes);
    }
};

// How plan_by_beams spends its budget.
struct BeamSchedule {
    std::size_t first_width = 1; // the first run's width; each next run doubles it
    std::size_t max_width = 1 << 14;
    int cap = 0;            // the most moves a line may have
    bool cap_grows = false; // double the cap after a run that reaches no goal
    int first_tail = 16;    // polishing starts with the line's last first_tail moves
};

// What plan_by_beams did.
struct BeamReport {
    BeamLine best;
    std::size_t width = 0;                    // the width of the run that found the best line
    BeamBudget::Clock::time_point found_at{}; // when it was found
    std::uint64_t nodes = 0;                  // positions generated in all
    bool out_of_budget = false;
};

// One beam search: its memory is kept between runs.
template <class Policy>
class BeamSearch {
  public:
    explicit BeamSearch(Policy& policy) : policy_(policy) {}

    [[nodiscard]] std::uint64_t nodes() const noexcept { return nodes_; }

    // One run of the given width from root, `after` moves into the line, at most cap moves
    // deep. False when the budget stopped it (out is then untouched).
    bool run(const Bitboard& root, int after, std::size_t width, int cap, const BeamBudget& budget,
             BeamLine& out) {
        // 1. The root is the first layer; it counts as kept.
        kept_.assign(1,
                     BeamNode{root, beam_key(root), -1, Move::none(), policy_.score(root, after)});
        seen_.clear();
        seen_.insert(kept_[0].key);
        std::size_t layer_begin = 0;
        int found = -1; // the node that meets the goal
        for (int depth = 1; depth <= cap && found < 0; ++depth) {
            // 2. Every child of the last layer, but those kept before or out of reach.
            next_.clear();
            const std::size_t layer_end = kept_.size();
            for (std::size_t i = layer_begin; i < layer_end && found < 0; ++i) {
                if (budget.spent(nodes_)) return false;
                expand(i, after + depth - 1, cap - depth, found);
                if (found < 0 && next_.size() > 4 * width + kSlack) keep_best(next_, width);
            }
            if (next_.empty()) break; // nowhere left to go
            // 3. The layer's best, remembered so no later layer keeps them again.
            if (found < 0) keep_best(next_, width);
            layer_begin = kept_.size();
            kept_.insert(kept_.end(), next_.begin(), next_.end());
            if (found >= 0) found = static_cast<int>(layer_begin);
            for (const BeamNode& n : next_) seen_.insert(n.key);
        }
        out = line_to(found, layer_begin);
        return true;
    }

  private:
    // Candidates past this many beyond four times the width are trimmed as they come.
    static constexpr std::size_t kSlack = 4096;

    // Adds the children of kept node i (made moves into the line) to the next layer; a child
    // that meets the goal ends the layer as its only node.
    void expand(std::size_t i, int made, int moves_left, int& found) {
        const Bitboard parent = kept_[i].pieces;
        policy_.children(parent, made, [&](Move m, const Bitboard& child) {
            if (found >= 0) return;
            ++nodes_;
            const std::uint64_t key = beam_key(child);
            if (seen_.contains(key)) return;
            BeamNode n{child, key, static_cast<int>(i), m, 0};
            if (policy_.goal(child)) {
                next_.assign(1, n);
                found = 0;
            } else if (policy_.can_reach(child, moves_left)) {
                n.score = policy_.score(child, made + 1);
                next_.push_back(n);
            }
        });
    }

    // The line to node `found`, or (none found) to the best node from layer_begin on.
    [[nodiscard]] BeamLine line_to(int found, std::size_t layer_begin) const {
        BeamLine line;
        std::size_t at = found >= 0 ? static_cast<std::size_t>(found) : layer_begin;
        if (found < 0)
            for (std::size_t i = layer_begin; i < kept_.size(); ++i)
                if (kept_[i].score < kept_[at].score) at = i;
        line.goal = found >= 0;
        line.score = line.goal ? 0 : kept_[at].score;
        for (int i = static_cast<int>(at); i > 0; i = kept_[static_cast<std::size_t>(i)].parent)
            line.moves.push_back(kept_[static_cast<std::size_t>(i)].move);
        std::reverse(line.moves.begin(), line.moves.end());
        return line;
    }

    Policy& policy_;
    std::vector<BeamNode> kept_, next_;
    KeySet seen_;
    std::uint64_t nodes_ = 0;
};

namespace detail {

// Whether line a is better than line b: the goal (sooner), else a better score.
[[nodiscard]] inline bool better_line(const BeamLine& a, const BeamLine& b) noexcept {
    if (a.goal != b.goal) return a.goal;
    if (a.goal) return a.moves.size() < b.moves.size();
    return a.score < b.score;
}

// The pieces after the first k moves of a line from root.
[[nodiscard]] inline Bitboard after_moves(Bitboard pieces, const std::vector<Move>& line,
                                          std::size_t k) noexcept {
    for (std::size_t i = 0; i < k; ++i) {
        pieces.reset(line[i].from());
        pieces.set(line[i].to());
    }
    return pieces;
}

} // namespace detail

// Plans a line from root by beams of doubling width, then polishes its tails, until the
// budget or the schedule's widest beam is spent (see the top of this header). incumbent,
// when given, is a line found earlier that a new one must beat.
template <class Policy>
BeamReport plan_by_beams(Policy& policy, const Bitboard& root, const BeamSchedule& schedule,
                         const BeamBudget& budget, BeamLine incumbent = {}) {
    using Clock = BeamBudget::Clock;
    constexpr int kNextRunCost = 22; // tenths of the last run's cost a run twice as wide takes
    BeamSearch<Policy> search(policy);
    BeamReport report;
    report.best = std::move(incumbent);
    int cap = schedule.cap;
    std::size_t done = 0; // the widest run that finished
    // 1. Runs of doubling width; none is started that the last one's cost says cannot end.
    Clock::duration last_time{};
    std::uint64_t last_nodes = 0;
    for (std::size_t width = schedule.first_width; width <= schedule.max_width; width *= 2) {
        if (report.best.goal) cap = static_cast<int>(report.best.moves.size()) - 1;
        if (cap < 1 || (report.best.goal && !policy.can_reach(root, cap))) break;
        if (done && budget.too_little_for(last_time * kNextRunCost / 10, search.nodes(),
                                          last_nodes * kNextRunCost / 10))
            break;
        const auto started = Clock::now();
        const std::uint64_t nodes_before = search.nodes();
        BeamLine line;
        if (!search.run(root, 0, width, cap, budget, line)) {
            report.out_of_budget = true;
            break;
        }
        done = width;
        last_time = Clock::now() - started;
        last_nodes = search.nodes() - nodes_before;
        if (!line.goal && !report.best.goal && schedule.cap_grows && cap < (1 << 20)) cap *= 2;
        if (report.best.moves.empty() || detail::better_line(line, report.best)) {
            report.best = std::move(line);
            report.width = width;
            report.found_at = Clock::now();
        }
    }
    // 2. Polishing: tails of the best line searched again, wider; a shorter one replaces it.
    for (std::size_t width = 2 * std::max<std::size_t>(done, schedule.first_width);
         report.best.goal && !report.out_of_budget && done && width <= schedule.max_width;) {
        const int len = static_cast<int>(report.best.moves.size());
        if (!policy.can_reach(root, len - 1)) break; // the line is provably the shortest
        bool improved = false;
        for (int k = len - schedule.first_tail; k >= 1 && !improved; k -= 8) {
            const Bitboard at = detail::after_moves(root, report.best.moves, k);
            if (!policy.can_reach(at, len - k - 1)) continue;
            BeamLine tail;
            if (!search.run(at, k, width, len - k - 1, budget, tail)) {
                report.out_of_budget = true;
                break;
            }
            if (!tail.goal) continue;
            report.best.moves.resize(static_cast<std::size_t>(k));
            report.best.moves.insert(report.best.moves.end(), tail.moves.begin(), tail.moves.end());
            report.width = width;
            report.found_at = Clock::now();
            improved = true;
        }
        if (!improved) width *= 2;
    }
    report.nodes = search.nodes();
    return report;
}

} // namespace halma
