// Solitaire: goal tests, the puzzle and score formats, puzzles played as one-player games,
// puzzle records, and the solver's moves.
#include "solo_support.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace halma;
using namespace halma::solo;
using namespace solo_support;

TEST_CASE("solo: the symmetric goal checks the figure, not how it was reached", "[solo]") {
    Puzzle p = builtin("symmetry-a16p1");
    // Mirror pairs across a16-p1 and pieces on that line: symmetric.
    Bitboard sym =
        pieces_on(16, {"a16", "h9", "i8", "g8", "i10", "h7", "j9", "p1", "b14", "c15"}).pieces(0);
    CHECK(goal_met(p, sym));
    Bitboard asym = sym;
    asym.reset(parse_square("c15", 16));
    asym.set(parse_square("c14", 16));
    CHECK_FALSE(goal_met(p, asym));
    CHECK_FALSE(goal_met(p, p.start));

    // Two different last moves, each completing a different symmetric figure, both solve.
    Puzzle small = p;
    small.start = pieces_on(16, {"h9", "g8", "i11"}).pieces(0);
    small.limit = 0;
    for (const char* move : {"i11-i10", "g8-f8"}) {
        Game g(small);
        CHECK(g.result().outcome == Outcome::Playing);
        ParsedMove pm = parse_move(g, move);
        REQUIRE(pm.error.empty());
        REQUIRE(g.play(pm.move));
        CHECK(g.result().outcome == Outcome::Won);
        CHECK(status_text(g) == "solved 1");
    }
    // A move that leaves the figure lopsided does not.
    Game g(small);
    REQUIRE(g.play(Move(parse_square("g8", 16), parse_square("g7", 16))));
    CHECK(status_text(g) == "playing");
}

TEST_CASE("solo: the fill goal and the camp rule", "[solo]") {
    Puzzle p = builtin("crossing-8x8");
    CHECK(p.pieces() == 10);
    CHECK(goal_met(p, p.goal_squares));
    Game g(p);
    // A piece on a goal square may not end a move off it.
    Bitboard near_goal = p.goal_squares;
    near_goal.reset(parse_square("h8", 8));
    near_goal.set(parse_square("a1", 8));
    Position setup(8);
    for_each_square(near_goal, [&](int sq) { setup.put(sq, 0); });
    REQUIRE(g.setup(setup).empty());
    ParsedMove out = parse_move(g, "e8-d8");
    CHECK(out.error == "a piece on a goal square must end its move on one");
    ParsedMove in = parse_move(g, "g8-h8");
    REQUIRE(in.error.empty());
    REQUIRE(g.play(in.move));
    CHECK(g.result().outcome == Outcome::Playing); // a1 is still out
    CHECK(g.undo());
    CHECK(g.redo());
    CHECK(static_cast<int>(g.ply()) == 1);
}

TEST_CASE("solo: the move limit ends a puzzle as failed", "[solo]") {
    Puzzle p = builtin("crossing-8x8");
    p.limit = 2;
    Game g(p);
    MoveList list;
    g.legal_moves(list);
    REQUIRE(!list.empty());
    g.make(list[0]);
    g.legal_moves(list);
    g.make(list[0]);
    CHECK(g.result().outcome == Outcome::Lost);
    CHECK(g.ending() == Ending{Ending::Rule::MoveLimit, 0});
    CHECK(status_text(g) == "failed 2");
    g.legal_moves(list);
    CHECK(list.empty());
    CHECK(parse_move(g, "a1-a2").error == "the puzzle is over (failed 2)");
}

TEST_CASE("solo: perft counts puzzle moves", "[solo]") {
    Game g(builtin("crossing-8x8"));
    MoveList list;
    g.legal_moves(list);
    CHECK(g.perft(1) == list.size());
    std::uint64_t two = 0;
    for (Move m : list) {
        g.make(m);
        two += g.perft(1);
        g.unmake();
    }
    CHECK(g.perft(2) == two);
}

