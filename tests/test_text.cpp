// Text: the line reader and trimming shared by every text format of the engine.
#include "halma/text.hpp"

#include <catch2/catch.hpp>
#include <vector>

using namespace halma;

TEST_CASE("text: lines are numbered from 1, with LF or CRLF ends", "[text]") {
    std::vector<std::string> lines;
    std::vector<int> numbers;
    for (LineReader r("one\r\ntwo\n\nfour"); r.next();) {
        lines.emplace_back(r.line());
        numbers.push_back(r.number());
    }
    CHECK(lines == std::vector<std::string>{"one", "two", "", "four"});
    CHECK(numbers == std::vector<int>{1, 2, 3, 4});
}

TEST_CASE("text: offsets point at each line and where() names it", "[text]") {
    LineReader r("ab\ncd\n");
    REQUIRE(r.next());
    REQUIRE(r.next());
    CHECK(r.offset() == 3);
    CHECK(r.where() == "line 2: ");
    CHECK(r.next()); // the empty line after the final newline
    CHECK(r.line().empty());
    CHECK_FALSE(r.next());
}

TEST_CASE("text: comments and blanks are taken off, control characters found", "[text]") {
    CHECK(without_comment("  players: 2   # two of us ") == "players: 2");
    CHECK(without_comment("# only a comment").empty());
    CHECK(trim("\t x y \r") == "x y");
    CHECK(has_control_character("a\x01b"));
    CHECK_FALSE(has_control_character("a\tb"));
}
