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
    if (id == archive_.game ||
        std::find(archive_.queue.begin(), archive_.queue.end(), id) != archive_.queue.end())
        return;
    archive_.queue.push_back(id);
}

void Server::next_analysis() {
    while (!store_watch_.lost && !archive_.game && !ai_.worker.busy() && !archive_.queue.empty()) {
        const long long id = archive_.queue.front();
        std::string record;
        try {
            record = store_.archived_record(id);
        } catch (const std::exception&) { // the store is out of reach: the game waits for it
            return;
        }
        archive_.queue.pop_front();
        Game game;
        Options headers;
        if (record.empty() || read_record(record, game, headers).failed() || game.puzzle())
            continue;
        think::Analysis kept;
        const think::KeptRead r = think::read_kept_analysis(record, game, kept);
        if (r.kept == think::Kept::Used) continue; // analysed already
        if (r.kept == think::Kept::Damaged)
            std::fprintf(stderr, "halma: game %lld: %s\n", id, r.why.c_str());
        archive_.game = id;
        archive_.judged = std::move(game);
        archive_.judge.judge(archive_.judged);
    }
}

void Server::analysis_done() {
    if (!archive_.judge.busy()) return;
    archive_.judge.finished();
    if (!archive_.game || !archive_.judge.judged_whole(archive_.judged)) return;
    const long long id = std::exchange(archive_.game, 0);
    try {
        // The record as archived, its analysis lines (if any) replaced, while it holds this
        // game.
        const std::string record = store_.archived_record(id);
        Game there;
        Options headers;
        if (read_record(record, there, headers).failed() ||
            think::game_key(there) != think::game_key(archive_.judged))
            return;
        store_.transaction([&] {
            store_.set_archived_record(
                id, think::without_analysis(record) +
                        think::analysis_comments(archive_.judged, archive_.judge.analysis()));
        });
    } catch (const std::exception& e) {
        std::fprintf(stderr, "halma: game %lld: the analysis could not be kept: %s\n", id,
                     e.what());
    }
}

} // namespace halma::club
