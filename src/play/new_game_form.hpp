// The new-game form: a few lines, each a choice among values, prefilled with the last
// game's settings, turned into rule options and seats; the line the player is on, a line
// saying what its value means, the sides when partners play, and what is wrong with the
// choices. No curses here.
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
    // The value as shown: numbers for what a default stands for ("60 (the 16x16 board's)"),
    // and a value the other choices leave unused marked so.
    [[nodiscard]] std::string value(int row) const;
    // What the row's value means, in one sentence.
    [[nodiscard]] std::string describe(int row) const;
    // The sides of a partnership game as chosen (each a list of seats), or none.
    [[nodiscard]] std::vector<std::vector<Seat>> sides() const;

    // Cycles the value of a row by delta (wrapping).
    void change(int row, int delta);

    // Whether a row counts with the other choices as they stand: seats past the players, the
    // partners' lines but with 4 players, the camps but with 3, and every line but the last
    // for a puzzle do not.
    [[nodiscard]] bool applies(int row) const;

    // The line the player is on, moved by delta (wrapping) past the lines that do not apply.
    [[nodiscard]] int row() const noexcept { return row_; }
    void move_row(int delta);

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
    // The spoil rule chosen: the board's own under "default".
    [[nodiscard]] Spoil spoil() const;
};

} // namespace halma::play
