// The pages over the board (the help's two pages, the message log, the saved games) and the
// review: opened, their keys, and a game played on from a move looked back at.
#include "app/app_state.hpp"

#include "files/paths.hpp"
#include "play/words.hpp"
#include "screen/terminal.hpp"

#include <algorithm>
#include <utility>

namespace halma::app {

using play::PageAction;
using play::ReviewAction;
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

// Opens the review of the game so far, at its last move.
void App::open_review() {
    if (board_.game.ply() == 0) return status_.set("no move has been made yet", true);
    review_.review.emplace(board_.game);
    review_.costly = -1;
    screen_ = Screen::Review;
    status_.clear();
    review_.judge.judge(board_.game);
    if (!review_.kept_note.empty()) status_.set(std::exchange(review_.kept_note, {}), true);
}

void App::review_key(int ch) {
    if (review_.learn) return learn_key(ch);
    review::Review& r = *review_.review;
    switch (play::review_intent(ch, screen::key_codes())) {
    case ReviewAction::Back:
        return r.step(-1);
    case ReviewAction::Forward:
        return r.step(1);
    case ReviewAction::Start:
        return r.go_to(0);
    case ReviewAction::End:
        return r.go_to(r.plies());
    case ReviewAction::BackMany:
        return r.step(-play::kReviewPage);
    case ReviewAction::ForwardMany:
        return r.step(play::kReviewPage);
    case ReviewAction::PlayOn:
        return play_on();
    case ReviewAction::NextCostly:
        return status_.error(review_.choose_costly());
    case ReviewAction::GoToCostly:
        return status_.error(review_.go_to_costly());
    case ReviewAction::Learn:
        return start_learning();
    case ReviewAction::Leave:
        return leave_review();
    case ReviewAction::Help:
        return open_page(Screen::Help);
    case ReviewAction::Log:
        return open_page(Screen::Log);
    case ReviewAction::Turn:
        return turn_view();
    case ReviewAction::None:
        return status_.set("left/right step, Tab/Enter the costliest moves, q leaves", true);
    }
}

void App::leave_review() {
    if (review_.leaving_quits) return quit(0);
    review_.judge.stop();
    review_.learn.reset();
    review_.review.reset();
    screen_ = Screen::Board;
    if (club_.game.archived) back_to_lobby();
}

// Plays on from the move shown: the game as it stood then, the moves after it kept to be
// redone; from a record opened with --review, as a game loaded here.
void App::play_on() {
    const review::Review& r = *review_.review;
    if (net_.active())
        return status_.set("a networked game goes on at every terminal; play on from a saved "
                           "record instead",
                           true);
    if (club_.game.archived)
        return status_.set(places_.door ? "an archived game is only looked at (ssh HOST record "
                                          "N prints it)"
                                        : "an archived game is only looked at: :record N FILE, "
                                          "then halma --load FILE",
                           true);
    Game g = r.play_on();
    if (g.over()) return status_.set("the game ended here: step back to play on", true);
    review_.judge.stop();
    const std::string what = "Playing on from " + r.where_words();
    if (review_.leaving_quits) {
        review_.leaving_quits = false;
        review_.review.reset();
        screen_ = Screen::Board;
        return adopt(std::move(g), review_.headers, what);
    }
    const bool later = g.can_redo();
    review_.review.reset();
    screen_ = Screen::Board;
    stop_thinking();
    board_.anim.reset();
    board_.game = std::move(g);
    status_.set(what + (later ? "; R redoes the moves after it" : ""));
    board_.place_cursor();
    after_change();
}

} // namespace halma::app
