// Solitaire (issue 7): one player, no opponent, a figure to reach in as few moves as possible.
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

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
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

// The corner square of a corner on a board.
inline int corner_square(Corner c, int size) noexcept {
    int top = size - 1;
    switch (c) {
    case Corner::A1:
        return make_square(0, 0);
    case Corner::A16:
        return make_square(0, top);
    case Corner::P16:
        return make_square(top, top);
    default:
        return make_square(top, 0);
    }
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
    int line_no = 0;
    for (std::size_t pos = 0; pos <= text.size();) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (std::size_t hash = line.find('#'); hash != std::string_view::npos)
            line = line.substr(0, hash);
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
            line.remove_suffix(1);
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front())))
            line.remove_prefix(1);
        if (line.empty()) continue;
        const std::string where = "line " + std::to_string(line_no) + ": ";
        for (char c : line)
            if (static_cast<unsigned char>(c) < 32 && c != '\t')
                return where + "control character in the puzzle";
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
// The built-in puzzles, in the text format. Par is the fewest moves the solver of
// solo_solver.hpp has found (the figures of scripts/bench.d/50-solo.sh).

inline constexpr const char* kBuiltinPuzzles[] = {
    R"(name: crossing
title: Move the 19 pieces from the yard at a1 into the yard at p16
size: 16
start: camp a1 large
goal: fill camp p16 large
camp-rule: 1
par: 46
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

// ---------------------------------------------------------------------------------------------
// A solo game.

enum class Status { Playing, Solved, Failed };

// One player working a puzzle: the position, the moves made, undo and redo.
class SoloGame {
  public:
    explicit SoloGame(const Puzzle& puzzle) { reset(puzzle); }

    // Starts the puzzle afresh.
    void reset(const Puzzle& puzzle) {
        puzzle_ = puzzle;
        rules_ = puzzle_rules(puzzle);
        camps_ = puzzle_camps(puzzle);
        Position start(puzzle.size);
        for_each_square(puzzle.start, [&](int sq) { start.put(sq, 0); });
        begin(start);
    }

    // Replaces the position (player 1's pieces only, as many as the puzzle has); the history
    // starts afresh. Returns an empty string, or why the position does not fit the puzzle.
    std::string setup(const Position& pos) {
        if (pos.size() != puzzle_.size) return "the position is not on this puzzle's board";
        for (int p = 1; p < kMaxPlayers; ++p)
            if (pos.pieces(p).any()) return "a puzzle position has pieces of player 1 only";
        if (pos.pieces(0).count() != puzzle_.pieces())
            return "the puzzle has " + std::to_string(puzzle_.pieces()) + " pieces, not " +
                   std::to_string(pos.pieces(0).count());
        Position p = pos;
        p.set_to_move(0);
        begin(p);
        from_setup_ = true;
        return {};
    }

    [[nodiscard]] const Puzzle& puzzle() const noexcept { return puzzle_; }
    [[nodiscard]] const Rules& rules() const noexcept { return rules_; }
    [[nodiscard]] const Camps& camps() const noexcept { return camps_; }
    [[nodiscard]] const Position& position() const noexcept { return pos_; }
    [[nodiscard]] const Position& initial() const noexcept { return initial_; }
    // Whether the history starts from a set-up position rather than the puzzle's start.
    [[nodiscard]] bool from_setup() const noexcept { return from_setup_; }
    // The score so far: the number of moves made.
    [[nodiscard]] int moves() const noexcept { return static_cast<int>(stack_.size()); }
    [[nodiscard]] std::size_t ply() const noexcept { return stack_.size(); }
    [[nodiscard]] Move move_at(std::size_t i) const noexcept { return stack_[i]; }
    [[nodiscard]] bool can_undo() const noexcept { return !stack_.empty(); }
    [[nodiscard]] bool can_redo() const noexcept { return !redo_.empty(); }

    // Whether the goal holds now.
    [[nodiscard]] bool solved() const { return goal_met(puzzle_, pos_.pieces(0)); }

    // Playing, solved, or failed: the move limit reached or no move left short of the goal.
    [[nodiscard]] Status status() const {
        if (solved()) return Status::Solved;
        if (puzzle_.limit > 0 && moves() >= puzzle_.limit) return Status::Failed;
        if (count_moves(pos_, rules_, camps_, 0) == 0) return Status::Failed;
        return Status::Playing;
    }
    [[nodiscard]] bool over() const { return status() != Status::Playing; }

    // Fills list with the legal moves (empty once the puzzle is solved or failed).
    void legal_moves(MoveList& list) const {
        list.clear();
        if (!over()) generate_moves(pos_, rules_, camps_, 0, list);
    }

    // Whether m is a legal move now.
    [[nodiscard]] bool is_legal(Move m) const {
        if (m.is_pass() || m.from() == m.to() || over()) return false;
        if (!pos_.geo().on_board.test(m.from()) || !pos_.geo().on_board.test(m.to())) return false;
        if (pos_.at(m.from()) != 0) return false;
        return destinations(pos_, rules_, camps_, 0, m.from()).test(m.to());
    }

    // Plays a legal move unchecked; unmake() takes it back (search primitives).
    void make(Move m) {
        pos_.do_move(m);
        stack_.push_back(m);
    }
    void unmake() {
        pos_.undo_move(stack_.back());
        stack_.pop_back();
    }

    // Plays m if it is legal; clears the redo list.
    bool play(Move m) {
        if (!is_legal(m)) return false;
        make(m);
        redo_.clear();
        return true;
    }
    // Takes back the last move, keeping it for redo().
    bool undo() {
        if (stack_.empty()) return false;
        redo_.push_back(stack_.back());
        unmake();
        return true;
    }
    // Plays again the last move taken back.
    bool redo() {
        if (redo_.empty() || !is_legal(redo_.back())) return false;
        make(redo_.back());
        redo_.pop_back();
        return true;
    }

    // The number of move sequences of the given length (a solved or failed puzzle has none).
    [[nodiscard]] std::uint64_t perft(int depth) {
        if (depth == 0) return 1;
        MoveList list;
        legal_moves(list);
        if (depth == 1) return list.size();
        std::uint64_t total = 0;
        for (Move m : list) {
            make(m);
            total += perft(depth - 1);
            unmake();
        }
        return total;
    }

  private:
    void begin(const Position& pos) {
        pos_ = pos;
        initial_ = pos;
        from_setup_ = false;
        stack_.clear();
        redo_.clear();
    }

    Puzzle puzzle_;
    Rules rules_;
    Camps camps_;
    Position pos_, initial_;
    bool from_setup_ = false;
    std::vector<Move> stack_, redo_;
};

// How a solo game stands, as the protocol says it: "playing", "solved N" or "failed N".
[[nodiscard]] inline std::string status_name(const SoloGame& g) {
    switch (g.status()) {
    case Status::Solved:
        return "solved " + std::to_string(g.moves());
    case Status::Failed:
        return "failed " + std::to_string(g.moves());
    default:
        return "playing";
    }
}

// A move read from text and checked: the move, or why it is not legal.
struct ParsedSoloMove {
    Move move;
    std::string error;
};

// Reads "from-to" or a spelled-out chain "a-b-c-..." and checks it against a solo game.
[[nodiscard]] inline ParsedSoloMove parse_solo_move(const SoloGame& g, std::string_view text) {
    const Position& pos = g.position();
    auto fail = [](std::string why) { return ParsedSoloMove{Move::none(), std::move(why)}; };
    switch (g.status()) {
    case Status::Solved:
        return fail("the puzzle is solved");
    case Status::Failed:
        return fail("the puzzle is over (" + status_name(g) + ")");
    default:
        break;
    }
    if (text == "pass") return fail("there is no passing in a puzzle");
    std::vector<int> squares;
    for (std::size_t start = 0;;) {
        std::size_t dash = text.find('-', start);
        std::string_view part =
            text.substr(start, dash == std::string_view::npos ? dash : dash - start);
        int sq = parse_square(part, pos.size());
        if (sq == kNoSquare)
            return fail("'" + std::string(part) + "' is not a square of the " +
                        std::to_string(pos.size()) + "x" + std::to_string(pos.size()) + " board");
        squares.push_back(sq);
        if (dash == std::string_view::npos) break;
        start = dash + 1;
    }
    if (squares.size() < 2) return fail("a move needs two squares joined by '-'");
    const int from = squares.front(), to = squares.back();
    if (pos.at(from) == kEmpty) return fail("there is no piece on " + square_name(from));
    if (from == to) return fail("a move must end on a different square from where it started");
    const Move m(from, to);
    const bool camp_rule = g.camps().target[0].test(from) && !g.camps().target[0].test(to);
    if (camp_rule) return fail("a piece on a goal square must end its move on one");
    if (squares.size() == 2) {
        if (g.is_legal(m)) return {m, {}};
        if (king_distance(from, to) == 1) return fail(square_name(to) + " is occupied");
        return fail("no step or hop chain leads from " + square_name(from) + " to " +
                    square_name(to));
    }
    for (std::size_t i = 1; i < squares.size(); ++i)
        if (!single_hops(pos, from, squares[i - 1], g.rules().longjumps).test(squares[i]))
            return fail("hop " + std::to_string(i) + " (" + square_name(squares[i - 1]) + "-" +
                        square_name(squares[i]) +
                        ") is not a hop over one piece to an empty square");
    return {m, {}};
}

// A solo game's moves with every chain spelled out, from its initial position.
[[nodiscard]] inline std::vector<std::string> move_texts(const SoloGame& g) {
    Position pos = g.initial();
    std::vector<std::string> out;
    for (std::size_t i = 0; i < g.ply(); ++i) {
        out.push_back(chain_name(pos, g.move_at(i), g.rules().longjumps));
        pos.do_move(g.move_at(i));
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Solo records: a puzzle being played, saved and loaded like a game record.
//
//     # halma solo record
//     name: crossing                   <- the puzzle, in the puzzle format
//     ...
//     position: <position string>      <- only when play began from a set-up position
//     result: playing                  <- as status_name() says it
//
//     1. c4-d5
//     2. a2-c4-e6
//
// Moves are in notation with chains spelled out; "N." before the N-th move may be left out.

inline constexpr const char* kSoloRecordHeader = "# halma solo record";

// Whether a text is a solo record (its first line says so).
[[nodiscard]] inline bool is_solo_record(std::string_view text) noexcept {
    std::string_view h = kSoloRecordHeader;
    return text.substr(0, h.size()) == h &&
           (text.size() == h.size() || text[h.size()] == '\n' || text[h.size()] == '\r');
}

// The record of a solo game: its puzzle, its start if set up, its status and its moves.
[[nodiscard]] inline std::string write_solo_record(const SoloGame& g) {
    std::string puzzle = write_puzzle(g.puzzle());
    std::string out = std::string(kSoloRecordHeader) + puzzle.substr(puzzle.find('\n'));
    if (g.from_setup()) out += "position: " + position_string(g.initial()) + "\n";
    out += "result: " + status_name(g) + "\n\n";
    std::vector<std::string> moves = move_texts(g);
    for (std::size_t i = 0; i < moves.size(); ++i)
        out += std::to_string(i + 1) + ". " + moves[i] + "\n";
    return out;
}

// Reads a solo record, replaying and checking every move. Returns an empty string, or
// "line N: what is wrong"; out changes only on success.
[[nodiscard]] inline std::string read_solo_record(std::string_view text, SoloGame& out) {
    // The position and result lines are taken out (blanked, so line numbers stay) before the
    // puzzle reader sees the header.
    std::string header(text);
    std::string position_text, result_text;
    int position_line = 0, result_line = 0, line_no = 0;
    for (std::size_t pos = 0; pos < header.size();) {
        std::size_t end = header.find('\n', pos);
        if (end == std::string::npos) end = header.size();
        ++line_no;
        std::string_view line(header.data() + pos, end - pos);
        for (auto [key, value, at] : {std::tuple<const char*, std::string*, int*>{
                                          "position:", &position_text, &position_line},
                                      {"result:", &result_text, &result_line}}) {
            std::string_view k = key;
            if (line.substr(0, k.size()) != k) continue;
            std::string_view v = line.substr(k.size());
            while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
            while (!v.empty() && (v.back() == ' ' || v.back() == '\r')) v.remove_suffix(1);
            *value = std::string(v);
            *at = line_no;
            std::fill(header.begin() + static_cast<std::ptrdiff_t>(pos),
                      header.begin() + static_cast<std::ptrdiff_t>(end), ' ');
        }
        pos = end + 1;
    }
    Puzzle p;
    int moves_line = 0;
    if (std::string err = read_puzzle(header, p, &moves_line); !err.empty()) return err;
    SoloGame g(p);
    if (!position_text.empty()) {
        Position pos;
        std::string err = parse_position(position_text, 1, pos);
        if (err.empty()) err = g.setup(pos);
        if (!err.empty()) return "line " + std::to_string(position_line) + ": " + err;
    }
    // The moves: from the first line that is not "key: value" to the end.
    line_no = 0;
    for (std::size_t pos = 0; moves_line && pos <= text.size();) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        if (++line_no < moves_line) continue;
        if (std::size_t hash = line.find('#'); hash != std::string_view::npos)
            line = line.substr(0, hash);
        const std::string where = "line " + std::to_string(line_no) + ": ";
        for (std::string_view word : detail::words_of(line)) {
            if (word.back() == '\r') word.remove_suffix(1);
            if (word.empty()) continue;
            if (word.back() == '.') {
                if (parse_count(word.substr(0, word.size() - 1)) != g.moves() + 1)
                    return where + "'" + std::string(word) + "' where move " +
                           std::to_string(g.moves() + 1) + " comes next";
                continue;
            }
            ParsedSoloMove pm = parse_solo_move(g, word);
            if (!pm.error.empty()) return where + "move '" + std::string(word) + "': " + pm.error;
            g.make(pm.move);
        }
    }
    if (!result_text.empty() && result_text != status_name(g))
        return "line " + std::to_string(result_line) + ": the result says '" + result_text +
               "' but the moves give '" + status_name(g) + "'";
    out = g;
    return {};
}

// ---------------------------------------------------------------------------------------------
// Best scores: a text file, one line per puzzle, that a front end keeps under
// $XDG_STATE_HOME/halma/. The file I/O is the program's; this is the format.
//
//     # halma solo scores
//     score: crossing 31 2026-11-30 a1-c3 b1-d3-f5 ...
//
// i.e. "score: PUZZLE MOVES DATE" and the MOVES moves in notation. Anything else (but blank
// lines and '#' comments after the first line) makes the file corrupt: reading says the line.

struct Score {
    std::string puzzle;
    int moves = 0;
    std::string date; // YYYY-MM-DD
    std::vector<std::string> move_list;
};

inline constexpr const char* kScoresHeader = "# halma solo scores";

// Whether text is a date written YYYY-MM-DD with a month 01-12 and a day 01-31.
[[nodiscard]] inline bool valid_date(std::string_view d) noexcept {
    if (d.size() != 10 || d[4] != '-' || d[7] != '-') return false;
    for (int i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (d[i] < '0' || d[i] > '9') return false;
    int month = (d[5] - '0') * 10 + (d[6] - '0'), day = (d[8] - '0') * 10 + (d[9] - '0');
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

// Whether text looks like a move in notation: squares joined by '-' (checked for legality
// only when a score is replayed).
[[nodiscard]] inline bool move_shaped(std::string_view m) noexcept {
    int squares = 0;
    for (std::size_t start = 0;;) {
        std::size_t dash = m.find('-', start);
        std::string_view part =
            m.substr(start, dash == std::string_view::npos ? dash : dash - start);
        if (parse_square(part, 16) == kNoSquare) return false;
        ++squares;
        if (dash == std::string_view::npos) break;
        start = dash + 1;
    }
    return squares >= 2;
}

// Writes a scores file.
[[nodiscard]] inline std::string write_scores(const std::vector<Score>& scores) {
    std::string out = std::string(kScoresHeader) + "\n";
    for (const Score& s : scores) {
        out += "score: " + s.puzzle + " " + std::to_string(s.moves) + " " + s.date;
        for (const std::string& m : s.move_list) out += " " + m;
        out += "\n";
    }
    return out;
}

// Reads a scores file. Returns an empty string, or "line N: what is wrong" for a corrupt
// file; out changes only on success.
[[nodiscard]] inline std::string read_scores(std::string_view text, std::vector<Score>& out) {
    std::vector<Score> scores;
    int line_no = 0;
    for (std::size_t pos = 0; pos <= text.size();) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
        const std::string where = "line " + std::to_string(line_no) + ": ";
        if (line_no == 1) {
            if (line != kScoresHeader)
                return where + "not a halma scores file (no '" + kScoresHeader + "' line)";
            continue;
        }
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string_view> w = detail::words_of(line);
        if (w[0] != "score:" || w.size() < 4)
            return where + "expected 'score: PUZZLE MOVES DATE ...'";
        Score s;
        if (!detail::valid_name(w[1])) return where + "bad puzzle name '" + std::string(w[1]) + "'";
        s.puzzle = std::string(w[1]);
        s.moves = parse_count(w[2]);
        if (s.moves < 1) return where + "bad move count '" + std::string(w[2]) + "'";
        if (!valid_date(w[3])) return where + "bad date '" + std::string(w[3]) + "' (YYYY-MM-DD)";
        s.date = std::string(w[3]);
        for (std::size_t i = 4; i < w.size(); ++i) {
            if (!move_shaped(w[i])) return where + "bad move '" + std::string(w[i]) + "'";
            s.move_list.emplace_back(w[i]);
        }
        if (static_cast<int>(s.move_list.size()) != s.moves)
            return where + "the score says " + std::to_string(s.moves) + " moves but lists " +
                   std::to_string(s.move_list.size());
        for (const Score& other : scores)
            if (other.puzzle == s.puzzle) return where + "a second score for " + s.puzzle;
        scores.push_back(std::move(s));
    }
    out = std::move(scores);
    return {};
}

// Replays a score's moves on its puzzle: an empty string when they are legal and solve it in
// exactly the number of moves the score claims, else what is wrong.
[[nodiscard]] inline std::string verify_score(const Puzzle& puzzle, const Score& s) {
    if (s.puzzle != puzzle.name) return "the score is for " + s.puzzle + ", not " + puzzle.name;
    SoloGame g(puzzle);
    for (std::size_t i = 0; i < s.move_list.size(); ++i) {
        ParsedSoloMove pm = parse_solo_move(g, s.move_list[i]);
        if (!pm.error.empty())
            return "move " + std::to_string(i + 1) + " '" + s.move_list[i] + "': " + pm.error;
        g.make(pm.move);
    }
    if (!g.solved()) return "the moves do not solve " + puzzle.name;
    return {};
}

} // namespace halma::solo
