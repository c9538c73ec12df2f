// The AI: legal moves in every variant, wins taken, threats parried, time and stop flag
// obeyed, repeatable under a seed, and games of AIs that finish.
#include "halma.hpp"
#include "halma/ai.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

using namespace halma;

namespace {

// A rules variant with a name for the test report.
struct Variant {
    const char* name;
    Rules rules;
};

// Every kind of game the rules allow, with a short evacuation deadline where it matters.
std::vector<Variant> variants() {
    std::vector<Variant> v;
    auto add = [&](const char* name, int players, int size, auto tweak) {
        Rules r = Rules::for_game(players, size);
        tweak(r);
        v.push_back({name, r});
    };
    auto none = [](Rules&) {};
    add("2p 16x16", 2, 16, none);
    add("2p 10x10", 2, 10, none);
    add("2p 8x8 evacuate 12", 2, 8, [](Rules& r) { r.evacuate = 12; });
    add("2p long jumps", 2, 16, [](Rules& r) { r.longjumps = true; });
    add("2p swap", 2, 10, [](Rules& r) { r.spoil = Spoil::Swap; });
    add("2p strict", 2, 8, [](Rules& r) { r.spoil = Spoil::Strict; });
    add("3p", 3, 16, none);
    add("3p evacuate 8", 3, 16, [](Rules& r) { r.evacuate = 8; });
    add("3p 13 each", 3, 16, [](Rules& r) { r.camps = CampSetup::Small; });
    add("4p", 4, 16, none);
    add("4p opposite first", 4, 16, [](Rules& r) { r.partners = Partners::Opposite; });
    add("4p adjacent both", 4, 16, [](Rules& r) {
        r.partners = Partners::Adjacent;
        r.win = PartnerWin::Both;
    });
    add("4p opposite both long jumps", 4, 16, [](Rules& r) {
        r.partners = Partners::Opposite;
        r.win = PartnerWin::Both;
        r.longjumps = true;
    });
    return v;
}

// Limits for a level that keep the tests quick, also under sanitizers.
ai::Limits quick(int level, std::uint64_t seed) {
    ai::Limits lim;
    lim.level = level;
    lim.seed = seed;
    lim.movetime_ms = 40;
    if (level == 3) lim.nodes = 3000;
    return lim;
}

// Whether m is what a player must play now: a legal move, or a pass when nothing is legal.
bool acceptable(const Game& g, Move m) {
    if (m.is_pass()) return g.must_pass();
    return g.is_legal(m);
}

// Checks that a level, as the program plays it at movetime_ms, answers the player to move
// with a move it may play, in less than bound_ms.
void check_answers_within(const Game& g, int level, int movetime_ms, long long bound_ms) {
    ai::Limits lim;
    lim.level = level;
    lim.movetime_ms = movetime_ms;
    const auto t0 = std::chrono::steady_clock::now();
    const Move m = ai::choose_move(g, lim);
    const long long ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    CHECK(acceptable(g, m));
    CHECK(ms < bound_ms);
}

// Plays n random legal moves (fewer if the game ends first).
void random_moves(Game& g, int n, std::uint64_t& seed) {
    for (int i = 0; i < n && !g.over(); ++i) {
        MoveList list;
        g.legal_moves(list);
        Move m = list.empty() ? Move::pass() : list[detail::splitmix64(seed) % list.size()];
        g.make(m);
    }
}

// A game of rules r set up from a position string (its last field: the player to move).
Game set_up(const Rules& r, const char* board) {
    Game g(r);
    Position pos(r.size);
    const std::string err = parse_position(board, r.players, pos);
    INFO(err);
    REQUIRE(err.empty());
    REQUIRE(g.setup(pos).empty());
    return g;
}

// A 4-player partnership game (win=first, no evacuation rule) set up from a position string.
Game partners_game(Partners partners, const char* board) {
    Rules r = Rules::for_game(4, 16);
    r.partners = partners;
    r.win = PartnerWin::First;
    r.evacuate = 0;
    return set_up(r, board);
}

// A 2-player 8x8 game set up from a position string.
Game setup_8x8(const char* board, Spoil spoil = Spoil::Fill) {
    Rules r = Rules::for_game(2, 8);
    r.spoil = spoil;
    return set_up(r, board);
}

// The tables of every size: 2 players on each board, 3 in both camp setups, 4 alone and
// as partners.
std::vector<Variant> tables() {
    std::vector<Variant> v;
    for (int size : {8, 10, 16}) v.push_back({"2p", Rules::for_game(2, size)});
    Rules three = Rules::for_game(3, 16);
    v.push_back({"3p mixed", three});
    three.camps = CampSetup::Small;
    v.push_back({"3p small", three});
    Rules four = Rules::for_game(4, 16);
    v.push_back({"4p", four});
    four.partners = Partners::Opposite;
    v.push_back({"4p opposite", four});
    for (Variant& t : v) t.rules.evacuate = 0;
    return v;
}

// A square of camp with two neighbours off every camp of the game: where a piece can step
// in from either. Sets outside to the first of them.
int camp_door(const Rules& r, const Bitboard& camp, int& outside) {
    const Camps camps = Camps::of(r);
    Bitboard all;
    for (int p = 0; p < r.players; ++p) all |= camps.home[p] | camps.target[p];
    const Geometry& geo = geometry(r.size);
    int door = -1;
    for_each_square(camp, [&](int sq) {
        int free = 0, first = -1;
        for (int i = 0; i < geo.step_count[sq]; ++i)
            if (!all.test(geo.steps[sq][i])) first = first < 0 ? geo.steps[sq][i] : first, ++free;
        if (door < 0 && free >= 2) door = sq, outside = first;
    });
    return door;
}

// Player p's target camp full but for one square, its last piece a step from it; the
// others (fewer pieces) in the middle of the board, away from it. Player `to_move` moves.
Game nearly_home(const Rules& r, int p, int to_move) {
    const Camps camps = Camps::of(r);
    int outside = -1;
    const int door = camp_door(r, camps.target[p], outside);
    REQUIRE(door >= 0);
    Position pos(r.size);
    for_each_square(camps.target[p], [&](int sq) {
        if (sq != door) pos.put(sq, p);
    });
    pos.put(outside, p);
    const int mid = r.size / 2;
    for (int q = 0, k = 0; q < r.players; ++q)
        if (q != p)
            for (int i = 0; i < 3; ++i, ++k)
                pos.put(make_square(mid - 3 + k, mid - 1 + (k & 1)), q);
    pos.set_to_move(to_move);
    Game g(r);
    REQUIRE(g.setup(pos).empty());
    REQUIRE_FALSE(g.over());
    return g;
}

// Each level from 2 up moves in g, where player threat could win next: then no reply wins
// for it.
void check_blocked(const Game& g, int threat) {
    for (int level = 2; level <= ai::kMaxLevel; ++level) {
        INFO("level " << level);
        Game copy = g;
        ai::Limits lim = quick(level, 3);
        lim.movetime_ms = 2000;
        REQUIRE(copy.play(ai::choose_move(copy, lim)));
        MoveList replies;
        copy.legal_moves(replies);
        for (Move m : replies) {
            copy.make(m);
            CHECK_FALSE(copy.result().won_by(threat));
            copy.unmake();
        }
    }
}

// Levels 4 and 5 (seeds 1-6) choose for player 1 of g, then the AI plays every seat until
// the game ends or player 1 is to move again: player 1 must have left the piece on ladder
// where it stands, and its partner (seat partner) must have won. A node budget in place of the
// clock (level 4 a third of it) keeps a busy machine out of it.
void partner_wins_over_ladder(const Game& g, int ladder, int partner) {
    for (int level = 4; level <= ai::kMaxLevel; ++level)
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            INFO("level " << level << " seed " << seed);
            ai::Limits lim = quick(level, seed);
            lim.movetime_ms = 60000;
            lim.nodes = ai::clock_nodes(ai::level_settings(level, g.rules()), 30000);
            Game copy = g;
            const Move m = ai::choose_move(copy, lim);
            CHECK(m.from() != ladder);
            REQUIRE(copy.play(m));
            while (copy.to_move() != 0 && !copy.over())
                REQUIRE(copy.play(ai::choose_move(copy, lim)));
            CHECK(copy.result().won_by(partner));
        }
}

} // namespace

