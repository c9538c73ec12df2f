// The archive's analysis: the club analyses each finished game once, itself, so that whoever
// opens it in review sees the analysis at once and no client's word is taken for it. The work
// runs on a thread of its own at the lowest priority, one position at a time, and a game is
// begun only when the computer has no move to find; once the queue is empty the thread ends
// and the idle server costs nothing.
#include "club/server.hpp"

#include "halma/record.hpp"
#include "think/kept_analysis.hpp"

#include <algorithm>
#include <cstdio>

namespace halma::club {

void Server::queue_analysis(long long id) {
    if (id == judging_ ||
        std::find(judge_queue_.begin(), judge_queue_.end(), id) != judge_queue_.end())
        return;
    judge_queue_.push_back(id);
}

void Server::next_analysis() {
    while (!store_lost_ && !judging_ && !worker_.busy() && !judge_queue_.empty()) {
        const long long id = judge_queue_.front();
        std::string record;
        try {
            record = store_.archived_record(id);
        } catch (const std::exception&) { // the store is out of reach: the game waits for it
            return;
        }
        judge_queue_.pop_front();
        Game game;
        Options headers;
        if (record.empty() || read_record(record, game, headers).failed() || game.puzzle())
            continue;
        think::Analysis kept;
        const think::KeptRead r = think::read_kept_analysis(record, game, kept);
        if (r.kept == think::Kept::Used) continue; // analysed already
        if (r.kept == think::Kept::Damaged)
            std::fprintf(stderr, "halma: game %lld: %s\n", id, r.why.c_str());
        judging_ = id;
        judged_ = std::move(game);
        judge_.judge(judged_);
    }
}

void Server::analysis_done() {
    if (!judge_.busy()) return;
    judge_.finished();
    if (!judging_ || !judge_.judged_whole(judged_)) return;
    const long long id = std::exchange(judging_, 0);
    try {
        // The record as archived, its analysis lines (if any) replaced, while it holds this
        // game.
        const std::string record = store_.archived_record(id);
        Game there;
        Options headers;
        if (read_record(record, there, headers).failed() ||
            think::game_key(there) != think::game_key(judged_))
            return;
        store_.transaction([&] {
            store_.set_archived_record(id,
                                       think::without_analysis(record) +
                                           think::analysis_comments(judged_, judge_.analysis()));
        });
    } catch (const std::exception& e) {
        std::fprintf(stderr, "halma: game %lld: the analysis could not be kept: %s\n", id,
                     e.what());
    }
}

} // namespace halma::club
