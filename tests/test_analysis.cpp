// A game's analysis carries each player's plan on from one position to the next
// (think/analysis.hpp): the plan's own move takes a move off the mover's figure, a move the
// plan makes later costs nothing, and a move that can be taken back costs two at most nearly
// always, so that the review does not call a good move a mistake because the planner lost
// its way.
#include "halma/movegen.hpp"
#include "think/analysis.hpp"
#include "think/race_meter.hpp"

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

// A game of plies moves: player 1 plays the meter's move (the first of its line, carried from
// one position to the next as the panel carries it), player 2 the meter's move and a legal move
// `pick` chooses in turn, so that both good and aimless moves are priced.
Game played(int size, int plies, unsigned pick) {
    Game g(Rules::for_game(2, size));
    std::vector<SeatRace> plans = race_plans(g, kNodes);
    for (int i = 0; i < plies && !g.over(); ++i) {
        Move m = Move::none();
        if (g.to_move() == 0 || i % 4 == 1) {
            m = plans[static_cast<std::size_t>(g.to_move())].first;
        } else {
            MoveList list;
            g.legal_moves(list);
            REQUIRE(list.size() > 0);
            pick = pick * 1103515245u + 12345u;
            m = list[(pick >> 8) % list.size()];
        }
        REQUIRE_FALSE(m.is_none());
        std::vector<KnownLines> known;
        for (Seat s = 0; s < 2; ++s)
            known.push_back(carried_lines({plans[static_cast<std::size_t>(s)].line}, g, s, m));
        REQUIRE(g.play(m));
        plans = race_plans(g, kNodes, nullptr, &known);
    }
    return g;
}

} // namespace

TEST_CASE("a plan carried past a move of the game", "[analysis]") {
    const Game start(Rules::for_game(2, 8));
    const SeatRace plan = race_plan(start, 0, kNodes);
    REQUIRE(plan.figure == 18); // the catalogue's best crossing of 8x8
    const KnownLines lines{plan.line};
    auto shortest = [](const Game& g, const KnownLines& known) {
        return race_plan(g, 0, kNodes, nullptr, &known).figure;
    };
    // The plan's own first move: the rest of it, one move shorter.
    {
        const KnownLines carried = carried_lines(lines, start, 0, plan.first);
        Game after = start;
        REQUIRE(after.play(plan.first));
        REQUIRE_FALSE(carried.empty());
        CHECK(shortest(after, carried) == 17);
    }
    // Another seat's move leaves the lines as they were.
    {
        Game at = start;
        REQUIRE(at.play(plan.first));
        MoveList list;
        at.legal_moves(list);
        REQUIRE(list.size() > 0);
        CHECK(carried_lines(lines, at, 0, list[0]) == lines);
    }
    // Any other move of the seat: a line is carried on that is at most two moves longer than
    // the plan's rest (the move undone at worst), every line carried leads home from there.
    MoveList list;
    start.legal_moves(list);
    for (Move m : list) {
        Game after = start;
        REQUIRE(after.play(m));
        const KnownLines carried = carried_lines(lines, start, 0, m);
        INFO(move_name(m));
        REQUIRE_FALSE(carried.empty());
        const LineCheck check(after, 0);
        for (const std::vector<Move>& line : carried) CHECK(check.carries(line));
        CHECK(shortest(after, carried) <= 19);
    }
}

TEST_CASE("the analysis never makes a figure rise by more than the move lost", "[analysis]") {
    for (const auto& [size, plies, pick] : {std::tuple{8, 40, 7u}, std::tuple{10, 30, 11u}}) {
        const Game g = played(size, plies, pick);
        const Analysis a = judged(g);
        REQUIRE(a.complete());
        int planned = 0, planned_gained = 0, priced = 0, priced_within = 0, priced_near = 0;
        for (int i = 0; i < a.moves(); ++i) {
            const Seat s = a.mover(i);
            const int before = a.figure(i, s), after = a.figure(i + 1, s);
            INFO("size " << size << " move " << i + 1 << ": " << before << " -> " << after);
            REQUIRE(before >= 0);
            REQUIRE(after >= 0);
            // While another's piece stands in its target camp the line's next move may be
            // blocked when its turn comes, and the mover's own move may then take nothing off.
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
            // Taken back, then the line: two moves lost at most, nearly always; more where the
            // move and the line's next both hopped over others' pieces (one of them only can
            // be made among them) or the move went into the target camp (which the camp rule
            // does not let it leave).
            if (!g.camps().target[s].test(g.move_at(static_cast<std::size_t>(i)).to())) {
                ++priced, priced_within += a.cost(i) <= 2, priced_near += a.cost(i) <= 3;
            }
        }
        CHECK(planned >= plies / 4);
        // Where the other's pieces linger in the target camp (player 2 moves aimlessly every
        // other turn), a third of the line's moves may find their next one blocked.
        CHECK(5 * planned_gained >= 3 * planned);
        CHECK(10 * priced_within >= 9 * priced);
        CHECK(20 * priced_near >= 19 * priced);
        CHECK(priced >= plies / 2);
    }
}

TEST_CASE("the panel's meter carries each plan on as the review does", "[analysis]") {
    const Game g = played(10, 30, 11u);
    const Analysis a = judged(g);
    think::RaceMeter meter(kNodes);
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
