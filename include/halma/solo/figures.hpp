// The figure solver: a depth-first search for a figure reached within a move limit.
//
// A figure puzzle (figure_puzzle()) has a move limit and asks that after some move the pieces
// stand either on a given set of squares, one each (a fill goal with a square per piece), or
// on a set that is its own mirror image across a diagonal, none of them on the puzzle's
// `empty` squares (a start camp to be cleared). The search tries every line of at most the
// moves left, depth first, and drops only lines that provably cannot finish (admissible
// pruning), so when it runs to the end its answer is a proof: a line that reaches a figure,
// or none exists.
//
// The bounds (FigureBounds) count pieces that must still move and squares that must still be
// filled:
//  - must-move pieces: those on `empty` squares (and, for symmetric goals, those whose mirror
//    square is one: they cannot stay), and for fixed figures every piece off the figure. Each
//    needs a move of its own, so there must be at least as many moves left as such pieces.
//  - squares to fill: the empty figure squares, or the mirror squares of the pieces that
//    stand without their mirror image and need not move. Each needs a piece to land on it,
//    and a move lands one piece. A maximum matching of these squares to distinct must-move
//    pieces that can reach them in one move counts those filled at no extra cost; the moves
//    to spare (slack = moves left - must-move pieces) pay for the rest: one each for a fixed
//    figure (a piece moving twice, or one on the figure moving off and back), at most three
//    each for a symmetric one (a piece moving twice, or a piece standing alone that moves onto
//    the mirror square of another).
//  - "can reach in one move": a square of the piece's class (its file parity and rank parity,
//    which a hop never changes) or next to it.
//  - with no move to spare (the built-in figure puzzles, from their start on), every must-move
//    piece moves exactly once, onto a square it may stay on ("final"), and no other piece
//    moves. So squares left are never filled again and pieces that stay never leave: a piece
//    can only hop over pieces and final squares, land where no staying piece stands, and when
//    it moves, the must-move pieces still there are those that move after it. Some order must
//    let every one of them get out (found by peeling them off from the last); for a fixed
//    figure each one's reach is the flood fill of such hops, and some piece must be able to
//    make the last move, onto the figure with every other piece on it.
//
// The search: moves in an order likely to find a figure early (move_rank()); from a position
// that is its own mirror image, if the goal is too, first only mirror pairs of moves, which
// keep it so (a small part of the search, rich in figures); for symmetric goals, restarts with
// the moves a little shuffled when a run grows long. Positions searched to the end are
// remembered in a table keyed by the pieces and the moves left (a position and its mirror
// image share a key when the goal is its own mirror image), so a position reached again by
// moves in another order is not searched twice.
#pragma once

#include "halma/game.hpp"
#include "halma/movegen.hpp"
#include "halma/notation.hpp"
#include "halma/puzzle.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

namespace halma::solo {

// A square's class: its file parity and rank parity, which a hop never changes.
[[nodiscard]] constexpr int square_class(int sq) noexcept {
    return (file_of(sq) & 1) * 2 + (rank_of(sq) & 1);
}

// Whether the figure solver serves a puzzle: it has a move limit, and its goal is a figure
// (a fixed one, a fill goal with a square for every piece, or a symmetric one).
[[nodiscard]] inline bool figure_puzzle(const Puzzle& p) noexcept {
    return p.limit > 0 && (p.goal != GoalKind::Fill || p.goal_squares.count() == p.pieces());
}

// Why a position cannot reach the goal in the moves left, as the bounds see it.
struct Obstacle {
    enum class Kind {
        None,     // the bounds do not rule the goal out
        MustMove, // more pieces must move than there are moves left
        Stranded, // a piece that must move can never move (square: the piece)
        Unfilled, // a square to fill that the moves left cannot fill (square: the square)
        LastMove, // no must-move piece can make the last move onto the figure
    };
    Kind kind = Kind::None;
    int must_move = 0;      // the pieces that must still move
    int square = kNoSquare; // Stranded, Unfilled: the square named
};

// The bounds of the top comment for one goal, with what they need precomputed.
class FigureBounds {
  public:
    // The bounds of a figure puzzle (figure_puzzle()).
    explicit FigureBounds(const Puzzle& puzzle)
        : puzzle_(puzzle), fixed_(puzzle.goal == GoalKind::Fill), geo_(&geometry(puzzle.size)),
          leave_(fixed_ ? puzzle.empty
                        : puzzle.empty | mirror_set(puzzle.empty, puzzle.goal, puzzle.size)),
          last_(fixed_ ? kSquares * kSquares : 0, 0) {
        finals_ = fixed_ ? puzzle.goal_squares : geo_->on_board & ~leave_;
        for_each_square(geo_->on_board, [&](int sq) {
            class_[square_class(sq)].set(sq);
            for (int k = 0; k < geo_->step_count[sq]; ++k) next_to_[sq].set(geo_->steps[sq][k]);
        });
    }

