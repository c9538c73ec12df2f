// Solitaire puzzles (issue 7): one player, no opponent, a figure to reach in as few moves as
// possible. This header holds the puzzle model, its goal tests, its text format and the
// built-in puzzles.
//
// A puzzle is a board size, a set of start squares, a goal and a few options, written as plain
// "key: value" lines (the built-ins below are written in that format):
//
//     # halma puzzle
//     name: crossing                      <- lower-case letters, digits and '-'
//     title: Fill the yard at p16         <- free text, optional
//     size: 16                            <- 8, 10 or 16
//     start: camp a1 large                <- a square set (below)
//     goal: fill camp p16 large           <- "fill SET", "symmetric-antidiagonal" or
//                                            "symmetric-diagonal"
//     camp-rule: 1                        <- fill goals only: a piece on a goal square must end
//                                            every later move on one (rules.md, "Camp rule")
//     longjumps: 0                        <- 1 allows long jumps (rules.md)
//     limit: 0                            <- the most moves allowed; 0 = no limit
//     par: 0                              <- the fewest moves known; 0 = not known
//
// A square set is "camp CORNER SHAPE" (CORNER a corner square such as a1 or p16, SHAPE one of
// large, small, 10x10, 8x8: the camps of rules.md) or a list of squares. '#' starts a comment.
// symmetric-antidiagonal: every piece's mirror image across the diagonal from the top-left
// corner to the bottom-right one (a16-p1 on 16x16) is occupied too; symmetric-diagonal: the
// same across a1-p16. The score is the number of moves made; the puzzle is solved as soon as
// the goal holds, and failed when the move limit is reached (or no move is left) before that.
#pragma once

#include "halma/movegen.hpp"
#include "halma/notation.hpp"
#include "halma/options.hpp"
#include "halma/position.hpp"
#include "halma/rules.hpp"
#include "halma/text.hpp"

#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace halma::solo {

enum class GoalKind { Fill, SymmetricAntidiagonal, SymmetricDiagonal };

// A puzzle as the file format describes it.
struct Puzzle {
    std::string name;
    std::string title;
    int size = 16;
    Bitboard start;
    GoalKind goal = GoalKind::Fill;
    Bitboard goal_squares; // GoalKind::Fill only
    bool camp_rule = false;
    bool longjumps = false;
    int limit = 0;
    int par = 0;

    [[nodiscard]] int pieces() const noexcept { return start.count(); }
};

// The square mirrored across the diagonal from the top-left to the bottom-right corner.
[[nodiscard]] constexpr int mirror_antidiagonal(int sq, int size) noexcept {
    return make_square(size - 1 - rank_of(sq), size - 1 - file_of(sq));
}

// The square mirrored across the diagonal from a1 to the top-right corner.
[[nodiscard]] constexpr int mirror_diagonal(int sq) noexcept {
    return make_square(rank_of(sq), file_of(sq));
}

// The mirror image of a set of squares across the goal's diagonal.
[[nodiscard]] inline Bitboard mirror_set(Bitboard b, GoalKind kind, int size) {
    Bitboard out;
    for_each_square(b, [&](int sq) {
        out.set(kind == GoalKind::SymmetricDiagonal ? mirror_diagonal(sq)
                                                    : mirror_antidiagonal(sq, size));
    });
    return out;
}

// Whether pieces standing on these squares meet the puzzle's goal.
[[nodiscard]] inline bool goal_met(const Puzzle& p, const Bitboard& pieces) {
    if (p.goal == GoalKind::Fill) return (p.goal_squares & ~pieces).empty();
    return mirror_set(pieces, p.goal, p.size) == pieces;
}

// The rules and camps movegen needs for a puzzle: one player (0), its target camp the goal
// squares when the camp rule is on, nothing else.
[[nodiscard]] inline Rules puzzle_rules(const Puzzle& p) {
    Rules r = Rules::for_game(2, p.size);
    r.evacuate = 0;
    r.longjumps = p.longjumps;
    return r;
}
[[nodiscard]] inline Camps puzzle_camps(const Puzzle& p) {
    Camps c;
    if (p.camp_rule) c.target[0] = p.goal_squares;
    return c;
}

// ---------------------------------------------------------------------------------------------
// The text format.

// The camp shape names of the format, in CampShape order.
inline constexpr const char* kShapeNames[4] = {"large", "small", "10x10", "8x8"};

