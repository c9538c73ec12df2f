#include "play/clocks.hpp"

#include "halma/text.hpp"

#include <cstdio>

namespace halma::play {

void SeatClocks::reset(int seats) {
    spent_.assign(static_cast<std::size_t>(seats), Clock::duration::zero());
    running_ = kNoSeat;
}

void SeatClocks::start(Seat seat, Clock::time_point now) {
    stop(now);
    if (seat < 0 || seat >= static_cast<int>(spent_.size())) return;
    running_ = seat;
    since_ = now;
}

void SeatClocks::stop(Clock::time_point now) {
    if (running_ != kNoSeat && now > since_) spent_[running_] += now - since_;
    running_ = kNoSeat;
}

long SeatClocks::seconds(Seat seat, Clock::time_point now) const {
    if (seat < 0 || seat >= static_cast<int>(spent_.size())) return 0;
    Clock::duration d = spent_[seat];
    if (seat == running_ && now > since_) d += now - since_;
    return static_cast<long>(std::chrono::duration_cast<std::chrono::seconds>(d).count());
}

std::string SeatClocks::header(Clock::time_point now) const {
    std::string s;
    for (Seat p = 0; p < static_cast<int>(spent_.size()); ++p)
        s += (p ? " " : "") + std::to_string(seconds(p, now));
    return s;
}

bool SeatClocks::read_header(const std::string& value, int seats) {
    const std::vector<std::string_view> words = split_words(value);
    if (static_cast<int>(words.size()) != seats) return false;
    std::vector<Clock::duration> spent;
    for (std::string_view w : words) {
        const int s = parse_count(w);
        if (s < 0) return false;
        spent.push_back(std::chrono::seconds(s));
    }
    spent_ = spent;
    running_ = kNoSeat;
    return true;
}

std::string clock_words(long seconds) {
    if (seconds < 0) seconds = 0;
    char out[32];
    if (seconds >= 3600)
        std::snprintf(out, sizeof out, "%ld:%02ld:%02ld", seconds / 3600, seconds / 60 % 60,
                      seconds % 60);
    else
        std::snprintf(out, sizeof out, "%ld:%02ld", seconds / 60, seconds % 60);
    return out;
}

std::string clock_face(long long ms) {
    if (ms < 0) ms = 0;
    if (ms >= 10000) return clock_words(static_cast<long>(ms / 1000));
    char out[16];
    std::snprintf(out, sizeof out, "%lld.%lld", ms / 1000, ms / 100 % 10);
    return out;
}

std::string due_words(std::time_t due, std::time_t now) {
    if (!due) return {};
    std::tm at{}, today{};
    localtime_r(&due, &at);
    localtime_r(&now, &today);
    const bool same_day = at.tm_year == today.tm_year && at.tm_yday == today.tm_yday;
    const char* format = same_day ? "by %H:%M" : due - now < 6 * 86400 ? "by %a %H:%M" : "by %d %b";
    char buf[32];
    return std::strftime(buf, sizeof buf, format, &at) ? buf : "";
}

} // namespace halma::play
