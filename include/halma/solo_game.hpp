// A solo game (issue 7): one player working a puzzle of solo_puzzle.hpp, with undo, redo,
// the status (playing, solved, failed) and moves read from notation.
#pragma once

#include "halma/solo_puzzle.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace halma::solo {

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

} // namespace halma::solo
