// A seat's way home seen as one of the catalogue's crossings: the board turned so that the
// seat's home corner is a1 and its target p16, where the catalogue's best crossing line
// (solo/catalogue.hpp) can be followed. The race meter starts its figures from it and the
// levels that plan their way home follow it while their pieces stand on it.
#pragma once

#include "halma/solo/catalogue.hpp"

#include <array>
#include <utility>
#include <vector>

namespace halma::solo {

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
    // A line of moves made in this frame, in the board's own squares.
    [[nodiscard]] std::vector<Move> undo(const std::vector<Move>& line, int size) const {
        std::vector<Move> out;
        out.reserve(line.size());
        for (Move m : line) out.emplace_back(undo(m.from(), size), undo(m.to(), size));
        return out;
    }
};

// The two frames that take the corner square to a1: the first keeps files as files, the
// second is its mirror image across a1-p16.
[[nodiscard]] inline std::array<Frame, 2> frames_to_a1(int corner) noexcept {
    const bool far_file = file_of(corner) != 0, far_rank = rank_of(corner) != 0;
    return {Frame{false, far_file, far_rank}, Frame{true, far_rank, far_file}};
}

// The crossing seat makes, alone and turned so that its home corner is a1: its camp's
// squares there, its target's at p16, the camp rule and the jumps of the game.
[[nodiscard]] inline Puzzle crossing_of(const Rules& rules, Seat seat) {
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

// The rest of the catalogue's best crossing for seat's pieces, in each of the two frames that
// put its home corner at a1 (frames_to_a1's order): when the pieces stand where the line
// stands after some of its moves (none: the start), the moves after, in the board's squares;
// else an empty line. Others' pieces are not looked at: whether the rest can be played is
// the caller's to check.
[[nodiscard]] inline std::array<std::vector<Move>, 2> best_line_rests(const Rules& rules, Seat seat,
                                                                      const Bitboard& pieces) {
    std::array<std::vector<Move>, 2> rests;
    const Puzzle crossing = crossing_of(rules, seat);
    const std::vector<Move> best = best_line(crossing);
    if (best.empty()) return rests;
    const int size = rules.size;
    const auto frames = frames_to_a1(corner_square(seat_camps(rules, seat).home, size));
    std::array<Bitboard, 2> seen{frames[0].apply(pieces, size), frames[1].apply(pieces, size)};
    Position along(size);
    for_each_square(crossing.start, [&](int sq) { along.put(sq, 0); });
    for (std::size_t done = 0; done <= best.size(); ++done) {
        for (std::size_t f = 0; f < frames.size(); ++f)
            if (rests[f].empty() && seen[f] == along.pieces(0) && done < best.size())
                rests[f] = frames[f].undo(
                    std::vector<Move>(best.begin() + static_cast<std::ptrdiff_t>(done), best.end()),
                    size);
        if (done < best.size()) along.do_move(best[done]);
    }
    return rests;
}

} // namespace halma::solo
