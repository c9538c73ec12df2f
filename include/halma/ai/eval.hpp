// The AI's view of a game: a light search state (position, move counts, who has finished)
// that any seat can move in, and the evaluation of a position for a player or a side.
//
// Distances are in "units": 2 per king step plus 1 per square of Manhattan distance to the
// target corner, so a diagonal step forward gains 4, a straight one 3, a hop twice that
// (distance in moves, not squares); squares outside the camp cost a little extra, so every
// one costs more than any camp square. A player's cost is its pieces' distance beyond a perfectly
// packed camp; pieces far behind the pack pay extra (they must step, with nothing left to hop
// over).
#pragma once

#include "halma/game.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace halma::ai {

constexpr int kWin = 1000000; // a won game, less the plies it takes
constexpr int kInfinity = 2000000;
constexpr int kWinBound = kWin - 1000; // scores beyond this are wins or losses
constexpr int kTempo = 6;              // being the side to move is worth about half a step
// A player with at most this many pieces outside its target camp is nearly home: a piece in
// the camp in its way then blocks it (pieces_cost).
constexpr int kNearlyHome = 3;

// The per-game tables of the evaluation: each player's distance to its target camp, and
// the cost of a perfectly packed camp for any number of pieces.
struct Tables {
    std::array<std::array<std::int16_t, kSquares>, kMaxPlayers> dist{};
    std::array<std::array<int, 20>, kMaxPlayers> ideal{}; // ideal[p][n]: n pieces packed
    // exit[p][sq]: the fewest steps from sq to a square outside p's home camp (0 outside it).
    std::array<std::array<std::int8_t, kSquares>, kMaxPlayers> exit{};
    // ladder_from[p][d]: the squares whose hop in direction d (kDirFile, kDirRank) lands on
    // the board nearer p's camp: a piece there with a piece to hop over and the square
    // beyond free stands on a ladder. Kept by direction so all pieces are counted at once.
    std::array<std::array<Bitboard, 8>, kMaxPlayers> ladder_from{};
    // How hard pieces deep in the home camp are urged out, per step still to go, as the game
    // goes on (0: not at all). The strong levels set it: arriving opponents box in the last
    // pieces at home, and one still there at the evacuation deadline loses the game.
    int exit_urge = 0;
    // What each piece outside the target camp costs beyond its distance (0: nothing). Near
    // the end a race is counted in moves, not squares: a piece on the camp's edge still
    // needs a whole move, as a piece three hops out may. Level 5 sets it.
    int outside_cost = 0;
    // What each partner's piece standing in the target camp costs under fill (0: nothing).
    // It fills no square there, so it must leave before the camp can be complete.
    int partner_block = 0;
    // Under win=first, a side's cost is its leader's plus the trailing partner's divided by
    // this: the first home wins, but a partner near home is a second threat.
    int trailer_share = 4;

    // Builds the tables of a game's rules.
    explicit Tables(const Rules& rules) {
        const Camps camps = Camps::of(rules);
        for (int p = 0; p < rules.players; ++p) {
            const int corner = target_corner(rules, p);
            const int cf = file_of(corner), cr = rank_of(corner);
            // Squares nearer the corner cost less, so pieces head for the corner and the camp
            // packs from its deepest squares (the last pieces can then hop in). Squares
            // outside the camp get an offset so that each costs more than any camp square.
            std::array<int, kSquares> in_camp{};
            int n = 0, deepest_in_camp = 0, nearest_outside = 1 << 20;
            for (int sq = 0; sq < kSquares; ++sq) {
                int f = file_of(sq), r = rank_of(sq);
                if (f >= rules.size || r >= rules.size) continue;
                int manhattan = std::abs(f - cf) + std::abs(r - cr);
                int depth = 2 * king_distance(sq, corner) + manhattan;
                dist[p][sq] = static_cast<std::int16_t>(depth);
                if (camps.target[p].test(sq)) {
                    in_camp[n++] = depth;
                    deepest_in_camp = std::max(deepest_in_camp, depth);
                } else {
                    nearest_outside = std::min(nearest_outside, depth);
                }
            }
            const int offset = std::max(0, deepest_in_camp + 1 - nearest_outside);
            for (int sq = 0; sq < kSquares; ++sq)
                if (!camps.target[p].test(sq) && file_of(sq) < rules.size &&
                    rank_of(sq) < rules.size)
                    dist[p][sq] = static_cast<std::int16_t>(dist[p][sq] + offset);
            std::sort(in_camp.begin(), in_camp.begin() + n);
            for (int k = 1; k < 20; ++k)
                ideal[p][k] = ideal[p][k - 1] + (k <= n ? in_camp[k - 1] : in_camp[n - 1]);
            steps_out(rules.size, camps.home[p], exit[p]);
            const Geometry& geo = geometry(rules.size);
            for_each_square(geo.on_board, [&](int sq) {
                for (int d = 0; d < 8; ++d) {
                    const int lf = file_of(sq) + 2 * kDirFile[d],
                              lr = rank_of(sq) + 2 * kDirRank[d];
                    if (geo.contains(lf, lr) && dist[p][make_square(lf, lr)] < dist[p][sq])
                        ladder_from[p][d].set(sq);
                }
            });
        }
    }

