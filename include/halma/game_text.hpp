// A game in words: a typed move read and checked against a game (saying what is wrong, hop by
// hop for a chain; the squares of a chain built on screen are checked the same way), and how
// a game stands as the protocol and records say it.
#pragma once

#include "halma/game.hpp"
#include "halma/notation.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace halma {

// How a game of Halma stands, in the protocol's words: "playing", "winner 2", "winners 1 3",
// "draw".
[[nodiscard]] inline std::string result_name(Result r) {
    if (r.outcome == Outcome::Playing) return "playing";
    if (r.outcome == Outcome::Draw) return "draw";
    std::string s = __builtin_popcount(r.winners) > 1 ? "winners" : "winner";
    for (int p = 0; p < kMaxPlayers; ++p)
        if (r.won_by(p)) s += " " + std::to_string(p + 1);
    return s;
}

// How any game stands: result_name() for a game of Halma, and for a puzzle "playing",
// "solved N" or "failed N" (N the moves made).
[[nodiscard]] inline std::string status_text(const Game& game) {
    if (!game.puzzle()) return result_name(game.result());
    const std::string moves = std::to_string(game.ply());
    switch (game.result().outcome) {
    case Outcome::Won:
        return "solved " + moves;
    case Outcome::Playing:
        return "playing";
    default:
        return "failed " + moves;
    }
}

// A move read from text and checked against a game: the move, or an error saying why not.
struct ParsedMove {
    Move move;
    std::string error; // empty when move is legal in the game
};

namespace detail {

// Why no move can be played in a game that is over.
[[nodiscard]] inline std::string over_words(const Game& game) {
    if (!game.puzzle()) return "the game is over";
    if (game.result().outcome == Outcome::Won) return "the puzzle is solved";
    return "the puzzle is over (" + status_text(game) + ")";
}

// What the camp rule forbids, in the words of a game or of a puzzle.
[[nodiscard]] inline std::string camp_rule_words(const Game& game) {
    return game.puzzle() ? "a piece on a goal square must end its move on one"
                         : "a piece in its target camp must end its move inside the camp";
}

// Why the piece on `from` cannot go to `to` in one step or chain (the move is not legal).
[[nodiscard]] inline std::string why_not_ends(const Game& game, int from, int to) {
    const Position& pos = game.position();
    if (king_distance(from, to) == 1 && pos.at(to) != kEmpty)
        return square_name(to) + " is occupied" +
               (game.rules().spoil == Spoil::Swap && !game.puzzle()
                    ? std::string(" and no swap is allowed there")
                    : std::string());
    return "no step or hop chain leads from " + square_name(from) + " to " + square_name(to);
}

// Why hop i of a spelled-out chain, from a to b, is not a hop for the piece that started on
// `from`; empty when it is one.
[[nodiscard]] inline std::string why_not_hop(const Game& game, int from, std::size_t i, int a,
                                             int b) {
    const Position& pos = game.position();
    const bool longjumps = game.rules().longjumps;
    if (single_hops(pos, from, a, longjumps).test(b)) return {};
    const std::string hop =
        "hop " + std::to_string(i) + " (" + square_name(a) + "-" + square_name(b) + ")";
    const int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
    const int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
    if (adf == 0 && adr == 0) return hop + " does not move";
    if (adf && adr && adf != adr) return hop + " is not along a rank, file or diagonal";
    const int dist = adf > adr ? adf : adr;
    if (dist == 1) return hop + " is a step; steps and hops cannot mix in one move";
    if (dist % 2) return hop + " covers an odd number of squares";
    if (b != from && pos.at(b) != kEmpty)
        return hop + " lands on " + square_name(b) + ", which is occupied";
    const int sf = df / dist, sr = dr / dist;
    if (!longjumps) {
        if (dist != 2) return hop + " is longer than two squares (long jumps are off)";
        return hop + " has no piece on " +
               square_name(make_square(file_of(a) + sf, rank_of(a) + sr)) + " to hop over";
    }
    const int mid = make_square(file_of(a) + sf * dist / 2, rank_of(a) + sr * dist / 2);
    if (mid == from || pos.at(mid) == kEmpty)
        return hop + " has no piece on its middle square " + square_name(mid);
    return hop + " passes a second piece; a long jump goes over exactly one";
}

} // namespace detail

