// Notation (the man page's RULES, "Notation"): squares, moves and position strings, written
// and parsed. Reading a move against a game is game_text.hpp's.
#pragma once

#include "halma/movegen.hpp"
#include "halma/position.hpp"
#include "halma/text.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace halma {

// The name of a board size: "16x16".
[[nodiscard]] inline std::string board_name(int size) {
    return std::to_string(size) + "x" + std::to_string(size);
}

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

// The squares of a move written "a1-c3-e5" on a board of this size: every part between the
// dashes must name a square. On failure the result is empty and *bad (when given) is the
// first part that is not a square.
[[nodiscard]] inline std::vector<int> parse_squares(std::string_view text, int size,
                                                    std::string_view* bad = nullptr) {
    std::vector<int> squares;
    for (std::string_view part : split_on(text, '-')) {
        const int sq = parse_square(part, size);
        if (sq == kNoSquare) {
            if (bad) *bad = part;
            return {};
        }
        squares.push_back(sq);
    }
    return squares;
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

// The position string (RULES, "Notation"): ranks from the top, '/' between them, then the player
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

} // namespace halma
