#include "think/race.hpp"

#include "halma/ai/race.hpp"

namespace halma::think {

std::vector<int> race_estimates(const Game& game, std::uint64_t nodes,
                                const std::atomic<bool>* stop) {
    if (game.puzzle()) return {};
    constexpr int kLongestPlan = 200; // moves: more than any player needs from the start
    const ai::State state(game);
    const ai::Tables tables(game.rules());
    std::vector<int> out;
    for (Seat p = 0; p < game.players(); ++p) {
        if (game.dropped(p)) {
            out.push_back(kRaceOut);
            continue;
        }
        if (game.finished(p)) {
            out.push_back(0);
            continue;
        }
        BeamBudget budget;
        budget.max_nodes = nodes;
        budget.stop = stop;
        ai::RacePlanner planner;
        const ai::RacePlan plan = planner.plan(state, tables, p, kLongestPlan, budget);
        const bool stopped = stop && stop->load(std::memory_order_relaxed);
        out.push_back(plan.home && !stopped ? static_cast<int>(plan.moves.size()) : kRaceUnknown);
    }
    return out;
}

} // namespace halma::think