// Checks a move given by its squares (its start and end, or every landing of a chain) against
// the game: the move, or an error saying why not, hop by hop for a chain.
[[nodiscard]] inline ParsedMove check_squares(const Game& game,
                                              const std::vector<Square>& squares) {
    const Position& pos = game.position();
    auto fail = [](std::string why) { return ParsedMove{Move::none(), std::move(why)}; };
    // 1. The game must go on, and the squares make a move whose first holds a piece of the
    // player to move.
    if (game.over()) return fail(detail::over_words(game));
    if (squares.size() < 2)
        return fail(game.puzzle() ? "a move needs two squares joined by '-'"
                                  : "a move needs two squares joined by '-', or 'pass'");
    const Square from = squares.front(), to = squares.back();
    const Seat owner = game.owner_to_move();
    if (pos.at(from) == kEmpty) return fail("there is no piece on " + square_name(from));
    if (pos.at(from) != owner)
        return fail(
            square_name(from) + " holds a piece of player " +
            std::to_string(player_number(pos.at(from))) + "; it is player " +
            std::to_string(player_number(game.to_move())) + "'s turn" +
            (owner == game.to_move()
                 ? std::string()
                 : ", moving player " + std::to_string(player_number(owner)) + "'s pieces"));
    if (from == to) return fail("a move must end on a different square from where it started");
    // 2. Its ends: a legal move, or the camp rule, or no way between them.
    const Move m(from, to);
    const Bitboard& target = game.camps().target[owner];
    const bool leaves_camp = target.test(from) && !target.test(to);
    if (squares.size() == 2) {
        if (game.is_legal(m)) return {m, {}};
        return fail(leaves_camp ? detail::camp_rule_words(game)
                                : detail::why_not_ends(game, from, to));
    }
    // 3. A spelled-out chain: every hop in turn.
    for (std::size_t i = 1; i < squares.size(); ++i)
        if (std::string why = detail::why_not_hop(game, from, i, squares[i - 1], squares[i]);
            !why.empty())
            return fail(why);
    if (leaves_camp) return fail(detail::camp_rule_words(game));
    return {m, {}};
}

// Reads "pass", "from-to" or a spelled-out chain "a-b-c-..." and checks it is legal in the
// game (a game of Halma or a puzzle). squares, when given, receives the squares read.
[[nodiscard]] inline ParsedMove parse_move(const Game& game, std::string_view text,
                                           std::vector<Square>* squares = nullptr) {
    auto fail = [](std::string why) { return ParsedMove{Move::none(), std::move(why)}; };
    // 1. The game must go on, and a pass be the only thing possible.
    if (game.over()) return fail(detail::over_words(game));
    if (text == "pass") {
        if (game.puzzle()) return fail("there is no passing in a puzzle");
        if (!game.must_pass()) return fail("pass is only allowed when no move is possible");
        return {Move::pass(), {}};
    }
    // 2. Squares joined by dashes, then the move they make.
    std::string_view bad;
    std::vector<Square> read = parse_squares(text, game.position().size(), &bad);
    if (read.empty())
        return fail("'" + std::string(bad) + "' is not a square of the " +
                    board_name(game.position().size()) + " board");
    ParsedMove pm = check_squares(game, read);
    if (squares) *squares = std::move(read);
    return pm;
}

// A game's moves with every chain spelled out, from its initial position.
[[nodiscard]] inline std::vector<std::string> move_texts(const Game& game) {
    Game replay = game.rewound();
    std::vector<std::string> out;
    for (std::size_t i = 0; i < game.ply(); ++i) {
        out.push_back(chain_name(replay.position(), game.move_at(i), game.rules().longjumps));
        replay.make(game.move_at(i));
    }
    return out;
}

} // namespace halma