TEST_CASE("a win in one move is taken at every table and level", "[ai]") {
    for (const Variant& t : tables()) {
        const Game g = nearly_home(t.rules, 0, 0);
        for (int level = ai::kMinLevel; level <= ai::kMaxLevel; ++level) {
            INFO(t.name << " " << t.rules.size << "x" << t.rules.size << " level " << level);
            Game copy = g;
            REQUIRE(copy.play(ai::choose_move(copy, quick(level, 11))));
            CHECK(copy.result().won_by(0));
        }
    }
}

TEST_CASE("a win the next player threatens is blocked when it can be, at every table", "[ai]") {
    // Strict spoiling: the next seat wins by stepping into its camp's last square unless
    // the player to move stands on it first, which one of its pieces, beside it, can.
    for (Variant t : tables()) {
        t.rules.spoil = Spoil::Strict;
        const int next = 1;
        Game g = nearly_home(t.rules, next, 0);
        const Camps camps = Camps::of(t.rules);
        int outside = -1;
        const int door = camp_door(t.rules, camps.target[next], outside);
        Position pos = g.position();
        const Geometry& geo = geometry(t.rules.size);
        int blocker = -1;
        for (int i = 0; i < geo.step_count[door] && blocker < 0; ++i) {
            const int sq = geo.steps[door][i];
            if (pos.at(sq) < 0 && sq != outside && !camps.target[0].test(sq)) blocker = sq;
        }
        REQUIRE(blocker >= 0);
        pos.put(blocker, 0);
        REQUIRE(g.setup(pos).empty());
        INFO(t.name << " " << t.rules.size << "x" << t.rules.size);
        check_blocked(g, next);
    }
}

