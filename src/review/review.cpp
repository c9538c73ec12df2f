#include "review/review.hpp"

#include <algorithm>

namespace halma::review {

MoveList move_list(const Game& game, std::size_t keep) {
    MoveList list;
    const std::size_t n = game.ply();
    list.first = keep == 0 || keep >= n ? 0 : n - keep;
    Game replay = game.rewound();
    for (std::size_t i = 0; i < n; ++i) {
        const Move m = game.move_at(i);
        if (i >= list.first) {
            const Seat mover = replay.to_move();
            list.lines.push_back(std::to_string(replay.moves_made(mover) + 1) + ". " +
                                 chain_name(replay.position(), m, game.rules().longjumps));
            list.movers.push_back(mover);
        }
        replay.make(m);
    }
    return list;
}

std::vector<Square> last_path(const Game& game) {
    if (game.ply() == 0) return {};
    Game before = game;
    const Move m = game.move_at(game.ply() - 1);
    before.unmake();
    return move_path(before.position(), m, game.rules().longjumps);
}

Review::Review(const Game& game) : whole_(game), here_(game), moves_(move_list(game)) {}

void Review::go_to(int ply) {
    ply = std::clamp(ply, 0, plies());
    if (ply == plies()) { // the end as the game stands, a result off the board included
        here_ = whole_;
        return;
    }
    while (at() > ply) here_.unmake();
    while (at() < ply) here_.make(whole_.move_at(here_.ply()));
}

std::string Review::where_words() const {
    const std::string total = std::to_string(plies());
    if (at() == 0) return "the start (" + total + (plies() == 1 ? " move)" : " moves)");
    return "move " + std::to_string(at()) + " of " + total;
}

Game Review::play_on() const {
    Game g = whole_;
    while (static_cast<int>(g.ply()) > at()) g.undo();
    return g;
}

} // namespace halma::review
