#include "think/computer.hpp"

#include "halma/ai.hpp"
#include "halma/solo.hpp"

namespace halma::think {

namespace {

// The solver's budget for one move in a puzzle: movetime less the margin for answering,
// and a node cap and beam width that keep a hint's memory small.
constexpr std::uint64_t kHintNodes = 400000;
constexpr int kHintWidth = 256;

} // namespace

solo::Hint computer_hint(const Game& game, const ai::Limits& limits) {
    if (game.over()) return {};
    if (!game.puzzle()) return {ai::choose_move(game, limits), false, {}};
    solo::SolverLimits solver;
    solver.max_nodes = kHintNodes;
    solver.max_width = kHintWidth;
    solver.max_ms = ai::search_budget_ms(limits.movetime_ms);
    solver.stop = limits.stop;
    return solo::hint(game, solver);
}

} // namespace halma::think
