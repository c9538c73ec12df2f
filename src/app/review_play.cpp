// The review as the player works it: opened at the game's last move, its keys (stepping,
// the costliest moves, learning), left, and a game played on from a move looked back at.
#include "app/app_state.hpp"

#include "play/words.hpp"
#include "screen/terminal.hpp"

#include <utility>

namespace halma::app {

using play::ReviewAction;
using play::Screen;

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
        status_.clear();
        return tell(review_.start_learning(board_.game, cfg_.seats, places_.door));
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
