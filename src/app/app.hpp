// The game loop: seats and turns, the AI worker, the screens, and every way out.
#pragma once

#include "settings/command_line.hpp"
#include "settings/settings.hpp"

namespace halma::app {

using settings::Config;
using settings::Startup;

// Plays in the terminal with these settings (finish_config() done); what was wrong with the
// config file is shown at the start and said again on leaving. Returns the exit status.
[[nodiscard]] int run_terminal(Config cfg, const Startup& startup = {});

} // namespace halma::app
