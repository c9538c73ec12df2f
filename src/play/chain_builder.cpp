#include "play/chain_builder.hpp"

#include <algorithm>

namespace halma::play {

namespace {

// Every square a legal move of the piece on from may end on.
Bitboard legal_ends(const Game& game, int from) {
    return destinations(game.position(), game.rules(), game.camps(), game.owner_to_move(), from);
}

// The single-hop landings from `at` for the piece that started on `origin`.
Bitboard hops_from(const Game& game, int origin, int at) {
    return single_hops(game.position(), origin, at, game.rules().longjumps);
}

// Why the move along these squares cannot be played, in the engine's words.
std::string why_not(const Game& game, const std::vector<Square>& squares) {
    std::string reason = check_squares(game, squares).error;
    return reason.empty() ? "that square cannot be reached from here" : reason;
}

} // namespace

std::string path_name(const std::vector<int>& path) {
    std::string s;
    for (int sq : path) s += (s.empty() ? "" : "-") + square_name(sq);
    return s;
}

namespace {

// A choice that changed nothing, and why.
ChooseResult refused(std::string why) {
    ChooseResult r;
    r.message = std::move(why);
    return r;
}

} // namespace

ChooseResult ChainBuilder::played(std::vector<int> path) {
    ChooseResult r;
    r.kind = ChooseKind::Played;
    r.move = Move(path.front(), path.back());
    r.path = std::move(path);
    path_.clear();
    return r;
}

ChooseResult ChainBuilder::choose(const Game& game, int sq) {
    const Position& pos = game.position();
    const int owner = game.owner_to_move();
    if (game.over()) return refused("the game is over");
    // 1. Selecting (or, before any hop, switching to) one of the mover's pieces.
    if ((!active() || (path_.size() == 1 && sq != origin())) && pos.at(sq) == owner) {
        if (legal_ends(game, sq).empty())
            return refused("the piece on " + square_name(sq) + " has no move");
        path_ = {sq};
        return {ChooseKind::Selected, Move::none(), {}, {}};
    }
    if (!active()) {
        if (pos.at(sq) == kEmpty)
            return refused("no piece on " + square_name(sq) + "; choose one of player " +
                           std::to_string(owner + 1) + "'s pieces");
        return refused(why_not(game, {sq, sq}));
    }
    // 2. The square the chain stands on again: a bare selection is dropped, a chain ends.
    if (sq == at()) {
        if (path_.size() == 1) {
            path_.clear();
            return {ChooseKind::Deselected, Move::none(), {}, "move cancelled"};
        }
        if (legal_ends(game, origin()).test(sq)) return played(path_);
        return refused(why_not(game, path_));
    }
    // 3. Anywhere else: a step, a hop, or the end of a chain further on.
    return go_on(game, sq);
}

ChooseResult ChainBuilder::go_on(const Game& game, int sq) {
    const Position& pos = game.position();
    const bool longjumps = game.rules().longjumps;
    const int from = origin(), here = at();
    const Bitboard ends = legal_ends(game, from);
    if (path_.size() == 1 && king_distance(from, sq) == 1) {
        if (ends.test(sq)) return played({from, sq});
        return refused(why_not(game, {from, sq}));
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
    if (ends.test(sq) && hop_landings(pos, from, here, longjumps).test(sq)) {
        std::vector<int> tail = chain_path(pos, from, here, sq, longjumps);
        std::vector<int> path = path_;
        path.insert(path.end(), tail.begin() + 1, tail.end());
        return played(path);
    }
    std::vector<int> attempt = path_;
    attempt.push_back(sq);
    return refused(why_not(game, attempt));
}

bool ChainBuilder::back() noexcept {
    if (path_.empty()) return false;
    path_.pop_back();
    return true;
}

Bitboard ChainBuilder::next_marks(const Game& game) const {
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

Bitboard ChainBuilder::end_marks(const Game& game) const {
    if (!active()) return {};
    const int from = origin();
    Bitboard ends = legal_ends(game, from);
    if (path_.size() == 1) return ends;
    Bitboard here = hop_landings(game.position(), from, at(), game.rules().longjumps);
    here.set(at());
    return ends & here;
}

} // namespace halma::play
