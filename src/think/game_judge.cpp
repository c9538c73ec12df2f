#include "think/game_judge.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <utility>

namespace halma::think {

namespace {

// The game's start and every move, to tell one game from another.
std::uint64_t key_of(const Game& game) {
    std::uint64_t key = game.rewound().position().hash() ^ game.ply();
    for (std::size_t i = 0; i < game.ply(); ++i)
        key = (key ^ game.move_at(i).bits()) * 0x9E3779B97F4A7C15ull;
    return key;
}

} // namespace

void GameJudge::judge(const Game& game) {
    if (game.puzzle()) return;
    const std::uint64_t key = key_of(game);
    if (key == judged_key_ && analysis_.moves() == static_cast<int>(game.ply())) {
        if (!busy()) next(); // go on where a stop left it
        return;
    }
    worker_.cancel();
    trying_ = false;
    judged_key_ = key;
    analysis_ = Analysis(game);
    next();
}

void GameJudge::adopt(const Game& game, Analysis kept) {
    worker_.cancel();
    trying_ = false;
    judged_key_ = key_of(game);
    analysis_ = std::move(kept);
}

bool GameJudge::judged_whole(const Game& game) const {
    return analysis_.complete() && judged_key_ == key_of(game) &&
           analysis_.moves() == static_cast<int>(game.ply());
}

void GameJudge::start(Game position) {
    position_ = std::move(position);
    worker_.start([this](const std::atomic<bool>& stop) {
        // Linux gives each thread its own nice value: this one yields to everything else.
        if (background_)
            (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 19);
        lines_ = race_plans(position_, kRaceNodes, &stop);
    });
}

void GameJudge::next() {
    if (!analysis_.complete()) start(analysis_.next_position());
}

void GameJudge::judge_try(const Game& position) {
    worker_.cancel();
    trying_ = true;
    start(position);
}

void GameJudge::finished() {
    worker_.finish(); // a job stopped by cancel() never comes here: its lines are whole
    if (std::exchange(trying_, false)) {
        tried_lines_ = std::move(lines_);
        lines_.clear();
        return next(); // the game's own positions, if a try came before they were done
    }
    analysis_.add(std::move(lines_));
    lines_.clear();
    next();
}

} // namespace halma::think
