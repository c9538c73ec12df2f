// A game: a position under a set of rules, with the state the position alone cannot show
// (moves made per player, who has finished, who has dropped out, the result), its history,
// and undo and redo. A solitaire puzzle (puzzle.hpp) is a game of one player: its start
// squares are the home camp, its figure the goal, its move limit the limit on moves.
//
// The contract for players, search and front ends:
//  - to_move() is the seat whose turn it is; owner_to_move() is whose pieces it moves (its
//    partner's, once it has finished in a win=both partnership game).
//  - legal_moves() lists each legal move once. It is empty when the game is over or when the
//    player to move must pass; must_pass() tells the two apart. Play Move::pass() then.
//  - make()/unmake() are the cheap search primitives; play()/undo()/redo() are the same with
//    a legality check and a redo list, for front ends and the protocol.
//  - result() changes through moves (a win by finishing, an evacuation loss or drop-out, a
//    draw when the move limit is reached) or, for results off the board (a resignation, a
//    loss on time, a claim, a draw agreed, an abort), through conclude(). A puzzle is won (solved)
//    when its goal holds and lost (failed) when its move limit is reached, or no move is left,
//    first. ending() says which rule ended the game, and whose move or camp it was about.
//  - puzzle() is the puzzle being played, or nullptr in a game of Halma.
#pragma once

#include "halma/movegen.hpp"
#include "halma/position.hpp"
#include "halma/puzzle.hpp"
#include "halma/rules.hpp"

#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace halma {

enum class Outcome { Playing, Won, Draw, Lost };

// The next seat after p in turn order among players seats, skipping those in the dropped
// mask (p itself when every other has dropped out).
[[nodiscard]] constexpr int next_active_seat(int players, unsigned dropped, int p) noexcept {
    for (int i = 1; i <= players; ++i) {
        const int q = (p + i) % players;
        if (!((dropped >> q) & 1)) return q;
    }
    return p;
}

// How a game stands: still playing, won by a set of players (a bitmask, two bits for a
// partnership), drawn, or (a puzzle only) lost.
struct Result {
    Outcome outcome = Outcome::Playing;
    unsigned winners = 0;

    [[nodiscard]] bool over() const noexcept { return outcome != Outcome::Playing; }
    [[nodiscard]] bool won_by(int p) const noexcept { return (winners >> p) & 1; }
    [[nodiscard]] friend bool operator==(Result a, Result b) noexcept {
        return a.outcome == b.outcome && a.winners == b.winners;
    }
    [[nodiscard]] friend bool operator!=(Result a, Result b) noexcept { return !(a == b); }
};

// The rule that ended a game, and the seat it was about.
struct Ending {
    enum class Rule {
        None,         // the game goes on
        Finished,     // seat filled its target camp (a puzzle: reached its goal)
        Evacuation,   // seat had a piece at home from its N-th move on (2 players)
        LastSide,     // the others dropped out (evacuation, 3 or 4 players); seat dropped last
        PartnersHome, // win=both: the partners still playing have all finished; seat moved last
        MoveLimit,    // every player made the move limit (a draw; a puzzle fails)
        NoMove,       // a puzzle: no move is left
        // Results off the board (games between people; conclude()):
        Resigned,  // seat resigned
        OutOfTime, // seat's time ran out
        Left,      // seat was away and another player claimed the game
        Agreement, // a draw agreed (seat: who accepted the offer)
        Aborted,   // called off before every player had moved: no result (outcome Draw)
    };
    Rule rule = Rule::None;
    int seat = -1;

    [[nodiscard]] friend bool operator==(Ending a, Ending b) noexcept {
        return a.rule == b.rule && a.seat == b.seat;
    }
    [[nodiscard]] friend bool operator!=(Ending a, Ending b) noexcept { return !(a == b); }
};

class Game {
  public:
    // A new game of these rules from the start position, rules.first to move.
    explicit Game(const Rules& rules = Rules{}) { reset(rules); }
    // A puzzle from its start.
    explicit Game(const Puzzle& puzzle) { reset(puzzle); }

    // Starts a new game of these rules from the start position.
    void reset(const Rules& rules) {
        assert(rules.problem().empty());
        rules_ = rules;
        camps_ = Camps::of(rules);
        Position start(rules.size);
        for (int p = 0; p < rules.players; ++p)
            for_each_square(camps_.home[p], [&](int sq) { start.put(sq, p); });
        start.set_to_move(rules.first);
        puzzle_.reset();
        begin(start);
        from_setup_ = false;
    }