TEST_CASE("the AI plays only legal moves in every variant", "[ai]") {
    std::uint64_t seed = 12345;
    for (const Variant& v : variants()) {
        INFO(v.name);
        for (int trial = 0; trial < 3; ++trial) {
            Game g(v.rules);
            random_moves(g, 8 + trial * 25, seed);
            if (g.over()) continue;
            for (int level = ai::kMinLevel; level <= ai::kMaxLevel; ++level) {
                INFO("level " << level << " at ply " << g.ply());
                Move m = ai::choose_move(g, quick(level, seed));
                CHECK(acceptable(g, m));
            }
        }
    }
}

TEST_CASE("the AI passes only when it has no move", "[ai]") {
    // Player 1's only piece, on a1, is boxed in: no step and no hop.
    Game g = setup_8x8("......../......../......../......../......../2.2...../22....../122..... 1");
    REQUIRE_FALSE(g.over());
    CHECK(g.must_pass());
    CHECK(ai::choose_move(g, quick(3, 1)).is_pass());
}

TEST_CASE("a win in one move is taken at every level", "[ai]") {
    // Player 1 fills its h8 camp with h4-h5; player 2 is one move from its own win too.
    Game g = setup_8x8("....1111/.....111/......11/2......./.......1/22....../222...../2222.... 1");
    REQUIRE_FALSE(g.over());
    for (int level = ai::kMinLevel; level <= ai::kMaxLevel; ++level) {
        INFO("level " << level);
        Game copy = g;
        Move m = ai::choose_move(copy, quick(level, 7));
        REQUIRE(copy.play(m));
        CHECK(copy.result().outcome == Outcome::Won);
        CHECK(copy.result().won_by(0));
    }
}

TEST_CASE("a win the opponent threatens next move is parried when it can be", "[ai]") {
    // Strict spoiling: player 2 wins with a5-a4 unless player 1 puts a piece on a4 first
    // (b5-a4). Player 1 has no win of its own.
    Game g = setup_8x8("......../......../...111../21.111../...111../22....../222...../2222.... 1",
                       Spoil::Strict);
    REQUIRE_FALSE(g.over());
    check_blocked(g, 1);
}

TEST_CASE("the AI knows a partner's pieces do not fill its camp", "[ai]") {
    // Partners opposite: player 3 has parked 12 pieces at home, player 1's target, and
    // player 1 can step into the last square. Under fill that is no win, and the AI does
    // not think it is.
    const Game g =
        partners_game(Partners::Opposite, "...........1.333/............3333/.............333/"
                                          "..............33/................/................/"
                                          "................/.......4......../.......2......../"
                                          "................/................/................/"
                                          "................/................/................/"
                                          "................ 1");
    for (int level = 2; level <= ai::kMaxLevel; ++level) {
        INFO("level " << level);
        ai::Searcher searcher;
        ai::Limits lim = quick(level, 4);
        lim.depth = level == 2 ? 0 : 2;
        Move m = searcher.choose(g, lim);
        REQUIRE(acceptable(g, m));
        CHECK(searcher.info().score < ai::kWinBound);
        Game copy = g;
        copy.play(m);
        CHECK_FALSE(copy.over());
    }
}