namespace detail {

// Splits text at spaces and tabs.
inline std::vector<std::string_view> words_of(std::string_view text) {
    std::vector<std::string_view> out;
    for (std::size_t i = 0; i < text.size();) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        std::size_t j = i;
        while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
        if (j > i) out.push_back(text.substr(i, j - i));
        i = j;
    }
    return out;
}

// The corner of a board whose corner square is sq, or -1.
inline int corner_of(int sq, int size) noexcept {
    int f = file_of(sq), r = rank_of(sq), top = size - 1;
    if (f == 0 && r == 0) return static_cast<int>(Corner::A1);
    if (f == 0 && r == top) return static_cast<int>(Corner::A16);
    if (f == top && r == top) return static_cast<int>(Corner::P16);
    if (f == top && r == 0) return static_cast<int>(Corner::P1);
    return -1;
}

// Reads a square set; returns an empty string or what is wrong.
inline std::string parse_set(const std::vector<std::string_view>& words, std::size_t first,
                             int size, Bitboard& out) {
    Bitboard b;
    if (first >= words.size()) return "a square set needs 'camp CORNER SHAPE' or squares";
    if (words[first] == "camp") {
        if (words.size() != first + 3) return "'camp' needs a corner square and a shape";
        int sq = parse_square(words[first + 1], size);
        int corner = sq == kNoSquare ? -1 : corner_of(sq, size);
        if (corner < 0)
            return "'" + std::string(words[first + 1]) + "' is not a corner of the " +
                   std::to_string(size) + "x" + std::to_string(size) + " board";
        int shape = -1;
        for (int s = 0; s < 4; ++s)
            if (words[first + 2] == kShapeNames[s]) shape = s;
        if (shape < 0)
            return "unknown camp shape '" + std::string(words[first + 2]) +
                   "' (large, small, 10x10 or 8x8)";
        out = camp_squares(size, static_cast<CampShape>(shape), static_cast<Corner>(corner));
        return {};
    }
    for (std::size_t i = first; i < words.size(); ++i) {
        int sq = parse_square(words[i], size);
        if (sq == kNoSquare)
            return "'" + std::string(words[i]) + "' is not a square of the " +
                   std::to_string(size) + "x" + std::to_string(size) + " board";
        if (b.test(sq)) return std::string(words[i]) + " is listed twice";
        b.set(sq);
    }
    out = b;
    return {};
}

// Writes a square set: as a camp when it is one, else as its squares from a1 upwards.
inline std::string write_set(const Bitboard& b, int size) {
    for (int c = 0; c < 4; ++c)
        for (int s = 0; s < 4; ++s) {
            if (camp_squares(size, static_cast<CampShape>(s), static_cast<Corner>(c)) == b)
                return "camp " + square_name(corner_square(static_cast<Corner>(c), size)) + " " +
                       kShapeNames[s];
        }
    std::string out;
    for_each_square(b, [&](int sq) { out += (out.empty() ? "" : " ") + square_name(sq); });
    return out;
}

// Whether a puzzle name can be used as a protocol word and a file key.
inline bool valid_name(std::string_view name) noexcept {
    if (name.empty() || name.size() > 40) return false;
    for (char c : name)
        if (!(std::islower(static_cast<unsigned char>(c)) ||
              std::isdigit(static_cast<unsigned char>(c)) || c == '-'))
            return false;
    return true;
}

} // namespace detail

// Writes a puzzle in the text format; read_puzzle() gives the same puzzle back.
[[nodiscard]] inline std::string write_puzzle(const Puzzle& p) {
    std::string out = "# halma puzzle\nname: " + p.name + "\n";
    if (!p.title.empty()) out += "title: " + p.title + "\n";
    out += "size: " + std::to_string(p.size) + "\n";
    out += "start: " + detail::write_set(p.start, p.size) + "\n";
    out += "goal: ";
    if (p.goal == GoalKind::Fill)
        out += "fill " + detail::write_set(p.goal_squares, p.size);
    else if (p.goal == GoalKind::SymmetricAntidiagonal)
        out += "symmetric-antidiagonal";
    else
        out += "symmetric-diagonal";
    out += "\ncamp-rule: " + std::string(p.camp_rule ? "1" : "0");
    out += "\nlongjumps: " + std::string(p.longjumps ? "1" : "0");
    out += "\nlimit: " + std::to_string(p.limit) + "\npar: " + std::to_string(p.par) + "\n";
    return out;
}

