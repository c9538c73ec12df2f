// Solitaire puzzles: Halma for one player, a figure to reach in as few moves as possible.
// A Game plays a puzzle as a one-player game (game.hpp); this header holds what a puzzle is,
// its goal test and its text format. The built-in puzzles and the solver are in halma/solo/.
//
// A puzzle is written as "key: value" lines:
//
//     # halma puzzle
//     name: crossing                      <- lower-case letters, digits and '-'
//     title: Fill the camp at p16         <- free text, optional
//     size: 16                            <- 8, 10 or 16
//     start: camp a1 large                <- a square set (below)
//     goal: fill camp p16 large           <- "fill SET", "symmetric-antidiagonal" or
//                                            "symmetric-diagonal"
//     empty: camp a1 large                <- a square set that must hold no piece when the
//                                            goal is met; optional, none by default
//     camp-rule: 1                        <- fill goals only: a piece on a goal square must end
//                                            every later move on one (RULES, "Camp rule")
//     longjumps: 0                        <- 1 allows long jumps
//     limit: 0                            <- the most moves allowed; 0 = no limit
//     par: 0                              <- the fewest moves known; 0 = not known
//
// A square set is "camp CORNER SHAPE" (CORNER a corner square such as a1 or p16, SHAPE one of
// large, small, 10x10, 8x8: the camps of the rules) or a list of squares. '#' starts a comment.
// symmetric-antidiagonal: every piece's mirror image across the diagonal from the top-left
// corner to the bottom-right one (a16-p1 on 16x16) is occupied too; symmetric-diagonal: the
// same across a1-p16. A fill goal with as many squares as pieces is a fixed figure; a
// symmetric goal with an empty start camp asks for any figure that is its own mirror image and
// stands clear of the camp. The score is the number of moves made; the puzzle is solved as
// soon as the goal holds, and failed when the move limit is reached (or no move is left)
// before that.
#pragma once

