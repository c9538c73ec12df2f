// Notation: squares, moves, position strings, and the errors of a bad move or position.
#include "support.hpp"

#include <catch2/catch.hpp>

using namespace halma;
using test_support::game_at;
using test_support::place;
using test_support::sq;

TEST_CASE("notation: square names", "[notation]") {
    CHECK(square_name(make_square(0, 0)) == "a1");
    CHECK(square_name(make_square(15, 15)) == "p16");
    CHECK(parse_square("p16", 16) == 255);
    CHECK(parse_square("j10", 10) == make_square(9, 9));
    for (const char* bad : {"", "a", "a0", "a17", "q1", "a01", "A1", "a1x", "i9"})
        CHECK(parse_square(bad, bad[0] == 'i' ? 8 : 16) == kNoSquare);
    CHECK(parse_square("k1", 10) == kNoSquare);
}

TEST_CASE("notation: the 2-player start position string", "[notation]") {
    Game g;
    CHECK(position_string(g.position()) ==
          "...........22222/...........22222/............2222/.............222/"
          "..............22/................/................/................/"
          "................/................/................/11............../"
          "111............./1111............/11111.........../11111........... 1");
}

TEST_CASE("notation: position strings round-trip on every board", "[notation]") {
    for (int players : {2, 3, 4}) {
        Game g(Rules::for_game(players, 16));
        Position back;
        CHECK(parse_position(position_string(g.position()), players, back).empty());
        CHECK(back == g.position());
    }
    for (int size : {8, 10}) {
        Game g(Rules::for_game(2, size));
        Position back;
        CHECK(parse_position(position_string(g.position()), 2, back).empty());
        CHECK(back == g.position());
    }
}

TEST_CASE("notation: malformed position strings are refused with a reason", "[notation]") {
    Position out = place(16, "1:a1");
    const Position before = out;
    auto err = [&](const std::string& text, int players = 2) {
        return parse_position(text, players, out);
    };
    std::string row = "................";
    std::string board;
    for (int i = 0; i < 16; ++i) board += (i ? "/" : "") + row;
    CHECK(err(board + " 1").empty());
    out = before;
    CHECK(err(board).find("player to move") != std::string::npos);
    CHECK(err(board + " 3").find("from 1 to 2") != std::string::npos);
    CHECK(err(board + " 0") != "");
    CHECK(err(board.substr(0, board.size() - 1) + " 1").find("rank 1 has 15") != std::string::npos);
    CHECK(err(board.substr(17) + " 1").find("15") != std::string::npos);
    std::string bad = board;
    bad[0] = 'x';
    CHECK(err(bad + " 1").find("'x' on a16") != std::string::npos);
    bad[0] = '3';
    CHECK(err(bad + " 1").find("from 1 to 2") != std::string::npos);
    CHECK(err(bad + " 1", 3).empty());
    out = before;
    CHECK(err("") != "");
    CHECK(out == before); // errors leave the output alone
}

TEST_CASE("notation: moves are written by their ends, chains spelled out", "[notation]") {
    CHECK(move_name(Move(sq("e4"), sq("f5"))) == "e4-f5");
    CHECK(move_name(Move::pass()) == "pass");
    Game g = game_at(Rules::for_game(2, 16), place(16, "1:e4 2:f5,g7,p16"));
    CHECK(chain_name(g.position(), Move(sq("e4"), sq("g8")), false) == "e4-g6-g8");
    CHECK(chain_name(g.position(), Move(sq("e4"), sq("e5")), false) == "e4-e5");
}

TEST_CASE("notation: a bad chain names the hop and says what is wrong", "[notation]") {
    Game g = game_at(Rules::for_game(2, 16), place(16, "1:e4,g8 2:f5,g7,p16"));
    auto why = [&](const char* text) { return parse_move(g, text).error; };
    CHECK(why("e4-g6-g8").find("hop 2 (g6-g8) lands on g8, which is occupied") !=
          std::string::npos);
    CHECK(why("e4-g6-i8").find("hop 2 (g6-i8) has no piece on h7") != std::string::npos);
    CHECK(why("e4-g6-h9").find("hop 2 (g6-h9) is not along a rank, file or diagonal") !=
          std::string::npos);
    CHECK(why("e4-g6-g7").find("hop 2 (g6-g7) is a step") != std::string::npos);
    CHECK(why("e4-g6-g9").find("odd number") != std::string::npos);
    CHECK(why("e4-e8-e10").find("hop 1 (e4-e8) is longer than two squares") != std::string::npos);
    CHECK(why("e4-g6-g6").find("does not move") != std::string::npos);
    CHECK(why("e4-g6-x9").find("'x9' is not a square") != std::string::npos);
    CHECK(why("d4-e5").find("no piece on d4") != std::string::npos);
    CHECK(why("f5-f6").find("holds a piece of player 2; it is player 1's turn") !=
          std::string::npos);
    CHECK(why("e4").find("two squares") != std::string::npos);
    CHECK(why("e4-e7").find("no step or hop chain leads from e4 to e7") != std::string::npos);
    CHECK(why("e4-f5").find("f5 is occupied") != std::string::npos);
    CHECK(why("e4-e4").find("different square") != std::string::npos);
    CHECK(why("e4-g6").empty());
    CHECK(why("e4-g6-g8-e4").find("different square") != std::string::npos);
    CHECK(why("e4-g6-g8-g10").find("hop 2") != std::string::npos);
}

TEST_CASE("notation: result names as the protocol's status writes them", "[notation]") {
    CHECK(result_name(Result{}) == "playing");
    CHECK(result_name(Result{Outcome::Draw, 0}) == "draw");
    CHECK(result_name(Result{Outcome::Won, 0b10}) == "winner 2");
    CHECK(result_name(Result{Outcome::Won, 0b1010}) == "winners 2 4");
}