    [[nodiscard]] const Puzzle& puzzle() const noexcept { return puzzle_; }

    // The squares a piece may end on.
    [[nodiscard]] const Bitboard& finals() const noexcept { return finals_; }

    // The pieces that must still move: those on emptied squares, and for a fixed goal those
    // off the figure, for a symmetric one those whose mirror square is emptied.
    [[nodiscard]] Bitboard must_move(const Bitboard& pieces) const noexcept {
        return pieces & (fixed_ ? ~puzzle_.goal_squares : leave_);
    }

    // The squares that must still be filled: the empty figure squares, or the mirror squares
    // of the pieces without a mirror image that need not move.
    [[nodiscard]] Bitboard to_fill(const Bitboard& pieces) const noexcept {
        if (fixed_) return puzzle_.goal_squares & ~pieces;
        return mirror_set(pieces & ~leave_, puzzle_.goal, puzzle_.size) & ~pieces;
    }

    // What stops pieces from reaching the goal in moves_left moves; Kind::None when the
    // bounds do not rule it out.
    [[nodiscard]] Obstacle check(const Bitboard& pieces, int moves_left) const;

  private:
    static constexpr int kMaxPieces = 32;

    // The must-move pieces and the squares each can end on (as far as the bounds can tell).
    struct Movers {
        int count = 0;
        int square[kMaxPieces];
        Bitboard ends[kMaxPieces];
    };
    void loose_ends(Movers& m) const noexcept;
    void tight_ends(const Bitboard& pieces, Movers& m) const noexcept;
    [[nodiscard]] int unpeeled(const Bitboard& pieces, const Bitboard& movers) const noexcept;
    [[nodiscard]] bool can_be_last(int from, int to) const;
    [[nodiscard]] Bitboard hop_closure(int from, const Bitboard& over,
                                       const Bitboard& land) const noexcept;
    [[nodiscard]] static int max_matching(const std::uint32_t* can, int squares, int& left_out);
    static bool augment(const std::uint32_t* can, int s, std::uint32_t& seen, int* owner);