TEST_CASE("solo: every built-in puzzle round-trips through the text format", "[solo]") {
    std::vector<std::string> names = builtin_names();
    CHECK(names == std::vector<std::string>{"crossing", "crossing-13", "crossing-10x10",
                                            "crossing-8x8", "symmetry", "mirror",
                                            "symmetry-a16p1"});
    for (const std::string& name : names) {
        Puzzle p = builtin(name.c_str());
        std::string text = write_puzzle(p);
        Puzzle q;
        REQUIRE(read_puzzle(text, q).message() == "");
        CHECK(write_puzzle(q) == text);
        CHECK(q.start == p.start);
        CHECK(q.goal_squares == p.goal_squares);
        CHECK(q.empty == p.empty);
    }
    Puzzle cross = builtin("crossing");
    CHECK(cross.pieces() == 19);
    CHECK(cross.goal_squares == camp_squares(16, CampShape::Large, Corner::P16));
    CHECK(builtin("crossing-13").pieces() == 13);
    CHECK(builtin("crossing-10x10").pieces() == 15);
    CHECK(builtin("symmetry").limit == 19);
    CHECK(builtin("symmetry").empty == camp_squares(16, CampShape::Large, Corner::A1));
    CHECK(builtin("mirror").goal_squares.count() == 19);
    CHECK(builtin("symmetry-a16p1").empty.empty());

    // A puzzle of listed squares keeps them.
    const char* text = "name: tiny\nsize: 8\nstart: a1 b1 c1\ngoal: symmetric-diagonal\n"
                       "longjumps: 1\nlimit: 5\n";
    Puzzle t;
    REQUIRE(read_puzzle(text, t).message() == "");
    CHECK(t.pieces() == 3);
    CHECK(t.longjumps);
    CHECK(write_puzzle(t).find("start: a1 b1 c1\n") != std::string::npos);
    Puzzle back;
    REQUIRE(read_puzzle(write_puzzle(t), back).message() == "");
    CHECK(write_puzzle(back) == write_puzzle(t));
}

TEST_CASE("solo: bad puzzle text is refused with its line", "[solo]") {
    auto error = [](const std::string& text) {
        Puzzle p;
        p.name = "untouched";
        std::string err = read_puzzle(text, p).message();
        CHECK(p.name == "untouched");
        return err;
    };
    const std::string head = "name: x\nsize: 8\n";
    CHECK(error(head + "start: a1\ncolour: red\ngoal: fill h8\n") ==
          "line 4: unknown key 'colour'");
    CHECK(error(head + "start: a1\nstart: b1\n") == "line 4: 'start' is given twice");
    CHECK(error("name: x\nsize: 9\nstart: a1\ngoal: fill h8\n") ==
          "line 2: size must be 8, 10 or 16");
    CHECK(error(head + "start: a1 z9\ngoal: fill h8\n") ==
          "line 3: 'z9' is not a square of the 8x8 board");
    CHECK(error(head + "goal: fill h8\n") == "the puzzle has no 'start:' line");
    CHECK(error(head + "start: a1\ngoal: empty\n") ==
          "line 4: a goal is 'fill SQUARES', 'symmetric-antidiagonal' or 'symmetric-diagonal'");
    CHECK(error(head + "start: a1\ngoal: fill g8 h8\n") ==
          "line 4: the goal has 2 squares to fill but there are only 1 pieces");
    CHECK(error(head + "start: camp d4 large\ngoal: fill h8\n") ==
          "line 3: 'd4' is not a corner of the 8x8 board");
    CHECK(error(head + "start: a1\ngoal: fill a1\n") == "line 4: the start already meets the goal");
    CHECK(error(head + "start: a1\ngoal: symmetric-diagonal\ncamp-rule: 1\n") ==
          "line 5: the camp rule needs a 'fill' goal");
    CHECK(error("name: Big Name\nstart: a1\ngoal: fill h8\n") ==
          "line 1: a name is 1 to 40 lower-case letters, digits and '-'");
    CHECK(error(head + "start: a1\ngoal: fill h8\nlimit: -1\n") ==
          "line 5: limit must be 0 to 9999");
    CHECK(error(head + "start: a1\nthis is not a key\ngoal: fill h8\n") ==
          "line 4: expected 'key: value'");
}

TEST_CASE("solo: the open challenge's best line solves it at its limit of 22", "[solo]") {
    Puzzle p = builtin("symmetry-a16p1");
    CHECK(p.limit == 22);
    CHECK(p.par == 22);
    Game g = replay(p, kSymmetric22);
    CHECK(status_text(g) == "solved 22");
    // Every symmetric figure of the 19 pieces has file + rank summing to 19 x 15.
    int total = 0;
    for_each_square(g.position().pieces(0), [&](int sq) { total += file_of(sq) + rank_of(sq); });
    CHECK(total == 285);
    // One move fewer allowed, the same moves fail at the 21st.
    p.limit = 21;
    Game limited(p);
    std::istringstream in(kSymmetric22);
    std::string word;
    for (int i = 0; i < 21 && in >> word; ++i)
        REQUIRE(limited.play(parse_move(limited, word).move));
    CHECK(status_text(limited) == "failed 21");
    REQUIRE(in >> word); // the 22nd move is refused
    CHECK_FALSE(parse_move(limited, word).error.empty());
    CHECK(static_cast<int>(limited.ply()) == 21);
}

