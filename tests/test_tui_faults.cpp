// The front end under faults, in-process: the too-small notice's wrapping, what a damaged
// file's bytes look like in a message, and --resume of a damaged autosave (kept aside, a
// new game instead).
#include "files/paths.hpp"
#include "halma.hpp"
#include "screen/draw.hpp"
#include "start/opening.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace halma;
using namespace halma::play;
using namespace halma::screen;
using namespace halma::settings;
using namespace halma::start;
using halma::files::base_name;

namespace {

// The whole content of a file.
std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

TEST_CASE("wrap_words: whole words within the width, long words cut", "[tui][faults]") {
    using V = std::vector<std::string>;
    CHECK(wrap_words("Enlarge the window to go on", 12) == V{"Enlarge the", "window to go", "on"});
    CHECK(wrap_words("Enlarge the window", 100) == V{"Enlarge the window"});
    CHECK(wrap_words("abcdefgh ij", 3) == V{"abc", "ij"});
    CHECK(wrap_words("a b", 1) == V{"a", "b"});
    CHECK(wrap_words("x", 0) == V{"x"});
    CHECK(wrap_words("   ", 5).empty());
}

TEST_CASE("printable and base_name: control bytes hidden, directories dropped", "[tui][faults]") {
    CHECK(printable("move '\x1b[2J\x07'") == "move '?[2J?'");
    CHECK(printable("plain \xc3\xa9") == "plain \xc3\xa9");
    CHECK(base_name("/a/b/autosave.halma") == "autosave.halma");
    CHECK(base_name("autosave.halma") == "autosave.halma");
}

TEST_CASE("--resume of a damaged autosave: kept aside, a new game, file and line named",
          "[tui][faults]") {
    char dir_template[] = "/tmp/halma-test-XXXXXX";
    REQUIRE(mkdtemp(dir_template));
    const std::string dir = dir_template, state = dir + "/halma", saved = state + "/autosave.halma";
    const char* old_xdg = std::getenv("XDG_STATE_HOME");
    const std::string restore_xdg = old_xdg ? old_xdg : "";
    setenv("XDG_STATE_HOME", dir.c_str(), 1);
    REQUIRE(mkdir(state.c_str(), 0700) == 0);
    const std::string damaged = "# halma game record\nplayers: 2\n\n1. a5-a9\n";
    std::ofstream(saved) << damaged;
    std::ofstream(saved + ".bad") << "older";

    Config cfg;
    cfg.resume = true;
    cfg.first_given = true;
    cfg.seats.assign(2, SeatSpec{false, 1});
    Opening out;
    REQUIRE(open_game(cfg, out) == 0);
    CHECK(out.damaged);
    CHECK_FALSE(out.resumed);
    CHECK(out.game.ply() == 0);
    CHECK(out.message.find(saved + ": line 4: ") != std::string::npos);
    CHECK(out.message.find("kept as " + saved + ".bad1") != std::string::npos);
    CHECK(out.status.find("autosave.halma line 4 kept as autosave.halma.bad1") == 13);
    CHECK(slurp(saved + ".bad1") == damaged);
    CHECK(slurp(saved + ".bad") == "older");
    CHECK(access(saved.c_str(), F_OK) != 0);

    SECTION("an empty autosave is damaged too") {
        std::ofstream(saved).flush();
        Opening again;
        REQUIRE(open_game(cfg, again) == 0);
        CHECK(again.damaged);
        CHECK(again.message.find(saved + ": line 1: the file is empty") != std::string::npos);
        CHECK(slurp(saved + ".bad2").empty());
        std::remove((saved + ".bad2").c_str());
    }
    for (const char* f : {".bad", ".bad1"}) std::remove((saved + f).c_str());
    rmdir(state.c_str());
    rmdir(dir.c_str());
    if (old_xdg)
        setenv("XDG_STATE_HOME", restore_xdg.c_str(), 1);
    else
        unsetenv("XDG_STATE_HOME");
}