    Puzzle puzzle_;
    bool fixed_; // the goal is a fixed figure (else a symmetric one)
    const Geometry* geo_;
    Bitboard leave_;    // squares no piece may end on: emptied, and their mirror for symmetry
    Bitboard finals_;   // squares a piece may end on
    Bitboard class_[4]; // the squares of each class
    Bitboard next_to_[kSquares];             // the squares next to each square
    mutable std::vector<std::uint8_t> last_; // can_be_last() memo: 0 unknown, 1 no, 2 yes
};

// The squares a hop chain from `from` can reach over squares of `over`, landing only on
// squares of `land`. For a symmetric goal every square a piece may stay on counts as one to
// hop over, so a chain that lands on one can go on to any square of its class: the whole
// class is returned then (more than the chain may reach, which keeps the bounds admissible).
inline Bitboard FigureBounds::hop_closure(int from, const Bitboard& over,
                                          const Bitboard& land) const noexcept {
    if (puzzle_.longjumps) return class_[square_class(from)];
    Bitboard seen = Bitboard::of(from);
    int stack[kSquares];
    int top = 0;
    stack[top++] = from;
    while (top) {
        const int sq = stack[--top];
        for (int i = 0; i < geo_->hop_count[sq]; ++i) {
            const Hop h = geo_->hops[sq][i];
            if (!over.test(h.over) || !land.test(h.land) || seen.test(h.land)) continue;
            if (!fixed_ && finals_.test(h.land)) return class_[square_class(from)];
            seen.set(h.land);
            stack[top++] = h.land;
        }
    }
    return seen;
}

// With moves to spare, or for a symmetric goal once every must-move piece is known to get
// away: a piece can end a move on the squares of its class and next to it.
inline void FigureBounds::loose_ends(Movers& m) const noexcept {
    for (int i = 0; i < m.count; ++i)
        m.ends[i] = class_[square_class(m.square[i])] | next_to_[m.square[i]];
}

// With no move to spare, for a fixed goal: the empty figure squares each must-move piece's
// chain or step can end on, hopping over any piece or figure square (top comment).
inline void FigureBounds::tight_ends(const Bitboard& pieces, Movers& m) const noexcept {
    const Bitboard open = finals_ & ~pieces;
    const Bitboard over = pieces | finals_;
    const Bitboard land = geo_->on_board & ~(pieces & ~must_move(pieces));
    Bitboard closures[kMaxPieces];
    for (int i = 0; i < m.count; ++i) {
        const int from = m.square[i];
        // The pieces of one hop component share its closure.
        int j = 0;
        while (j < i && !closures[j].test(from)) ++j;
        closures[i] = j < i ? closures[j] : hop_closure(from, over, land);
        m.ends[i] = (closures[i] | next_to_[from]) & open;
    }
}

// With no move to spare: a must-move piece that no order of moves lets get away. When a
// piece moves, it can hop over the pieces that stay, the final squares (filled by then, or
// empty for a step) and the must-move pieces that move after it; the last to move has only
// the first two. An order exists if and only if repeatedly taking any piece that can get
// away over what was taken so far takes them all, since more to hop over never hurts here.
// Returns a piece left over, or kNoSquare.
inline int FigureBounds::unpeeled(const Bitboard& pieces, const Bitboard& movers) const noexcept {
    const Bitboard fixed = pieces & ~movers;
    const Bitboard open = finals_ & ~pieces;
    const Bitboard land = geo_->on_board & ~fixed;
    // The pieces furthest from a1 first: those nearest the way out usually get away first.
    int order[kMaxPieces], count = 0;
    for_each_square(movers, [&](int sq) { order[count++] = sq; });
    Bitboard later = fixed | finals_;
    for (int taken = 0, before = -1; taken < count && taken != before;) {
        before = taken;
        for (int i = count - 1; i >= 0; --i) {
            const int from = order[i];
            if (later.test(from) ||
                ((hop_closure(from, later, land) | next_to_[from]) & open).empty())
                continue;
            later.set(from);
            ++taken;
        }
    }
    const Bitboard left = movers & ~later;
    return left.any() ? left.first() : kNoSquare;
}

// Whether a piece on `from` can move to `to` when every other piece stands on the figure.
inline bool FigureBounds::can_be_last(int from, int to) const {
    std::uint8_t& memo = last_[static_cast<std::size_t>(from * kSquares + to)];
    if (!memo) {
        Position board(puzzle_.size);
        for_each_square(puzzle_.goal_squares, [&](int sq) {
            if (sq != to) board.put(sq, 0);
        });
        board.put(from, 0);
        const Rules rules = puzzle_rules(puzzle_);
        const Camps camps = puzzle_camps(puzzle_);
        memo = destinations(board, rules, camps, 0, from).test(to) ? 2 : 1;
    }
    return memo == 2;
}

// Finds an augmenting path from square s for the matching of max_matching(); owner[i] is
// the square piece i fills, or -1.
inline bool FigureBounds::augment(const std::uint32_t* can, int s, std::uint32_t& seen,
                                  int* owner) {
    for (std::uint32_t m = can[s] & ~seen; m; m &= m - 1) {
        const int i = __builtin_ctz(m);
        seen |= std::uint32_t{1} << i;
        if (owner[i] < 0 || augment(can, owner[i], seen, owner)) {
            owner[i] = s;
            return true;
        }
    }
    return false;
}

// The size of a maximum matching of squares to distinct pieces, where can[s] is the mask of
// the pieces that can fill square s. Sets `left_out` to the index of a square the matching
// leaves empty, or -1.
inline int FigureBounds::max_matching(const std::uint32_t* can, int squares, int& left_out) {
    int owner[kMaxPieces];
    std::fill(owner, owner + kMaxPieces, -1);
    int matched = 0;
    left_out = -1;
    for (int s = 0; s < squares; ++s) {
        std::uint32_t seen = 0;
        if (augment(can, s, seen, owner))
            ++matched;
        else if (left_out < 0)
            left_out = s;
    }
    return matched;
}

inline Obstacle FigureBounds::check(const Bitboard& pieces, int moves_left) const {
    Obstacle o;
    auto fail = [&o](Obstacle::Kind kind, int square) {
        o.kind = kind;
        o.square = square;
        return o;
    };
    // 1. Every must-move piece needs a move of its own.
    const Bitboard movers = must_move(pieces);
    o.must_move = movers.count();
    if (o.must_move > moves_left) return fail(Obstacle::Kind::MustMove, kNoSquare);
    assert(o.must_move <= kMaxPieces);
    Movers m;
    for_each_square(movers, [&](int sq) { m.square[m.count++] = sq; });
    // 2. With no move to spare, every must-move piece needs a way to get away in turn, and
    //    for a fixed figure each gets the squares its chain can end on.
    const int slack = moves_left - o.must_move;
    if (slack == 0)
        if (const int stuck = unpeeled(pieces, movers); stuck != kNoSquare)
            return fail(Obstacle::Kind::Stranded, stuck);
    const bool exact = slack == 0 && fixed_;
    if (exact)
        tight_ends(pieces, m);
    else
        loose_ends(m);
    // 3. Every square to fill needs a piece; what no must-move piece fills costs spare moves.
    int squares[kSquares], count = 0;
    std::uint32_t can[kSquares];
    for_each_square(to_fill(pieces), [&](int sq) {
        std::uint32_t mask = 0;
        for (int i = 0; i < m.count; ++i)
            if (m.ends[i].test(sq)) mask |= std::uint32_t{1} << i;
        squares[count] = sq;
        can[count++] = mask;
    });
    int left_out = -1;
    const int short_by = count - max_matching(can, count, left_out);
    const int mendable = fixed_ ? slack : 3 * slack;
    if (short_by > mendable) return fail(Obstacle::Kind::Unfilled, squares[left_out]);
    // 4. A fixed figure with no move to spare needs a possible last move.
    if (exact && m.count > 0) {
        for (int i = 0; i < m.count; ++i) {
            bool any = false;
            for_each_square(m.ends[i], [&](int to) { any = any || can_be_last(m.square[i], to); });
            if (any) return o;
        }
        return fail(Obstacle::Kind::LastMove, kNoSquare);
    }
    return o;
}

// Why pieces cannot reach the goal in moves_left moves, in a player's words, when the bounds
// see it at once; empty otherwise.
[[nodiscard]] inline std::string obstacle_text(const Obstacle& o, int moves_left) {
    const std::string left = std::to_string(moves_left) + (moves_left == 1 ? " move" : " moves");
    switch (o.kind) {
    case Obstacle::Kind::MustMove:
        return std::to_string(o.must_move) + " pieces must still move and only " + left +
               (moves_left == 1 ? " is" : " are") + " left";
    case Obstacle::Kind::Stranded:
        return "the piece on " + square_name(o.square) +
               " must move, and in no order of the moves left can it get out";
    case Obstacle::Kind::Unfilled:
        return square_name(o.square) + " must be filled and no piece can reach it in the " + left +
               " left";
    case Obstacle::Kind::LastMove:
        return "no piece could make the last move onto the figure";
    default:
        return {};
    }
}

// What the search may spend: 0 means no limit.
struct FigureBudget {
    int max_ms = 0;
    std::uint64_t max_nodes = 0;             // positions generated
    const std::atomic<bool>* stop = nullptr; // set from another thread to end the search
    int table_bits = 20;                     // the table of searched positions has 2^bits keys
};

// What the search found.
struct FigureAnswer {
    enum class Verdict { Found, Unreachable, Unknown };
    Verdict verdict = Verdict::Unknown;
    std::vector<Move> line;  // Found by solve(): the moves from the position to the figure
    std::string why;         // Unreachable: why, in words for a player
    bool complete = false;   // the search ran to the end (not cut off by the budget)
    std::size_t figures = 0; // enumerate(): the distinct figures found
    std::uint64_t nodes = 0; // positions generated
    double seconds = 0;
};

// The depth-first search of the top comment, for one goal.
class FigureSearch {
  public:
    // Called with each new figure found and the line from the root to it.
    using OnFigure = std::function<void(const Bitboard&, const std::vector<Move>&)>;