TEST_CASE("solo: the kept best solutions replay to the goal in par moves", "[solo]") {
    for (const Kept& k : kKept) {
        INFO(k.puzzle);
        Puzzle p = builtin(k.puzzle);
        Game g = replay(p, k.solution);
        CHECK(static_cast<int>(g.ply()) == k.moves);
        CHECK(g.result().outcome == Outcome::Won);
        CHECK(p.par == k.moves);
        // The bound is admissible along the way: never more than the moves that were left.
        Game again(p);
        for (std::size_t i = 0; i < g.ply(); ++i) {
            CHECK(lower_bound(p, again.position().pieces(0)) <= static_cast<int>(g.ply() - i));
            again.make(g.move_at(i));
        }
        CHECK(lower_bound(p, again.position().pieces(0)) == 0);
        CHECK(lower_bound(p, p.start) >= p.pieces()); // every piece must move at least once
    }
    CHECK(lower_bound(builtin("crossing"), builtin("crossing").start) == 22); // 19 + 3 steps
}

TEST_CASE("solo: the solver's moves are legal and reach the goal", "[solo]") {
    Puzzle p = builtin("crossing-8x8");
    Game g(p);
    SolverLimits limits;
    limits.max_width = 16;
    Solution s = solve(p, g.position(), 0, limits);
    REQUIRE(s.found);
    CHECK(static_cast<int>(s.moves.size()) >= s.lower_bound);
    for (Move m : s.moves) REQUIRE(g.play(m));
    CHECK(g.result().outcome == Outcome::Won);
    CHECK(static_cast<int>(g.ply()) == static_cast<int>(s.moves.size()));

    // A hint is a legal move, from the start and from midway.
    Game h(p);
    limits.max_width = 4;
    for (int i = 0; i < 3; ++i) {
        Move m = hint(h, limits).move;
        REQUIRE(h.play(m));
    }
    // A stop flag already set ends the search with what it has.
    std::atomic<bool> stop{true};
    limits.stop = &stop;
    Solution none = solve(p, Game(p).position(), 0, limits);
    CHECK_FALSE(none.found);
}

TEST_CASE("solo: a symmetric puzzle one move short is finished by the solver", "[solo]") {
    Puzzle p = builtin("symmetry-a16p1");
    p.start = pieces_on(16, {"h9", "g8", "i11", "a16", "p1"}).pieces(0);
    Solution s = solve(p, Game(p).position(), 0, SolverLimits{});
    REQUIRE(s.found);
    CHECK(s.moves.size() == 1);
    CHECK(s.lower_bound == 1);
}

TEST_CASE("solo: scores round-trip and a corrupt file is detected", "[solo]") {
    Puzzle p = builtin("crossing-8x8");
    Game g = replay(p, kBest8x8);
    Score s{"crossing-8x8", static_cast<int>(g.ply()), "2026-11-30", move_texts(g)};
    CHECK(verify_score(p, s) == "");
    std::string text = write_scores({s});
    std::vector<Score> back;
    REQUIRE(read_scores(text, back).message() == "");
    REQUIRE(back.size() == 1);
    CHECK(back[0].moves == 18);
    CHECK(back[0].move_list == s.move_list);
    CHECK(write_scores(back) == text);

    auto corrupt = [&](const std::string& t) {
        std::vector<Score> out = back;
        std::string err = read_scores(t, out).message();
        CHECK(out.size() == 1); // untouched
        return err;
    };
    CHECK(corrupt("garbage\n") ==
          "line 1: not a halma scores file (no '# halma solo scores' line)");
    CHECK(corrupt(std::string(kScoresHeader) + "\nscore: x 2 2026-13-01 a1-a2 a2-a3\n") ==
          "line 2: bad date '2026-13-01' (YYYY-MM-DD)");
    CHECK(corrupt(std::string(kScoresHeader) + "\nscore: x 2 2026-02-29 a1-a2 a2-a3\n") ==
          "line 2: bad date '2026-02-29' (YYYY-MM-DD)");
    CHECK(valid_date("2028-02-29"));
    CHECK_FALSE(valid_date("2100-02-29"));
    CHECK(valid_date("2000-02-29"));
    CHECK_FALSE(valid_date("2026-04-31"));
    CHECK(corrupt(std::string(kScoresHeader) + "\n\nscore: x 3 2026-01-01 a1-a2 a2-a3\n") ==
          "line 3: the score says 3 moves but lists 2");
    CHECK(corrupt(std::string(kScoresHeader) + "\nscore: x 1 2026-01-01 a1-\n") ==
          "line 2: bad move 'a1-'");
    CHECK(corrupt(text + text.substr(text.find('\n') + 1)) ==
          "line 3: a second score for crossing-8x8");
    // A line of blanks alone is a blank line, whatever the blanks are.
    std::vector<Score> blanks;
    CHECK(read_scores(std::string(kScoresHeader) + "\n\t\n \t \n", blanks).message() == "");
    CHECK(blanks.empty());

    // A score whose moves do not solve its puzzle is caught on replay.
    Score short_score = s;
    short_score.move_list.pop_back();
    short_score.moves = 17;
    CHECK(verify_score(p, short_score) == "the moves do not solve crossing-8x8");
    Score wrong = s;
    wrong.move_list[0] = "a1-a5";
    CHECK(verify_score(p, wrong).rfind("move 1 'a1-a5': ", 0) == 0);
}

