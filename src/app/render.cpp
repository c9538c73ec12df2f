// The frame: the scene filled from the parts (the game, the board's marks or the move being
// animated, the status line, the network, the form) and handed to the screen to draw.
#include "app/app_state.hpp"

#include "screen/draw.hpp"

namespace halma::app {

play::Scene App::scene() const {
    play::Scene s;
    s.game = &game_;
    s.seats = cfg_.seats;
    s.screen = screen_;
    s.marks.cursor = board_.cursor;
    if (anim_) {
        s.shown = anim_->before;
        const Square from = anim_->path.front(), at = anim_->path[anim_->shown];
        if (at != from) {
            const int p = s.shown.at(from);
            s.shown.remove(from);
            s.shown.put(at, p);
        }
        s.marks.last_path.assign(anim_->path.begin(), anim_->path.begin() + anim_->shown + 1);
    } else {
        s.shown = game_.position();
        s.marks.last_path = board_.last_path;
        s.marks.building = board_.builder.path();
        s.marks.next = board_.builder.next_marks(game_);
        s.marks.ends = board_.builder.end_marks(game_);
        s.marks.hint_path = board_.hint_path;
    }
    s.moves = moves_;
    s.status = {status_.text(), status_.is_error(), status_.prompt_open(), status_.prompt().text(),
                net_.question()};
    if (form_) {
        for (int i = 0; i < form_->rows(); ++i)
            s.form.lines.push_back({form_->label(i), form_->value(i)});
        s.form.row = form_->row();
        s.form.note = form_->note();
    }
    s.thinking = worker_.busy() && worker_.purpose() == kForMove ? game_.to_move() : kNoSeat;
    s.seat_labels = net_.labels();
    s.net_line = net_.line();
    s.figures_found = standing_.figures_found;
    s.standing = standing_.words;
    if (lobby_ && screen_ == play::Screen::Lobby) s.lobby = lobby_->view();
    return s;
}

// Draws the whole frame into curses' buffer and sends what changed, once.
void App::render() { screen::show(scene(), style_); }

} // namespace halma::app
