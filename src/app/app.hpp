// The game loop: seats and turns, the AI worker, the screens, and every way out.
#pragma once

#include "settings/command_line.hpp"
#include "settings/settings.hpp"

#include <string>
#include <string_view>

namespace halma::app {

using settings::Config;
using settings::Startup;

// Plays in the terminal with these settings (finish_config() done); what was wrong with the
// config file is shown at the start and said again on leaving. Returns the exit status.
[[nodiscard]] int run_terminal(Config cfg, const Startup& startup = {});

// Shows a game record (its text, read from source: a file's name, or what an archive calls
// it) in the review screen: the player steps through its moves, and may play on from any of
// them as a game here. Leaving the review ends the run. A record that does not read is said
// on standard error. Returns the exit status.
[[nodiscard]] int run_review(Config cfg, std::string_view record_text, const std::string& source);

} // namespace halma::app
