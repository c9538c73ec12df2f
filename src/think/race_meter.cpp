#include "think/race_meter.hpp"

#include "think/race.hpp"

#include <algorithm>
#include <utility>

namespace halma::think {

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
    // 1. Nothing to do for a position known or under way.
    const std::uint64_t key = key_of(game);
    if (known_.count(key) || (worker_.busy() && working_on_ == key)) return;
    // A position before this one still being worked out: it is let finish, so that its
    // lines carry on to this one, rather than this one planned afresh (far dearer).
    if (worker_.busy()) {
        Game before = game;
        for (int back = 0; back < kMostCarried && before.undo();)
            if (++back, key_of(before) == working_on_) {
                next_ = game;
                next_wanted_ = true;
                return;
            }
    }
    next_wanted_ = false;
    worker_.cancel();
    working_on_ = key;
    game_ = game;
    // 2. Each player's plan in the latest position before worked out, carried past the moves
    //    since.
    carried_.assign(static_cast<std::size_t>(game.players()), {});
    Game before = game;
    std::vector<Move> since;
    auto it = known_.end();
    while (static_cast<int>(since.size()) < kMostCarried && before.ply() > 0) {
        since.push_back(before.move_at(before.ply() - 1));
        before.undo();
        if ((it = known_.find(key_of(before))) != known_.end()) break;
    }
    std::reverse(since.begin(), since.end());
    if (it != known_.end())
        for (std::size_t s = 0; s < it->second.plans.size() && s < carried_.size(); ++s)
            if (!it->second.plans[s].line.empty())
                carried_[s] = think::carried_past({it->second.plans[s].line}, before,
                                                  static_cast<Seat>(s), since);
    worker_.start([this](const std::atomic<bool>& stop) {
        result_ = think::race_plans(game_, nodes_, &stop, &carried_);
    });
}

void RaceMeter::rest() {
    next_wanted_ = false;
    worker_.cancel();
}

void RaceMeter::finished() {
    worker_.finish();
    if (known_.size() >= kKept) known_.clear();
    Judged& j = known_[working_on_];
    j.numbers.clear();
    for (const think::SeatRace& r : result_) j.numbers.push_back(r.figure);
    j.plans = std::move(result_);
    result_.clear();
    if (std::exchange(next_wanted_, false)) want(next_);
}

const std::vector<int>* RaceMeter::numbers(const Game& game) const {
    if (!on_ || game.puzzle()) return nullptr;
    const auto it = known_.find(key_of(game));
    return it == known_.end() ? nullptr : &it->second.numbers;
}

} // namespace halma::think
