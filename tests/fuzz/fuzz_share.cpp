// libFuzzer target: check_share() of fuzz_checks.hpp; any problem it reports aborts the run.
#include "fuzz_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return halma::fuzz::run_target("fuzz_share", halma::fuzz::check_share, data, size);
}
