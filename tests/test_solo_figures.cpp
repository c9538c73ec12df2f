// The figure puzzles (symmetry, mirror) and the figure solver: solutions replayed move by move,
// figures that are not accepted, the bounds checked against lines that finish, enumeration
// checked against an exhaustive search on small boards, hints that say why a figure is out of
// reach, and the figures kept in the scores file.
#include "files/record_file.hpp"
#include "files/solo_scores.hpp"
#include "solo_support.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <unordered_set>

using namespace halma;
using namespace halma::solo;
using halma::files::read_file;
using halma::files::write_file_atomically;
using namespace solo_support;

namespace {

// The kept solution of a puzzle.
const char* kept(const char* puzzle) {
    for (const Kept& k : kKept)
        if (std::string(k.puzzle) == puzzle) return k.solution;
    FAIL("no kept solution for " << puzzle);
    return nullptr;
}

// Every figure reached within the puzzle's limit, by trying every line (no pruning; positions
// seen with as many moves left are not searched again).
class Exhaustive {
  public:
    explicit Exhaustive(const Puzzle& p) : p_(p), rules_(puzzle_rules(p)), camps_(puzzle_camps(p)) {
        Position pos(p.size);
        for_each_square(p.start, [&](int sq) { pos.put(sq, 0); });
        search(pos, p.limit);
    }
    std::set<std::vector<std::uint64_t>> figures;

  private:
    void search(Position& pos, int left) {
        const Bitboard& b = pos.pieces(0);
        if (goal_met(p_, b)) {
            figures.insert({b.w[0], b.w[1], b.w[2], b.w[3]});
            return;
        }
        if (left == 0 || !seen_.insert(pos.hash() * 31 + static_cast<unsigned>(left)).second)
            return;
        MoveList list;
        generate_moves(pos, rules_, camps_, 0, list);
        for (Move m : list) {
            pos.do_move(m);
            search(pos, left - 1);
            pos.undo_move(m);
        }
    }
    const Puzzle& p_;
    Rules rules_;
    Camps camps_;
    std::unordered_set<std::uint64_t> seen_;
};

// A small puzzle on 8x8 from its start, goal and limit.
Puzzle small(const std::string& lines) {
    Puzzle p;
    REQUIRE(read_puzzle("name: small\nsize: 8\nstart: a1 b1 c1 a2 b2 a3\n" + lines, p).message() ==
            "");
    return p;
}

} // namespace

TEST_CASE("figures: the solver finds symmetry and mirror from the start, solved at move 19",
          "[solo][figures]") {
    for (const char* name : {"symmetry", "mirror"}) {
        INFO(name);
        const Puzzle p = builtin(name);
        REQUIRE(figure_puzzle(p));
        Game g(p);
        FigureSearch search(p, FigureBudget{});
        const FigureAnswer a = search.solve(g.position(), 19);
        REQUIRE(a.verdict == FigureAnswer::Verdict::Found);
        REQUIRE(a.line.size() == 19);
        // Every move replayed as a player would type it, chain spelled out.
        for (std::size_t i = 0; i < a.line.size(); ++i) {
            CHECK(status_text(g) == "playing");
            const ParsedMove pm = parse_move(g, chain_name(g.position(), a.line[i], false));
            REQUIRE(pm.error.empty());
            REQUIRE(g.play(pm.move));
        }
        CHECK(status_text(g) == "solved 19");
        CHECK(goal_shortfall(p, g.position().pieces(0)) == "");
    }
}

