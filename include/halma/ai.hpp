// The AI's public face: choose a move for the player to move of a game.
// Placeholder picker until the search lands: the legal move that gains the most ground.
#pragma once

#include "halma/game.hpp"

#include <atomic>
#include <cstdint>

namespace halma::ai {

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 5;
constexpr int kDefaultLevel = 3;
constexpr int kDefaultMovetimeMs = 1000;

// How the AI may think: its level, its time, its random seed, and a flag another
// thread may set to stop it early.
struct Limits {
    int level = kDefaultLevel;
    int movetime_ms = kDefaultMovetimeMs;
    std::uint64_t seed = 0;
    const std::atomic<bool>* stop = nullptr;
};

// Chooses a legal move for the player to move (Move::pass() when it must pass).
// The game must not be over.
[[nodiscard]] inline Move choose_move(const Game& game, const Limits& limits) {
    (void)limits;
    MoveList list;
    game.legal_moves(list);
    if (list.empty()) return Move::pass();
    const int owner = game.owner_to_move();
    const Bitboard target = game.camps().target[owner];
    const int corner = target.first();
    Move best = list[0];
    int best_gain = -1000;
    for (Move m : list) {
        int gain = king_distance(m.from(), corner) - king_distance(m.to(), corner);
        if (gain > best_gain) best_gain = gain, best = m;
    }
    return best;
}

} // namespace halma::ai