    // A search for a figure puzzle (figure_puzzle()).
    FigureSearch(const Puzzle& puzzle, const FigureBudget& budget);

    // A line of at most moves_left moves from pos (player 1's pieces) to the goal: the first
    // found, or why there is none, or Unknown when the budget ran out first.
    [[nodiscard]] FigureAnswer solve(const Position& pos, int moves_left) {
        return run(pos, moves_left, nullptr);
    }

    // Calls on_figure once for every figure reached within moves_left moves (a figure
    // reachable by several lines is reported once, with one of them), until the budget runs
    // out. The answer's figures counts them; its verdict is Found when there is one,
    // Unreachable when the search ended without one, Unknown when it was cut off first.
    FigureAnswer enumerate(const Position& pos, int moves_left, const OnFigure& on_figure) {
        return run(pos, moves_left, &on_figure);
    }

  private:
    // Restarts (solving a symmetric goal only): the first run stops after kFirstRun positions
    // and each next one is kRunGrowth times longer, with the moves of equal rank shuffled
    // within kShuffle places. A symmetric goal has many figures far apart, and a depth-first
    // search that starts down a line with none can spend a long time proving so; a fixed
    // figure has one, and its proofs are what take time, so restarts would only repeat them.
    // The run under way: where it stops, whether it was cut short there, and the shuffle's
    // random state.
    struct Restarts {
        static constexpr std::uint64_t kFirstRun = 20000;
        static constexpr double kRunGrowth = 1.5;
        static constexpr int kShuffle = 32;
        std::uint64_t run_end = 0; // where the current run stops, 0 for never
        bool run_over = false;
        std::uint64_t shuffle = 0; // 0 for none
    };
    // Table keys of the pair search, kept apart from those of the full search.
    static constexpr std::uint64_t kPairSalt = 0x5DEECE66DULL;