TEST_CASE("figures: wrong figures, a piece left in the camp and a 20th move are refused",
          "[solo][figures]") {
    const Puzzle sym = builtin("symmetry");
    const Bitboard figure = replay(sym, kept("symmetry")).position().pieces(0);
    CHECK(goal_met(sym, figure));
    // A piece moved off the figure: no longer its own mirror image.
    Bitboard lopsided = figure;
    lopsided.reset(parse_square("a7", 16));
    lopsided.set(parse_square("a8", 16));
    CHECK_FALSE(goal_met(sym, lopsided));
    CHECK(goal_shortfall(sym, lopsided) ==
          "2 pieces without a mirror image: g1 (a7 empty) a8 (h1 empty)");
    // Symmetric, but with a piece left in the camp (b2, on the mirror line, for d4).
    Bitboard camped = figure;
    camped.reset(parse_square("d4", 16));
    camped.set(parse_square("b2", 16));
    CHECK(mirror_set(camped, GoalKind::SymmetricDiagonal, 16) == camped);
    CHECK_FALSE(goal_met(sym, camped));
    CHECK(goal_shortfall(sym, camped) == "1 piece left on a square to empty: b2");
    Game set_up(sym);
    Position pos(16);
    for_each_square(camped, [&](int sq) { pos.put(sq, 0); });
    REQUIRE(set_up.setup(pos).empty());
    CHECK(status_text(set_up) == "playing");

    // The mirror figure with one square wrong.
    const Puzzle mirror = builtin("mirror");
    CHECK(goal_met(mirror, replay(mirror, kept("mirror")).position().pieces(0)));
    Bitboard near = mirror.goal_squares;
    near.reset(parse_square("g7", 16));
    near.set(parse_square("h8", 16));
    CHECK_FALSE(goal_met(mirror, near));
    CHECK(goal_shortfall(mirror, near) == "1 goal square still empty: g7");

    // Nineteen moves whose last leaves a piece in the camp fail the puzzle; there is no 20th.
    std::string moves = kept("symmetry");
    moves.replace(moves.rfind(' ') + 1, std::string::npos, "b4-b5");
    const Game failed = replay(sym, moves);
    CHECK(status_text(failed) == "failed 19");
    CHECK(goal_shortfall(sym, failed.position().pieces(0)) ==
          "1 piece left on a square to empty: b5");
    MoveList list;
    failed.legal_moves(list);
    CHECK(list.empty());
    CHECK(parse_move(failed, "b5-b4").error == "the puzzle is over (failed 19)");
}

TEST_CASE("figures: the bounds never rule out a line that reaches the figure", "[solo][figures]") {
    for (const char* name : {"symmetry", "mirror"}) {
        INFO(name);
        const Puzzle p = builtin(name);
        const FigureBounds bounds(p);
        const Game end = replay(p, kept(name));
        Game g(p);
        for (std::size_t i = 0; i <= end.ply(); ++i) {
            INFO("after " << i << " moves");
            CHECK(bounds.check(g.position().pieces(0), 19 - static_cast<int>(i)).kind ==
                  Obstacle::Kind::None);
            CHECK(out_of_reach(g) == "");
            if (i < end.ply()) g.make(end.move_at(i));
        }
    }
}

TEST_CASE("figures: enumeration finds exactly the figures every line reaches", "[solo][figures]") {
    // Small puzzles from the six-piece corner a1 b1 c1 a2 b2 a3 of the 8x8 board, tight and
    // with a move to spare, symmetric and fixed figures (one its own mirror image, one not).
    const struct {
        const char* lines;
        std::size_t figures;
    } cases[] = {
        {"goal: symmetric-diagonal\nempty: a1 b1 c1 a2 b2 a3\nlimit: 6\n", 14},
        {"goal: symmetric-diagonal\nempty: a1 b1 c1 a2 b2 a3\nlimit: 7\n", 49},
        {"goal: fill d2 e2 c3 b4 d4 b5\nlimit: 6\n", 1},
        {"goal: fill d1 e1 c2 d2 c3 b4\nlimit: 6\n", 1},
        {"goal: fill e5 e4 e3 d5 d4 c5\nlimit: 6\n", 0},
    };
    for (const auto& c : cases) {
        INFO(c.lines);
        const Puzzle p = small(c.lines);
        const Exhaustive every(p);
        CHECK(every.figures.size() == c.figures);
        std::set<std::vector<std::uint64_t>> found;
        Game g(p);
        FigureSearch search(p, FigureBudget{});
        const FigureAnswer a = search.enumerate(
            g.position(), p.limit, [&](const Bitboard& b, const std::vector<Move>& line) {
                Game check = g;
                for (Move m : line) REQUIRE(check.play(m));
                CHECK(check.result().outcome == Outcome::Won);
                CHECK(check.position().pieces(0) == b);
                found.insert({b.w[0], b.w[1], b.w[2], b.w[3]});
            });
        CHECK(a.complete);
        CHECK(a.figures == found.size());
        CHECK(found == every.figures);
    }
}

