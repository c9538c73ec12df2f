// Each seat's time: the time on the clock from the start of its turns to its moves, added up
// over the game, as the game-over box shows it and a saved record keeps it (the "clock"
// header, seconds per seat). No curses here; the caller says what time it is.
#pragma once

#include "halma.hpp"

#include <chrono>
#include <ctime>
#include <string>
#include <vector>

namespace halma::play {

class SeatClocks {
  public:
    using Clock = std::chrono::steady_clock;

    // Starts afresh for this many seats, every clock at zero and none running.
    void reset(int seats);
    // Seat's turn starts now (the clock running before, if any, is charged first).
    void start(Seat seat, Clock::time_point now);
    // The clock running, if any, stops and is charged.
    void stop(Clock::time_point now);
    // Seat's time so far, in whole seconds (the running turn included).
    [[nodiscard]] long seconds(Seat seat, Clock::time_point now) const;

    // The times as the record's header keeps them: "312 38".
    [[nodiscard]] std::string header(Clock::time_point now) const;
    // Takes the times from a header value; false (nothing changed) unless it holds one
    // count of seconds for each seat.
    bool read_header(const std::string& value, int seats);

  private:
    std::vector<Clock::duration> spent_;
    Seat running_ = kNoSeat;
    Clock::time_point since_{};
};

// A time in seconds as a clock shows it: "0:42", "5:12", "1:02:03".
[[nodiscard]] std::string clock_words(long seconds);

// A game clock's time left, in ms, as the panel shows it: "4:59", "1:02:03", and under ten
// seconds with tenths, "9.4" (a clock is read to the tenth only when it matters).
[[nodiscard]] std::string clock_face(long long ms);

// When a move is due, as a local time that never needs redrawing: "by 14:05" today, "by Fri
// 14:05" within the week, "by 12 Dec" later; "" for 0 (none).
[[nodiscard]] std::string due_words(std::time_t due, std::time_t now);

} // namespace halma::play
