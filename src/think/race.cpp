#include "think/race.hpp"

#include "halma/solo/solver.hpp"

#include <algorithm>
#include <array>

namespace halma::think {

namespace {

// One of the board's eight symmetries: files and ranks swapped first, then either reversed.
struct Frame {
    bool swap = false, flip_file = false, flip_rank = false;

    [[nodiscard]] int apply(int sq, int size) const noexcept {
        int f = file_of(sq), r = rank_of(sq);
        if (swap) std::swap(f, r);
        return make_square(flip_file ? size - 1 - f : f, flip_rank ? size - 1 - r : r);
    }
    [[nodiscard]] Bitboard apply(const Bitboard& b, int size) const noexcept {
        Bitboard out;
        for_each_square(b, [&](int sq) { out.set(apply(sq, size)); });
        return out;
    }
    // The square this frame takes to sq.
    [[nodiscard]] int undo(int sq, int size) const noexcept {
        int f = file_of(sq), r = rank_of(sq);
        if (flip_file) f = size - 1 - f;
        if (flip_rank) r = size - 1 - r;
        if (swap) std::swap(f, r);
        return make_square(f, r);
    }
};

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
    Frame best;
    bool any = false;
    Bitboard best_mine, best_others;
    for (int t = 0; t < 8; ++t) {
        const Frame f{(t & 1) != 0, (t & 2) != 0, (t & 4) != 0};
        if (f.apply(home_corner, size) != make_square(0, 0)) continue;
        const Bitboard mine = f.apply(pos.pieces(seat), size), rest = f.apply(others, size);
        if (any && !before(mine, best_mine) && !(mine == best_mine && before(rest, best_others)))
            continue;
        best = f, any = true, best_mine = mine, best_others = rest;
    }
    return best;
}

// The crossing the solver plans for a seat in the meter's frame: its pieces to fill the
// camp opposite its home, under the camp rule and the game's long-jump rule.
[[nodiscard]] Puzzle crossing_of(const Rules& rules, Seat seat) {
    const SeatCamps camps = seat_camps(rules, seat);
    Puzzle p;
    p.name = "race";
    p.size = rules.size;
    p.start = camp_squares(rules.size, camps.home_shape, Corner::A1);
    p.goal_squares = camp_squares(rules.size, camps.target_shape, Corner::P16);
    p.camp_rule = true;
    p.longjumps = rules.longjumps;
    return p;
}

} // namespace

SeatRace race_plan(const Game& game, Seat seat, std::uint64_t nodes, const std::atomic<bool>* stop,
                   const KnownLines* known) {
    SeatRace out;
    if (game.dropped(seat)) return {kRaceOut, Move::none(), {}};
    if (game.finished(seat)) return {0, Move::none(), {}};
    const Rules& rules = game.rules();
    const Position& pos = game.position();
    const Puzzle crossing = crossing_of(rules, seat);
    if (pos.pieces(seat).count() != crossing.goal_squares.count()) return out;
    const int home = corner_square(seat_camps(rules, seat).home, rules.size);
    const Frame frame = frame_for(pos, home, seat);
    Position framed(rules.size);
    for_each_square(pos.occupied(), [&](int sq) {
        framed.put(frame.apply(sq, rules.size), pos.at(sq) == seat ? 0 : 1);
    });
    KnownLines framed_known;
    if (known)
        for (const std::vector<Move>& line : *known) {
            std::vector<Move>& there = framed_known.emplace_back();
            for (Move m : line)
                there.emplace_back(frame.apply(m.from(), rules.size),
                                   frame.apply(m.to(), rules.size));
        }
    solo::SolverLimits limits;
    limits.max_nodes = nodes;
    limits.stop = stop;
    limits.known = known ? &framed_known : nullptr;
    const solo::Solution s = solo::solve(crossing, framed, 0, limits);
    if (!s.found || (stop && stop->load(std::memory_order_relaxed))) return out;
    out.figure = static_cast<int>(s.moves.size());
    for (Move m : s.moves)
        out.line.emplace_back(frame.undo(m.from(), rules.size), frame.undo(m.to(), rules.size));
    if (!out.line.empty()) out.first = out.line.front();
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

KnownLines carried_lines(const KnownLines& lines, Seat seat, Seat mover, Move played) {
    if (mover != seat || played.is_pass() || played.is_none()) return lines;
    constexpr std::size_t kMostLines = 16; // a game's analysis carries one plan a move or two
    KnownLines out;
    auto keep = [&](std::vector<Move> line) {
        if (out.size() < kMostLines && std::find(out.begin(), out.end(), line) == out.end())
            out.push_back(std::move(line));
    };
    for (const std::vector<Move>& line : lines) {
        // 1. The plan's move, now or later: the plan without it.
        if (auto it = std::find(line.begin(), line.end(), played); it != line.end()) {
            std::vector<Move> rest = line;
            rest.erase(rest.begin() + (it - line.begin()));
            keep(std::move(rest));
        }
        // 2. The piece moved elsewhere: the plan's first move of it made from where it stands.
        for (std::size_t i = 0; i < line.size(); ++i) {
            if (line[i].from() != played.from()) continue;
            std::vector<Move> moved = line;
            if (line[i].to() == played.to())
                moved.erase(moved.begin() + static_cast<std::ptrdiff_t>(i));
            else
                moved[i] = Move(played.to(), line[i].to());
            keep(std::move(moved));
            break;
        }
        // 3. The move taken back, then the plan (a step or chain reversed is one).
        std::vector<Move> back{Move(played.to(), played.from())};
        back.insert(back.end(), line.begin(), line.end());
        keep(std::move(back));
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
