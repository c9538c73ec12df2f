// A club game's results off the board, asked for by a player: an abort before everyone has
// moved (not in a tournament's game), a claim against a player away from an untimed game, a draw
// offered and answered, a takeback by consent (here or through another server of the club).
#include "club/table.hpp"

#include <algorithm>

namespace halma::club {

using net::Message;
using net::Verb;

Refusal Table::abort(int seat) {
    if (first_move_missed_ == FirstMoveMissed::Forfeit)
        return error("a tournament's game is not called off: :resign ends it for you");
    if (everyone_moved())
        return error("every player has moved: the game can no longer be aborted (:resign)");
    ended_by_ = seat;
    finish(-1, "abort");
    return {};
}

Refusal Table::claim(int seat) {
    const int s = game_.to_move();
    if (pace_.timed()) return error("this game has a clock: a player who is away loses on time");
    if (s == seat || ai_level(s)) return error("there is nobody away to claim against");
    const Millis since = seats_[s].away_since;
    const Millis away = since ? clock_->now() - since : 0;
    if (!since) return error(row_.seats[s].name + " is here");
    if (away < kClaimAfterMs)
        return error(row_.seats[s].name + " has been away less than a minute; wait " +
                     std::to_string((kClaimAfterMs - away) / 1000 + 1) + " seconds");
    ended_by_ = seat;
    out_of_game(s, "left");
    return {};
}

Refusal Table::draw(int seat, bool yes) {
    const int other = 1 - seat;
    const std::string& name = row_.seats[seat].name;
    if (game_.players() != 2) return error("draws are agreed in games of two");
    if (!yes) {
        if (draw_offer_ != other) return error("no draw is offered to you");
        host_->share_offer(Verb::ShareDraw, *this, other, false, name + " declined the draw");
        draw_lapse(name + " declined the draw");
        return {};
    }
    if (draw_offer_ == other) {
        finish(-1, "agreement");
        return {};
    }
    if (ai_level(other)) return error("the computer plays on");
    if (draw_offer_ == seat) return error("your offer is waiting for an answer");
    if (game_.moves_made(seat) < seats_[seat].draw_after)
        return error("you may offer a draw again after your next move");
    draw_offer_ = seat;
    seats_[seat].draw_after = game_.moves_made(seat) + 1; // answered or not, a move first
    Message ask;
    ask.verb = Verb::DrawAsk;
    ask.seat = seat + 1;
    ask.user = name;
    host_->tell(*this, ask);
    host_->share_offer(Verb::ShareDraw, *this, seat, true, name);
    return {};
}

void Table::draw_lapse(const std::string& why) {
    if (draw_offer_ < 0) return;
    draw_offer_ = -1;
    host_->tell(*this, net::with_text(Verb::DrawNo, why));
}

Refusal Table::ask_undo(int seat) {
    if (undo_.seat >= 0) return error("an undo is already waiting for an answer");
    if (game_.moves_made(seat) == 0) return error("there is no move of yours to take back");
    Undo asked;
    asked.seat = seat;
    for (int s = 0; s < seats(); ++s) {
        if (s == seat || ai_level(s)) continue;
        const bool there = host_->seated_here(*this, s);
        // In a game of two the other player may agree through another host.
        if (!there && game_.players() == 2 && here_elsewhere(s)) {
            asked.elsewhere = true;
            continue;
        }
        if (!there)
            return error(
                "cannot take back while " + row_.seats[s].name +
                (here_elsewhere(s) ? " plays through another host of the club" : " is away"));
        asked.wait.push_back(s);
    }
    undo_ = asked;
    Message m;
    m.verb = Verb::UndoAsk;
    m.seat = seat + 1;
    m.user = row_.seats[seat].name;
    if (asked.elsewhere) host_->share_offer(Verb::ShareUndo, *this, seat, true, m.user);
    if (!asked.wait.empty() || asked.elsewhere) {
        host_->tell(*this, m);
        return {};
    }
    return consent(seat, true); // nobody to ask: the computer always agrees
}

Refusal Table::consent(int seat, bool yes) {
    const auto it = std::find(undo_.wait.begin(), undo_.wait.end(), seat);
    const bool asker_alone = undo_.seat == seat && undo_.wait.empty() && !undo_.elsewhere;
    if (undo_.seat < 0 || (it == undo_.wait.end() && !asker_alone))
        return error("nobody asked you to agree to an undo");
    const std::string& name = row_.seats[seat].name;
    if (!yes) {
        if (game_.players() == 2 && here_elsewhere(undo_.seat))
            host_->share_offer(Verb::ShareUndo, *this, undo_.seat, false, name + " said no");
        undo_cancel(name + " said no");
        return {};
    }
    if (it != undo_.wait.end()) undo_.wait.erase(it);
    if (undo_.wait.empty()) take_back();
    return {};
}

// Everyone agreed: back to the asker's turn (at least one move), saved, then told. The turn
// the undo interrupts is charged: a takeback gives no one time back.
void Table::take_back() {
    const int interrupted = game_.to_move();
    const Millis now = clock_->now();
    const bool charged = pace_.kind == Pace::Kind::Clock && everyone_moved() && row_.deadline &&
                         !ai_level(interrupted);
    Millis& clock = seats_[interrupted].clock;
    const Millis clock_before = clock;
    if (charged) clock = std::max<Millis>(0, row_.deadline - now);
    charge_turn(now);
    Game kept = game_;
    int moves = 0;
    while (game_.can_undo() && (moves == 0 || game_.to_move() != undo_.seat)) moves += game_.undo();
    const Millis deadline = deadline_after(now);
    try {
        store_->transaction([&] {
            store_->remove_moves(row_.id, static_cast<int>(game_.ply()));
            store_->set_deadline(row_.id, deadline);
            if (charged) store_->set_clock(row_.id, interrupted, clock);
        });
    } catch (const std::exception& e) {
        game_ = kept;
        clock = clock_before;
        return undo_cancel(std::string("could not be saved: ") + e.what());
    }
    row_.deadline = deadline;
    undo_ = Undo{};
    host_->position_changed(*this);
    Message m;
    m.verb = Verb::Undone;
    m.count = moves;
    host_->tell(*this, m);
    if (pace_.timed()) host_->tell(*this, clock_line());
    after_move();
}

void Table::undo_cancel(const std::string& why) {
    if (undo_.seat < 0) return;
    undo_ = Undo{};
    host_->tell(*this, net::with_text(Verb::UndoNo, why));
}

void Table::left(int seat, const std::string& why) {
    if (std::find(undo_.wait.begin(), undo_.wait.end(), seat) != undo_.wait.end()) undo_cancel(why);
}

void Table::offer_elsewhere(const Message& m) {
    const int seat = m.seat - 1;
    if (!playing() || game_.players() != 2 || seat < 0 || seat > 1) return;
    const bool draw = m.verb == Verb::ShareDraw;
    if (!m.yes) {
        if (draw && draw_offer_ == seat) draw_lapse(m.text);
        if (!draw && undo_.seat == seat) undo_cancel(m.text);
        return;
    }
    Message ask;
    ask.seat = seat + 1;
    ask.user = row_.seats[static_cast<std::size_t>(seat)].name;
    if (draw) {
        draw_offer_ = seat;
        seats_[static_cast<std::size_t>(seat)].draw_after = game_.moves_made(seat) + 1;
        ask.verb = Verb::DrawAsk;
        return host_->tell(*this, ask);
    }
    // A takeback: the host where the other seat's player is asks them.
    if (!host_->seated_here(*this, 1 - seat) || undo_.seat >= 0) return;
    undo_.seat = seat;
    undo_.wait = {1 - seat};
    ask.verb = Verb::UndoAsk;
    host_->tell(*this, ask);
}

} // namespace halma::club
