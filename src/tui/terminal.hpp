// The terminal: curses set up and always restored, and signals turned into bytes on a
// self-pipe that the main loop reads (handlers do nothing else).
#pragma once

#include "tui/view.hpp"

#include <string>

namespace halma::tui {

// Installs handlers for SIGINT, SIGTERM, SIGQUIT, SIGHUP and SIGWINCH that write the
// signal number to a pipe; returns the pipe's read end, or -1.
[[nodiscard]] int install_signal_pipe();

// Starts curses on the terminal in the theme's colours (none under NO_COLOR, the mono theme or
// a terminal of fewer than 8 colours); fills style. Returns an empty string or what is wrong.
[[nodiscard]] std::string start_terminal(bool ascii, bool no_color, bool no_mouse, Theme theme,
                                         Style& style);

// Puts the terminal back as it was; safe to call twice (it runs from atexit too).
void restore_terminal() noexcept;

// Adopts the terminal's current size after SIGWINCH.
void adopt_window_size();

} // namespace halma::tui