#include "halma/notation.hpp"
#include "halma/options.hpp"
#include "halma/rules.hpp"
#include "halma/text.hpp"

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace halma {

enum class GoalKind { Fill, SymmetricAntidiagonal, SymmetricDiagonal };

// A puzzle as the text format describes it.
struct Puzzle {
    std::string name;
    std::string title;
    int size = 16;
    Bitboard start;
    GoalKind goal = GoalKind::Fill;
    Bitboard goal_squares; // GoalKind::Fill only
    Bitboard empty;        // squares that must hold no piece when the goal is met
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

// The square mirrored across the diagonal of a symmetric goal kind.
[[nodiscard]] constexpr int mirror_square(int sq, GoalKind kind, int size) noexcept {
    return kind == GoalKind::SymmetricDiagonal ? mirror_diagonal(sq)
                                               : mirror_antidiagonal(sq, size);
}

// The mirror image of a set of squares across the diagonal of a symmetric goal kind.
[[nodiscard]] inline Bitboard mirror_set(Bitboard b, GoalKind kind, int size) noexcept {
    Bitboard out;
    for_each_square(b, [&](int sq) { out.set(mirror_square(sq, kind, size)); });
    return out;
}

// Whether pieces standing on these squares meet the puzzle's goal.
[[nodiscard]] inline bool goal_met(const Puzzle& p, const Bitboard& pieces) noexcept {
    if ((pieces & p.empty).any()) return false;
    if (p.goal == GoalKind::Fill) return (p.goal_squares & ~pieces).empty();
    return mirror_set(pieces, p.goal, p.size) == pieces;
}

// What keeps pieces on these squares from meeting the goal, in a player's words ("1 piece left
// on a square to empty: b5"); empty when they meet it.
[[nodiscard]] inline std::string goal_shortfall(const Puzzle& p, const Bitboard& pieces) {
    auto some = [](Bitboard b, auto&& name) {
        std::string out;
        for (int shown = 0; b.any() && shown < 3; ++shown) out += " " + name(b.pop());
        return out + (b.any() ? " ..." : "");
    };
    auto count = [](const Bitboard& b, const char* one, const char* many) {
        return std::to_string(b.count()) + (b.count() == 1 ? one : many);
    };
    if (const Bitboard on = pieces & p.empty; on.any())
        return count(on, " piece left on a square", " pieces left on squares") +
               " to empty:" + some(on, square_name);
    if (p.goal == GoalKind::Fill) {
        const Bitboard open = p.goal_squares & ~pieces;
        return open.empty() ? std::string{}
                            : count(open, " goal square", " goal squares") +
                                  " still empty:" + some(open, square_name);
    }
    const Bitboard lone = pieces & ~mirror_set(pieces, p.goal, p.size);
    if (lone.empty()) return {};
    return count(lone, " piece", " pieces") + " without a mirror image:" + some(lone, [&](int sq) {
               return square_name(sq) + " (" + square_name(mirror_square(sq, p.goal, p.size)) +
                      " empty)";
           });
}

// The rules a puzzle is played by: one player, no evacuation, its long jumps, and its move
// limit as the limit on moves (reaching it unsolved fails the puzzle).
[[nodiscard]] inline Rules puzzle_rules(const Puzzle& p) {
    Rules r = Rules::for_game(2, p.size);
    r.players = 1;
    r.evacuate = 0;
    r.longjumps = p.longjumps;
    r.maxturns = p.limit;
    return r;
}

// The camps of a puzzle: its start squares as the home camp, and its goal squares as the
// target camp when the camp rule holds them (the move generator applies the camp rule to
// the target camp).
[[nodiscard]] inline Camps puzzle_camps(const Puzzle& p) {
    Camps c;
    c.home[0] = p.start;
    if (p.camp_rule) c.target[0] = p.goal_squares;
    return c;
}

// ---------------------------------------------------------------------------------------------
// The text format.

// The camp shape names of the format, in CampShape order.
inline constexpr const char* kShapeNames[4] = {"large", "small", "10x10", "8x8"};

// The keys of the format in the order it is written; records name the puzzle with "puzzle".
inline constexpr const char* kPuzzleKeys[] = {"name",  "title",     "size",      "start", "goal",
                                              "empty", "camp-rule", "longjumps", "limit", "par"};

// Whether a puzzle name can be used as a protocol word and a file key.
[[nodiscard]] inline bool valid_puzzle_name(std::string_view name) noexcept {
    if (name.empty() || name.size() > 40) return false;
    for (char c : name)
        if (!(std::islower(static_cast<unsigned char>(c)) ||
              std::isdigit(static_cast<unsigned char>(c)) || c == '-'))
            return false;
    return true;
}

namespace detail {

// The corner of a board whose corner square is sq, or -1.
[[nodiscard]] inline int corner_of(int sq, int size) noexcept {
    for (int c = 0; c < 4; ++c)
        if (corner_square(static_cast<Corner>(c), size) == sq) return c;
    return -1;
}

// Reads a square set from words; returns an empty string or what is wrong.
[[nodiscard]] inline std::string parse_set(const std::vector<std::string_view>& words,
                                           std::size_t first, int size, Bitboard& out) {
    if (first >= words.size()) return "a square set needs 'camp CORNER SHAPE' or squares";
    if (words[first] == "camp") {
        if (words.size() != first + 3) return "'camp' needs a corner square and a shape";
        int sq = parse_square(words[first + 1], size);
        int corner = sq == kNoSquare ? -1 : corner_of(sq, size);
        if (corner < 0)
            return "'" + std::string(words[first + 1]) + "' is not a corner of the " +
                   board_name(size) + " board";
        int shape = -1;
        for (int s = 0; s < 4; ++s)
            if (words[first + 2] == kShapeNames[s]) shape = s;
        if (shape < 0)
            return "unknown camp shape '" + std::string(words[first + 2]) +
                   "' (large, small, 10x10 or 8x8)";
        out = camp_squares(size, static_cast<CampShape>(shape), static_cast<Corner>(corner));
        return {};
    }
    Bitboard b;
    for (std::size_t i = first; i < words.size(); ++i) {
        int sq = parse_square(words[i], size);
        if (sq == kNoSquare)
            return "'" + std::string(words[i]) + "' is not a square of the " + board_name(size) +
                   " board";
        if (b.test(sq)) return std::string(words[i]) + " is listed twice";
        b.set(sq);
    }
    out = b;
    return {};
}

// Writes a square set: as a camp when it is one, else as its squares from a1 upwards.
[[nodiscard]] inline std::string write_set(const Bitboard& b, int size) {
    for (int c = 0; c < 4; ++c)
        for (int s = 0; s < 4; ++s)
            if (camp_squares(size, static_cast<CampShape>(s), static_cast<Corner>(c)) == b)
                return "camp " + square_name(corner_square(static_cast<Corner>(c), size)) + " " +
                       kShapeNames[s];
    std::string out;
    for_each_square(b, [&](int sq) { out += (out.empty() ? "" : " ") + square_name(sq); });
    return out;
}

} // namespace detail

// The puzzle's lines in the format, without a first line: its name under name_key ("name" in
// a puzzle file, "puzzle" in a game record) and every other key.
[[nodiscard]] inline std::string puzzle_lines(const Puzzle& p, const char* name_key = "name") {
    std::string out = std::string(name_key) + ": " + p.name + "\n";
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
    if (p.empty.any()) out += "\nempty: " + detail::write_set(p.empty, p.size);
    out += "\ncamp-rule: " + std::string(p.camp_rule ? "1" : "0");
    out += "\nlongjumps: " + std::string(p.longjumps ? "1" : "0");
    out += "\nlimit: " + std::to_string(p.limit) + "\npar: " + std::to_string(p.par) + "\n";
    return out;
}

// Writes a puzzle file; read_puzzle() gives the same puzzle back.
[[nodiscard]] inline std::string write_puzzle(const Puzzle& p) {
    return "# halma puzzle\n" + puzzle_lines(p);
}

namespace detail {

// Reads a 0/1 flag or a count of 0..9999 from an optional header into v.
[[nodiscard]] inline TextError puzzle_flag(const Header* h, const char* key, bool& v) {
    v = h && h->value == "1";
    if (h && h->value != "0" && h->value != "1")
        return {{}, h->line, key, std::string(key) + " must be 0 or 1"};
    return {};
}
[[nodiscard]] inline TextError puzzle_count(const Header* h, const char* key, int& v) {
    v = h ? parse_count(h->value) : 0;
    if (v < 0 || v > 9999) return {{}, h->line, key, std::string(key) + " must be 0 to 9999"};
    return {};
}

// Reads the goal from its header value into p (size and start already read).
[[nodiscard]] inline std::string parse_goal(std::string_view value, Puzzle& p) {
    std::vector<std::string_view> goal = split_words(value);
    if (goal.size() == 1 && goal[0] == "symmetric-antidiagonal") {
        p.goal = GoalKind::SymmetricAntidiagonal;
    } else if (goal.size() == 1 && goal[0] == "symmetric-diagonal") {
        p.goal = GoalKind::SymmetricDiagonal;
    } else if (!goal.empty() && goal[0] == "fill") {
        p.goal = GoalKind::Fill;
        if (std::string err = parse_set(goal, 1, p.size, p.goal_squares); !err.empty()) return err;
        if (p.goal_squares.count() > p.start.count())
            return "the goal has " + std::to_string(p.goal_squares.count()) +
                   " squares to fill but there are only " + std::to_string(p.start.count()) +
                   " pieces";
    } else {
        return "a goal is 'fill SQUARES', 'symmetric-antidiagonal' or 'symmetric-diagonal'";
    }
    return {};
}

} // namespace detail

// Builds a puzzle from a header block whose name stands under name_key; the other keys are
// those of the format. Keys not of the format are left to the caller. out changes only on
// success.
[[nodiscard]] inline TextError puzzle_from_headers(const HeaderBlock& block,
                                                   std::string_view name_key, Puzzle& out) {
    auto header = [&](std::string_view key) { return block.find(key == "name" ? name_key : key); };
    auto at = [](const Header* h, std::string_view key, std::string text) {
        return TextError{{}, h->line, std::string(key), std::move(text)};
    };
    for (const char* key : {"name", "start", "goal"})
        if (!header(key))
            return {{},
                    0,
                    key,
                    "the puzzle has no '" +
                        std::string(std::string_view(key) == "name" ? name_key : key) + ":' line"};
    Puzzle p;
    const Header* name = header("name");
    if (!valid_puzzle_name(name->value))
        return at(name, "name", "a name is 1 to 40 lower-case letters, digits and '-'");
    p.name = name->value;
    if (const Header* title = header("title")) p.title = title->value;
    if (const Header* size = header("size")) {
        p.size = parse_count(size->value);
        if (!valid_size(p.size)) return at(size, "size", "size must be 8, 10 or 16");
    }
    for (TextError err : {detail::puzzle_flag(header("camp-rule"), "camp-rule", p.camp_rule),
                          detail::puzzle_flag(header("longjumps"), "longjumps", p.longjumps),
                          detail::puzzle_count(header("limit"), "limit", p.limit),
                          detail::puzzle_count(header("par"), "par", p.par)})
        if (err.failed()) return err;
    const Header* start = header("start");
    if (std::string err = detail::parse_set(split_words(start->value), 0, p.size, p.start);
        !err.empty())
        return at(start, "start", err);
    if (p.start.count() > 19) return at(start, "start", "a puzzle has at most 19 pieces");
    const Header* goal = header("goal");
    if (std::string err = detail::parse_goal(goal->value, p); !err.empty())
        return at(goal, "goal", err);
    if (const Header* empty = header("empty")) {
        if (std::string err = detail::parse_set(split_words(empty->value), 0, p.size, p.empty);
            !err.empty())
            return at(empty, "empty", err);
        if ((p.empty & p.goal_squares).any())
            return at(empty, "empty", "a square to fill cannot also be one to leave empty");
    }
    if (p.camp_rule && p.goal != GoalKind::Fill)
        return at(header("camp-rule"), "camp-rule", "the camp rule needs a 'fill' goal");
    if (goal_met(p, p.start)) return at(goal, "goal", "the start already meets the goal");
    out = p;
    return {};
}

// Reads a puzzle file: its header lines, each a key of the format given once, and nothing
// else. out changes only on success.
[[nodiscard]] inline TextError read_puzzle(std::string_view text, Puzzle& out) {
    HeaderBlock block;
    if (TextError err = read_header_block(text, block, "puzzle"); err.failed()) return err;
    if (block.body_line) return {{}, block.body_line, {}, "expected 'key: value'"};
    for (std::size_t i = 0; i < block.headers.size(); ++i) {
        const Header& h = block.headers[i];
        bool known = false;
        for (const char* k : kPuzzleKeys) known = known || h.key == k;
        if (!known) return {{}, h.line, h.key, "unknown key '" + h.key + "'"};
        for (std::size_t j = 0; j < i; ++j)
            if (block.headers[j].key == h.key)
                return {{}, h.line, h.key, "'" + h.key + "' is given twice"};
    }
    return puzzle_from_headers(block, "name", out);
}

} // namespace halma