// Reads a puzzle. Returns an empty string, or "line N: what is wrong" (a key that is missing
// altogether is named without a line); out changes only on success. Reading stops at the
// first line that is not a "key: value" line, whose number goes to end_line (0 when the text
// ends first), so a puzzle can head a longer file.
[[nodiscard]] inline std::string read_puzzle(std::string_view text, Puzzle& out,
                                             int* end_line = nullptr) {
    constexpr const char* kKeys[] = {"name",      "title",     "size",  "start", "goal",
                                     "camp-rule", "longjumps", "limit", "par"};
    std::string values[9];
    int lines[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    if (end_line) *end_line = 0;
    for (LineReader reader(text); reader.next();) {
        const int line_no = reader.number();
        std::string_view line = without_comment(reader.line());
        if (line.empty()) continue;
        const std::string where = reader.where();
        if (has_control_character(line)) return where + "control character in the puzzle";
        std::size_t colon = line.find(':');
        bool header = colon != std::string_view::npos && colon > 0;
        for (std::size_t i = 0; header && i < colon; ++i)
            header = std::islower(static_cast<unsigned char>(line[i])) || line[i] == '-';
        if (!header) {
            if (end_line) {
                *end_line = line_no;
                break;
            }
            return where + "expected 'key: value'";
        }
        std::string_view key = line.substr(0, colon), value = line.substr(colon + 1);
        while (!value.empty() && std::isspace(static_cast<unsigned char>(value.front())))
            value.remove_prefix(1);
        int k = -1;
        for (int i = 0; i < 9; ++i)
            if (key == kKeys[i]) k = i;
        if (k < 0) return where + "unknown key '" + std::string(key) + "'";
        if (lines[k]) return where + "'" + std::string(key) + "' is given twice";
        values[k] = std::string(value);
        lines[k] = line_no;
    }
    for (int k : {0, 3, 4})
        if (!lines[k]) return "the puzzle has no '" + std::string(kKeys[k]) + ":' line";
    auto at = [&](int k) { return "line " + std::to_string(lines[k]) + ": "; };

    Puzzle p;
    if (!detail::valid_name(values[0]))
        return at(0) + "a name is 1 to 40 lower-case letters, digits and '-'";
    p.name = values[0];
    p.title = values[1];
    if (lines[2]) {
        p.size = parse_count(values[2]);
        if (!valid_size(p.size)) return at(2) + "size must be 8, 10 or 16";
    }
    auto flag = [&](int k, bool& v) -> std::string {
        if (!lines[k] || values[k] == "0")
            v = false;
        else if (values[k] == "1")
            v = true;
        else
            return at(k) + std::string(kKeys[k]) + " must be 0 or 1";
        return {};
    };
    auto count = [&](int k, int& v) -> std::string {
        v = lines[k] ? parse_count(values[k]) : 0;
        if (v < 0 || v > 9999) return at(k) + std::string(kKeys[k]) + " must be 0 to 9999";
        return {};
    };
    for (std::string err :
         {flag(5, p.camp_rule), flag(6, p.longjumps), count(7, p.limit), count(8, p.par)})
        if (!err.empty()) return err;

    std::vector<std::string_view> start = detail::words_of(values[3]);
    if (std::string err = detail::parse_set(start, 0, p.size, p.start); !err.empty())
        return at(3) + err;
    if (p.start.count() > 19) return at(3) + "a puzzle has at most 19 pieces";

    std::vector<std::string_view> goal = detail::words_of(values[4]);
    if (goal.size() == 1 && goal[0] == "symmetric-antidiagonal")
        p.goal = GoalKind::SymmetricAntidiagonal;
    else if (goal.size() == 1 && goal[0] == "symmetric-diagonal")
        p.goal = GoalKind::SymmetricDiagonal;
    else if (!goal.empty() && goal[0] == "fill") {
        p.goal = GoalKind::Fill;
        if (std::string err = detail::parse_set(goal, 1, p.size, p.goal_squares); !err.empty())
            return at(4) + err;
        if (p.goal_squares.count() > p.start.count())
            return at(4) + "the goal has " + std::to_string(p.goal_squares.count()) +
                   " squares to fill but there are only " + std::to_string(p.start.count()) +
                   " pieces";
    } else
        return at(4) + "a goal is 'fill SQUARES', 'symmetric-antidiagonal' or 'symmetric-diagonal'";
    if (p.camp_rule && p.goal != GoalKind::Fill) return at(5) + "the camp rule needs a 'fill' goal";
    if (goal_met(p, p.start)) return at(4) + "the start already meets the goal";
    out = p;
    return {};
}

// ---------------------------------------------------------------------------------------------
// The built-in puzzles, in the text format. Par is the fewest moves the program's searches
// have found: the solver of solo_solver.hpp (the figures of scripts/bench.d/50-solo.sh), and
// for the 19-piece crossing tools/solo_probe, whose width-1000000 beam reaches a figure
// symmetric across a16-p1 in 22 moves ("solo_probe symmetry 22 1000000": 17 minutes on one
// core, 1.5 GB); the mirror trick of solo_solver.hpp doubles that to a 44-move crossing (kept
// in tests/test_solo.cpp).
//
// symmetry: no solution within its 19 moves is known, so its par is 0. A symmetric figure has
// a line total (file + rank, from 0, summed over the pieces) of 19 x 15 = 285 against the
// yard's 60: 19 moves must gain 225, 11.8 a move, where a hop gains at most 4 (diagonal) and a
// step 2; and since a hop keeps a piece's file and rank parity while the mirror swaps the
// classes (even, even) and (odd, odd), of which the yard has 6 and 3, two moves at least must
// be steps. The searches of tools/solo_probe (30 November 2026): ignoring symmetry, a beam of
// 1000000 reaches a line total of 290 in 19 moves, so progress alone does not rule 19 out;
// aiming at symmetry, beams of 1000000 find a figure in 22 moves but none in 21 (after 19
// moves their best lines still leave 3 pieces without a mirror image). On the smaller boards
// the same search does what the old text promises: the 10 pieces of the 8x8 yard reach a
// figure symmetric across a8-h1 in 9 moves, the 15 of the 10x10 yard one across a10-j1 in 15.
// tools/solo_sym adds two admissible bounds (one move mends at most two pieces without a
// mirror image; no move lands beyond the furthest piece's line + 2) and searches on
// depth-first, exhaustively, from the positions of its beam: it proves 9 the fewest on 8x8
// (every 8-move line searched, under a second) and finds a 14-move figure on 10x10. On 16x16
// (30 November 2026) none of the lines it searched reaches a figure in 19: every continuation
// of 100000 beam positions kept at depth 11, of 1000000 at depth 12 ("solo_sym symmetry
// --width 1000000 --weight 8 --complete-at 12": 19 minutes on one core), of 19080 at
// depth 10, and, with every piece moving once, of 100000 at depth 9 and 21730 at depth 7.
// Nothing proves 19 impossible on 16x16; the par stays unknown.

inline constexpr const char* kBuiltinPuzzles[] = {
    R"(name: crossing
title: Move the 19 pieces from the yard at a1 into the yard at p16
size: 16
start: camp a1 large
goal: fill camp p16 large
camp-rule: 1
par: 44
)",
    R"(name: crossing-13
title: Move the 13 pieces from the small yard at a1 into the small yard at p16
size: 16
start: camp a1 small
goal: fill camp p16 small
camp-rule: 1
par: 42
)",
    R"(name: crossing-10x10
