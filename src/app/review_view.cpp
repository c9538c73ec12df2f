// The review's analysis as the player sees it: the cost of the move shown and the better move
// drawn on the board, the chart of every player's moves to go, each player's costliest moves
// (Tab chooses one, Enter goes to it). An analysis a record keeps is taken at once when it is
// this game's and this planner's, and one made here is written back into the record's file.
#include "app/app_state.hpp"

#include "files/paths.hpp"
#include "files/record_file.hpp"
#include "play/words.hpp"
#include "think/kept_analysis.hpp"

#include <algorithm>
#include <utility>

namespace halma::app {

namespace {

constexpr int kCostliest = 3; // moves listed for each player

// Every player's costliest moves, player by player, the dearest first.
std::vector<int> costliest_moves(const think::Analysis& a, int players) {
    std::vector<int> out;
    for (Seat p = 0; p < players; ++p)
        for (int i : a.costliest(p, kCostliest)) out.push_back(i);
    return out;
}

// How far the analysis has gone: "analysing: 40 of 121 positions".
std::string progress_words(const think::Analysis& a) {
    return "analysing: " + std::to_string(a.judged()) + " of " + std::to_string(a.moves() + 1) +
           " positions";
}

// What the analysis says of move i, `played` from `before`.
std::string cost_words(const think::Analysis& a, int i, const Game& before, Move played) {
    if (i >= a.judged() - 1) return progress_words(a);
    const int cost = a.cost(i);
    const Move best = a.best(i);
    if (cost < 0 || best.is_none()) return "no line home found to judge it by";
    if (played == best) return "the best move found";
    const std::string best_name = chain_name(before.position(), best, before.rules().longjumps);
    if (cost == 0) return "as good as the best move found, " + best_name;
    return "-" + std::to_string(cost) + ": " + best_name + " was " + std::to_string(cost) +
           (cost == 1 ? " move" : " moves") + " better";
}

} // namespace

std::vector<int> ReviewState::figures() const {
    if (!review) return {};
    const review::Review& r = *review;
    const think::Analysis& a = judge.analysis();
    if (a.moves() != r.plies() || r.at() >= a.judged()) return {};
    std::vector<int> out;
    for (Seat p = 0; p < r.here().players(); ++p) out.push_back(a.figure(r.at(), p));
    return out;
}

void ReviewState::fill(play::Scene& s) const {
    const review::Review& r = *review;
    const think::Analysis& a = judge.analysis();
    if (a.moves() != r.plies()) return; // not this game's (a puzzle is not judged)
    const int players = r.here().players();
    // 1. The move shown: its cost, and the best move beside it on the board.
    if (const int i = r.at() - 1; i >= 0) {
        Game before = r.here();
        before.unmake();
        s.review.cost = cost_words(a, i, before, r.here().move_at(static_cast<std::size_t>(i)));
        s.review.costly = a.cost(i) >= 2;
        if (a.cost(i) > 0)
            s.marks.hint_path = move_path(before.position(), a.best(i), before.rules().longjumps);
    } else if (!a.complete()) {
        s.review.cost = progress_words(a);
    }
    // 2. The chart: each player's moves to go after every move.
    s.review.chart.assign(static_cast<std::size_t>(players), {});
    for (Seat p = 0; p < players; ++p)
        for (int pos = 0; pos <= a.moves(); ++pos)
            s.review.chart[static_cast<std::size_t>(p)].push_back(a.figure(pos, p));
    s.review.chart_at = r.at();
    s.review.chart_whole = a.complete();
    // 3. The costliest moves, the one chosen marked.
    for (int i : costliest_moves(a, players)) {
        if (i == costly) s.review.chosen = static_cast<int>(s.review.costliest.size());
        // The mover's own move number, as the move list has it ("12. e4-f5").
        const std::string& line = s.moves.lines[static_cast<std::size_t>(i)];
        s.review.costliest.push_back(line.substr(0, line.find('.')) + " -" +
                                     std::to_string(a.cost(i)));
        s.review.costliest_seats.push_back(a.mover(i));
    }
}

std::string ReviewState::choose_costly() {
    const std::vector<int> list = costliest_moves(judge.analysis(), review->here().players());
    if (list.empty())
        return judge.analysis().complete() ? "no move lost a move of race" : "still analysing";
    auto it = std::find(list.begin(), list.end(), costly);
    costly = it == list.end() || it + 1 == list.end() ? list.front() : *(it + 1);
    return {};
}

std::string ReviewState::go_to_costly() {
    std::string none;
    if (costly < 0) none = choose_costly();
    if (costly >= 0) review->go_to(costly + 1);
    return none;
}

void ReviewState::take_kept(const Game& game, std::string_view record_text) {
    kept_note.clear();
    refused_note.clear();
    think::Analysis kept;
    const think::KeptRead r = think::read_kept_analysis(record_text, game, kept);
    if (r.kept == think::Kept::Used) judge.adopt(game, std::move(kept));
    kept_note = r.why;
    refused_note = r.kept == think::Kept::Used ? "" : r.why;
}

Reply ReviewState::keep_analysis(const Game& game) {
    if (record_file.empty() || !judge.judged_whole(game)) return {};
    const std::string& path = record_file;
    std::string text;
    Game there;
    Options headers;
    if (!files::read_file(path, text).empty() ||
        files::read_game_text(text, there, headers).failed() ||
        think::game_key(there) != think::game_key(game))
        return {"the analysis is not kept: " + path + " no longer holds this game", true};
    const std::string kept =
        think::without_analysis(text) + think::analysis_comments(game, judge.analysis());
    if (std::string err = files::write_file_atomically(path, kept); !err.empty())
        return {"the analysis is not kept: " + err, true};
    // A kept analysis refused says why still, now that the new one is kept.
    const std::string_view again = "; analysing again";
    std::string why = std::exchange(refused_note, {});
    if (why.size() > again.size() &&
        why.compare(why.size() - again.size(), again.size(), again) == 0)
        why.resize(why.size() - again.size());
    return {why.empty() ? "the analysis is kept in " + path
                        : why + "; analysed again and kept in " + path};
}

} // namespace halma::app