TEST_CASE("with partners adjacent and win=first levels 4 and 5 know the partner moves next",
          "[ai]") {
    // Players 1 and 2 against 3 and 4; player 1 moves, then 2, then 3. Player 2 wins by
    // hopping l5 over player 1's m4 into n3, the last square of its camp (p1); player 3 wins
    // by stepping d4-c3 into the last of its own (a1), and nothing player 1 can do stops
    // that. Player 1 must leave m4 where it stands: its partner wins before player 3 moves.
    const Game g =
        partners_game(Partners::Adjacent, "...............1/................/................/"
                                          "................/................/................/"
                                          "................/................/.......4......../"
                                          "................/................/...........2..../"
                                          "33.3........1.22/33............22/3333........2222/"
                                          "3333........2222 1");
    const int ladder = make_square(12, 3);                      // m4
    const Move aside(make_square(15, 15), make_square(14, 14)); // p16-o15
    Game across = g;
    REQUIRE(across.play(aside));
    REQUIRE(across.play(Move(make_square(11, 4), make_square(13, 2)))); // l5-n3 wins...
    REQUIRE(across.result().won_by(1));
    Game threat = g;
    REQUIRE(threat.play(Move(ladder, make_square(13, 4)))); // ... but not once m4 has gone
    REQUIRE_FALSE(threat.is_legal(Move(make_square(11, 4), make_square(13, 2))));
    REQUIRE(threat.play(Move(make_square(11, 4), make_square(12, 4))));
    REQUIRE(threat.play(Move(make_square(3, 3), make_square(2, 2)))); // and d4-c3 wins for 3
    REQUIRE(threat.result().won_by(2));
    // Every move of player 1 lets player 3 win next: a search that had player 3 answer at
    // once would find them all lost and choose among them by its seeded variety.
    partner_wins_over_ladder(g, ladder, 1);
}

TEST_CASE("with partners opposite and win=first levels 4 and 5 know the partner moves first",
          "[ai]") {
    // Players 1 and 3 against 2 and 4; player 1 moves, then 2, 3 and 4. Player 3 wins by
    // hopping e5 over player 1's d4 into c3, the last square of its camp (a1), and player 2
    // cannot stop it; player 4 wins by stepping d13-c14 into the last of its own (a16), and
    // nothing player 1 can do stops that. Player 1 must leave d4 where it stands, though its
    // hop over e5 gains most: its partner wins before player 4 moves.
    const Game g =
        partners_game(Partners::Opposite, "4444...........1/4444............/44............../"
                                          "44.4............/................/................/"
                                          "................/.......2......../................/"
                                          "................/................/....3.........../"
                                          "33.1............/33............../3333............/"
                                          "3333............ 1");
    const int ladder = make_square(3, 3); // d4
    Game across = g;
    REQUIRE(across.play(Move(make_square(15, 15), make_square(14, 14)))); // p16-o15
    REQUIRE(across.play(Move(make_square(7, 8), make_square(7, 7))));     // h9-h8
    REQUIRE(across.play(Move(make_square(4, 4), make_square(2, 2))));     // e5-c3 wins...
    REQUIRE(across.result().won_by(2));
    Game threat = g;
    REQUIRE(threat.play(Move(ladder, make_square(5, 5)))); // ... but not once d4 has gone,
    REQUIRE(threat.play(Move(make_square(7, 8), make_square(7, 7))));
    REQUIRE_FALSE(threat.is_legal(Move(make_square(4, 4), make_square(2, 2))));
    REQUIRE(threat.play(Move(make_square(4, 4), make_square(4, 5))));
    REQUIRE(threat.play(Move(make_square(3, 12), make_square(2, 13)))); // and d13-c14 wins
    REQUIRE(threat.result().won_by(3));
    // Every move of player 1 lets player 4 win after it: a search whose opposing layer lets
    // player 4 answer at once finds them all lost and plays its likeliest, the hop.
    partner_wins_over_ladder(g, ladder, 2);
}

