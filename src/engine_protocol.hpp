// halma --engine: the line protocol of engine-protocol.md on a pair of streams.
#pragma once

#include <iosfwd>

namespace halma {

// Answers protocol commands read from in on out until end of input or "quit"; returns
// the exit status (0).
int run_engine(std::istream& in, std::ostream& out);

} // namespace halma
