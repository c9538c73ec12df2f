// The pages over the board (the help's two pages, the message log, the saved games): opened
// and their keys.
#include "app/app_state.hpp"

#include "files/paths.hpp"
#include "play/words.hpp"
#include "screen/terminal.hpp"

#include <algorithm>
#include <utility>

namespace halma::app {

using play::PageAction;
using play::Screen;

// How many help pages there are (the keys, the rules).
constexpr int kHelpPages = 2;
// How far Page Up and Page Down scroll the log.
constexpr int kLogPage = 10;

std::string Pages::open(Screen page, Screen from) {
    if (from != Screen::Help && from != Screen::Log && from != Screen::Saves)
        back = from == Screen::Over ? Screen::Board : from;
    if (page == Screen::Help) help_page = 0;
    if (page == Screen::Log) log_back = 0;
    if (page != Screen::Saves) return {};
    std::string err;
    const std::string dir = files::saves_dir(err);
    saves = dir.empty() ? std::vector<files::SaveEntry>{} : files::list_saves(dir);
    chosen = 0;
    return dir.empty() ? "no saves folder: " + err : std::string();
}

Pages::Then Pages::key(Screen shown, PageAction a) {
    if (a == PageAction::Leave || (shown == Screen::Help && a == PageAction::Choose)) {
        text.clear();
        return Then::Leave;
    }
    if (shown == Screen::Help) {
        if (a == PageAction::Next || a == PageAction::PageDown || a == PageAction::Down)
            help_page = (help_page + 1) % kHelpPages;
        else if (a == PageAction::Previous || a == PageAction::PageUp || a == PageAction::Up)
            help_page = (help_page + kHelpPages - 1) % kHelpPages;
        return Then::Stay;
    }
    if (shown == Screen::Log) {
        const int step = a == PageAction::Up         ? 1
                         : a == PageAction::Down     ? -1
                         : a == PageAction::PageUp   ? kLogPage
                         : a == PageAction::PageDown ? -kLogPage
                         : a == PageAction::Top      ? 1 << 20
                         : a == PageAction::Bottom   ? -(1 << 20)
                                                     : 0;
        // The screen keeps the scroll within the log; here it only stays above 0.
        log_back = std::max(0, log_back + step);
        return Then::Stay;
    }
    const int n = static_cast<int>(saves.size());
    if (n == 0) return Then::Stay;
    if (a == PageAction::Up || a == PageAction::Previous) chosen = (chosen + n - 1) % n;
    if (a == PageAction::Down || a == PageAction::Next) chosen = (chosen + 1) % n;
    if (a == PageAction::Top) chosen = 0;
    if (a == PageAction::Bottom) chosen = n - 1;
    return a == PageAction::Choose ? Then::Load : Then::Stay;
}

void App::open_page(Screen page) {
    const std::string trouble = pages_.open(page, screen_);
    screen_ = page;
    status_.error(trouble);
}

void App::page_key(int ch) {
    const Pages::Then then = pages_.key(screen_, play::page_intent(ch, screen::key_codes()));
    if (then != Pages::Then::Stay) screen_ = pages_.back;
    if (then == Pages::Then::Load) load_named(pages_.chosen_file());
}

} // namespace halma::app
