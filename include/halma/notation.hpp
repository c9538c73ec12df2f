// Notation (rules.md, "Notation"): squares, moves and position strings, written and parsed.
// Parsing a move checks it against a game and says what is wrong, hop by hop for a chain.
#pragma once

#include "halma/game.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace halma {

// The name of a square: file letter and rank number, "e4".
[[nodiscard]] inline std::string square_name(int sq) {
    return std::string(1, static_cast<char>('a' + file_of(sq))) + std::to_string(rank_of(sq) + 1);
}

// The square named by text on a board of the given size, or kNoSquare.
[[nodiscard]] inline int parse_square(std::string_view text, int size) noexcept {
    if (text.size() < 2 || text.size() > 3) return kNoSquare;
    int file = text[0] - 'a';
    if (file < 0 || file >= size) return kNoSquare;
    int rank = 0;
    for (char c : text.substr(1)) {
        if (c < '0' || c > '9') return kNoSquare;
        rank = rank * 10 + (c - '0');
    }
    if (text[1] == '0' || rank < 1 || rank > size) return kNoSquare;
    return make_square(file, rank - 1);
}

// A move by its two ends ("e4-f5"), or "pass".
[[nodiscard]] inline std::string move_name(Move m) {
    if (m.is_pass()) return "pass";
    return square_name(m.from()) + "-" + square_name(m.to());
}

// A move with every landing of its chain spelled out ("e4-g6-g8"), as the position before
// it allows; a step, a swap or a pass is written as move_name() writes it.
[[nodiscard]] inline std::string chain_name(const Position& pos, Move m, bool longjumps) {
    if (m.is_pass()) return "pass";
    std::vector<int> path = hop_path(pos, m.from(), m.to(), longjumps);
    if (path.empty()) return move_name(m);
    std::string s;
    for (int sq : path) s += (s.empty() ? "" : "-") + square_name(sq);
    return s;
}

// The position string of rules.md: ranks from the top, '/' between them, then the player
// to move.
[[nodiscard]] inline std::string position_string(const Position& pos) {
    std::string s;
    for (int r = pos.size() - 1; r >= 0; --r) {
        for (int f = 0; f < pos.size(); ++f) {
            int p = pos.at(make_square(f, r));
            s += p == kEmpty ? '.' : static_cast<char>('1' + p);
        }
        if (r) s += '/';
    }
    return s + " " + std::to_string(pos.to_move() + 1);
}