title: Move the 15 pieces from the yard at a1 into the yard at j10
size: 10
start: camp a1 10x10
goal: fill camp j10 10x10
camp-rule: 1
par: 27
)",
    R"(name: crossing-8x8
title: Move the 10 pieces from the yard at a1 into the yard at h8
size: 8
start: camp a1 8x8
goal: fill camp h8 8x8
camp-rule: 1
par: 18
)",
    R"(name: symmetry
title: In at most 19 moves, leave a figure symmetric across the diagonal a16-p1
size: 16
start: camp a1 large
goal: symmetric-antidiagonal
limit: 19
par: 0
)",
};

// The names of the built-in puzzles, in the order above.
[[nodiscard]] inline std::vector<std::string> builtin_names() {
    std::vector<std::string> names;
    for (const char* text : kBuiltinPuzzles) {
        Puzzle p;
        if (read_puzzle(text, p).empty()) names.push_back(p.name);
    }
    return names;
}

// Finds a built-in puzzle by name; returns whether there is one.
[[nodiscard]] inline bool builtin_puzzle(std::string_view name, Puzzle& out) {
    for (const char* text : kBuiltinPuzzles) {
        Puzzle p;
        if (read_puzzle(text, p).empty() && p.name == name) {
            out = p;
            return true;
        }
    }
    return false;
}

} // namespace halma::solo
