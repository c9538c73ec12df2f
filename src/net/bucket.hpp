// A token bucket: the rate limit a server holds each peer's lines and chat to. It holds up
// to `burst` tokens, gains `rate` a second, and each line takes one.
#pragma once

#include <algorithm>
#include <chrono>

namespace halma::net {

struct TokenBucket {
    double tokens = 0, rate = 0, burst = 0;
    std::chrono::steady_clock::time_point last;

    // A full bucket.
    static TokenBucket full(double rate, double burst, std::chrono::steady_clock::time_point now) {
        return {burst, rate, burst, now};
    }
    // Takes a token if there is one.
    bool take(std::chrono::steady_clock::time_point now) {
        const double seconds = std::chrono::duration<double>(now - last).count();
        tokens = std::min(burst, tokens + rate * std::max(0.0, seconds));
        last = now;
        if (tokens < 1) return false;
        tokens -= 1;
        return true;
    }
};

} // namespace halma::net
