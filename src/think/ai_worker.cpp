#include "think/ai_worker.hpp"

namespace halma::think {

void AiWorker::start(const Game& game, ai::Limits limits, int purpose) {
    worker_.cancel();
    game_ = game;
    purpose_ = purpose;
    worker_.start([this, limits](const std::atomic<bool>& stop) mutable {
        limits.stop = &stop;
        result_ = computer_hint(game_, limits);
    });
}

solo::Hint AiWorker::finish() {
    worker_.finish();
    return result_;
}

} // namespace halma::think
