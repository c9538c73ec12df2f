// The new-game form: a few lines, each a choice among values, prefilled with the last
// game's settings, turned into rule options and seats; the line the player is on, and what
// is wrong with the choices. No curses here.
#pragma once

#include "halma.hpp"
#include "settings/command_line.hpp"

#include <string>
#include <vector>

namespace halma::play {

using settings::seats_text;
using settings::SeatSpec;

class NewGameForm {
  public:
    // Prefills the form from the current rules and seats; first_random keeps the draw.
    NewGameForm(const Rules& rules, const std::vector<SeatSpec>& seats, bool first_random);

    [[nodiscard]] int rows() const noexcept { return static_cast<int>(lines_.size()); }
    [[nodiscard]] const std::string& label(int row) const { return lines_[row].label; }
    [[nodiscard]] std::string value(int row) const;

    // Cycles the value of a row by delta (wrapping).
    void change(int row, int delta);

    // The line the player is on, moved by delta (wrapping).
    [[nodiscard]] int row() const noexcept { return row_; }
    void move_row(int delta) noexcept { row_ = ((row_ + delta) % rows() + rows()) % rows(); }

    // What is wrong with the choices, or what saving them said ("" when nothing).
    [[nodiscard]] const std::string& note() const noexcept { return note_; }
    void set_note(std::string note) { note_ = std::move(note); }

    // The solitaire puzzle chosen on the last line, or "" for a game of Halma; set_solo
    // prefills it.
    [[nodiscard]] std::string solo() const;
    void set_solo(const std::string& puzzle);

    // Builds rules and seats from the form. Returns an empty string or what is wrong;
    // first_random says whether the first player is still to be drawn.
    [[nodiscard]] std::string build(Rules& rules, std::vector<SeatSpec>& seats,
                                    bool& first_random) const;

  private:
    struct Line {
        std::string label;
        std::vector<std::string> choices;
        int index = 0;
    };
    std::vector<Line> lines_;
    int row_ = 0;
    std::string note_;
    [[nodiscard]] const std::string& pick(int row) const {
        return lines_[row].choices[lines_[row].index];
    }
    void select(int row, const std::string& choice);
};

} // namespace halma::play
