// Move generation: steps, hop chains (short or long), swap steps and the camp rule.
//
// Hop chains are found by a flood fill over hop landings, so the squares a piece can
// reach are found once however many chains lead to them. The start square counts as
// empty while its piece moves (RULES, "A move").
#pragma once

#include "halma/bitboard.hpp"
#include "halma/geometry.hpp"
#include "halma/move.hpp"
#include "halma/position.hpp"
#include "halma/rules.hpp"

#include <vector>

namespace halma {

// The landings of single hops from square at, for a piece that started on origin
// (origin counts as empty). With long jumps the hopped piece may be any distance away.
[[nodiscard]] inline Bitboard single_hops(const Position& pos, int origin, int at,
                                          bool longjumps) noexcept {
    Bitboard occ = pos.occupied();
    occ.reset(origin);
    occ.reset(at);
    Bitboard out;
    const Geometry& g = pos.geo();
    if (!longjumps) {
        for (int i = 0; i < g.hop_count[at]; ++i) {
            Hop h = g.hops[at][i];
            if (occ.test(h.over) && !occ.test(h.land)) out.set(h.land);
        }
        return out;
    }
    // Long jumps: find the first piece along each ray, then need as many empty squares
    // beyond it as lie before it, and the landing square after them empty too.
    const int f0 = file_of(at), r0 = rank_of(at);
    for (int d = 0; d < 8; ++d) {
        int k = 1;
        while (g.contains(f0 + k * kDirFile[d], r0 + k * kDirRank[d]) &&
               !occ.test(make_square(f0 + k * kDirFile[d], r0 + k * kDirRank[d])))
            ++k;
        if (!g.contains(f0 + 2 * k * kDirFile[d], r0 + 2 * k * kDirRank[d])) continue;
        bool clear = true;
        for (int j = k + 1; j <= 2 * k && clear; ++j)
            clear = !occ.test(make_square(f0 + j * kDirFile[d], r0 + j * kDirRank[d]));
        if (clear) out.set(make_square(f0 + 2 * k * kDirFile[d], r0 + 2 * k * kDirRank[d]));
    }
    return out;
}

// Every square a hop chain can go on to from `at`, for the piece that started on origin
// (which counts as empty); `at` itself excluded. With at == origin: every square a hop
// chain of the piece on origin can end on.
[[nodiscard]] inline Bitboard hop_landings(const Position& pos, int origin, int at,
                                           bool longjumps) noexcept {
    Bitboard visited = Bitboard::of(at);
    int stack[64];
    int top = 0;
    stack[top++] = at;
    if (!longjumps) {
        // The fast path: short hops from the precomputed table, start square vacated.
        Bitboard occ = pos.occupied();
        occ.reset(origin);
        const Geometry& g = pos.geo();
        while (top) {
            int sq = stack[--top];
            for (int i = 0; i < g.hop_count[sq]; ++i) {
                Hop h = g.hops[sq][i];
                if (occ.test(h.over) && !occ.test(h.land) && !visited.test(h.land)) {
                    visited.set(h.land);
                    stack[top++] = h.land;
                }
            }
        }
    } else {
        while (top) {
            int sq = stack[--top];
            Bitboard next = single_hops(pos, origin, sq, true) & ~visited;
            visited |= next;
            for_each_square(next, [&](int s) { stack[top++] = s; });
        }
    }
    visited.reset(at);
    return visited;
}

// Every square a hop chain of the piece on from can end on (from itself excluded).
[[nodiscard]] inline Bitboard hop_landings(const Position& pos, int from, bool longjumps) noexcept {
    return hop_landings(pos, from, from, longjumps);
}

// The empty squares next to from.
[[nodiscard]] inline Bitboard step_targets(const Position& pos, int from) noexcept {
    Bitboard out;
    const Geometry& g = pos.geo();
    for (int i = 0; i < g.step_count[from]; ++i) {
        int t = g.steps[from][i];
        if (!pos.occupied().test(t)) out.set(t);
    }
    return out;
}

// The squares next to from where a piece of owner may swap (option spoil=swap): squares of
// owner's target camp holding another player's piece that stands in its own home camp.
[[nodiscard]] inline Bitboard swap_targets(const Position& pos, const Rules& rules,
                                           const Camps& camps, int owner, int from) noexcept {
    Bitboard out;
    if (rules.spoil != Spoil::Swap) return out;
    const Geometry& g = pos.geo();
    for (int i = 0; i < g.step_count[from]; ++i) {
        int t = g.steps[from][i];
        int q = pos.at(t);
        if (q != kEmpty && q != owner && camps.target[owner].test(t) && camps.home[q].test(t))
            out.set(t);
    }
    return out;
}

// Every square the piece of owner on from can end a legal move on, camp rule applied.
[[nodiscard]] inline Bitboard destinations(const Position& pos, const Rules& rules,
                                           const Camps& camps, int owner, int from) noexcept {
    Bitboard to = step_targets(pos, from) | hop_landings(pos, from, rules.longjumps) |
                  swap_targets(pos, rules, camps, owner, from);
    if (camps.target[owner].test(from)) to &= camps.target[owner];
    return to;
}

// Appends every legal move of owner's pieces (steps, chains, swaps) to list.
inline void generate_moves(const Position& pos, const Rules& rules, const Camps& camps, int owner,
                           MoveList& list) noexcept {
    for_each_square(pos.pieces(owner), [&](int from) {
        for_each_square(destinations(pos, rules, camps, owner, from),
                        [&](int to) { list.push(Move(from, to)); });
    });
}

// The number of legal moves of owner's pieces, without listing them.
[[nodiscard]] inline int count_moves(const Position& pos, const Rules& rules, const Camps& camps,
                                     int owner) noexcept {
    int n = 0;
    for_each_square(pos.pieces(owner),
                    [&](int from) { n += destinations(pos, rules, camps, owner, from).count(); });
    return n;
}

// The landings of a shortest hop chain from `at` to `to` for the piece that started on
// origin (which counts as empty), `at` first and `to` last; empty when no chain joins them.
[[nodiscard]] inline std::vector<int> chain_path(const Position& pos, int origin, int at, int to,
                                                 bool longjumps) {
    int parent[kSquares];
    for (int& p : parent) p = kNoSquare;
    parent[at] = at;
    int queue[kSquares];
    int head = 0, tail = 0;
    queue[tail++] = at;
    while (head < tail && parent[to] == kNoSquare) {
        int sq = queue[head++];
        for_each_square(single_hops(pos, origin, sq, longjumps), [&](int s) {
            if (parent[s] == kNoSquare) {
                parent[s] = sq;
                queue[tail++] = s;
            }
        });
    }
    if (parent[to] == kNoSquare || to == at) return {};
    std::vector<int> path;
    for (int s = to; s != at; s = parent[s]) path.push_back(s);
    path.push_back(at);
    return std::vector<int>(path.rbegin(), path.rend());
}

// The landings of a shortest hop chain from from to to, start and end included, or an
// empty vector when no chain joins them. A step or swap gives just {from, to}.
[[nodiscard]] inline std::vector<int> hop_path(const Position& pos, int from, int to,
                                               bool longjumps) {
    if (king_distance(from, to) == 1) return {from, to};
    return chain_path(pos, from, from, to, longjumps);
}

// The landings of a move as the board shows it: the chain's hops, or its two ends for a step
// or a swap (empty for a pass).
[[nodiscard]] inline std::vector<int> move_path(const Position& pos, Move m, bool longjumps) {
    if (m.is_pass() || m.is_none()) return {};
    std::vector<int> path = hop_path(pos, m.from(), m.to(), longjumps);
    if (path.empty()) path = {m.from(), m.to()};
    return path;
}

} // namespace halma
