// halma: Halma in the terminal, or with --engine the text protocol on standard input/output.
#include "engine_protocol.hpp"

#include <cstdio>
#include <cstring>
#include <iostream>

namespace {

constexpr const char* kVersion = "halma 1.0";

void usage(std::FILE* to) {
    std::fputs("usage: halma [--engine] [--help] [--version]\n", to);
}

} // namespace

int main(int argc, char** argv) {
    bool engine = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--engine")) engine = true;
        else if (!std::strcmp(argv[i], "--help")) return usage(stdout), 0;
        else if (!std::strcmp(argv[i], "--version")) return std::puts(kVersion), 0;
        else {
            std::fprintf(stderr, "halma: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    if (engine) {
        std::ios::sync_with_stdio(false);
        return halma::run_engine(std::cin, std::cout);
    }
    std::fputs("halma: the terminal front end is not built yet; use --engine\n", stderr);
    return 1;
}