    // Starts a puzzle afresh.
    void reset(const Puzzle& puzzle) {
        puzzle_ = puzzle;
        rules_ = puzzle_rules(puzzle);
        camps_ = puzzle_camps(puzzle);
        Position start(puzzle.size);
        for_each_square(puzzle.start, [&](int sq) { start.put(sq, 0); });
        begin(start);
        from_setup_ = false;
        settle_puzzle();
    }

    // Replaces the position, keeping the rules; history and counters start afresh.
    // Returns an empty string, or why the position cannot be played under these rules.
    std::string setup(const Position& pos) {
        if (puzzle_) return setup_puzzle(pos);
        if (pos.size() != rules_.size) return "the position is not on a board of this game's size";
        for (int p = 0; p < kMaxPlayers; ++p) {
            int n = pos.pieces(p).count();
            if (p >= rules_.players && n)
                return "the position has pieces of a player not in this game";
            if (p < rules_.players && n > camps_.home[p].count())
                return "player " + std::to_string(p + 1) + " has " + std::to_string(n) +
                       " pieces, more than its camp holds (" +
                       std::to_string(camps_.home[p].count()) + ")";
        }
        if (pos.to_move() >= rules_.players) return "the player to move is not in this game";
        begin(pos);
        from_setup_ = true;
        for (int p = 0; p < rules_.players; ++p)
            if (finish_condition(p)) {
                finished_ |= 1u << p;
                if (!result_.over() &&
                    (rules_.partners == Partners::None || rules_.win == PartnerWin::First))
                    end({Outcome::Won, side_mask(p)}, Ending::Rule::Finished, p);
            }
        if (!result_.over()) check_sides(pos_.to_move());
        return {};
    }

    [[nodiscard]] const Rules& rules() const noexcept { return rules_; }
    [[nodiscard]] const Puzzle* puzzle() const noexcept { return puzzle_ ? &*puzzle_ : nullptr; }
    [[nodiscard]] const Camps& camps() const noexcept { return camps_; }
    [[nodiscard]] const Position& position() const noexcept { return pos_; }
    [[nodiscard]] int players() const noexcept { return rules_.players; }
    [[nodiscard]] int to_move() const noexcept { return pos_.to_move(); }
    [[nodiscard]] Result result() const noexcept { return result_; }
    // Why the game ended ({Rule::None, -1} while it goes on).
    [[nodiscard]] Ending ending() const noexcept { return ending_; }
    [[nodiscard]] bool over() const noexcept { return result_.over(); }
    [[nodiscard]] int moves_made(int p) const noexcept { return moves_made_[p]; }
    [[nodiscard]] bool finished(int p) const noexcept { return (finished_ >> p) & 1; }
    [[nodiscard]] bool dropped(int p) const noexcept { return (dropped_ >> p) & 1; }

    // The players on p's side: p alone, or p and its partner.
    [[nodiscard]] unsigned side_mask(int p) const noexcept {
        return (1u << p) | (1u << rules_.partner(p));
    }

    // Whose pieces the player to move moves: its own, or its partner's once it has
    // finished in a win=both partnership game (RULES, "Several players and partners").
    [[nodiscard]] int owner_to_move() const noexcept {
        int p = pos_.to_move();
        if (rules_.partners != Partners::None && rules_.win == PartnerWin::Both && finished(p))
            return rules_.partner(p);
        return p;
    }

    // Fills list with the legal moves of the player to move (empty: game over or pass).
    void legal_moves(MoveList& list) const noexcept {
        list.clear();
        if (!over()) generate_moves(pos_, rules_, camps_, owner_to_move(), list);
    }

    // Whether the game goes on but the player to move has no move and must pass.
    [[nodiscard]] bool must_pass() const noexcept {
        return !over() && count_moves(pos_, rules_, camps_, owner_to_move()) == 0;
    }

    // Whether m is legal now (a pass only when nothing else is).
    [[nodiscard]] bool is_legal(Move m) const noexcept {
        if (over()) return false;
        if (m.is_pass()) return must_pass();
        if (m.from() == m.to() || pos_.at(m.from()) != owner_to_move()) return false;
        if (!pos_.geo().on_board.test(m.from()) || !pos_.geo().on_board.test(m.to())) return false;
        return destinations(pos_, rules_, camps_, owner_to_move(), m.from()).test(m.to());
    }

