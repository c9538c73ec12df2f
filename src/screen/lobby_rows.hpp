// The lobby's text laid out at a width, without curses: a game's row in a list and the
// header's two parts. screen/draw_lobby.cpp writes them where they go; the tests read them.
#pragma once

#include "play/lobby_view.hpp"

#include <string>
#include <vector>

namespace halma::screen {

// A game's row: one line, or two when its terms do not fit beside the rest and it is a seek
// (a seek's terms are what it offers; another game's are left out when there is no room).
// The first line is the mark of the chosen row, the number, the players, the state and when
// its move is due, in columns that fit the width; a second line has the terms under the
// players. Each line is at most width columns.
struct LobbyRowText {
    std::vector<std::string> lines;
    int state_x = 0, state_width = 0; // where the state is on the first line (drawn urgent)
};
[[nodiscard]] LobbyRowText lobby_row_text(const play::LobbyRow& row, bool chosen, int width);

// The header's line: on the left the club's name, the player and the club they are at
// ("HALMA CLUB  alice at your own club, ~/.local/state/halma/club"), its place left out and
// then the club left out when there is no room; on the right what waits for the player, or
// what the connection is doing (right_x: its column, -1 when it has no room).
struct LobbyHeaderText {
    std::string left, right;
    int right_x = -1;
};
[[nodiscard]] LobbyHeaderText lobby_header_text(const play::LobbyView& view, int width);

} // namespace halma::screen
