// The race planner of the strongest level in 2-player games: short lines found, the opponent's
// pieces at home counted on to leave, its time kept, a line found earlier kept, and no line
// that starts by letting the opponent win.
#include "halma.hpp"
#include "halma/ai.hpp"
#include "halma/solo/crossing.hpp"

#include <catch2/catch.hpp>

#include <chrono>

using namespace halma;

namespace {

using Clock = std::chrono::steady_clock;

// Plays a planner's line through a search state as the planner sees the board (the other
// pieces in p's target camp gone after the first move); whether every move was legal and
// the line ends with the camp full of p's pieces.
bool replay_line(ai::State s, int p, const std::vector<Move>& line) {
    for (Move m : line) {
        if (!destinations(s.pos, s.rules, s.camps, p, m.from()).test(m.to())) return false;
        ai::StateUndo u;
        ai::make(s, m, p, u);
        for_each_square(s.pos.occupied() & ~s.pos.pieces(p) & s.camps.target[p],
                        [&](int sq) { s.pos.remove(sq); });
    }
    return (s.camps.target[p] & ~s.pos.pieces(p)).empty();
}

} // namespace

TEST_CASE("the race planner finds the fewest moves home when they are few", "[ai][race]") {
    // Player 1 has h5 and h6 to fill, with pieces on g5 and h4 next to them: two moves, as no
    // single move fills two squares.
    Rules r = Rules::for_game(2, 8);
    Game g(r);
    Position pos(8);
    REQUIRE(parse_position("....1111/.....111/......1./......1./.......1/22....../222...../"
                           "2222.... 1",
                           2, pos)
                .empty());
    REQUIRE(g.setup(pos).empty());
    ai::Tables t(r);
    ai::State s(g);
    ai::RacePlanner planner;
    ai::RacePlan plan =
        planner.plan(s, t, 0, 20, {Clock::now() + std::chrono::seconds(5), 0, nullptr});
    CHECK(plan.home);
    CHECK(plan.moves.size() == 2);
    CHECK(replay_line(s, 0, plan.moves));
}

TEST_CASE("the race planner counts on the opponent leaving the camp it must fill", "[ai][race]") {
    // At the start every square of player 1's target camp holds a piece of player 2: a plan
    // that let them fill the camp would need one piece; every one of the 19 must move.
    Game g{Rules{}};
    ai::Tables t(g.rules());
    ai::State s(g);
    ai::RacePlanner planner;
    const auto start = Clock::now();
    ai::RacePlan plan =
        planner.plan(s, t, 0, 120, {start + std::chrono::milliseconds(1000), 0, nullptr});
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    REQUIRE_FALSE(plan.moves.empty());
    CHECK(plan.home);
    CHECK(plan.moves.size() >= 19);
    CHECK(g.is_legal(plan.moves.front()));
    // The deadline is kept (a generous margin: the machine may be busy, or sanitized).
    CHECK(ms < 3000);
}

TEST_CASE("the race planner keeps a line found earlier unless it finds a shorter one",
          "[ai][race]") {
    Game g(Rules::for_game(2, 10));
    ai::Tables t(g.rules());
    ai::State s(g);
    ai::RacePlanner planner;
    ai::RacePlan earlier =
        planner.plan(s, t, 0, 120, {Clock::now() + std::chrono::milliseconds(500), 0, nullptr});
    REQUIRE(earlier.home);
    // With next to no time, the line found earlier is what comes back, or a shorter one.
    ai::RacePlan kept = planner.plan(s, t, 0, 120, {Clock::now(), 0, nullptr}, earlier.moves);
    CHECK(kept.home);
    CHECK(kept.moves.size() <= earlier.moves.size());
    CHECK(replay_line(s, 0, kept.moves));
    // A line that is not legal from here is not kept: backwards, it starts with a piece
    // that is not there.
    std::vector<Move> broken(earlier.moves.rbegin(), earlier.moves.rend());
    ai::RacePlan fallback = planner.plan(s, t, 0, 120, {Clock::now(), 0, nullptr}, broken);
    CHECK(fallback.moves.empty());
}

TEST_CASE("no plan starts with a move that lets the opponent win at once", "[ai][race]") {
    // Under fill, after 1. a1-c3 g8-e6 player 2 wins by a chain from g7 into a1 as soon as
    // player 1 gives it the stepping stones (2. c3-d4 does): the nine pieces of player 1
    // left at home fill the rest of player 2's camp. Level 5 still plans its move here.
    Game g(Rules::for_game(2, 8));
    for (const char* text : {"a1-c3", "g8-e6"}) REQUIRE(g.play(parse_move(g, text).move));
    ai::Searcher searcher;
    ai::Limits lim;
    lim.level = 5;
    lim.nodes = 200000;
    const Move m = searcher.choose(g, lim);
    CHECK(searcher.info().race);
    REQUIRE(g.play(m));
    MoveList replies;
    g.legal_moves(replies);
    for (Move reply : replies) {
        g.make(reply);
        CHECK_FALSE(g.result().won_by(1));
        g.unmake();
    }
}

TEST_CASE("a level that plans starts from the catalogue's best crossing", "[ai][race]") {
    // At the start of each table the best crossing and its mirror image are both there,
    // whole, for every seat; two moves along the line, its rest is what is left of it.
    for (int players : {2, 4}) {
        const Game start{Rules::for_game(players, 16)};
        const std::size_t par = players == 2 ? 44 : 42;
        for (Seat p = 0; p < players; ++p) {
            const auto rests = solo::best_line_rests(start.rules(), p, start.position().pieces(p));
            CHECK(rests[0].size() == par);
            CHECK(rests[1].size() == par);
            CHECK(rests[0] != rests[1]);
            Position along = start.position();
            along.do_move(rests[0][0]);
            along.do_move(rests[0][1]);
            const auto later = solo::best_line_rests(start.rules(), p, along.pieces(p));
            CHECK(later[0] == std::vector<Move>(rests[0].begin() + 2, rests[0].end()));
        }
    }
    // Level 5 at the 2-player start, where no other piece is near, plays the line's first
    // move; told not to, the planner's own line starts elsewhere.
    const Game g{Rules::for_game(2, 16)};
    const auto rests = solo::best_line_rests(g.rules(), 0, g.position().pieces(0));
    ai::Limits lim;
    lim.level = 5;
    lim.nodes = 100000;
    lim.repeatable = true;
    const Move m = ai::choose_move(g, lim);
    CHECK((m == rests[0].front() || m == rests[1].front()));
    ai::Searcher own;
    ai::LevelSettings settings = ai::level_settings(5, g.rules());
    settings.best_crossing = false;
    own.use_settings(settings);
    const Move planned = own.choose(g, lim);
    CHECK(planned != rests[0].front());
    CHECK(planned != rests[1].front());
}