    // Plays a legal move (unchecked) and settles its consequences.
    void make(Move m) {
        assert(!over());
        const int mover = pos_.to_move();
        Undo u{m, mover, finished_, dropped_, result_, ending_, {}};
        pos_.do_move(m);
        ++moves_made_[mover];
        settle_after(mover, u.removed);
        pos_.set_to_move(next_active(mover));
        if (!result_.over() && rules_.maxturns > 0 &&
            moves_made_[pos_.to_move()] >= rules_.maxturns)
            end({puzzle_ ? Outcome::Lost : Outcome::Draw, 0}, Ending::Rule::MoveLimit, mover);
        if (puzzle_) settle_puzzle();
        stack_.push_back(u);
    }

    // Takes back the last make().
    void unmake() {
        assert(!stack_.empty());
        const Undo u = stack_.back();
        stack_.pop_back();
        pos_.set_to_move(u.mover);
        for_each_square(u.removed, [&](int sq) { pos_.put(sq, u.mover); });
        pos_.undo_move(u.move);
        --moves_made_[u.mover];
        finished_ = u.finished;
        dropped_ = u.dropped;
        result_ = u.result;
        ending_ = u.ending;
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
        redo_.push_back(stack_.back().move);
        unmake();
        return true;
    }

    // Plays again the last move taken back by undo().
    bool redo() {
        if (redo_.empty() || !is_legal(redo_.back())) return false;
        make(redo_.back());
        redo_.pop_back();
        return true;
    }

    // Ends a game that goes on with a result off the board, by one of the rules from
    // Resigned on, about seat. An Aborted game is a Draw with no result. Taking back the last
    // move takes the ending back with it.
    void conclude(Result result, Ending::Rule rule, int seat) noexcept {
        assert(!over() && rule >= Ending::Rule::Resigned);
        end(result, rule, seat);
    }
    // Whether the game ended off the board (conclude()).
    [[nodiscard]] bool concluded() const noexcept { return ending_.rule >= Ending::Rule::Resigned; }

    [[nodiscard]] bool can_undo() const noexcept { return !stack_.empty(); }
    [[nodiscard]] bool can_redo() const noexcept { return !redo_.empty(); }

    // The number of moves played since the start (or the last setup).
    [[nodiscard]] std::size_t ply() const noexcept { return stack_.size(); }
    // The i-th move played, and the seat that played it.
    [[nodiscard]] Move move_at(std::size_t i) const noexcept { return stack_[i].move; }
    [[nodiscard]] int mover_at(std::size_t i) const noexcept { return stack_[i].mover; }
    // The game as it stood before its first move (its history taken back, nothing to redo).
    [[nodiscard]] Game rewound() const {
        Game g = *this;
        while (g.can_undo()) g.unmake();
        g.redo_.clear();
        return g;
    }
    // The position the history starts from, and whether it came from setup().
    [[nodiscard]] const Position& initial() const noexcept { return initial_; }
    [[nodiscard]] bool from_setup() const noexcept { return from_setup_; }

    // The number of move sequences of the given length; a pass counts as a move and a
    // finished game has none.
    [[nodiscard]] std::uint64_t perft(int depth) {
        if (depth == 0) return 1;
        if (over()) return 0;
        if (depth == 1) {
            int n = count_moves(pos_, rules_, camps_, owner_to_move());
            return n ? static_cast<std::uint64_t>(n) : 1;
        }
        MoveList list;
        legal_moves(list);
        if (list.empty()) list.push(Move::pass());
        std::uint64_t total = 0;
        for (Move m : list) {
            make(m);
            total += perft(depth - 1);
            unmake();
        }
        return total;
    }

    // Whether the position's views agree and the game state is consistent with it.
    [[nodiscard]] bool is_ok() const noexcept {
        if (!pos_.is_ok()) return false;
        for (int p = rules_.players; p < kMaxPlayers; ++p)
            if (pos_.pieces(p).any()) return false;
        for (int p = 0; p < rules_.players; ++p)
            if (dropped(p) && pos_.pieces(p).any()) return false;
        return !dropped(pos_.to_move()) || over();
    }

    // Whether player p's target camp is complete under the spoil option in force (in a
    // puzzle: whether its goal holds).
    [[nodiscard]] bool finish_condition(int p) const noexcept {
        if (puzzle_) return goal_met(*puzzle_, pos_.pieces(0));
        return camp_complete(pos_, rules_, camps_, p);
    }

  private:
    struct Undo {
        Move move;
        int mover;
        unsigned finished, dropped;
        Result result;
        Ending ending;
        Bitboard removed; // the mover's pieces taken off when it dropped out
    };

    // Starts the history afresh from a position.
    void begin(const Position& pos) {
        pos_ = pos;
        initial_ = pos;
        for (int& n : moves_made_) n = 0;
        finished_ = dropped_ = 0;
        result_ = {};
        ending_ = {};
        stack_.clear();
        redo_.clear();
    }

