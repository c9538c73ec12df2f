// The game loop: seats and turns, the AI worker, the screens, and every way out.
#pragma once

#include "tui/config.hpp"

namespace halma::tui {

// Plays in the terminal with these settings (finish_config() done); returns the exit status.
[[nodiscard]] int run_terminal(Config cfg);

} // namespace halma::tui