TEST_CASE("figures: a hint says why the figure is out of reach", "[solo][figures]") {
    SolverLimits limits;
    limits.max_ms = 20000;
    // A wasted move: a piece moved within the camp leaves 18 to move in 17 moves.
    Game sym(builtin("symmetry"));
    REQUIRE(sym.play(Move(parse_square("b2", 16), parse_square("d4", 16))));
    CHECK(out_of_reach(sym) == "");
    REQUIRE(sym.play(Move(parse_square("a1", 16), parse_square("b2", 16))));
    const std::string wasted =
        "no symmetric figure can be reached now: 18 pieces must still move and only 17 moves "
        "are left";
    CHECK(out_of_reach(sym) == wasted);
    CHECK(hint(sym, limits).out_of_reach == wasted);

    // A move off the figure of mirror.
    Game mirror(builtin("mirror"));
    REQUIRE(mirror.play(Move(parse_square("d3", 16), parse_square("d4", 16))));
    CHECK(out_of_reach(mirror) ==
          "the figure can no longer be reached: 19 pieces must still move and only 18 moves are "
          "left");

    // Where the bounds see nothing wrong, the search tries every line.
    const Puzzle six = small("goal: symmetric-diagonal\nempty: a1 b1 c1 a2 b2 a3\nlimit: 6\n");
    Game g(six);
    REQUIRE(g.play(Move(parse_square("b2", 8), parse_square("c3", 8))));
    CHECK(out_of_reach(g) == "");
    const Hint h = hint(g, limits);
    CHECK(h.out_of_reach ==
          "no symmetric figure can be reached now: every line of the 5 moves left was tried");
    CHECK(g.is_legal(h.move)); // a move to play all the same
    CHECK_FALSE(h.on_a_line);

    // And where a line exists, the hint starts it.
    const Hint first = hint(Game(builtin("mirror")), limits);
    CHECK(first.on_a_line);
    CHECK(first.out_of_reach == "");
}

TEST_CASE("figures: a stop flag or a spent budget leaves the answer unknown", "[solo][figures]") {
    const Puzzle p = builtin("symmetry");
    std::atomic<bool> stop{true};
    FigureBudget budget;
    budget.stop = &stop;
    budget.max_nodes = 1;
    Game g(p);
    REQUIRE(g.play(Move(parse_square("c2", 16), parse_square("e4", 16))));
    FigureSearch search(p, budget);
    const FigureAnswer a = search.solve(g.position(), 18);
    CHECK(a.verdict == FigureAnswer::Verdict::Unknown);
    CHECK_FALSE(a.complete);
    CHECK(a.why == "");
}

TEST_CASE("figures: the scores file keeps every distinct figure, and says so of one found again",
          "[solo][figures]") {
    const std::string path = files::scores_path(test_support::temp_dir());
    const Puzzle sym = builtin("symmetry");
    CHECK(files::keeps_figures(sym));
    CHECK_FALSE(files::keeps_figures(builtin("mirror")));
    CHECK(files::figures_found(path, sym) == 0);

    const Game first = replay(sym, kept("symmetry"));
    files::ScoreOutcome r = files::record_figure(path, first, "2026-12-02");
    CHECK(r.best);
    CHECK_FALSE(r.error);
    CHECK(r.message == "a new figure: 1 found");
    r = files::record_figure(path, first, "2026-12-03");
    CHECK_FALSE(r.best);
    CHECK(r.message == "figure found before, 2026-12-02");
    CHECK(r.figures == 1);

    // Another figure: the first that enumeration finds other than the kept one's.
    std::vector<Move> other;
    FigureBudget budget;
    budget.max_nodes = 200000;
    FigureSearch search(sym, budget);
    (void)search.enumerate(Game(sym).position(), 19,
                           [&](const Bitboard& figure, const std::vector<Move>& line) {
                               if (other.empty() && figure != first.position().pieces(0))
                                   other = line;
                           });
    Game second(sym);
    for (Move m : other) REQUIRE(second.play(m));
    REQUIRE(second.result().outcome == Outcome::Won);
    r = files::record_figure(path, second, "2026-12-04");
    CHECK(r.message == "a new figure: 2 found");
    CHECK(files::figures_found(path, sym) == 2);
    std::string text;
    REQUIRE(read_file(path, text).empty());
    std::vector<Score> lines;
    REQUIRE(read_scores(text, lines).message() == "");
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].figure);
    CHECK(lines[1].date == "2026-12-04");
    CHECK(text.find("\nfigure: symmetry 19 2026-12-02 c1-e3 a3-c5 ") != std::string::npos);

    // A figure line whose moves do not solve the puzzle is damage: the file is set aside.
    REQUIRE(write_file_atomically(path, text + "figure: symmetry 1 2026-12-05 c1-e3\n").empty());
    CHECK(files::figures_found(path, sym) == 0);
    r = files::record_figure(path, first, "2026-12-06");
    CHECK(r.error);
    CHECK(r.set_aside == path + ".bad");
    CHECK(r.message.find("does not replay") != std::string::npos);
    CHECK(r.figures == 1);
}
