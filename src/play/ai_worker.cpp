#include "play/ai_worker.hpp"

namespace halma::play {

void AiWorker::start(const Game& game, ai::Limits limits, int purpose) {
    worker_.cancel();
    game_ = game;
    purpose_ = purpose;
    worker_.start([this, limits](const std::atomic<bool>& stop) mutable {
        limits.stop = &stop;
        result_ = play::computer_hint(game_, limits);
    });
}

solo::Hint AiWorker::finish() {
    worker_.finish();
    return result_;
}

} // namespace halma::play
