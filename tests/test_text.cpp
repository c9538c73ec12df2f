// Text: the toolkit shared by every reader of outside input.
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

TEST_CASE("text: offsets point at each line and an error names it", "[text]") {
    LineReader r("ab\ncd\n");
    REQUIRE(r.next());
    REQUIRE(r.next());
    CHECK(r.offset() == 3);
    CHECK(r.error("bad").message() == "line 2: bad");
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

TEST_CASE("text: words, parts and the rest of a line", "[text]") {
    using V = std::vector<std::string_view>;
    CHECK(split_words("  play\te4-f5  ") == V{"play", "e4-f5"});
    CHECK(split_words(" \t ").empty());
    CHECK(split_on("a1-c3-e5", '-') == V{"a1", "c3", "e5"});
    CHECK(split_on("a,,b", ',') == V{"a", "", "b"});
    CHECK(split_on("", '-') == V{""});
    CHECK(after_first_word("  save  my game.halma \t") == "my game.halma");
    CHECK(after_first_word("board").empty());
}

TEST_CASE("text: header lines have a lower-case key, a colon and a value", "[text]") {
    HeaderLine h;
    REQUIRE(read_header_line("camp-rule:   1", h));
    CHECK(h.key == "camp-rule");
    CHECK(h.value == "1");
    REQUIRE(read_header_line("x2:", h));
    CHECK(h.value.empty());
    CHECK_FALSE(read_header_line("1. a1-b2", h));
    CHECK_FALSE(read_header_line("Players: 2", h));
    CHECK_FALSE(read_header_line(": 2", h));
}

TEST_CASE("text: an error names the file and line it knows", "[text]") {
    CHECK(TextError{"r.halma", 3, "size", "size must be 8, 10 or 16"}.message() ==
          "r.halma: line 3: size must be 8, 10 or 16");
    CHECK(TextError{{}, 0, {}, "no moves"}.message() == "no moves");
    CHECK_FALSE(TextError{}.failed());
    LineReader r("a\nb");
    REQUIRE(r.next());
    REQUIRE(r.next());
    TextError e = r.error("bad", "k");
    CHECK(e.line == 2);
    CHECK(e.key == "k");
    CHECK(e.message() == "line 2: bad");
}

TEST_CASE("text: a quoted piece of outside text is cut whole characters at a time", "[text]") {
    CHECK(quoted_piece("short") == "short");
    const std::string forty(40, 'x');
    CHECK(quoted_piece(forty) == forty);
    CHECK(quoted_piece(forty + "y") == forty + "...");
    // "é" is two bytes: the one that would straddle byte 40 is left out whole.
    const std::string accents = std::string(39, 'x') + "\xC3\xA9" + "tail";
    CHECK(quoted_piece(accents) == std::string(39, 'x') + "...");
    CHECK(utf8_prefix(accents, 41) == std::string(39, 'x') + "\xC3\xA9");
}
