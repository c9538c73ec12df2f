// libFuzzer target: check_stats() of settings_checks.hpp; any problem it reports aborts the run.
#include "settings_checks.hpp"

#include <cstdio>
#include <cstdlib>

// Runs one input through the check and stops the fuzzer on a problem.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string problem = halma::fuzz::check_stats({reinterpret_cast<const char*>(data), size});
    if (!problem.empty()) {
        std::fprintf(stderr, "fuzz_stats: %s\n", problem.c_str());
        std::abort();
    }
    return 0;
}
