// libFuzzer target: check_tourney() of fuzz_checks.hpp; any problem it reports aborts the run.
#include "fuzz_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return halma::fuzz::run_target("fuzz_tourney", halma::fuzz::check_tourney, data, size);
}
