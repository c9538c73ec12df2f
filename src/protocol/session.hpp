// halma --engine: the line protocol of the man page's ENGINE PROTOCOL on a pair of streams.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>

namespace halma::protocol {

// What a session may do beyond playing: the program allows everything; the fuzzer turns the
// file commands off (so no input can touch a path) and keeps perft shallow.
struct EngineLimits {
    bool file_commands = true;    // save and load; when off they answer "? ..."
    int max_perft_depth = 20;     // the deepest perft accepted
    int max_think_ms = 0;         // caps movetime for genmove and hint; 0 = no cap
    std::uint64_t race_nodes = 0; // the race meter's budget for race and analyse; 0 = its own
};

// The longest command line read; the rest of a longer line is skipped and answered "? ...".
constexpr std::size_t kMaxEngineLine = 64 * 1024;

// Answers protocol commands read from in on out until end of input or "quit"; returns
// the exit status (0).
int run_engine(std::istream& in, std::ostream& out, const EngineLimits& limits = {});

} // namespace halma::protocol