    FigureAnswer run(const Position& pos, int moves_left, const OnFigure* on_figure);
    bool dive(int moves_left);
    bool dive_pairs(int moves_left);
    bool try_pair(Move first, Move second, int moves_left);
    bool try_move(Move m, int moves_left);
    bool reached(const Bitboard& pieces);
    bool spent();
    void order_moves(MoveList& list);
    [[nodiscard]] int move_rank(Move m, const Bitboard& squares) const noexcept;
    [[nodiscard]] std::uint64_t key(int moves_left) const noexcept;
    [[nodiscard]] bool pairs_apply(const Bitboard& pieces, int moves_left) const;
    [[nodiscard]] int twin(int sq) const noexcept {
        return mirror_square(sq, twin_axis_, bounds_.puzzle().size);
    }

    FigureBounds bounds_;
    FigureBudget budget_;
    Rules rules_; // the puzzle's, for movegen
    Camps camps_;
    bool has_twin_ = false; // the goal is its own mirror image across a diagonal...
    GoalKind twin_axis_ = GoalKind::SymmetricDiagonal; // ...this one
    Position pos_;
    std::vector<std::uint64_t> table_; // positions searched to the end (lossy: newest wins)
    std::vector<Move> line_, found_line_;
    const OnFigure* on_figure_ = nullptr;
    std::unordered_set<std::uint64_t> figures_; // enumerate(): the keys of figures reported
    std::chrono::steady_clock::time_point start_;
    std::uint64_t nodes_ = 0;
    bool out_of_budget_ = false;
    Restarts restarts_;
};

inline FigureSearch::FigureSearch(const Puzzle& puzzle, const FigureBudget& budget)
    : bounds_(puzzle), budget_(budget), rules_(puzzle_rules(puzzle)), camps_(puzzle_camps(puzzle)),
      table_(std::size_t{1} << budget.table_bits, 0) {
    for (GoalKind axis : {GoalKind::SymmetricDiagonal, GoalKind::SymmetricAntidiagonal}) {
        auto same = [&](const Bitboard& b) { return mirror_set(b, axis, puzzle.size) == b; };
        const bool figure_same =
            puzzle.goal == GoalKind::Fill ? same(puzzle.goal_squares) : axis == puzzle.goal;
        if (!has_twin_ && same(puzzle.empty) && figure_same) {
            has_twin_ = true;
            twin_axis_ = axis;
        }
    }
}

// The table's key of the position and the moves left. When the goal is its own mirror image,
// a position and its mirror image are won or lost alike (and lead to the same figures, or
// mirror images of them, which for such a goal are the same), and share the smaller key.
inline std::uint64_t FigureSearch::key(int moves_left) const noexcept {
    std::uint64_t k = pos_.hash();
    if (has_twin_) {
        std::uint64_t mirrored = kZobrist.to_move[pos_.to_move()];
        for_each_square(pos_.pieces(0), [&](int sq) { mirrored ^= kZobrist.piece[0][twin(sq)]; });
        k = std::min(k, mirrored);
    }
    k ^= 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(moves_left + 1);
    return k ? k : 1;
}

// Whether the budget, or the current restart, is spent (the clock is read every 1024
// positions).
inline bool FigureSearch::spent() {
    if (out_of_budget_ || restarts_.run_over) return true;
    if (restarts_.run_end && nodes_ >= restarts_.run_end) return restarts_.run_over = true;
    if ((nodes_ & 1023) != 0) return false;
    using namespace std::chrono;
    const auto ms = duration_cast<milliseconds>(steady_clock::now() - start_).count();
    out_of_budget_ = (budget_.stop && budget_.stop->load(std::memory_order_relaxed)) ||
                     (budget_.max_nodes && nodes_ >= budget_.max_nodes) ||
                     (budget_.max_ms > 0 && ms >= budget_.max_ms);
    return out_of_budget_;
}

// Which moves come first (lower first). Fixed figures: onto the squares nearest a1 first
// (the far ones are reached over the near ones). Symmetric: moves that fill a square to fill
// from the mirror square of a square left empty (completing a pair of moves), then other
// fills, then moves from the mirror line onto it, then the rest; within a rank, the pieces
// nearest a1 first, since they are the ones that risk finding nothing left to hop over.
inline int FigureSearch::move_rank(Move m, const Bitboard& squares) const noexcept {
    const Puzzle& p = bounds_.puzzle();
    if (p.goal == GoalKind::Fill) return file_of(m.to()) + rank_of(m.to());
    const int from_twin = mirror_square(m.from(), p.goal, p.size);
    const int to_twin = mirror_square(m.to(), p.goal, p.size);
    if (squares.test(m.to())) return from_twin != m.from() && pos_.at(from_twin) == kEmpty ? 0 : 1;
    return from_twin == m.from() && to_twin == m.to() ? 2 : 3;
}

// Sorts the moves by rank, keeping the order they were generated in (from a1 upwards) within
// a rank, or during a restart shuffling them a little.
inline void FigureSearch::order_moves(MoveList& list) {
    const Bitboard squares = bounds_.to_fill(pos_.pieces(0));
    std::pair<int, Move> ranked[kMaxMoves];
    const std::size_t n = list.size();
    for (std::size_t i = 0; i < n; ++i) {
        int r = move_rank(list[i], squares) * 65536 + static_cast<int>(i) * 16;
        if (restarts_.shuffle) {
            restarts_.shuffle ^= restarts_.shuffle << 13; // xorshift64
            restarts_.shuffle ^= restarts_.shuffle >> 7;
            restarts_.shuffle ^= restarts_.shuffle << 17;
            r += static_cast<int>(restarts_.shuffle % (16 * Restarts::kShuffle));
        }
        ranked[i] = {r, list[i]};
    }
    std::sort(ranked, ranked + n, [](const std::pair<int, Move>& a, const std::pair<int, Move>& b) {
        return a.first < b.first;
    });
    for (std::size_t i = 0; i < n; ++i) list[i] = ranked[i].second;
}

// At a figure: keeps the line when solving (and stops), reports a new figure when
// enumerating (and goes on). Returns whether to stop.
inline bool FigureSearch::reached(const Bitboard& pieces) {
    if (!on_figure_) {
        found_line_ = line_;
        return true;
    }
    if (figures_.insert(pos_.hash()).second) (*on_figure_)(pieces, line_);
    return false;
}

// Plays m, and searches on if the bounds let it through; returns whether to stop.
inline bool FigureSearch::try_move(Move m, int moves_left) {
    ++nodes_;
    pos_.do_move(m);
    bool stop = false;
    if (bounds_.check(pos_.pieces(0), moves_left - 1).kind == Obstacle::Kind::None) {
        line_.push_back(m);
        stop = dive(moves_left - 1);
        line_.pop_back();
    }
    pos_.undo_move(m);
    return stop || spent();
}

// Searches on from pos_ with moves_left moves; returns whether to stop (a line found when
// solving, or the budget or the restart spent).
inline bool FigureSearch::dive(int moves_left) {
    const Bitboard pieces = pos_.pieces(0);
    if (goal_met(bounds_.puzzle(), pieces)) return reached(pieces);
    if (moves_left == 0 || spent()) return out_of_budget_ || restarts_.run_over;
    const std::uint64_t k = key(moves_left);
    std::uint64_t& slot = table_[k & (table_.size() - 1)];
    if (slot == k) return false;
    // 1. From a position that is its own mirror image, moves in mirror pairs first.
    if (pairs_apply(pieces, moves_left) && dive_pairs(moves_left)) return true;
    // 2. The moves: with none to spare, only the pieces that must move may move, each onto
    //    a square it may stay on.
    const Bitboard movers = bounds_.must_move(pieces);
    const bool tight = movers.count() == moves_left;
    const Bitboard ends = tight ? bounds_.finals() : geometry(pos_.size()).on_board;
    MoveList list;
    for_each_square(tight ? movers : pieces, [&](int from) {
        for_each_square(destinations(pos_, rules_, camps_, 0, from) & ends,
                        [&](int to) { list.push(Move(from, to)); });
    });
    order_moves(list);
    // 3. Each that the bounds let through, searched on.
    for (Move m : list)
        if (try_move(m, moves_left)) return true;
    slot = k;
    return false;
}

// Whether the pair search applies: the goal and the position are their own mirror images and
// no move is to spare.
inline bool FigureSearch::pairs_apply(const Bitboard& pieces, int moves_left) const {
    return has_twin_ && bounds_.must_move(pieces).count() == moves_left &&
           mirror_set(pieces, twin_axis_, bounds_.puzzle().size) == pieces;
}

// Plays first (already on the board) then second if it is legal, and searches on in pairs;
// returns whether to stop.
inline bool FigureSearch::try_pair(Move first, Move second, int moves_left) {
    if (!destinations(pos_, rules_, camps_, 0, second.from()).test(second.to())) return false;
    ++nodes_;
    pos_.do_move(second);
    bool stop = false;
    if (bounds_.check(pos_.pieces(0), moves_left - 2).kind == Obstacle::Kind::None) {
        line_.push_back(first);
        line_.push_back(second);
        stop = dive_pairs(moves_left - 2);
        line_.pop_back();
        line_.pop_back();
    }
    pos_.undo_move(second);
    return stop;
}

// The pair search: from a position that is its own mirror image, only moves that keep it
// so, two at a time: a piece and its mirror image onto mirror squares, or two pieces of the
// mirror line onto mirror squares; or one, from the mirror line onto it. Part of the full
// search (its lines are lines of the full search), much smaller, and rich in figures.
inline bool FigureSearch::dive_pairs(int moves_left) {
    const Bitboard pieces = pos_.pieces(0);
    if (goal_met(bounds_.puzzle(), pieces)) return reached(pieces);
    if (moves_left == 0 || spent()) return out_of_budget_ || restarts_.run_over;
    const std::uint64_t k = key(moves_left) ^ kPairSalt;
    std::uint64_t& slot = table_[k & (table_.size() - 1)];
    if (slot == k) return false;
    const Bitboard movers = bounds_.must_move(pieces);
    MoveList list;
    for_each_square(movers, [&](int from) {
        for_each_square(destinations(pos_, rules_, camps_, 0, from) & bounds_.finals(),
                        [&](int to) { list.push(Move(from, to)); });
    });
    for (Move m : list) {
        const int from = m.from(), to = m.to();
        const bool from_line = twin(from) == from, to_line = twin(to) == to;
        if (!from_line && to_line) continue; // its mirror image would need the same square
        ++nodes_;
        pos_.do_move(m);
        bool stop = false;
        if (from_line && to_line) {
            if (bounds_.check(pos_.pieces(0), moves_left - 1).kind == Obstacle::Kind::None) {
                line_.push_back(m);
                stop = dive_pairs(moves_left - 1);
                line_.pop_back();
            }
        } else if (!from_line) {
            stop = try_pair(m, Move(twin(from), twin(to)), moves_left);
        } else {
            for_each_square(movers, [&](int other) {
                if (!stop && other != from && twin(other) == other)
                    stop = try_pair(m, Move(other, twin(to)), moves_left);
            });
        }
        pos_.undo_move(m);
        if (stop || spent()) return true;
    }
    slot = k;
    return false;
}

inline FigureAnswer FigureSearch::run(const Position& pos, int moves_left,
                                      const OnFigure* on_figure) {
    using namespace std::chrono;
    start_ = steady_clock::now();
    pos_ = pos;
    on_figure_ = on_figure;
    line_.clear();
    found_line_.clear();
    figures_.clear();
    nodes_ = 0;
    out_of_budget_ = false;
    FigureAnswer a;
    const Obstacle o = bounds_.check(pos.pieces(0), moves_left);
    // Restarts while a run is cut short; the table keeps what earlier runs proved.
    const bool restarts = !on_figure && bounds_.puzzle().goal != GoalKind::Fill;
    double run_length = static_cast<double>(Restarts::kFirstRun);
    restarts_.shuffle = 0;
    bool stopped = false;
    for (int i = 1; o.kind == Obstacle::Kind::None; ++i) {
        restarts_.run_over = false;
        restarts_.run_end = restarts ? nodes_ + static_cast<std::uint64_t>(run_length) : 0;
        stopped = dive(moves_left);
        if (!restarts_.run_over) break;
        stopped = false;
        run_length *= Restarts::kRunGrowth;
        restarts_.shuffle = 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(i);
    }
    a.complete = !out_of_budget_;
    a.figures = figures_.size();
    if (on_figure ? a.figures > 0 : stopped && !out_of_budget_) {
        a.verdict = FigureAnswer::Verdict::Found;
        a.line = found_line_;
    } else if (a.complete) {
        a.verdict = FigureAnswer::Verdict::Unreachable;
        a.why = o.kind != Obstacle::Kind::None
                    ? obstacle_text(o, moves_left)
                    : "every line of the " + std::to_string(moves_left) + " moves left was tried";
    }
    a.nodes = nodes_;
    a.seconds = duration<double>(steady_clock::now() - start_).count();
    return a;
}

// The figure solver's view of a game of a figure puzzle: the moves left, and the moves to
// spare (the moves left less the pieces that must still move; negative when too few are left).
[[nodiscard]] inline int moves_left(const Game& g) noexcept {
    return g.puzzle()->limit - static_cast<int>(g.ply());
}
[[nodiscard]] inline int figure_slack(const Game& g) {
    return moves_left(g) - FigureBounds(*g.puzzle()).must_move(g.position().pieces(0)).count();
}

// A player's sentence for a figure puzzle whose goal is out of reach, and why.
[[nodiscard]] inline std::string out_of_reach_text(const Puzzle& p, const std::string& why) {
    return (p.goal == GoalKind::Fill ? "the figure can no longer be reached: "
                                     : "no symmetric figure can be reached now: ") +
           why;
}

// Why the goal of a figure puzzle can no longer be reached from the game's position, as far
// as the bounds see at a glance (out_of_reach_text()); empty when they do not rule it out, or
// the game is over or not a figure puzzle.
[[nodiscard]] inline std::string out_of_reach(const Game& g) {
    if (g.over() || !g.puzzle() || !figure_puzzle(*g.puzzle())) return {};
    const Obstacle o = FigureBounds(*g.puzzle()).check(g.position().pieces(0), moves_left(g));
    if (o.kind == Obstacle::Kind::None) return {};
    return out_of_reach_text(*g.puzzle(), obstacle_text(o, moves_left(g)));
}

} // namespace halma::solo