TEST_CASE("levels 4 and 5 follow the turns with partners adjacent under both win rules and "
          "opposite under win=first",
          "[ai]") {
    auto follows = [](int level, Partners partners, PartnerWin win) {
        Rules r = Rules::for_game(4, 16);
        r.partners = partners;
        r.win = win;
        return ai::level_settings(level, r).turn_order;
    };
    for (int level : {4, 5}) {
        INFO("level " << level);
        CHECK(follows(level, Partners::Adjacent, PartnerWin::First));
        CHECK(follows(level, Partners::Adjacent, PartnerWin::Both));
        CHECK(follows(level, Partners::Opposite, PartnerWin::First));
        CHECK_FALSE(follows(level, Partners::Opposite, PartnerWin::Both));
        CHECK_FALSE(ai::level_settings(level, Rules::for_game(4, 16)).turn_order);
    }
    for (int level : {2, 3}) CHECK_FALSE(follows(level, Partners::Adjacent, PartnerWin::Both));
}

TEST_CASE("at a full table no level fills an opponent's last square for it", "[ai]") {
    // Player 4 has 12 of the 13 squares of its camp (a16); b13 is the last. Player 1's piece
    // on a12 gets nearest its own camp (p16) by stepping onto b13, and that move would fill
    // it: under fill an opponent's piece completes the camp, and player 4 would win.
    Rules r = Rules::for_game(4, 16);
    r.evacuate = 0;
    const Game g = set_up(r, "4444............/4444............/444............./"
                             "4.............../1.............../................/"
                             "................/................/...............4/"
                             "................/.........3....../................/"
                             "................/.......2......../................/"
                             "................ 1");
    Game filled = g;
    REQUIRE(filled.play(Move(make_square(0, 11), make_square(1, 12))));
    REQUIRE(filled.result().won_by(3)); // the trap is real: that step hands player 4 the game
    for (int level = 2; level <= ai::kMaxLevel; ++level) {
        INFO("level " << level);
        ai::Searcher searcher;
        Move m = searcher.choose(g, quick(level, 5));
        REQUIRE(acceptable(g, m));
        Game copy = g;
        copy.play(m);
        CHECK_FALSE(copy.over());
    }
}

TEST_CASE("the search returns within its time", "[ai]") {
    Game g{Rules{}};
    std::uint64_t seed = 99;
    random_moves(g, 30, seed);
    check_answers_within(g, 5, 150, 150 + 3000); // generous: the machine may be busy or sanitized
}

TEST_CASE("every level keeps to movetime at every table", "[ai]") {
    // The clock is the whole answer here, not a node budget: each level as the program
    // plays it, 100 ms a move, in the middle of a game. The bound is generous (a busy or
    // sanitized machine); the bench prints the slowest move of real games.
    std::uint64_t seed = 31;
    for (Variant t : tables()) {
        t.rules.evacuate = Rules::default_evacuate(t.rules.size);
        Game g(t.rules);
        random_moves(g, 6 * t.rules.players, seed);
        REQUIRE_FALSE(g.over());
        for (int level = ai::kMinLevel; level <= ai::kMaxLevel; ++level) {
            INFO(t.name << " " << t.rules.size << "x" << t.rules.size << " level " << level);
            check_answers_within(g, level, 100, 100 + 1500);
        }
    }
}

TEST_CASE("at a full table the planning levels think briefly whatever movetime", "[ai]") {
    // Their plans home play better short than long (ai::kFullTableMs): a long movetime is
    // not spent. The bound is generous, far below the movetime.
    std::uint64_t seed = 47;
    for (int players : {3, 4}) {
        Game g(Rules::for_game(players, 16));
        random_moves(g, 4 * players, seed);
        for (int level : {4, 5}) {
            INFO(players << " players, level " << level);
            check_answers_within(g, level, 6000, ai::kFullTableMs + 2000);
        }
    }
}

