// Helpers shared by the tests: hand-built positions and running the real program.
#pragma once

#include "halma.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <unistd.h>

namespace test_support {

using namespace halma;

// The square named in notation; fails the caller's check if the name is bad.
inline int sq(const char* name, int size = 16) { return parse_square(name, size); }

// A position of the given size: "1:a1,b2 2:e5" puts player 1 on a1 and b2, player 2 on e5.
inline Position place(int size, const std::string& spec, int to_move = 0) {
    Position pos(size);
    std::istringstream words(spec);
    std::string word;
    while (words >> word) {
        int player = word[0] - '1';
        std::string squares = word.substr(2);
        std::size_t start = 0;
        while (start <= squares.size()) {
            std::size_t comma = squares.find(',', start);
            std::string name =
                squares.substr(start, comma == std::string::npos ? comma : comma - start);
            if (!name.empty()) pos.put(parse_square(name, size), player);
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
    }
    pos.set_to_move(to_move);
    return pos;
}

// A game of these rules set up from a hand-built position.
inline Game game_at(const Rules& rules, const Position& pos) {
    Game g(rules);
    std::string err = g.setup(pos);
    if (!err.empty()) throw std::runtime_error("setup: " + err);
    return g;
}

// Whether a move written in notation is legal in the game.
inline bool legal(const Game& g, const std::string& text) {
    return parse_move(g, text).error.empty();
}

// The program under test: $HALMA, or ./halma.
inline std::string program() {
    const char* p = std::getenv("HALMA");
    return p && *p ? p : "./halma";
}

// A fresh temporary directory for one test.
inline std::string temp_dir() {
    char tmpl[] = "/tmp/halma-test-XXXXXX";
    const char* d = mkdtemp(tmpl);
    return d ? d : "/tmp";
}

// A fresh temporary directory that is removed, with all in it, when the scope ends (path
// is empty when none could be made).
struct TempDir {
    std::string path;
    TempDir() {
        char tmpl[] = "/tmp/halma-test-XXXXXX";
        if (mkdtemp(tmpl)) path = tmpl;
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    ~TempDir() {
        if (!path.empty()) (void)!std::system(("rm -rf '" + path + "'").c_str());
    }
};

// The whole content of a file, byte for byte.
inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// An environment variable set (or, given nullptr, unset) for one scope, then put back.
struct ScopedEnv {
    std::string name, old;
    bool had;
    ScopedEnv(const char* n, const char* value) : name(n) {
        const char* o = std::getenv(n);
        had = o != nullptr;
        if (had) old = o;
        if (value)
            setenv(n, value, 1);
        else
            unsetenv(n);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;
    ~ScopedEnv() {
        if (had)
            setenv(name.c_str(), old.c_str(), 1);
        else
            unsetenv(name.c_str());
    }
};

// Runs the program with arguments, feeding input on stdin; returns stdout, sets status.
inline std::string run_program(const std::string& args, const std::string& input, int& status,
                               std::string* err_text = nullptr) {
    std::string dir = temp_dir();
    std::string in = dir + "/in", out = dir + "/out", err = dir + "/err";
    std::ofstream(in, std::ios::binary) << input;
    std::string cmd =
        "'" + program() + "' " + args + " <'" + in + "' >'" + out + "' 2>'" + err + "'";
    int rc = std::system(cmd.c_str());
    status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
    std::ifstream o(out, std::ios::binary), e(err, std::ios::binary);
    std::stringstream so, se;
    so << o.rdbuf();
    se << e.rdbuf();
    if (err_text) *err_text = se.str();
    std::system(("rm -rf '" + dir + "'").c_str());
    return so.str();
}

} // namespace test_support