// Reads a position string for a game of `players` players. Returns an empty string and
// sets out, or says what is wrong and leaves out alone.
[[nodiscard]] inline std::string parse_position(std::string_view text, int players, Position& out) {
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    std::size_t space = text.find_first_of(" \t");
    if (space == std::string_view::npos)
        return "a position needs the board, a space and the player to move";
    std::string_view board = text.substr(0, space), side = text.substr(space + 1);
    while (!side.empty() && (side.front() == ' ' || side.front() == '\t')) side.remove_prefix(1);

    std::vector<std::string_view> ranks;
    for (std::size_t start = 0;;) {
        std::size_t slash = board.find('/', start);
        ranks.push_back(
            board.substr(start, slash == std::string_view::npos ? slash : slash - start));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    const int size = static_cast<int>(ranks.size());
    if (!valid_size(size))
        return "a position has 8, 10 or 16 ranks separated by '/', not " + std::to_string(size);
    Position pos(size);
    for (int i = 0; i < size; ++i) {
        const int rank = size - 1 - i;
        if (static_cast<int>(ranks[i].size()) != size)
            return "rank " + std::to_string(rank + 1) + " has " + std::to_string(ranks[i].size()) +
                   " squares, not " + std::to_string(size);
        for (int f = 0; f < size; ++f) {
            char c = ranks[i][f];
            if (c == '.') continue;
            if (c < '1' || c > '0' + players)
                return std::string("'") + c + "' on " + square_name(make_square(f, rank)) +
                       " is not '.' or a player from 1 to " + std::to_string(players);
            pos.put(make_square(f, rank), c - '1');
        }
    }
    if (side.size() != 1 || side[0] < '1' || side[0] > '0' + players)
        return "the player to move must be a number from 1 to " + std::to_string(players);
    pos.set_to_move(side[0] - '1');
    out = pos;
    return {};
}

// A move read from text and checked against a game: the move, or an error saying why not.
struct ParsedMove {
    Move move;
    std::string error; // empty when move is legal in the game
};

// Reads "pass", "from-to" or a spelled-out chain "a-b-c-..." and checks it is legal.
[[nodiscard]] inline ParsedMove parse_move(const Game& game, std::string_view text) {
    const Position& pos = game.position();
    const int size = pos.size();
    auto fail = [](std::string why) { return ParsedMove{Move::none(), std::move(why)}; };
    if (game.over()) return fail("the game is over");
    if (text == "pass") {
        if (!game.must_pass()) return fail("pass is only allowed when no move is possible");
        return {Move::pass(), {}};
    }
    std::vector<int> squares;
    for (std::size_t start = 0;;) {
        std::size_t dash = text.find('-', start);
        std::string_view part =
            text.substr(start, dash == std::string_view::npos ? dash : dash - start);
        int sq = parse_square(part, size);
        if (sq == kNoSquare)
            return fail("'" + std::string(part) + "' is not a square of the " +
                        std::to_string(size) + "x" + std::to_string(size) + " board");
        squares.push_back(sq);
        if (dash == std::string_view::npos) break;
        start = dash + 1;
    }
    if (squares.size() < 2) return fail("a move needs two squares joined by '-', or 'pass'");
    const int from = squares.front(), to = squares.back();
    const int owner = game.owner_to_move();
    if (pos.at(from) == kEmpty) return fail("there is no piece on " + square_name(from));
    if (pos.at(from) != owner)
        return fail(square_name(from) + " holds a piece of player " +
                    std::to_string(pos.at(from) + 1) + "; it is player " +
                    std::to_string(game.to_move() + 1) + "'s turn" +
                    (owner == game.to_move()
                         ? std::string()
                         : ", moving player " + std::to_string(owner + 1) + "'s pieces"));
    if (from == to) return fail("a move must end on a different square from where it started");
    const Rules& rules = game.rules();
    const Camps& camps = game.camps();
    const Move m(from, to);
    const bool in_camp_rule = camps.target[owner].test(from) && !camps.target[owner].test(to);

    if (squares.size() == 2) {
        if (game.is_legal(m)) return {m, {}};
        if (in_camp_rule)
            return fail("a piece in its target camp must end its move inside the camp");
        if (king_distance(from, to) == 1) {
            if (pos.at(to) != kEmpty)
                return fail(square_name(to) + " is occupied" +
                            (rules.spoil == Spoil::Swap
                                 ? std::string(" and no swap is allowed there")
                                 : std::string()));
        }
        return fail("no step or hop chain leads from " + square_name(from) + " to " +
                    square_name(to));
    }
    // A spelled-out chain: check every hop in turn.
    for (std::size_t i = 1; i < squares.size(); ++i) {
        const int a = squares[i - 1], b = squares[i];
        const std::string hop =
            "hop " + std::to_string(i) + " (" + square_name(a) + "-" + square_name(b) + ")";
        if (single_hops(pos, from, a, rules.longjumps).test(b)) continue;
        const int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
        const int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
        if (adf == 0 && adr == 0) return fail(hop + " does not move");
        if ((adf && adr && adf != adr)) return fail(hop + " is not along a rank, file or diagonal");
        const int dist = adf > adr ? adf : adr;
        if (dist == 1) return fail(hop + " is a step; steps and hops cannot mix in one move");
        if (dist % 2) return fail(hop + " covers an odd number of squares");
        if (b != from && pos.at(b) != kEmpty)
            return fail(hop + " lands on " + square_name(b) + ", which is occupied");
        const int sf = df / dist, sr = dr / dist;
        if (!rules.longjumps) {
            if (dist != 2) return fail(hop + " is longer than two squares (long jumps are off)");
            return fail(hop + " has no piece on " +
                        square_name(make_square(file_of(a) + sf, rank_of(a) + sr)) +
                        " to hop over");
        }
        const int mid = make_square(file_of(a) + sf * dist / 2, rank_of(a) + sr * dist / 2);
        if (mid == from || pos.at(mid) == kEmpty)
            return fail(hop + " has no piece on its middle square " + square_name(mid));
        return fail(hop + " passes a second piece; a long jump goes over exactly one");
    }
    if (in_camp_rule) return fail("a piece in its target camp must end its move inside the camp");
    return {m, {}};
}

} // namespace halma

namespace halma {

// How a game stands, in the protocol's words: "playing", "winner 2", "winners 1 3", "draw".
[[nodiscard]] inline std::string result_name(Result r) {
    if (r.outcome == Outcome::Playing) return "playing";
    if (r.outcome == Outcome::Draw) return "draw";
    std::string s = __builtin_popcount(r.winners) > 1 ? "winners" : "winner";
    for (int p = 0; p < kMaxPlayers; ++p)
        if (r.won_by(p)) s += " " + std::to_string(p + 1);
    return s;
}

} // namespace halma