TEST_CASE("the search keeps part of movetime for answering", "[ai]") {
    for (int movetime = 1; movetime <= 600000; movetime += movetime < 2000 ? 1 : 997) {
        const int budget = ai::search_budget_ms(movetime);
        INFO("movetime " << movetime);
        REQUIRE(budget >= 1);
        if (movetime > 4) {
            REQUIRE(budget < movetime);
            REQUIRE(movetime - budget >= 4);
        }
        REQUIRE(movetime - budget <= std::max(4, movetime / 25));
        REQUIRE(movetime - budget <= 40);
    }
}

TEST_CASE("the search stops promptly when told to", "[ai]") {
    Game g{Rules{}};
    std::uint64_t seed = 5;
    random_moves(g, 20, seed);
    std::atomic<bool> stop{false};
    ai::Limits lim;
    lim.level = 5;
    lim.movetime_ms = 600000; // ten minutes: only the flag can end it in time
    lim.stop = &stop;
    Move m = Move::none();
    auto t0 = std::chrono::steady_clock::now();
    std::thread worker([&] { m = ai::choose_move(g, lim); });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop = true;
    worker.join();
    auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    CHECK(acceptable(g, m));
    CHECK(ms < 100 + 5000);

    SECTION("a flag already set still gives a legal move") {
        Move again = ai::choose_move(g, lim);
        CHECK(acceptable(g, again));
    }
}

TEST_CASE("the same seed gives the same moves", "[ai]") {
    for (int players : {2, 4}) {
        Game g(Rules::for_game(players, 16));
        std::uint64_t seed = 2024 + players;
        random_moves(g, 12, seed);
        for (int level : {1, 2, 3}) {
            INFO(players << " players, level " << level);
            ai::Limits lim = quick(level, 77);
            lim.movetime_ms = 60000; // the node budget, not the clock, ends level 3
            CHECK(ai::choose_move(g, lim) == ai::choose_move(g, lim));
        }
        ai::Limits fixed;
        fixed.level = 5;
        fixed.depth = 2;
        fixed.seed = 8;
        fixed.movetime_ms = 60000;
        CHECK(ai::choose_move(g, fixed) == ai::choose_move(g, fixed));
    }
}

TEST_CASE("a node budget bounds level 5's plan home at a full table, which then repeats", "[ai]") {
    for (int players : {3, 4}) {
        INFO(players << " players");
        Game g(Rules::for_game(players, 16));
        std::uint64_t walk = 90 + static_cast<std::uint64_t>(players);
        random_moves(g, 4 * players, walk);
        ai::Limits lim;
        lim.level = 5;
        lim.seed = 3;
        lim.movetime_ms = 60000; // the node budget, not the clock, ends the plan
        lim.nodes = 200000;
        ai::Searcher first, second;
        const Move m = first.choose(g, lim);
        CHECK(first.info().race); // it planned its way home, as it does by the clock
        CHECK(first.info().nodes < lim.nodes + kMaxMoves); // within the moves of one position
        CHECK(g.is_legal(m));
        CHECK(second.choose(g, lim) == m);
    }
}

TEST_CASE("a node budget for all of movetime is shared as each level shares the clock", "[ai]") {
    const Rules two = Rules::for_game(2, 16), four = Rules::for_game(4, 16);
    for (const Rules& r : {two, four}) {
        CHECK(ai::clock_nodes(ai::level_settings(5, r), 300000) == 300000);
        CHECK(ai::clock_nodes(ai::level_settings(4, r), 300000) == 100000); // a third of movetime
        CHECK(ai::clock_nodes(ai::level_settings(2, r), 300000) == 300000);
        CHECK(ai::clock_nodes(ai::level_settings(3, r), 300000) == 0); // its own fixed budget
        CHECK(ai::clock_nodes(ai::level_settings(1, r), 300000) == 0); // no search
        CHECK(ai::clock_nodes(ai::level_settings(5, r), 0) == 0);      // the clock decides
        CHECK(ai::clock_nodes(ai::level_settings(4, r), 2) == 1);
    }
}

TEST_CASE("games of AIs finish in every number of players and partnership", "[ai]") {
    for (const Variant& v : variants()) {
        if (v.rules.players == 2) continue;
        INFO(v.name);
        Rules r = v.rules;
        r.maxturns = 400;
        Game g(r);
        ai::Searcher searcher;
        int moves = 0;
        while (!g.over() && moves < 4 * 400 + 4) {
            ai::Limits lim = quick(1 + (g.to_move() & 1), g.ply());
            Move m = searcher.choose(g, lim);
            REQUIRE(acceptable(g, m));
            g.make(m);
            ++moves;
        }
        CHECK(g.over());
        CHECK(g.result().outcome == Outcome::Won);
    }
}

