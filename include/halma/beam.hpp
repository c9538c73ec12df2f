// What the beam searches share (the solitaire solver, and the AI's race planner): a kept
// position, and the pruning of a layer to its best distinct positions.
#pragma once

#include "halma/bitboard.hpp"
#include "halma/move.hpp"

#include <algorithm>
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

} // namespace halma