  private:
    // Fills out with each square's fewest steps to a square of the board outside home,
    // breadth first from all of those at once.
    static void steps_out(int size, const Bitboard& home,
                          std::array<std::int8_t, kSquares>& out) noexcept {
        const Geometry& geo = geometry(size);
        std::array<int, kSquares> queue{};
        int head = 0, tail = 0;
        out.fill(-1);
        for (int sq = 0; sq < kSquares; ++sq)
            if (file_of(sq) < size && rank_of(sq) < size && !home.test(sq))
                out[sq] = 0, queue[tail++] = sq;
        while (head < tail) {
            const int sq = queue[head++];
            for (int i = 0; i < geo.step_count[sq]; ++i) {
                const int to = geo.steps[sq][i];
                if (out[to] < 0)
                    out[to] = static_cast<std::int8_t>(out[sq] + 1), queue[tail++] = to;
            }
        }
        for (auto& d : out) d = std::max<std::int8_t>(d, 0); // squares off the board
    }
};

// A game state the search can move any seat in: BRS lets any opponent reply, so the turn
// order of Game does not fit. Drop-outs are not played out here; evaluation sees the
// evacuation deadline coming instead.
struct State {
    Position pos;
    Rules rules;
    Camps camps;
    int made[kMaxPlayers] = {0, 0, 0, 0};
    unsigned finished = 0, dropped = 0;

    // The state of a game as it stands.
    explicit State(const Game& g) : pos(g.position()), rules(g.rules()), camps(g.camps()) {
        for (int p = 0; p < rules.players; ++p) {
            made[p] = g.moves_made(p);
            if (g.finished(p)) finished |= 1u << p;
            if (g.dropped(p)) dropped |= 1u << p;
        }
    }

    [[nodiscard]] bool active(int p) const noexcept { return !((dropped >> p) & 1); }
    [[nodiscard]] bool is_finished(int p) const noexcept { return (finished >> p) & 1; }
    [[nodiscard]] unsigned side_mask(int p) const noexcept {
        return (1u << p) | (1u << rules.partner(p));
    }

    // Whose pieces seat p moves (its partner's once it has finished under win=both).
    [[nodiscard]] int owner_of(int p) const noexcept {
        if (rules.partners != Partners::None && rules.win == PartnerWin::Both && is_finished(p))
            return rules.partner(p);
        return p;
    }
};

// What make() changed, for unmake().
struct StateUndo {
    Move move;
    int seat;
    unsigned finished;
};

// Plays a move of the pieces on m.from() for seat; returns the winning players (a mask),
// or 0 while the game goes on. Finishing is the engine's (camps_completed); of the
// evacuation rule only the 2-player loss is played out.
inline unsigned make(State& s, Move m, int seat, StateUndo& u) noexcept {
    u = {m, seat, s.finished};
    s.pos.do_move(m);
    ++s.made[seat];
    const Rules& r = s.rules;
    int first;
    s.finished |= camps_completed(s.pos, r, s.camps, s.finished | s.dropped, seat, first);
    if (first >= 0) {
        if (r.partners == Partners::None || r.win == PartnerWin::First) return s.side_mask(first);
        for (int q = 0; q < r.players; ++q) {
            unsigned side = s.side_mask(q) & ~s.dropped;
            if ((s.finished & side) == side) return side;
        }
    }
    if (r.players == 2 && !s.is_finished(seat) && r.home_must_be_empty(s.made[seat]) &&
        (s.pos.pieces(seat) & s.camps.home[seat]).any())
        return 1u << (1 - seat);
    return 0;
}

// Takes back make().
inline void unmake(State& s, const StateUndo& u) noexcept {
    s.pos.undo_move(u.move);
    --s.made[u.seat];
    s.finished = u.finished;
}

// The forward hops (Tables::ladder_from) player p's pieces on from can take now over the
// pieces on occupied, one for each piece and direction, counted up to enough.
[[nodiscard]] inline int ladders(const Tables& t, int p, const Bitboard& from,
                                 const Bitboard& occupied, int enough) noexcept {
    const Bitboard empty = ~occupied;
    int n = 0;
    for (int d = 0; d < 8; ++d) {
        const Bitboard ready = from & t.ladder_from[p][d];
        if (ready.empty()) continue;
        const int delta = kDirFile[d] + 16 * kDirRank[d]; // one square on, in d
        n += (ready & occupied.shifted(delta) & empty.shifted(2 * delta)).count();
    }
    return std::min(n, enough);
}