TEST_CASE("ladders are the forward hops a player's pieces can take now", "[ai]") {
    // Against a plain count over every piece's hops, in random positions of every table.
    std::uint64_t seed = 404;
    for (const Variant& v : tables()) {
        const ai::Tables t(v.rules);
        const Geometry& g = geometry(v.rules.size);
        Game game(v.rules);
        for (int k = 0; k < 12 && !game.over(); ++k) {
            random_moves(game, 7, seed);
            const Position& pos = game.position();
            for (int p = 0; p < v.rules.players; ++p) {
                int plain = 0;
                for_each_square(pos.pieces(p), [&](int sq) {
                    for (int i = 0; i < g.hop_count[sq]; ++i) {
                        const Hop h = g.hops[sq][i];
                        if (pos.occupied().test(h.over) && !pos.occupied().test(h.land) &&
                            t.dist[p][h.land] < t.dist[p][sq])
                            ++plain;
                    }
                });
                INFO(v.name << " player " << p + 1 << " at ply " << game.ply());
                CHECK(ai::ladders(t, p, pos.pieces(p), pos.occupied(), 1000) == plain);
                CHECK(ai::ladders(t, p, pos.pieces(p), pos.occupied(), 3) == std::min(plain, 3));
            }
        }
    }
}

TEST_CASE("the strong levels urge the deepest pieces out of the home camp first", "[ai]") {
    const Rules r = Rules::for_game(2, 16);
    ai::Tables t(r);
    const Camps camps = Camps::of(r);
    const int a1 = make_square(0, 0), e1 = make_square(4, 0), f1 = make_square(5, 0);
    // Steps to the nearest square outside player 1's camp: a1 is the corner (a1-b2-c3-d4),
    // e1 its edge.
    CHECK(t.exit[0][a1] == 3);
    CHECK(t.exit[0][e1] == 1);
    CHECK(t.exit[0][f1] == 0);
    // Player 1 half-way across, one piece left at home: on a1 or on e1.
    Bitboard rest;
    for (int f = 0; f < 9; ++f) rest.set(make_square(f + 4, f + 4));
    for (int f = 0; f < 9; ++f) rest.set(make_square(f + 5, f + 3));
    REQUIRE(rest.count() == 18);
    const Bitboard deep = rest | Bitboard::of(a1), edge = rest | Bitboard::of(e1);
    auto extra = [&](int made) { // what the deep piece costs beyond the edge one
        return ai::pieces_cost(t, r, camps, 0, deep, deep, made) -
               ai::pieces_cost(t, r, camps, 0, edge, edge, made);
    };
    const int early = extra(10), late = extra(40);
    t.exit_urge = 2;
    // Before a quarter of the deadline (60 moves) nothing changes; after it, the deep
    // piece's two extra steps out cost 2 each per move made since.
    CHECK(extra(10) == early);
    CHECK(extra(40) == late + 2 * 2 * (40 - 60 / 4));
}

TEST_CASE("level 5 weighs blocking fully on the small boards and races on 16x16", "[ai]") {
    auto weight = [](int level, int players, int size) {
        return ai::level_settings(level, Rules::for_game(players, size)).opponent_weight;
    };
    // Quarters of the opponent's progress against its own: equal below level 5 everywhere.
    for (int size : {8, 10, 16}) {
        CHECK(weight(4, 2, size) == 4);
        CHECK(weight(3, 2, size) == 4);
    }
    CHECK(weight(5, 2, 8) == 4);
    CHECK(weight(5, 2, 10) == 4);
    CHECK(weight(5, 2, 16) == 2);
    CHECK(weight(5, 4, 16) == 2);
}