TEST_CASE("solo: records save and resume a puzzle, and name the line of a fault", "[solo]") {
    Puzzle p = builtin("crossing-8x8");
    Game g = replay(p, "b1-d3 b2-d2-d4 a3-b4");
    std::string text = write_record(g);
    CHECK(text.rfind("# halma game record\npuzzle: crossing-8x8\n", 0) == 0);
    CHECK(text.find("\nresult: playing\n\n1. b1-d3\n2. b2-d2-d4\n3. a3-b4\n") != std::string::npos);
    Game back(builtin("symmetry"));
    Options headers;
    REQUIRE(read_record(text, back, headers).message() == "");
    CHECK(back.puzzle()->name == "crossing-8x8");
    CHECK(back.position() == g.position());
    CHECK(back.ply() == 3);
    CHECK(write_record(back) == text);

    // A solved puzzle, and one begun from a set-up position.
    Game solved = replay(p, kBest8x8);
    Game solved_back(p);
    REQUIRE(read_record(write_record(solved), solved_back, headers).message() == "");
    CHECK(status_text(solved_back) == "solved 18");
    Game set(p);
    REQUIRE(set.setup(g.position()).empty());
    REQUIRE(set.play(Move(parse_square("a4", 8), parse_square("a5", 8))));
    Game set_back(p);
    REQUIRE(read_record(write_record(set), set_back, headers).message() == "");
    CHECK(set_back.from_setup());
    CHECK(set_back.initial() == g.position());
    CHECK(set_back.position() == set.position());

    // Faults, each with its line; the game read into is left alone.
    auto fault = [&](std::string t) {
        Game untouched(builtin("symmetry"));
        std::string err = read_record(t, untouched, headers).message();
        CHECK(untouched.puzzle()->name == "symmetry");
        return err;
    };
    std::string bad_move = text;
    bad_move.replace(bad_move.find("a3-b4"), 5, "a3-a6");
    CHECK(fault(bad_move).rfind("line 15: move 'a3-a6': ", 0) == 0);
    std::string bad_number = text;
    bad_number.replace(bad_number.find("3. "), 3, "4. ");
    CHECK(fault(bad_number) == "line 15: round 4 where round 3 comes next");
    std::string bad_result = text;
    bad_result.replace(bad_result.find("result: playing"), 15, "result: solved 3");
    CHECK(fault(bad_result) == "line 11: the result says 'solved 3' but the moves give 'playing'");
    std::string bad_goal = text;
    bad_goal.replace(bad_goal.find("goal: fill camp h8 8x8"), 22, "goal: fill camp h7 8x8");
    CHECK(fault(bad_goal) == "line 6: 'h7' is not a corner of the 8x8 board");
    std::string game_key = text;
    game_key.replace(game_key.find("size: 8"), 7, "players: 2");
    CHECK(fault(game_key) == "line 4: a puzzle's record has no 'players:' line");
}

TEST_CASE("solo: records of the older form still load", "[solo]") {
    const std::string old = "# halma solo record\nname: crossing-8x8\ntitle: Move the 10\n"
                            "size: 8\nstart: camp a1 8x8\ngoal: fill camp h8 8x8\ncamp-rule: 1\n"
                            "longjumps: 0\nlimit: 0\npar: 18\nresult: playing\n\n1. b1-d3\n"
                            "2. b2-d2-d4\n";
    Game g;
    Options headers;
    REQUIRE(read_record(old, g, headers).message() == "");
    REQUIRE(g.puzzle());
    CHECK(g.puzzle()->name == "crossing-8x8");
    CHECK(g.ply() == 2);
    CHECK(headers.empty());
    CHECK(write_record(g).rfind("# halma game record\npuzzle: crossing-8x8\n", 0) == 0);
}
