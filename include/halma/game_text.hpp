// A game in words: a typed move read and checked against a game (saying what is wrong, hop by
// hop for a chain; the squares of a chain built on screen are checked the same way), and how
// a game stands as the protocol and records say it.
#pragma once

#include "halma/game.hpp"
#include "halma/notation.hpp"
#include "halma/options.hpp"
#include "halma/text.hpp"

#include <iterator>
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

// How any game stands: for a game of Halma the protocol's status words, result_name() or
// "aborted" for a game called off (Ending::Rule::Aborted); for a puzzle "playing",
// "solved N" or "failed N" (N the moves made).
[[nodiscard]] inline std::string status_text(const Game& game) {
    if (!game.puzzle())
        return game.ending().rule == Ending::Rule::Aborted ? "aborted" : result_name(game.result());
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

// Why a game of Halma ended, as the protocol's `result` names it.
enum class ResultReason {
    None,      // the game goes on
    Home,      // all pieces home (Finished, PartnersHome)
    LeaveHome, // the evacuation rule (Evacuation, LastSide after drop-outs)
    Resign,
    Time,
    Left,      // claimed against a player who left
    Agreement, // a draw agreed
    MaxTurns,  // the move limit
    Abort,     // called off before every player had moved
};

inline constexpr const char* kResultReasonNames[] = {
    "", "home", "leave-home", "resign", "time", "left", "agreement", "max-turns", "abort"};

// The protocol's word for a reason ("" for None).
[[nodiscard]] inline std::string_view reason_name(ResultReason r) noexcept {
    return kResultReasonNames[static_cast<int>(r)];
}

// The reason a protocol word names ("resign" gives Resign); None for any other word.
[[nodiscard]] inline ResultReason reason_named(std::string_view word) noexcept {
    for (int i = 1; i < static_cast<int>(std::size(kResultReasonNames)); ++i)
        if (word == kResultReasonNames[i]) return static_cast<ResultReason>(i);
    return ResultReason::None;
}

// The reason for an ending rule (a puzzle's rules give None).
[[nodiscard]] inline ResultReason reason_of(Ending e, bool dropped_out) noexcept {
    using R = Ending::Rule;
    switch (e.rule) {
    case R::Finished:
    case R::PartnersHome:
        return ResultReason::Home;
    case R::Evacuation:
        return ResultReason::LeaveHome;
    case R::LastSide:
        return dropped_out ? ResultReason::LeaveHome : ResultReason::Home;
    case R::MoveLimit:
        return ResultReason::MaxTurns;
    case R::Resigned:
        return ResultReason::Resign;
    case R::OutOfTime:
        return ResultReason::Time;
    case R::Left:
        return ResultReason::Left;
    case R::Agreement:
        return ResultReason::Agreement;
    case R::Aborted:
        return ResultReason::Abort;
    case R::None:
    case R::NoMove:
        break;
    }
    return ResultReason::None;
}

// Why a game of Halma ended (None while it goes on, and for a puzzle).
[[nodiscard]] inline ResultReason result_reason(const Game& game) noexcept {
    if (game.puzzle() || !game.over()) return ResultReason::None;
    bool dropped_out = false;
    for (int p = 0; p < game.players(); ++p) dropped_out = dropped_out || game.dropped(p);
    return reason_of(game.ending(), dropped_out);
}

// The rule conclude() takes for a reason off the board; Ending::Rule::None for the others.
[[nodiscard]] inline Ending::Rule off_board_rule(ResultReason r) noexcept {
    using R = Ending::Rule;
    switch (r) {
    case ResultReason::Resign:
        return R::Resigned;
    case ResultReason::Time:
        return R::OutOfTime;
    case ResultReason::Left:
        return R::Left;
    case ResultReason::Agreement:
        return R::Agreement;
    case ResultReason::Abort:
        return R::Aborted;
    default:
        return R::None;
    }
}

// How a game stands and why, in the protocol's `result` words: "playing", or the status
// words and "by REASON": "winner 2 by resign", "draw by max-turns", "aborted by abort". A
// puzzle says status_text().
[[nodiscard]] inline std::string result_text(const Game& game) {
    if (game.puzzle() || !game.over()) return status_text(game);
    return status_text(game) + " by " + std::string(reason_name(result_reason(game)));
}

// Result words read back: the result, whether the game was aborted, and the reason (None
// when the words give none, as "winner 2" and "playing" do).
struct ResultWords {
    Result result;
    bool aborted = false;
    ResultReason reason = ResultReason::None;

    // The status words: "playing", "winner 2", "draw", "aborted".
    [[nodiscard]] std::string status() const { return aborted ? "aborted" : result_name(result); }
};

// Reads result words ("playing", "winner 2", "winners 1 3 by home", "draw by agreement",
// "aborted by abort") for a game of these rules into out. Returns an empty string, or what
// is wrong: an unknown word, a seat not in the game, a reason that cannot give such a result.
[[nodiscard]] inline std::string read_result_words(std::string_view text, const Rules& rules,
                                                   ResultWords& out) {
    std::vector<std::string_view> words = split_words(text);
    ResultWords r;
    std::size_t by = words.size();
    for (std::size_t i = 0; i < words.size(); ++i)
        if (words[i] == "by") by = i;
    if (by != words.size()) {
        if (by + 2 != words.size()) return "'by' takes one reason at the end";
        r.reason = reason_named(words[by + 1]);
        if (r.reason == ResultReason::None)
            return "unknown reason '" + std::string(words[by + 1]) +
                   "': home, leave-home, resign, time, left, agreement, max-turns or abort";
    }
    if (by == 0) return "no result before 'by'";
    const std::string_view head = words.empty() ? std::string_view() : words[0];
    if (head == "playing" || head == "draw" || head == "aborted") {
        if (by != 1) return "'" + std::string(head) + "' takes no seats";
        r.result.outcome = head == "playing" ? Outcome::Playing : Outcome::Draw;
        r.aborted = head == "aborted";
    } else if (head == "winner" || head == "winners") {
        r.result.outcome = Outcome::Won;
        for (std::size_t i = 1; i < by; ++i) {
            const int seat = parse_count(words[i]);
            if (seat < 1 || seat > rules.players)
                return "'" + std::string(words[i]) + "' is not a seat of this game (1 to " +
                       std::to_string(rules.players) + ")";
            if (r.result.won_by(seat - 1)) return "seat " + std::to_string(seat) + " twice";
            r.result.winners |= 1u << (seat - 1);
        }
        const int n = __builtin_popcount(r.result.winners);
        if (n != (head == "winner" ? 1 : 2))
            return head == "winner" ? "'winner' takes one seat" : "'winners' takes two seats";
        if (n == 2 &&
            (rules.partners == Partners::None || rules.partner(__builtin_ctz(r.result.winners)) !=
                                                     31 - __builtin_clz(r.result.winners)))
            return "'winners' takes two partners";
    } else {
        return "'" + std::string(head) +
               "' is not a result: playing, winner P, winners P Q, draw or aborted";
    }
    // The reason must fit the result.
    using W = ResultReason;
    const W why = r.reason;
    const bool won = r.result.outcome == Outcome::Won;
    if (r.result.outcome == Outcome::Playing && why != W::None) return "'playing' takes no reason";
    if (r.aborted != (why == W::Abort) && why != W::None)
        return r.aborted ? "an aborted game is 'aborted by abort'"
                         : "'by abort' goes with 'aborted'";
    if (!r.aborted && r.result.outcome == Outcome::Draw && why != W::None && why != W::Agreement &&
        why != W::MaxTurns)
        return "a draw is by agreement or max-turns";
    if (won && (why == W::Agreement || why == W::MaxTurns))
        return "'by " + std::string(reason_name(why)) + "' gives a draw, not a winner";
    if (why == W::Agreement && rules.players != 2) return "a draw is agreed by 2 players only";
    out = r;
    return {};
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
