#include "think/analysis.hpp"

#include <algorithm>

namespace halma::think {

Analysis::Analysis(const Game& whole, Judged seats) : seats_(seats), start_(whole.rewound()) {
    Game replay = start_;
    for (std::size_t i = 0; i < whole.ply(); ++i) {
        movers_.push_back(replay.to_move());
        played_.push_back(whole.move_at(i));
        replay.make(played_.back());
    }
}

void Analysis::follow(const Game& whole) {
    std::size_t same = 0;
    while (same < played_.size() && same < whole.ply() && played_[same] == whole.move_at(same))
        ++same;
    played_.resize(same);
    movers_.resize(same);
    if (lines_.size() > same + 1) lines_.resize(same + 1);
    Game replay = start_;
    for (Move m : played_) replay.make(m);
    for (std::size_t i = same; i < whole.ply(); ++i) {
        movers_.push_back(replay.to_move());
        played_.push_back(whole.move_at(i));
        replay.make(played_.back());
    }
}

Game Analysis::next_position() const {
    Game g = start_;
    for (int i = 0; i < judged(); ++i) g.make(played_[static_cast<std::size_t>(i)]);
    return g;
}

std::vector<bool> Analysis::next_seats() const {
    const int at = judged();
    std::vector<bool> out(static_cast<std::size_t>(start_.players()), seats_ == Judged::Every);
    // The mover before this position (its figure after its move) and the one to move here.
    if (at > 0) out[static_cast<std::size_t>(mover(at - 1))] = true;
    if (at < moves()) out[static_cast<std::size_t>(mover(at))] = true;
    return out;
}

std::vector<KnownLines> Analysis::next_known() const {
    const int at = judged();
    std::vector<KnownLines> out(static_cast<std::size_t>(start_.players()));
    for (Seat seat = 0; seat < start_.players(); ++seat) {
        // 1. The seat's last plan known, in the latest position judged for it.
        int from = at - 1;
        while (from >= 0 && figure(from, seat) < 0) --from;
        if (from < 0) continue;
        const SeatRace& last =
            lines_[static_cast<std::size_t>(from)][static_cast<std::size_t>(seat)];
        if (last.line.empty()) continue;
        // 2. Carried on past every move since.
        Game at_move = start_;
        for (int i = 0; i < from; ++i) at_move.make(played_[static_cast<std::size_t>(i)]);
        out[static_cast<std::size_t>(seat)] =
            carried_past({last.line}, std::move(at_move), seat,
                         std::vector<Move>(played_.begin() + from, played_.begin() + at));
    }
    return out;
}

int Analysis::figure(int position, Seat seat) const {
    if (position < 0 || position >= judged()) return kRaceUnknown;
    const std::vector<SeatRace>& at = lines_[static_cast<std::size_t>(position)];
    return seat >= 0 && seat < static_cast<int>(at.size())
               ? at[static_cast<std::size_t>(seat)].figure
               : kRaceUnknown;
}

Move Analysis::best(int i) const {
    if (i < 0 || i >= judged() || i >= moves()) return {};
    const std::vector<SeatRace>& at = lines_[static_cast<std::size_t>(i)];
    const auto seat = static_cast<std::size_t>(mover(i));
    return seat < at.size() ? at[seat].first : Move();
}

int Analysis::cost(int i) const {
    if (i < 0 || i >= moves()) return -1;
    if (played_[static_cast<std::size_t>(i)].is_pass()) return 0; // no choice was made
    const Seat seat = mover(i);
    const int before = figure(i, seat), after = figure(i + 1, seat);
    if (before < 0 || after < 0) return -1;
    if (played_[static_cast<std::size_t>(i)] == best(i)) return 0;
    // The best move brings the mover at least one move nearer (the plan's rest is still there).
    return std::max(0, after - (before - 1));
}

std::vector<int> Analysis::costliest(Seat seat, int n, int min_cost) const {
    std::vector<int> found;
    for (int i = 0; i < moves(); ++i)
        if (mover(i) == seat && cost(i) >= min_cost) found.push_back(i);
    std::stable_sort(found.begin(), found.end(), [&](int a, int b) { return cost(a) > cost(b); });
    if (static_cast<int>(found.size()) > n) found.resize(static_cast<std::size_t>(n));
    return found;
}

std::vector<SeatRace> judge_seats(const Game& game, const std::vector<bool>& seats,
                                  const std::vector<KnownLines>& known, std::uint64_t nodes,
                                  const std::atomic<bool>* stop) {
    if (game.puzzle()) return {};
    std::vector<SeatRace> out(static_cast<std::size_t>(game.players()));
    for (Seat p = 0; p < game.players(); ++p) {
        const auto at = static_cast<std::size_t>(p);
        if (at < seats.size() && seats[at])
            out[at] = race_plan(game, p, nodes, stop, at < known.size() ? &known[at] : nullptr);
    }
    return out;
}

void judge_rest(Analysis& a, std::uint64_t nodes, const std::atomic<bool>* stop) {
    while (!a.complete() && !(stop && stop->load(std::memory_order_relaxed)))
        a.add(judge_seats(a.next_position(), a.next_seats(), a.next_known(), nodes, stop));
}

std::vector<MoveCost> move_costs(const Game& game, const Analysis& a) {
    std::vector<MoveCost> out;
    for (int i = 0; i < a.moves() && i + 1 < a.judged(); ++i) {
        const int cost = a.cost(i);
        out.push_back(
            {a.mover(i), game.move_at(static_cast<std::size_t>(i)), a.best(i), std::max(0, cost)});
    }
    return out;
}

std::vector<MoveCost> analyse(const Game& game, std::uint64_t nodes,
                              const std::atomic<bool>* stop) {
    if (game.puzzle()) return {};
    Analysis a(game, Judged::Every);
    judge_rest(a, nodes, stop);
    return move_costs(game, a);
}

} // namespace halma::think
