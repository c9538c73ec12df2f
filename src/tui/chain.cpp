#include "tui/chain.hpp"

#include <algorithm>

namespace halma::tui {

namespace {

// Every square a legal move of the piece on from may end on.
Bitboard legal_ends(const MoveContext& game, int from) {
    return destinations(game.position(), game.rules(), game.camps(), game.owner_to_move(), from);
}

// The single-hop landings from `at` for the piece that started on `origin`.
Bitboard hops_from(const MoveContext& game, int origin, int at) {
    return single_hops(game.position(), origin, at, game.rules().longjumps);
}

// Every square reachable from `at` by further hops (at itself excluded).
Bitboard reachable(const MoveContext& game, int origin, int at) {
    Bitboard seen = Bitboard::of(at);
    std::vector<int> todo{at};
    while (!todo.empty()) {
        int sq = todo.back();
        todo.pop_back();
        Bitboard next = hops_from(game, origin, sq) & ~seen;
        seen |= next;
        for_each_square(next, [&](int s) { todo.push_back(s); });
    }
    seen.reset(at);
    return seen;
}

// Why the move spelled by these squares cannot be played, in the engine's words.
std::string why_not(const MoveContext& game, const std::vector<int>& squares) {
    std::string reason = game.why(path_name(squares));
    return reason.empty() ? "that square cannot be reached from here" : reason;
}

} // namespace

MoveContext MoveContext::of(const Game& game) {
    return {&game.position(),
            &game.rules(),
            &game.camps(),
            game.owner_to_move(),
            game.over(),
            [&game](const std::string& text) { return parse_move(game, text).error; }};
}

MoveContext MoveContext::of(const solo::SoloGame& game) {
    return {&game.position(),
            &game.rules(),
            &game.camps(),
            0,
            game.over(),
            [&game](const std::string& text) { return solo::parse_solo_move(game, text).error; }};
}

std::vector<int> chain_between(const Position& pos, int origin, int at, int to, bool longjumps) {
    int parent[kSquares];
    std::fill(std::begin(parent), std::end(parent), kNoSquare);
    parent[at] = at;
    std::vector<int> queue{at};
    for (std::size_t head = 0; head < queue.size() && parent[to] == kNoSquare; ++head) {
        for_each_square(single_hops(pos, origin, queue[head], longjumps), [&](int s) {
            if (parent[s] == kNoSquare) {
                parent[s] = queue[head];
                queue.push_back(s);
            }
        });
    }
    if (to == at || parent[to] == kNoSquare) return {};
    std::vector<int> path;
    for (int s = to; s != at; s = parent[s]) path.push_back(s);
    path.push_back(at);
    std::reverse(path.begin(), path.end());
    return path;
}

std::string path_name(const std::vector<int>& path) {
    std::string s;
    for (int sq : path) s += (s.empty() ? "" : "-") + square_name(sq);
    return s;
}

ChooseResult ChainBuilder::choose(const MoveContext& game, int sq) {
    const Position& pos = game.position();
    const int owner = game.owner_to_move();
    auto refuse = [](std::string why) {
        ChooseResult r;
        r.message = std::move(why);
        return r;
    };
    auto played = [&](std::vector<int> path) {
        ChooseResult r;
        r.kind = ChooseKind::Played;
        r.move = Move(path.front(), path.back());
        r.path = std::move(path);
        path_.clear();
        return r;
    };
    if (game.over()) return refuse("the game is over");
    // Selecting (or, before any hop, switching to) one of the mover's pieces.
    if ((!active() || (path_.size() == 1 && sq != origin())) && pos.at(sq) == owner) {
        if (legal_ends(game, sq).empty())
            return refuse("the piece on " + square_name(sq) + " has no move");
        path_ = {sq};
        return {ChooseKind::Selected, Move::none(), {}, {}};
    }
    if (!active()) {
        if (pos.at(sq) == kEmpty)
            return refuse("no piece on " + square_name(sq) + "; choose one of player " +
                          std::to_string(owner + 1) + "'s pieces");
        return refuse(why_not(game, {sq, sq}));
    }
    const int from = origin(), here = at();
    const Bitboard ends = legal_ends(game, from);
    if (sq == here) {
        if (path_.size() == 1) {
            path_.clear();
            return {ChooseKind::Deselected, Move::none(), {}, "move cancelled"};
        }
        if (ends.test(here)) return played(path_);
        return refuse(why_not(game, path_));
    }
    if (path_.size() == 1 && king_distance(from, sq) == 1) {
        if (ends.test(sq)) return played({from, sq});
        return refuse(why_not(game, {from, sq}));
    }
    if (hops_from(game, from, here).test(sq)) {
        path_.push_back(sq);
        Bitboard fresh = hops_from(game, from, sq);
        for (int s : path_) fresh.reset(s);
        if (fresh.empty() && ends.test(sq)) return played(path_);
        ChooseResult r{ChooseKind::Hopped, Move::none(), {}, {}};
        if (fresh.empty())
            r.message = "no new hop from " + square_name(sq) + " and " + why_not(game, path_);
        return r;
    }
    if (ends.test(sq) && reachable(game, from, here).test(sq)) {
        std::vector<int> tail = chain_between(pos, from, here, sq, game.rules().longjumps);
        std::vector<int> path = path_;
        path.insert(path.end(), tail.begin() + 1, tail.end());
        return played(path);
    }
    std::vector<int> attempt = path_;
    attempt.push_back(sq);
    return refuse(why_not(game, attempt));
}

bool ChainBuilder::back() noexcept {
    if (path_.empty()) return false;
    path_.pop_back();
    return true;
}

Bitboard ChainBuilder::next_marks(const MoveContext& game) const {
    if (!active()) return {};
    const int from = origin();
    Bitboard marks = hops_from(game, from, at());
    if (path_.size() == 1) {
        Bitboard steps = legal_ends(game, from);
        for_each_square(steps, [&](int s) {
            if (king_distance(s, from) != 1) steps.reset(s);
        });
        marks |= steps;
    }
    return marks;
}

Bitboard ChainBuilder::end_marks(const MoveContext& game) const {
    if (!active()) return {};
    const int from = origin();
    Bitboard ends = legal_ends(game, from);
    if (path_.size() == 1) return ends;
    Bitboard here = reachable(game, from, at());
    here.set(at());
    return ends & here;
}

} // namespace halma::tui
