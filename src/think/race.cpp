#include "think/race.hpp"

#include "halma/ai/race.hpp"

namespace halma::think {

std::vector<RaceLine> race_lines(const Game& game, std::uint64_t nodes,
                                 const std::atomic<bool>* stop) {
    if (game.puzzle()) return {};
    constexpr int kLongestPlan = 200; // moves: more than any player needs from the start
    const ai::State state(game);
    const ai::Tables tables(game.rules());
    std::vector<RaceLine> out(static_cast<std::size_t>(game.players()));
    for (Seat p = 0; p < game.players(); ++p) {
        RaceLine& line = out[static_cast<std::size_t>(p)];
        if (game.dropped(p) || game.finished(p)) {
            line.moves = game.dropped(p) ? kRaceOut : 0;
            continue;
        }
        BeamBudget budget;
        budget.max_nodes = nodes;
        budget.stop = stop;
        ai::RacePlanner planner;
        const ai::RacePlan plan = planner.plan(state, tables, p, kLongestPlan, budget);
        const bool stopped = stop && stop->load(std::memory_order_relaxed);
        if (!plan.home || stopped || plan.moves.empty()) continue;
        line.moves = static_cast<int>(plan.moves.size());
        line.first = plan.moves.front();
    }
    return out;
}

std::vector<int> race_estimates(const Game& game, std::uint64_t nodes,
                                const std::atomic<bool>* stop) {
    std::vector<int> out;
    for (const RaceLine& line : race_lines(game, nodes, stop)) out.push_back(line.moves);
    return out;
}

} // namespace halma::think
