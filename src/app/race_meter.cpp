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
    worker_.start([this](const std::atomic<bool>& stop) {
        result_ = think::race_estimates(game_, think::kRaceNodes, &stop);
    });
}

void RaceMeter::finished() {
    worker_.finish();
    if (known_.size() >= kKept) known_.clear();
    known_[working_on_] = result_;
}

const std::vector<int>* RaceMeter::numbers(const Game& game) const {
    if (!on_ || game.puzzle()) return nullptr;
    const auto it = known_.find(key_of(game));
    return it == known_.end() ? nullptr : &it->second;
}

} // namespace halma::app
