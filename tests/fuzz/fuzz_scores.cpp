// libFuzzer target: check_scores() of fuzz_checks.hpp; any problem it reports aborts the run.
#include "fuzz_checks.hpp"

#include <cstdio>
#include <cstdlib>

// Runs one input through the check and stops the fuzzer on a problem.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string problem = halma::fuzz::check_scores(halma::fuzz::as_text(data, size));
    if (!problem.empty()) {
        std::fprintf(stderr, "fuzz_scores: %s\n", problem.c_str());
        std::abort();
    }
    return 0;
}