    // A puzzle position that is neither solved nor at the move limit is failed when no move
    // is left (a puzzle has no passing).
    void settle_puzzle() noexcept {
        if (!result_.over() && count_moves(pos_, rules_, camps_, 0) == 0)
            end({Outcome::Lost, 0}, Ending::Rule::NoMove, 0);
    }

    // setup() for a puzzle: player 1's pieces only, as many as the puzzle has.
    std::string setup_puzzle(const Position& pos) {
        if (pos.size() != puzzle_->size) return "the position is not on this puzzle's board";
        for (int p = 1; p < kMaxPlayers; ++p)
            if (pos.pieces(p).any()) return "a puzzle position has pieces of player 1 only";
        if (pos.pieces(0).count() != puzzle_->pieces())
            return "the puzzle has " + std::to_string(puzzle_->pieces()) + " pieces, not " +
                   std::to_string(pos.pieces(0).count());
        Position start = pos;
        start.set_to_move(0);
        begin(start);
        from_setup_ = true;
        if (finish_condition(0))
            end({Outcome::Won, 1}, Ending::Rule::Finished, 0);
        else
            settle_puzzle();
        return {};
    }

    // The next seat after p in turn order that has not dropped out.
    [[nodiscard]] int next_active(int p) const noexcept {
        return next_active_seat(rules_.players, dropped_, p);
    }

    // Applies the consequences of mover's move: finishing, the evacuation rule and the
    // end of a game whose sides are down to one (RULES, in that order).
    void settle_after(int mover, Bitboard& removed) {
        // 1. Finishing: anyone's camp may be completed by this move; the mover is checked first.
        int first_finisher = -1;
        if (puzzle_) {
            if (finish_condition(0)) finished_ |= 1u, first_finisher = 0;
        } else {
            finished_ |=
                camps_completed(pos_, rules_, camps_, finished_ | dropped_, mover, first_finisher);
        }
        if (first_finisher >= 0 &&
            (rules_.partners == Partners::None || rules_.win == PartnerWin::First)) {
            end({Outcome::Won, side_mask(first_finisher)}, Ending::Rule::Finished, first_finisher);
            return;
        }
        // 2. Leaving home: from the N-th move on, a move that ends with a piece of the mover's
        //    own at home loses (2 players) or drops out (a chain passing through counts not).
        if (!finished(mover) && rules_.home_must_be_empty(moves_made_[mover]) &&
            (pos_.pieces(mover) & camps_.home[mover]).any()) {
            if (rules_.players == 2) {
                end({Outcome::Won, 1u << (1 - mover)}, Ending::Rule::Evacuation, mover);
                return;
            }
            removed = pos_.pieces(mover);
            for_each_square(removed, [&](int sq) { pos_.remove(sq); });
            dropped_ |= 1u << mover;
        }
        // 3. Sides: the last side standing wins; with win=both a side wins once every
        //    partner still playing has finished.
        check_sides(mover);
    }

    // Ends the game if only one side is left, or if a win=both side has all finished.
    void check_sides(int mover) {
        unsigned all = (1u << rules_.players) - 1, active = all & ~dropped_;
        if (rules_.partners == Partners::None) {
            if (rules_.players > 2 && __builtin_popcount(active) == 1)
                end({Outcome::Won, active}, Ending::Rule::LastSide, mover);
            return;
        }
        unsigned mine = side_mask(mover), theirs = all & ~mine;
        if (!(mine & active)) {
            end({Outcome::Won, theirs}, Ending::Rule::LastSide, mover);
        } else if (!(theirs & active)) {
            end({Outcome::Won, mine}, Ending::Rule::LastSide, mover);
        } else if (rules_.win == PartnerWin::Both) {
            for (unsigned side : {mine, theirs})
                if (!((side & active) & ~finished_)) {
                    end({Outcome::Won, side}, Ending::Rule::PartnersHome, mover);
                    return;
                }
        }
    }

    // Ends the game with this result, by this rule, about this seat.
    void end(Result result, Ending::Rule rule, int seat) noexcept {
        result_ = result;
        ending_ = {rule, seat};
    }

    Rules rules_;
    Camps camps_;
    std::optional<Puzzle> puzzle_;
    Position pos_, initial_;
    int moves_made_[kMaxPlayers] = {0, 0, 0, 0};
    unsigned finished_ = 0, dropped_ = 0;
    Result result_;
    Ending ending_;
    bool from_setup_ = false;
    std::vector<Undo> stack_;
    std::vector<Move> redo_;
};

} // namespace halma
