// run_engine's limits: the file commands can be turned off (the fuzzer does), perft depth and
// thinking time can be capped, and a line longer than kMaxEngineLine is skipped with one "? ...".
#include "protocol/session.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace halma;
using namespace halma::protocol;

namespace {

// The whole output of a session on input under limits.
std::string session(const std::string& input, const EngineLimits& limits = {}) {
    std::istringstream in(input);
    std::ostringstream out;
    CHECK(run_engine(in, out, limits) == 0);
    return out.str();
}

} // namespace

TEST_CASE("engine limits: file commands off answer an error and touch no file", "[protocol]") {
    char dir[] = "/tmp/halma-limits-XXXXXX";
    REQUIRE(mkdtemp(dir));
    const std::string file = std::string(dir) + "/game.rec";
    EngineLimits limits;
    limits.file_commands = false;
    CHECK(session("save " + file + "\nload " + file + "\nboard\n", limits).substr(0, 66) ==
          "? file commands are disabled\n\n? file commands are disabled\n\n= ....");
    CHECK(access(file.c_str(), F_OK) != 0);
    CHECK(session("save " + file + "\n") == "=\n\n");
    CHECK(access(file.c_str(), F_OK) == 0);
    // A puzzle file is a file too: only the built-in puzzles start.
    const std::string puzzle = std::string(dir) + "/puzzle.txt";
    std::FILE* f = std::fopen(puzzle.c_str(), "w");
    REQUIRE(f);
    std::fputs("name: mine\nsize: 8\nstart: a1 b2\ngoal: fill c3 d4\n", f);
    std::fclose(f);
    CHECK(session("newgame solo=" + puzzle + "\npuzzle\n", limits) ==
          "? unknown puzzle '" + puzzle +
              "' (puzzles lists them; puzzle files are disabled)\n\n? no puzzle is being "
              "played (newgame solo=<puzzle>)\n\n");
    CHECK(session("newgame solo=crossing-8x8\nstatus\n", limits) == "=\n\n= playing\n\n");
    CHECK(session("newgame solo=" + puzzle + "\npuzzle\n").substr(0, 16) == "=\n\n= name: mine\n");
    std::remove(puzzle.c_str());
    std::remove(file.c_str());
    rmdir(dir);
}

TEST_CASE("engine limits: perft deeper than the cap is an error", "[protocol]") {
    EngineLimits limits;
    limits.max_perft_depth = 2;
    CHECK(session("perft 2\nperft 3\n", limits) ==
          "= 1600\n\n? the depth must be a number from 0 to 2\n\n");
}

TEST_CASE("engine limits: an over-long line gets one short error, then reading goes on",
          "[protocol]") {
    const std::string out =
        session("play a5-a6\n" + std::string(kMaxEngineLine + 1, 'x') + "\nstatus\n");
    CHECK(out == "=\n\n? line too long: commands are at most " + std::to_string(kMaxEngineLine) +
                     " bytes\n\n= playing\n\n");
    // A line of exactly the limit is still read as a command.
    CHECK(session(std::string(kMaxEngineLine, 'y') + "\n") == "? unknown command\n\n");
}

TEST_CASE("engine limits: max_think_ms caps the time genmove may take", "[protocol]") {
    EngineLimits limits;
    limits.max_think_ms = 5;
    // Level 5 would think for all of its 60 s movetime without the cap.
    const auto start = std::chrono::steady_clock::now();
    std::string out = session("level 5\nmovetime 60000\ngenmove\nstatus\n", limits);
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start);
    CHECK(out.rfind("=\n\n=\n\n= ", 0) == 0);
    CHECK(out.find("= playing\n\n") != std::string::npos);
    CHECK(seconds.count() < 30.0); // generous: the cap is 5 ms, the movetime a minute
}
