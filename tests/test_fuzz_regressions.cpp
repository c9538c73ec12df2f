// Replays every input the fuzzers ever found a problem with (tests/fuzz/regressions/<target>/)
// and every seed (tests/fuzz/corpus/<target>/) through the fuzzers' own checks, in the normal
// build, so `make test` keeps old findings fixed without needing clang.
#include "fuzz/fuzz_checks.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

namespace fs = std::filesystem;
using namespace halma::fuzz;

namespace {

// The contents of a file, byte for byte.
std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs check over every file of tests/fuzz/{regressions,corpus}/target; returns how many.
template <class Check>
int replay(const char* target, Check check) {
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

TEST_CASE("fuzz regressions and seeds: engine protocol", "[fuzz]") {
    CHECK(replay("protocol", check_protocol) > 0);
}

TEST_CASE("fuzz regressions and seeds: position strings", "[fuzz]") {
    CHECK(replay("position", check_position) > 0);
}

TEST_CASE("fuzz regressions and seeds: move notation", "[fuzz]") {
    CHECK(replay("move", check_move) > 0);
}

TEST_CASE("fuzz regressions and seeds: game records", "[fuzz]") {
    CHECK(replay("record", check_record) > 0);
}

TEST_CASE("fuzz regressions and seeds: scores files", "[fuzz]") {
    CHECK(replay("scores", check_scores) > 0);
}

TEST_CASE("fuzz regressions and seeds: games against the reference move generator", "[fuzz]") {
    CHECK(replay("game", check_game) > 0);
}
