// Network play applied to the game and the screen: NetPlay (net_play.hpp) says what happened
// at the other terminals, one action at a time, and the loop plays the moves, takes moves
// back, says who is where and leaves when the game is over for this terminal. What this
// terminal asks of the others (undo, chat, a seat for the computer) goes out through NetPlay.
#include "app/app_state.hpp"

#include "play/words.hpp"
#include "screen/terminal.hpp"

namespace halma::app {

void App::host(std::unique_ptr<net::Rendezvous> dir, std::unique_ptr<net::Host> host) {
    status_.set(net_.host(std::move(dir), std::move(host), cfg_.seats));
}

void App::follow(std::unique_ptr<net::Client> client, Seat my_seat) {
    // Every seat but this terminal's is played elsewhere; the host says by whom.
    cfg_.seats.assign(static_cast<std::size_t>(board_.game.players()), SeatSpec{false, 1, true});
    if (my_seat != kNoSeat) cfg_.seats[my_seat].remote = false;
    status_.coming_to_table();
    net_.join(std::move(client), my_seat, board_.game.players());
}

// Serves the sockets poll() reported on, then does what they brought.
void App::handle_net(const pollfd* fds, std::size_t count) {
    net_.serve(fds, count, board_.game, headers());
    net_actions();
}

// Does what the network has brought, in order.
void App::net_actions() {
    for (NetAction a; !exit_.quit && net_.next(board_.game, a);) apply(a);
}

void App::apply(const NetAction& a) {
    using K = NetAction::Kind;
    switch (a.kind) {
    case K::Play:
        return play_remote(a.move);
    case K::PlayOwn:
        (void)make_move(a.move);
        status_.clear();
        return after_change(true);
    case K::TakeBack: {
        int moves = 0;
        take_back_to(a.seat, moves);
        net_.undone(moves);
        return status_.set("took back " + std::to_string(moves) +
                           " moves: " + play::player_words(a.seat) + " to move");
    }
    case K::Undone:
        board_.anim.reset();
        for (int i = 0; i < a.count && board_.game.can_undo(); ++i) (void)board_.game.undo();
        after_change();
        return status_.set("took back " + std::to_string(a.count) + " moves");
    case K::Say:
        if (a.chat) return status_.chat(a.text, !a.earlier);
        return status_.set(a.text, a.error);
    case K::Turn:
        if (board_.game.to_move() == a.seat && (a.text.empty() || status_.text() == a.text))
            net_turn_status();
        return;
    case K::Ended:
        return club_ended();
    case K::LowTime:
        status_.set(a.text, true);
        if (cfg_.display.bell) screen::ring_bell();
        return;
    case K::Leave:
        if (net_.in_club()) { // the lobby reaches the club again and enters the game again
            back_to_lobby(club_.game.id, club_.game.play);
            return status_.set(printable(a.text) + "; reaching the club again", true);
        }
        exit_.message = "halma: " + printable(a.text);
        return quit(a.count);
    case K::ToLobby:
        back_to_lobby(0, false, {}, true);
        return status_.set(a.text, true);
    }
}

// A move made at another terminal: played and shown as the AI's are.
void App::play_remote(Move m) {
    if (board_.anim) { // the last one is still being shown: finish it first
        board_.anim.reset();
        after_change();
    }
    const Position before = board_.game.position();
    if (!make_move(m)) return;
    status_.clear();
    show_move(before, m);
}

// Takes moves back until it is seat's turn again (at least one move).
void App::take_back_to(Seat seat, int& moves) {
    stop_thinking();
    board_.anim.reset();
    moves = 0;
    while (board_.game.can_undo() && (moves == 0 || board_.game.to_move() != seat))
        moves += board_.game.undo();
    after_change();
}

// Says whose turn it is when this keyboard does not play it.
void App::net_turn_status() {
    const NetPlay::TurnWords turn = net_.turn_words(board_.game);
    if (turn.text.empty()) return;
    // A club game played in one sitting is aborted when a player's first move does not come
    // in time (the computer's seats excepted), a tournament's lost: said while it waits.
    const Seat p = board_.game.to_move();
    const bool first = net_.in_club() && !club_.game.by_days && !board_.game.moves_made(p) &&
                       net_.seat_label(p).rfind("computer", 0) != 0;
    const std::string text =
        turn.text + (!first                  ? ""
                     : club_.game.tournament ? "; no first move in time loses the game"
                                             : "; no first move in time aborts the game");
    if (turn.over_errors || !(status_.is_error() || status_.held())) status_.set(text);
    if (!turn.mine) return;
    board_.place_cursor();
    if (cfg_.display.bell) screen::ring_bell();
}

// U or :undo in a networked game: the others are asked.
void App::net_undo() {
    if (!board_.game.can_undo()) return status_.set("nothing to undo", true);
    // The host takes back to the last turn played at this keyboard.
    Seat seat = kNoSeat;
    if (net_.hosting()) {
        for (std::size_t i = board_.game.ply(); i-- > 0 && seat == kNoSeat;)
            if (seat_is_local(board_.game.mover_at(i))) seat = board_.game.mover_at(i);
        if (seat == kNoSeat) return status_.set("no move of yours to take back", true);
    }
    if (std::string why = net_.ask_undo(seat); !why.empty()) return status_.set(why, true);
    if (net_.following()) return status_.set("asked the others to take back to your last turn");
    net_actions(); // agreed at once when nobody else is there to ask
    if (net_.question().empty() && status_.text().rfind("took back", 0) != 0)
        status_.set("asked the others to agree to take back");
}

void App::answer_question(bool yes) {
    if (net_.asks_draw())
        status_.set(yes ? "you accepted the draw" : "you declined the draw");
    else
        status_.set(yes ? "you agreed to take back" : "you said no");
    net_.answer(yes);
    net_actions();
}

void App::say(const std::string& text) {
    if (std::string why = net_.say(text); !why.empty()) return status_.set(why, true);
    net_actions(); // the host hears itself as the table does
}

// :ai SEAT on the host: a remote seat nobody holds goes to the computer.
void App::give_seat_to_ai(const std::string& arg) {
    if (!net_.hosting()) return status_.set(":ai SEAT is for the host of a networked game", true);
    const Seat seat = seat_of_number(parse_count(arg));
    if (seat < 0 || seat >= board_.game.players())
        return status_.set(":ai takes a seat number, 1 to " + std::to_string(board_.game.players()),
                           true);
    if (std::string e = net_.give_to_ai(seat, cfg_.level); !e.empty()) return status_.set(e, true);
    cfg_.seats[seat] = SeatSpec{true, cfg_.level};
    status_.set(play::player_words(seat) + " is played by the computer now");
    turn_started();
}

} // namespace halma::app
