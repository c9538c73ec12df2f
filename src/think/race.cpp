#include "think/race.hpp"

#include "halma/ai/race.hpp"
#include "halma/solo/crossing.hpp"

#include <algorithm>
#include <array>

namespace halma::think {

namespace {

using solo::Frame;

// Whether a comes before b, word by word.
[[nodiscard]] bool before(const Bitboard& a, const Bitboard& b) noexcept {
    for (std::size_t i = 0; i < std::size(a.w); ++i)
        if (a.w[i] != b.w[i]) return a.w[i] < b.w[i];
    return false;
}

// The frame the meter plans seat's crossing in: its home corner at a1, and of the two frames
// that put it there (one the other's mirror across a1-p16) the one where the seat's pieces,
// then the others', come first. Positions the same up to symmetry share it.
[[nodiscard]] Frame frame_for(const Position& pos, int home_corner, Seat seat) {
    const int size = pos.size();
    const Bitboard others = pos.occupied() & ~pos.pieces(seat);
    const auto frames = solo::frames_to_a1(home_corner);
    const Bitboard mine[2] = {frames[0].apply(pos.pieces(seat), size),
                              frames[1].apply(pos.pieces(seat), size)};
    if (mine[0] == mine[1])
        return before(frames[1].apply(others, size), frames[0].apply(others, size)) ? frames[1]
                                                                                    : frames[0];
    return before(mine[1], mine[0]) ? frames[1] : frames[0];
}

constexpr int kLongestLine = 200; // moves: far more than any crossing needs
// The budget of the fresh plan that competes with the known line of the seat to move at every
// position: some 15 ms on 16x16, 8 ms on 8x8. It catches a carried line that has drifted high
// after many moves it had to take in, a little at a time rather than all at once.
constexpr std::uint64_t kCompeteNodes = 100000;
constexpr std::uint64_t kCompeteNodesSmall = 30000; // boards up to 10x10
constexpr int kSmallBoard = 10;

// The seat's line in its position alone, in the frame: on the catalogue's best crossing (at
// its start or further along) the rest of it, or of its mirror image across a1-p16 (the
// frame's other choice); else the planner's for the seat's pieces alone; the first of those
// that can be played here.
[[nodiscard]] std::vector<Move> fresh_line(const Game& game, Seat seat, const LineCheck& check,
                                           std::uint64_t nodes, const std::atomic<bool>* stop) {
    const Rules& rules = game.rules();
    const Position& pos = game.position();
    const Puzzle crossing = solo::crossing_of(rules, seat);
    const int home = corner_square(seat_camps(rules, seat).home, rules.size);
    const Frame frame = frame_for(pos, home, seat);
    const std::array<std::vector<Move>, 2> rests =
        solo::best_line_rests(rules, seat, pos.pieces(seat));
    for (int i = 0; i < 2; ++i) // the frame's own first
        if (std::vector<Move> line =
                check.playable(rests[static_cast<std::size_t>(i ^ frame.swap)]);
            !line.empty())
            return line;
    Position alone(rules.size);
    for_each_square(pos.pieces(seat), [&](int sq) { alone.put(frame.apply(sq, rules.size), 0); });
    // The computer's race planner, as level 5 plans a race, on the crossing alone.
    ai::State state{Game(crossing)};
    state.pos = alone;
    const ai::Tables tables(state.rules);
    BeamBudget budget;
    budget.max_nodes = nodes;
    budget.stop = stop;
    ai::RacePlanner planner;
    const ai::RacePlan plan = planner.plan(state, tables, 0, kLongestLine, budget);
    if (!plan.home || (stop && stop->load(std::memory_order_relaxed))) return {};
    return check.playable(frame.undo(plan.moves, rules.size));
}

} // namespace

SeatRace race_plan(const Game& game, Seat seat, std::uint64_t nodes, const std::atomic<bool>* stop,
                   const KnownLines* known) {
    if (game.dropped(seat)) return {kRaceOut, Move::none(), {}};
    if (game.finished(seat)) return {0, Move::none(), {}};
    if (stop && stop->load(std::memory_order_relaxed)) return {};
    if (game.position().pieces(seat).count() != game.camps().target[seat].count()) return {};
    const LineCheck check(game, seat);
    // 1. The shortest known line that can be played here.
    //    A seat that is not to move keeps a line whose first move the others' pieces block
    //    for now: they move before it does.
    std::vector<Move> best;
    const bool to_move = game.to_move() == seat;
    if (known)
        for (const std::vector<Move>& line : *known) {
            if (!best.empty() && line.size() >= best.size()) continue;
            if (!to_move && check.carries(line)) {
                best = line;
                continue;
            }
            if (std::vector<Move> tried = check.playable(line); !tried.empty())
                best = std::move(tried);
        }
    // 2. Else the position's own; for the seat to move, the position's own within a small
    //    budget also competes with the known line (what it finds shows after another's
    //    move, not as the gain of a move).
    if (best.empty()) {
        best = fresh_line(game, seat, check, nodes, stop);
    } else if (to_move) {
        const std::uint64_t budget =
            game.rules().size <= kSmallBoard ? kCompeteNodesSmall : kCompeteNodes;
        std::vector<Move> fresh = fresh_line(game, seat, check, std::min(nodes, budget), stop);
        if (!fresh.empty() && fresh.size() < best.size()) best = std::move(fresh);
    }
    if (best.empty()) return {};
    SeatRace out;
    out.figure = static_cast<int>(best.size());
    out.first = best.front();
    out.line = std::move(best);
    return out;
}

std::vector<SeatRace> race_plans(const Game& game, std::uint64_t nodes,
                                 const std::atomic<bool>* stop,
                                 const std::vector<KnownLines>* known) {
    if (game.puzzle()) return {};
    std::vector<SeatRace> out;
    for (Seat p = 0; p < game.players(); ++p) {
        const auto at = static_cast<std::size_t>(p);
        out.push_back(
            race_plan(game, p, nodes, stop, known && at < known->size() ? &(*known)[at] : nullptr));
    }
    return out;
}

std::vector<int> race_estimates(const Game& game, std::uint64_t nodes,
                                const std::atomic<bool>* stop) {
    std::vector<int> out;
    for (const SeatRace& r : race_plans(game, nodes, stop)) out.push_back(r.figure);
    return out;
}

} // namespace halma::think
