// A game's analysis carries each player's plan on from one position to the next
// (think/analysis.hpp): the plan's own move takes a move off the mover's figure, a move the
// plan makes later costs nothing, and a move that can be taken back costs two at most nearly
// always, so that the review does not call a good move a mistake because the planner lost
// its way.
#include "app/race_meter.hpp"
#include "halma/movegen.hpp"
#include "think/analysis.hpp"

#include <catch2/catch.hpp>
#include <poll.h>

using namespace halma;
using namespace halma::think;

namespace {

constexpr std::uint64_t kNodes = 20000; // enough for an 8x8 crossing, quick in every build

Analysis judged(const Game& g) {
    Analysis a(g, Judged::Every);
    while (!a.complete())
        a.add(judge_seats(a.next_position(), a.next_seats(), a.next_known(), kNodes));
    return a;
}

// A game of plies moves: player 1 plays the meter's move, player 2 the meter's move and a
// legal move `pick` chooses in turn, so that both good and aimless moves are priced.
Game played(int size, int plies, unsigned pick) {
    Game g(Rules::for_game(2, size));
    for (int i = 0; i < plies && !g.over(); ++i) {
        Move m = Move::none();
        if (g.to_move() == 0 || i % 4 == 1) {
            m = race_plan(g, g.to_move(), kNodes).first;
        } else {
            MoveList list;
            g.legal_moves(list);
            REQUIRE(list.size() > 0);
            pick = pick * 1103515245u + 12345u;
            m = list[(pick >> 8) % list.size()];
        }
        REQUIRE_FALSE(m.is_none());
        REQUIRE(g.play(m));
    }
    return g;
}

} // namespace

TEST_CASE("a plan carried past the seat's own move", "[analysis]") {
    const Move a(1, 2), b(3, 4), c(5, 6);
    const KnownLines plan{{a, b, c}};
    // Another seat's move leaves it as it was.
    CHECK(carried_lines(plan, 0, 1, Move(9, 10)) == plan);
    // Its first move: the rest.
    const KnownLines after_a = carried_lines(plan, 0, 0, a);
    CHECK(std::find(after_a.begin(), after_a.end(), std::vector<Move>{b, c}) != after_a.end());
    // A move it makes later: the plan without it.
    const KnownLines after_c = carried_lines(plan, 0, 0, c);
    CHECK(std::find(after_c.begin(), after_c.end(), std::vector<Move>{a, b}) != after_c.end());
    // The piece of its second move moved elsewhere: that move made from where it stands.
    const KnownLines moved = carried_lines(plan, 0, 0, Move(3, 7));
    CHECK(std::find(moved.begin(), moved.end(), std::vector<Move>{a, Move(7, 4), c}) !=
          moved.end());
    // Always: the move taken back, then the plan.
    const std::vector<Move> back{Move(10, 9), a, b, c};
    const KnownLines other = carried_lines(plan, 0, 0, Move(9, 10));
    CHECK(std::find(other.begin(), other.end(), back) != other.end());
}

TEST_CASE("the analysis never makes a figure rise by more than the move lost", "[analysis]") {
    for (const auto& [size, plies, pick] : {std::tuple{8, 40, 7u}, std::tuple{10, 30, 11u}}) {
        const Game g = played(size, plies, pick);
        const Analysis a = judged(g);
        REQUIRE(a.complete());
        int planned = 0, planned_gained = 0, priced = 0, priced_within = 0;
        for (int i = 0; i < a.moves(); ++i) {
            const Seat s = a.mover(i);
            const int before = a.figure(i, s), after = a.figure(i + 1, s);
            INFO("size " << size << " move " << i + 1 << ": " << before << " -> " << after);
            REQUIRE(before >= 0);
            REQUIRE(after >= 0);
            // While another's piece stands in its target camp the meter counts on it to leave
            // only after the mover's next move, so there its own move may take nothing off.
            const Bitboard target = g.camps().target[s];
            Game at = g.rewound();
            for (int j = 0; j < i; ++j) at.make(g.move_at(static_cast<std::size_t>(j)));
            const bool blocked =
                (at.position().occupied() & ~at.position().pieces(s) & target).any();
            if (g.move_at(static_cast<std::size_t>(i)) == a.best(i)) {
                const bool gained = after == 0 || after <= before - 1;
                if (!blocked) CHECK(gained);
                ++planned, planned_gained += gained;
            }
            // Taken back, then the plan: two moves lost at most, unless the plan's first move
            // hopped over another's piece on a goal square (counted on to leave after it) or
            // the move went into the target camp (which the camp rule does not let it leave).
            if (!g.camps().target[s].test(g.move_at(static_cast<std::size_t>(i)).to())) {
                CHECK(a.cost(i) <= 3);
                ++priced, priced_within += a.cost(i) <= 2;
            }
        }
        CHECK(planned >= plies / 4);
        CHECK(4 * planned_gained >= 3 * planned);
        CHECK(10 * priced_within >= 9 * priced);
        CHECK(priced >= plies / 2);
    }
}

TEST_CASE("the panel's meter carries each plan on as the review does", "[analysis]") {
    const Game g = played(10, 30, 11u);
    const Analysis a = judged(g);
    app::RaceMeter meter(kNodes);
    Game at = g.rewound();
    int differs = 0;
    for (int i = 0; i <= a.moves(); ++i) {
        meter.want(at);
        pollfd p{meter.fd(), POLLIN, 0};
        REQUIRE(poll(&p, 1, 60000) == 1);
        meter.finished();
        const std::vector<int>* shown = meter.numbers(at);
        REQUIRE(shown != nullptr);
        // Judged one position after another, the panel says what the review says ...
        CHECK(*shown == std::vector<int>{a.figure(i, 0), a.figure(i, 1)});
        // ... which is not always what the position judged on its own comes to.
        differs += *shown != race_estimates(at, kNodes);
        if (i < a.moves()) at.make(g.move_at(static_cast<std::size_t>(i)));
    }
    CHECK(differs > 0);
}
