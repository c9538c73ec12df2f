// A second, deliberately plain move generator written straight from the rules (camps, steps,
// hop chains short and long, swaps, the camp rule), sharing nothing with movegen.hpp but the
// square numbering. The soak and the game fuzzer compare the engine's legal moves with it.
#pragma once

#include "halma.hpp"

#include <set>
#include <utility>
#include <vector>

namespace halma::reference {

// The squares of a camp: row lengths from a corner outwards (RULES, "Camps").
inline std::vector<int> camp(int size, std::vector<int> rows, bool right, bool top) {
    std::vector<int> squares;
    for (int r = 0; r < static_cast<int>(rows.size()); ++r)
        for (int f = 0; f < rows[r]; ++f)
            squares.push_back(make_square(right ? size - 1 - f : f, top ? size - 1 - r : r));
    return squares;
}

// Home and target camps of player p (RULES, "Setups").
inline std::pair<std::vector<int>, std::vector<int>> camps_of(const Rules& rules, int p) {
    const int players = rules.players, size = rules.size;
    const std::vector<int> large = {5, 5, 4, 3, 2}, small = {4, 4, 3, 2};
    const std::vector<int> ten = {5, 4, 3, 2, 1}, eight = {4, 3, 2, 1};
    // Corners in seat order for four players: a1, a16, p16, p1 as (right, top).
    const bool right[4] = {false, false, true, true}, top[4] = {false, true, true, false};
    auto at = [&](int corner, const std::vector<int>& rows) {
        return camp(size, rows, right[corner], top[corner]);
    };
    if (players == 2) {
        const std::vector<int>& rows = size == 8 ? eight : size == 10 ? ten : large;
        return p == 0 ? std::make_pair(at(0, rows), at(2, rows))
                      : std::make_pair(at(2, rows), at(0, rows));
    }
    if (players == 3 && rules.camps == CampSetup::Small) {
        const int target[3] = {2, 3, 0}; // 1 aims p16, 2 the empty p1, 3 a1
        return {at(p, small), at(target[p], small)};
    }
    if (players == 3) {
        if (p == 0) return {at(0, large), at(2, large)};
        if (p == 1) return {at(1, small), at(3, small)};
        return {at(2, large), at(0, large)};
    }
    return {at(p, small), at((p + 2) % 4, small)};
}

// Every legal (from, to) of the player to move in game, from the rules alone.
inline std::set<std::pair<int, int>> legal_moves(const Game& game) {
    std::set<std::pair<int, int>> moves;
    if (game.over()) return moves;
    const Rules& rules = game.rules();
    const Position& pos = game.position();
    const int n = rules.size, owner = game.owner_to_move();
    // Which squares are whose home camp, and which are the mover's target camp.
    std::vector<int> home_of(kSquares, -1);
    std::vector<bool> target(kSquares, false);
    for (int p = 0; p < rules.players; ++p)
        for (int sq : camps_of(rules, p).first) home_of[sq] = p;
    for (int sq : camps_of(rules, owner).second) target[sq] = true;
    auto inside = [n](int f, int r) { return f >= 0 && r >= 0 && f < n && r < n; };

    for (int from = 0; from < kSquares; ++from) {
        if (!inside(file_of(from), rank_of(from)) || pos.at(from) != owner) continue;
        // While the piece moves its start square counts as empty.
        auto empty = [&](int f, int r) {
            return inside(f, r) &&
                   (pos.at(make_square(f, r)) == kEmpty || make_square(f, r) == from);
        };
        std::vector<bool> end(kSquares, false);
        for (int d = 0; d < 8; ++d) {
            const int f = file_of(from) + kDirFile[d], r = rank_of(from) + kDirRank[d];
            if (!inside(f, r)) continue;
            const int sq = make_square(f, r), q = pos.at(sq);
            // A step to an empty square, or a swap with another player's piece that stands in
            // its own home camp on a square of the mover's target camp.
            if (q == kEmpty ||
                (rules.spoil == Spoil::Swap && q != owner && target[sq] && home_of[sq] == q))
                end[sq] = true;
        }
        // Hop chains: every landing reachable by one or more hops.
        std::vector<int> todo = {from};
        std::vector<bool> seen(kSquares, false);
        seen[from] = true;
        while (!todo.empty()) {
            const int at = todo.back();
            todo.pop_back();
            for (int d = 0; d < 8; ++d) {
                const int df = kDirFile[d], dr = kDirRank[d];
                for (int k = 1; k <= (rules.longjumps ? n : 1); ++k) {
                    // The hopped piece stands k squares away with k-1 empty squares before it.
                    const int hf = file_of(at) + k * df, hr = rank_of(at) + k * dr;
                    if (!inside(hf, hr)) break;
                    if (empty(hf, hr)) continue;
                    bool clear = true;
                    for (int j = 1; j <= k && clear; ++j) clear = empty(hf + j * df, hr + j * dr);
                    if (clear) {
                        const int land = make_square(hf + k * df, hr + k * dr);
                        if (!seen[land]) seen[land] = end[land] = true, todo.push_back(land);
                    }
                    break;
                }
            }
        }
        // The camp rule: a piece in its target camp must end its move there.
        for (int to = 0; to < kSquares; ++to)
            if (end[to] && to != from && (!target[from] || target[to])) moves.insert({from, to});
    }
    return moves;
}

// The engine's legal moves as (from, to) pairs.
inline std::set<std::pair<int, int>> engine_moves(const Game& game) {
    MoveList list;
    game.legal_moves(list);
    std::set<std::pair<int, int>> moves;
    for (Move m : list) moves.insert({m.from(), m.to()});
    return moves;
}

// An empty string when the engine and the reference agree on the legal moves, or the first
// move one has and the other lacks.
inline std::string compare(const Game& game) {
    const auto mine = legal_moves(game), theirs = engine_moves(game);
    if (mine == theirs) return {};
    for (auto m : mine)
        if (!theirs.count(m))
            return "the engine lacks " + move_name(Move(m.first, m.second)) + " in " +
                   position_string(game.position());
    for (auto m : theirs)
        if (!mine.count(m))
            return "the engine offers " + move_name(Move(m.first, m.second)) +
                   ", which the rules do not allow, in " + position_string(game.position());
    return "the engine's legal moves differ from the reference";
}

} // namespace halma::reference
