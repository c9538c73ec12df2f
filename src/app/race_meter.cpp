#include "app/race_meter.hpp"

#include "think/race.hpp"

namespace halma::app {

std::uint64_t RaceMeter::key_of(const Game& game) {
    std::uint64_t key = game.position().hash();
    for (Seat p = 0; p < game.players(); ++p) {
        const std::uint64_t state = static_cast<std::uint64_t>(game.moves_made(p)) * 4 +
                                    game.finished(p) * 2 + game.dropped(p);
        key = (key ^ state) * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(p);
    }
    return key;
}

void RaceMeter::want(const Game& game) {
    if (!on_ || game.puzzle()) return;
    const std::uint64_t key = key_of(game);
    if (known_.count(key) || (worker_.busy() && working_on_ == key)) return;
    worker_.cancel();
    working_on_ = key;
    game_ = game;
    // Each player's plan one move before, when it was worked out, carried past that move.
    carried_.assign(static_cast<std::size_t>(game.players()), {});
    Game before = game;
    if (before.undo()) {
        const Move played = game.move_at(game.ply() - 1);
        const auto it = known_.find(key_of(before));
        if (it != known_.end())
            for (std::size_t s = 0; s < it->second.plans.size() && s < carried_.size(); ++s)
                if (!it->second.plans[s].line.empty())
                    carried_[s] = think::carried_lines({it->second.plans[s].line}, before,
                                                       static_cast<Seat>(s), played);
    }
    worker_.start([this](const std::atomic<bool>& stop) {
        result_ = think::race_plans(game_, nodes_, &stop, &carried_);
    });
}

void RaceMeter::finished() {
    worker_.finish();
    if (known_.size() >= kKept) known_.clear();
    Judged& j = known_[working_on_];
    j.numbers.clear();
    for (const think::SeatRace& r : result_) j.numbers.push_back(r.figure);
    j.plans = std::move(result_);
    result_.clear();
}

const std::vector<int>* RaceMeter::numbers(const Game& game) const {
    if (!on_ || game.puzzle()) return nullptr;
    const auto it = known_.find(key_of(game));
    return it == known_.end() ? nullptr : &it->second.numbers;
}

} // namespace halma::app
