// A seat's line home as the race meter holds it, and how it is carried from one position of a
// game to the next. The line is played over the seat's own pieces alone, except its first
// move, which is made among every piece as they stand: others' pieces are in the way (or lend
// a rung) for the move about to be made, and are counted on to have moved by the time of the
// seat's later moves. So another player's move changes a seat's figure only when it blocks
// the first move of its line, and then the line is mended where it broke; a seat's own move
// is taken out of its line, or absorbed into it (see carried_lines). No curses.
#pragma once

#include "halma.hpp"

#include <vector>

namespace halma::think {

// The lines of one seat from one position of a game.
class LineCheck {
  public:
    LineCheck(const Game& game, Seat seat);

    [[nodiscard]] const Bitboard& own() const noexcept { return own_; }
    [[nodiscard]] bool home(const Bitboard& pieces) const noexcept { return pieces == goal_; }
    // Whether m may be made by the seat's pieces on own: among every piece (first) or alone.
    [[nodiscard]] bool legal(const Bitboard& own, Move m, bool first) const;
    // Whether line takes the seat's pieces home from here, no move of it after they are home.
    [[nodiscard]] bool replays(const std::vector<Move>& line) const;
    // Whether line takes the seat's pieces home from here, its first move legal among every
    // piece or among the seat's pieces alone: a line carried on, to be made playable when the
    // seat is to move (the others' pieces may have gone by then).
    [[nodiscard]] bool carries(const std::vector<Move>& line) const;
    // The line made playable here: as it is, or led by the first of its moves that can be made
    // first with the rest still playable; empty when neither.
    [[nodiscard]] std::vector<Move> playable(std::vector<Move> line) const;
    // A playable line with two moves of one piece made one wherever that is legal, as often
    // as it goes.
    [[nodiscard]] std::vector<Move> shortened(std::vector<Move> line) const;

    // A playable line made shorter where a move the line does not make, made at some point of
    // it instead, lets the line leave out more than that move (each such move tried lands
    // where the line lands later); at most tries moves are tried, the earlier points first.
    // A line led by avoid (a move undoing the seat's last) is led by another where one as
    // short is found.
    [[nodiscard]] std::vector<Move> improved(std::vector<Move> line, int tries,
                                             Move avoid = Move::none()) const;
    // The squares the piece on from may move to, the seat's pieces on own: among every piece
    // (first) or alone.
    [[nodiscard]] Bitboard reach(const Bitboard& own, int from, bool first) const;

  private:
    // The seat's pieces before each move of line, and after the last.
    [[nodiscard]] std::vector<Bitboard> states(const std::vector<Move>& line) const;
    // Whether line[from..] replays from pieces (the state after line[0..from)); first_alone:
    // whether its first move may also be legal among the seat's pieces alone.
    [[nodiscard]] bool replays_from(const std::vector<Move>& line, std::size_t from,
                                    Bitboard pieces, bool first_alone) const;

    const Rules* rules_;
    const Camps* camps_;
    Seat seat_;
    Position board_; // every piece, for the first move
    Bitboard own_, goal_;
};

// A seat's lines known in one position.
using KnownLines = std::vector<std::vector<Move>>;

// A seat's lines carried on past one move (played, by anyone) made in `before`: unchanged for
// another's move (the first move is mended where it is read); for the seat's own move, each
// line with the move taken out where the line makes it, or absorbed where it can be (the piece
// moved taking over the moves of the line it saves, the moves it makes needless left out), or
// with the move undone where the undoing is legal, the shortest first, each shortened.
[[nodiscard]] KnownLines carried_lines(const KnownLines& lines, const Game& before, Seat seat,
                                       Move played);
// The same past each of `moves` in turn, the first made in `before`; empty once no line is left.
[[nodiscard]] KnownLines carried_past(KnownLines lines, Game before, Seat seat,
                                      const std::vector<Move>& moves);

} // namespace halma::think
