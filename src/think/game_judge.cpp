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

void GameJudge::start(Game position, std::vector<KnownLines> known) {
    position_ = std::move(position);
    known_ = std::move(known);
    worker_.start([this, trying = trying_](const std::atomic<bool>& stop) {
        // Linux gives each thread its own nice value: this one yields to everything else.
        if (background_)
            (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 19);
        // A try whose mover's plan before it is not known (an analysis kept with the record
        // keeps no plans): that plan is worked out first, and carried past the move.
        if (trying && position_.ply() > 0) {
            Game before = position_;
            const Move tried = before.move_at(before.ply() - 1);
            before.undo();
            const Seat mover = before.to_move();
            auto& mine = known_[static_cast<std::size_t>(mover)];
            if (mine.empty()) {
                const SeatRace plan = race_plan(before, mover, kRaceNodes, &stop);
                if (!plan.line.empty()) mine = carried_lines({plan.line}, before, mover, tried);
            }
        }
        lines_ = race_plans(position_, kRaceNodes, &stop, &known_);
    });
}

void GameJudge::next() {
    if (!analysis_.complete()) start(analysis_.next_position(), analysis_.next_known());
}

void GameJudge::judge_try(const Game& position) {
    worker_.cancel();
    trying_ = true;
    std::vector<KnownLines> known(static_cast<std::size_t>(position.players()));
    const int at = static_cast<int>(position.ply()) - 1; // the position the move was tried in
    if (at >= 0 && at < analysis_.judged()) {
        const Seat mover = analysis_.mover(at);
        const std::vector<SeatRace>& lines = analysis_.lines(at);
        const auto seat = static_cast<std::size_t>(mover);
        if (seat < lines.size() && !lines[seat].line.empty()) {
            Game before = position;
            before.undo();
            known[seat] = carried_lines({lines[seat].line}, before, mover,
                                        position.move_at(position.ply() - 1));
        }
    }
    start(position, std::move(known));
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
