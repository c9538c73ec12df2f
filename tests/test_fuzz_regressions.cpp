// Replays every input the fuzzers ever found a problem with (tests/fuzz/regressions/<target>/)
// and every seed (tests/fuzz/corpus/<target>/) through the fuzzers' own checks, in the normal
// build, so `make test` keeps old findings fixed without needing clang.
#include "fuzz/fuzz_checks.hpp"
#include "fuzz/settings_checks.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>

namespace fs = std::filesystem;
using namespace halma::fuzz;

namespace {

// The contents of a file, byte for byte.
std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs check over every file of tests/fuzz/{regressions,corpus}/target; returns how many.
int replay(const char* target, std::string (*check)(std::string_view)) {
    int files = 0;
    for (const char* kind : {"tests/fuzz/regressions/", "tests/fuzz/corpus/"}) {
        fs::path dir = fs::path(kind) / target;
        if (!fs::is_directory(dir)) continue;
        for (const auto& entry : fs::directory_iterator(dir)) {
            if (!entry.is_regular_file() || entry.path().filename().string()[0] == '.') continue;
            INFO(entry.path().string());
            CHECK(check(slurp(entry.path())) == "");
            ++files;
        }
    }
    return files;
}

} // namespace

TEST_CASE("fuzz regressions and seeds: every target's inputs pass its check", "[fuzz]") {
    const std::pair<const char*, std::string (*)(std::string_view)> targets[] = {
        {"protocol", check_protocol}, {"position", check_position},
        {"move", check_move},         {"record", check_record},
        {"game", check_game},         {"puzzle", check_puzzle},
        {"scores", check_scores},     {"cmdline", check_command_line},
        {"prompt", check_prompt},     {"wire", check_wire},
        {"seek", check_seek},         {"door", check_door},
        {"relay", check_relay},       {"dump", check_dump},
        {"share", check_share},       {"tourney", check_tourney},
    };
    for (const auto& [target, check] : targets) DYNAMIC_SECTION("fuzz target " << target) {
            CHECK(replay(target, check) > 0);
        }
}

TEST_CASE("fuzz: the prompt's games hold puzzles at every stage", "[fuzz]") {
    using halma::Outcome;
    int playing = 0, solved = 0, failed = 0;
    for (const halma::Game& g : prompt_games()) {
        if (!g.puzzle()) continue;
        playing += g.result().outcome == Outcome::Playing && g.ply() > 0;
        solved += g.result().outcome == Outcome::Won;
        failed += g.result().outcome == Outcome::Lost;
    }
    CHECK(playing > 0);
    CHECK(solved == 1);
    CHECK(failed == 1);
}

TEST_CASE("fuzz regressions and seeds: preferences files", "[fuzz]") {
    CHECK(replay("prefs", check_prefs) > 0);
}

TEST_CASE("fuzz regressions and seeds: stats files", "[fuzz]") {
    CHECK(replay("stats", check_stats) > 0);
}