TEST_CASE("level 5 on the small boards counts a move for every piece still out of its camp",
          "[ai]") {
    auto outside = [](int level, int size) {
        return ai::level_settings(level, Rules::for_game(2, size)).outside_cost;
    };
    for (int size : {8, 10, 16})
        for (int level = 1; level < 5; ++level) CHECK(outside(level, size) == 0);
    CHECK(outside(5, 16) == 0);
    CHECK(outside(5, 10) > 0);
    const int per_piece = outside(5, 8);
    REQUIRE(per_piece > 0);
    // Player 1 on 8x8 near the end: seven pieces in its camp (the h8 corner), three out:
    // f5 a step from the camp's g6, d4 and b2 farther back.
    const Rules r = Rules::for_game(2, 8);
    const Camps camps = Camps::of(r);
    ai::Tables t(r);
    auto sq = [](const char* name) { return make_square(name[0] - 'a', name[1] - '1'); };
    Bitboard home;
    for (const char* name : {"e8", "f8", "g8", "h8", "f7", "g7", "h7"}) home.set(sq(name));
    REQUIRE((home & camps.target[0]) == home);
    const Bitboard before =
        home | Bitboard::of(sq("f5")) | Bitboard::of(sq("d4")) | Bitboard::of(sq("b2"));
    const Bitboard in_camp = home | Bitboard::of(sq("g6")) | Bitboard::of(sq("d4")) |
                             Bitboard::of(sq("b2")); // after f5-g6
    const Bitboard stepped = home | Bitboard::of(sq("f5")) | Bitboard::of(sq("d4")) |
                             Bitboard::of(sq("c3")); // after b2-c3
    auto cost = [&](const Bitboard& mine) {
        return ai::pieces_cost(t, r, camps, 0, mine, mine, 10);
    };
    const int plain_before = cost(before), plain_in = cost(in_camp), plain_step = cost(stepped);
    t.outside_cost = per_piece;
    // Each piece out costs that much more; a move into the camp saves it, one outside not.
    CHECK(cost(before) == plain_before + 3 * per_piece);
    CHECK(cost(before) - cost(in_camp) == plain_before - plain_in + per_piece);
    CHECK(cost(before) - cost(stepped) == plain_before - plain_step);
}

TEST_CASE("on the 8x8 board level 4 looks four moves deep, level 5 and larger boards deeper",
          "[ai]") {
    // The same work for each (a node budget, the clock far off), in the middle of a game
    // where the sides are in touch: only level 4 on 8x8 stops at four layers.
    auto depth = [](const Game& g, int level) {
        ai::Searcher searcher;
        ai::Limits lim;
        lim.level = level;
        lim.seed = 5;
        lim.movetime_ms = 600000;
        lim.nodes = 400000;
        Game copy = g;
        REQUIRE(copy.play(searcher.choose(g, lim)));
        REQUIRE_FALSE(searcher.info().race);
        return searcher.info().depth;
    };
    for (int size : {8, 10}) {
        Game g(Rules::for_game(2, size));
        for (int ply = 0; ply < 16; ++ply) REQUIRE(g.play(ai::choose_move(g, quick(2, 53 + ply))));
        REQUIRE_FALSE(g.over());
        INFO(size << "x" << size);
        if (size == 8) {
            CHECK(depth(g, 4) == ai::kLevel4DepthOn8x8);
            CHECK(depth(g, 5) > ai::kLevel4DepthOn8x8);
        } else {
            CHECK(depth(g, 4) > ai::kLevel4DepthOn8x8);
        }
    }
}

TEST_CASE("under win=first a side counts its leader fully and its trailing partner in part",
          "[ai]") {
    for (PartnerWin win : {PartnerWin::First, PartnerWin::Both}) {
        Rules r = Rules::for_game(4, 16);
        r.partners = Partners::Adjacent;
        r.win = win;
        Game g(r);
        std::uint64_t seed = 77;
        random_moves(g, 24, seed);
        ai::Tables t(r);
        const ai::State s(g);
        const int a = ai::player_cost(s, t, 0), b = ai::player_cost(s, t, r.partner(0));
        REQUIRE(a != b); // the partners stand at different distances from home
        for (int share : {1, 4, 16}) {
            t.trailer_share = share;
            INFO("win=" << (win == PartnerWin::First ? "first" : "both") << " share " << share);
            const int side = ai::side_cost(s, t, 0);
            if (win == PartnerWin::First)
                CHECK(side == std::min(a, b) + std::max(a, b) / share);
            else
                CHECK(side == a + b); // both must finish: every step of either counts
        }
    }
}
