// The terminal: curses set up and always restored, keys and clicks read, the size known, and
// signals turned into bytes on a self-pipe that the main loop reads (handlers do nothing else).
// The rest of the program reaches curses only through here and draw.hpp.
#pragma once

#include "halma/geometry.hpp"
#include "play/keys.hpp"
#include "screen/theme.hpp"

#include <string>

namespace halma::screen {

// Installs handlers for SIGINT, SIGTERM, SIGQUIT, SIGHUP and SIGWINCH that write the
// signal number to a pipe; returns the pipe's read end, or -1.
[[nodiscard]] int install_signal_pipe();

// Starts curses on the terminal in the theme's colours (none under NO_COLOR, the mono theme or
// a terminal of fewer than 8 colours); fills style. Returns an empty string or what is wrong.
// Whether this host's terminfo knows the terminal type and can place the cursor with it.
[[nodiscard]] bool terminal_type_usable(const char* term);

[[nodiscard]] std::string start_terminal(bool ascii, bool no_color, bool no_mouse, Theme theme,
                                         Style& style);

// Puts the terminal back as it was; safe to call twice (it runs from atexit too).
void restore_terminal() noexcept;

// Adopts the terminal's current size after SIGWINCH.
void adopt_window_size();

// What next_key() returns when no key is waiting.
constexpr int kNoKey = -1;

// The next key typed (curses' code for a special key), or kNoKey; never waits.
[[nodiscard]] int next_key();

// The codes of the special keys, as next_key() returns them.
[[nodiscard]] const play::KeyCodes& key_codes();

// Whether a board of this size fits the terminal as it is now.
[[nodiscard]] bool board_fits(int board_size);

// The square a waiting mouse click (key_codes().mouse) chose on a board of this size turned
// as the view shows it (view.hpp); false when it was not a click or not on the board.
[[nodiscard]] bool clicked_square(int board_size, int turns, Square& square);

// Makes the next frame repaint the whole terminal (Ctrl-L, or after a resize).
void repaint_all();

// Rings the terminal's bell (or flashes the screen where it has none).
void ring_bell();

} // namespace halma::screen