// How far player p is from finishing, in units (0 = done, lower is better), with its pieces
// on mine, every piece on occupied, its partner's on partner, and made moves made so far.
// The search's states and the race planner's bare bitboards both come here.
inline int pieces_cost(const Tables& t, const Rules& rules, const Camps& camps, int p,
                       const Bitboard& mine, const Bitboard& occupied, int made,
                       const Bitboard& partner = Bitboard{}) noexcept {
    const auto& dist = t.dist[p];
    const Bitboard target = camps.target[p];
    int d[20];
    int n = 0;
    for_each_square(mine, [&](int sq) { d[n++] = dist[sq]; });
    if (n == 0) return 0;
    // Pieces of others in the camp; under fill a partner's do not count (camp_complete).
    const Bitboard others =
        rules.spoil == Spoil::Fill ? occupied & ~mine & ~partner : occupied & ~mine;
    int foreign = (target & others).count();
    int cost = 0, counted = n;
    if (rules.spoil == Spoil::Fill) {
        // Other pieces in the camp fill squares for p: its farthest pieces need not come.
        counted = std::max(1, n - foreign);
        if (counted < n) std::nth_element(d, d + counted, d + n); // the nearest first
        cost += (target & partner).count() * t.partner_block;
    } else if (!(rules.players == 2 && rules.evacuate > 0) ||
               (mine & ~target).count() <= kNearlyHome) {
        // They block it: they must leave (strict), or be swapped out (swap) first. In a
        // 2-player game the camp is the opponent's home, which the leave-home rule makes it
        // leave for good by its deadline: a piece there blocks only a player nearly home,
        // whose last pieces need its square now. Counted earlier, it would make the
        // opponent's pieces worth keeping at home, and both players would idle there.
        cost += foreign * (rules.spoil == Spoil::Strict ? 40 : 12);
    }
    int sum = 0;
    for (int i = 0; i < counted; ++i) sum += d[i];
    cost += sum - t.ideal[p][counted];
    // Laggards: a piece well behind the pack has nothing left to hop over.
    const int slack = sum / counted + 10;
    for (int i = 0; i < counted; ++i)
        if (d[i] > slack) {
            int e = d[i] - slack;
            cost += e + e * e / 16;
        }
    // Ladders: forward hops ready to be taken are moves saved.
    const Bitboard out = mine & ~target;
    const int outside = out.count();
    cost -= 2 * ladders(t, p, out, occupied, outside);
    cost += t.outside_cost * outside;
    // The evacuation deadline: pieces still at home as the N-th move nears.
    const int deadline = rules.evacuate;
    if (deadline > 0) {
        int home = (mine & camps.home[p]).count();
        if (home) {
            int left = deadline - made;
            if (left < home)
                cost += 3000 + 500 * (home - left);
            else if (left < 16 + home)
                cost += home * (16 + home - left) * 6;
            // Long before the deadline, pieces left at home get boxed in by the opponent
            // filling its camp around them: they should leave with the pack, the deepest
            // (most steps from the way out) soonest.
            int steps = 0;
            if (t.exit_urge)
                for_each_square(mine & camps.home[p], [&](int sq) { steps += t.exit[p][sq]; });
            cost += (home * 2 + steps * t.exit_urge) * std::max(0, made - deadline / 4);
        }
    }
    return std::max(cost, 0);
}

// How far player p of a search state is from finishing, in units (0 = done).
inline int player_cost(const State& s, const Tables& t, int p) noexcept {
    if (s.is_finished(p)) return 0;
    const int q = s.rules.partner(p);
    return pieces_cost(t, s.rules, s.camps, p, s.pos.pieces(p), s.pos.occupied(), s.made[p],
                       q == p ? Bitboard{} : s.pos.pieces(q));
}

// The cost of a side (a player, or a partnership) from its players' costs.
inline int side_cost(const State& s, const Tables& t, int p) noexcept {
    int a = player_cost(s, t, p);
    if (s.rules.partners == Partners::None) return a;
    int q = s.rules.partner(p);
    if (!s.active(q)) return a;
    if (!s.active(p)) a = player_cost(s, t, q);
    int b = player_cost(s, t, q);
    if (s.rules.win == PartnerWin::Both) return a + b;
    return std::min(a, b) + std::max(a, b) / t.trailer_share;
}

// The position's value for the side of player me (higher is better): the best opposing
// side's cost, weighted by opponent_weight quarters, against its own.
inline int evaluate(const State& s, const Tables& t, int me, int opponent_weight = 4) noexcept {
    int mine = side_cost(s, t, me);
    int best_other = kInfinity;
    for (int q = 0; q < s.rules.players; ++q) {
        if (!s.active(q) || s.rules.same_side(me, q)) continue;
        // Both partners of a side give the side's cost: it is counted from the first.
        const int partner = s.rules.partner(q);
        if (partner < q && s.active(partner)) continue;
        best_other = std::min(best_other, side_cost(s, t, q));
    }
    if (best_other == kInfinity) best_other = 0;
    return best_other * opponent_weight / 4 - mine;
}

// How much a move brings the owner's piece nearer its camp, in units.
[[nodiscard]] inline int gain(const Tables& t, int owner, Move m) noexcept {
    return t.dist[owner][m.from()] - t.dist[owner][m.to()];
}

} // namespace halma::ai
