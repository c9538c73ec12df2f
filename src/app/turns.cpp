// The game at the board (BoardPlay: its move list and marks, the cursor, a move shown hop by
// hop), and the turn: a square chosen on the board (play/chain_builder.hpp builds the move),
// every move made here through one function, the computer's moves and hints on the worker,
// undo and redo, and what follows a change of the game: the next turn or the game's end.
#include "app/app_state.hpp"

#include "halma/solo/figures.hpp"
#include "play/words.hpp"
#include "screen/terminal.hpp"
#include "screen/theme.hpp"

#include <algorithm>
#include <cstdio>

namespace halma::app {

using play::player_words;

// --- The game at the board ---

void BoardPlay::replace(Game g) { *this = BoardPlay(std::move(g)); }

void BoardPlay::rebuild_history() {
    constexpr std::size_t kListed = 30; // more than the tallest panel shows
    moves = review::move_list(game, kListed);
    last_path = review::last_path(game);
}

void BoardPlay::place_cursor() {
    const Seat owner = game.owner_to_move();
    const Bitboard pieces = game.position().pieces(owner);
    const Square aim = game.camps().target[owner].first();
    if (game.puzzle() || aim == kNoSquare) {
        if (pieces.any()) cursor = pieces.first();
        return;
    }
    Square best = kNoSquare;
    int best_d = 99;
    for_each_square(pieces, [&](Square sq) {
        const int d = king_distance(sq, aim);
        if (d < best_d) best_d = d, best = sq;
    });
    if (best != kNoSquare) cursor = best;
}

bool BoardPlay::show(const Position& before, Move m) {
    const std::vector<Square> path = move_path(before, m, game.rules().longjumps);
    if (path.size() < 2 || (path.size() == 2 && king_distance(path[0], path[1]) <= 1))
        return false; // a step: nothing to show hop by hop
    Animation a;
    a.before = before;
    a.path = path;
    a.frame_ms = std::min(120, 720 / static_cast<int>(path.size()));
    a.next = Clock::now() + std::chrono::milliseconds(a.frame_ms);
    anim = a;
    builder.clear();
    rebuild_history();
    return true;
}

bool BoardPlay::step(Clock::time_point now) {
    if (!anim || now < anim->next) return false;
    if (++anim->shown + 1 >= anim->path.size()) {
        anim.reset();
        return true;
    }
    anim->next += std::chrono::milliseconds(anim->frame_ms);
    return false;
}

int BoardPlay::next_hop_ms(Clock::time_point now) const {
    if (!anim) return -1;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(anim->next - now).count();
    return left < 0 ? 0 : static_cast<int>(left);
}

// --- The turn ---

// At the start of a game: the cursor where the first person to play will want it (their
// home camp, when the computer moves first).
void App::cursor_to_first_human() {
    board_.place_cursor();
    if (seat_is_local(board_.game.to_move())) return;
    for (Seat p = 0; p < board_.game.players(); ++p)
        if (seat_is_local(p)) {
            board_.cursor = board_.game.camps().home[p].first();
            return;
        }
}

// Whatever follows a change of the game: history, marks, and the next turn, or the end
// (by_move: a move was just played here, so a solved puzzle is scored).
void App::after_change(bool by_move) {
    // A hint still being looked for is for a position that is gone.
    if (worker_.busy() && worker_.purpose() == kForHint) worker_.cancel();
    board_.builder.clear();
    board_.hint_path.clear();
    board_.rebuild_history();
    const int size = board_size();
    if (file_of(board_.cursor) >= size || rank_of(board_.cursor) >= size) board_.place_cursor();
    if (!board_.game.over()) {
        // A figure puzzle says at once when a move has put the figure out of reach.
        if (const std::string why = solo::out_of_reach(board_.game); by_move && !why.empty())
            status_.set(play::capitalised(why) + ".  U undoes", true);
        return turn_started(by_move);
    }
    game_over();
    if (!by_move) return;
    // A joined or watched game is its host's: not counted here.
    Standing::Said said;
    if (board_.game.puzzle() && board_.game.result().outcome == Outcome::Won)
        said = standing_.record_solve(board_.game);
    else if (!board_.game.puzzle() && !net_.following())
        said = standing_.record_stats(board_.game, cfg_.seats);
    if (!said.status.empty()) status_.set(said.status, said.error);
    if (!said.on_leaving.empty()) exit_.message = said.on_leaving;
}

// Says how the game ended, in the game-over box over the board and on the status line; a
// finished game no longer needs its autosave.
void App::game_over() {
    if (places_.resumed && places_.autosave_ours && !places_.autosave_file.empty())
        std::remove(places_.autosave_file.c_str());
    meters_.clocks.stop(play::SeatClocks::Clock::now());
    if (screen_ == play::Screen::Board || screen_ == play::Screen::Confirm)
        screen_ = play::Screen::Over;
    const play::OverView o = over_view();
    if (const Puzzle* p = board_.game.puzzle(); p && !o.reason.empty())
        return status_.set(o.result + ": " + goal_shortfall(*p, board_.game.position().pieces(0)));
    if (board_.game.puzzle()) return status_.set(o.result);
    status_.set("Game over: " + o.result + (o.reason.empty() ? "" : ". " + o.reason));
}

// A turn begins: its seat's clock runs, the AI starts, a pass is played for a player with no
// move, a human is told (after_move: a move has just been made).
void App::turn_started(bool after_move) {
    if (board_.game.over() || board_.anim) return;
    meters_.clocks.start(board_.game.to_move(), play::SeatClocks::Clock::now());
    if (net_.following()) return net_turn_status(); // the host plays passes, says whose turn
    const Seat p = board_.game.to_move();
    if (seat_is_ai(p)) return start_ai_if_needed();
    if (board_.game.must_pass()) {
        status_.set(play::capitalised(player_words(p)) + " has no move and passes");
        (void)make_move(Move::pass());
        return after_change(true);
    }
    if (net_.hosting() && !seat_is_local(p)) return net_turn_status();
    tell_turn(after_move);
}

// Tells the person here that it is their turn: several people at this keyboard by name and
// where the one to move goes; one person, when it has become their turn after another's
// move, with that move (once they have moved themselves: before, the status line keeps what
// the start said of where they go), and the bell when asked for.
void App::tell_turn(bool after_move) {
    const Seat p = board_.game.to_move();
    const std::size_t n = board_.game.ply();
    const bool other_moved = after_move && n > 0 && board_.game.mover_at(n - 1) != p &&
                             !seat_is_local(board_.game.mover_at(n - 1));
    if (human_count() > 1) {
        if (status_.text().empty() || !(status_.is_error() || status_.held()))
            status_.set(play::capitalised(player_words(p)) + "'s turn (" +
                        screen::player_glyph(p, term_.style) + "), to " +
                        play::target_words(board_.game, p, view_turns()));
        board_.place_cursor();
    } else if (other_moved && !status_.is_error() && !status_.held() &&
               board_.game.moves_made(p) > 0) {
        const std::string& last = board_.moves.lines.back();
        status_.set("Your turn; " + player_words(board_.game.mover_at(n - 1)) +
                    (board_.game.move_at(n - 1).is_pass()
                         ? " passed"
                         : " played " + last.substr(last.find(' ') + 1)));
    }
    if (other_moved && cfg_.display.bell && seat_is_local(p)) screen::ring_bell();
}

// Starts the AI thinking when it is an AI seat's turn and nothing else is going on.
void App::start_ai_if_needed() {
    if (board_.game.over() || board_.anim || worker_.busy() || !seat_is_ai(board_.game.to_move()))
        return;
    ai::Limits lim;
    lim.level = cfg_.seats[board_.game.to_move()].level;
    lim.movetime_ms = cfg_.movetime_ms;
    lim.seed = cfg_.seed + board_.game.ply();
    lim.repeatable = cfg_.seed_given;
    worker_.start(board_.game, lim, kForMove);
}

// The worker has a move: play it (animated) or show it as a hint.
void App::ai_finished() {
    const int purpose = worker_.purpose();
    const solo::Hint hint = worker_.finish();
    if (purpose == kForHint) return show_hint(hint);
    const Move m = hint.move;
    if (!board_.game.is_legal(m))
        return status_.set("the AI chose an illegal move " + move_name(m) + "; please report it",
                           true);
    const Position before = board_.game.position();
    if (make_move(m)) show_move(before, m);
}

// Plays a move of the seat to move, whoever chose it (a person here, the AI, a pass, another
// terminal), and tells the others in a hosted game. False when it is not legal (nothing
// changes).
bool App::make_move(Move m) {
    const Position before = board_.game.position();
    const Seat mover = board_.game.to_move();
    if (!board_.game.play(m)) return false;
    net_.moved(board_.game, mover, chain_name(before, m, board_.game.rules().longjumps));
    return true;
}

// Shows a move made elsewhere (the AI, another terminal) hop by hop when it hops, then
// goes on to the next turn.
void App::show_move(const Position& before, Move m) {
    if (!board_.show(before, m)) after_change(true);
}

// Shows a hint: its move marked, or in a puzzle whose goal is proved out of reach, why. A
// game given a hint is kept apart in the record against the computer, undone or not; the
// first hint says so.
void App::show_hint(const solo::Hint& hint) {
    if (!hint.out_of_reach.empty())
        return status_.set("hint: " + hint.out_of_reach + ".  U undoes", true);
    const Move m = hint.move;
    if (m.is_pass() || m.is_none()) return status_.set("hint: no move found", true);
    board_.hint_path = move_path(board_.game.position(), m, board_.game.rules().longjumps);
    board_.cursor = m.from();
    std::string note;
    if (!board_.game.puzzle() && !standing_.hints_used) {
        standing_.hints_used = true;
        const bool one_against_computer =
            human_count() == 1 && std::all_of(cfg_.seats.begin(), cfg_.seats.end(),
                                              [](const SeatSpec& s) { return !s.remote; });
        if (one_against_computer && !board_.game.from_setup())
            note = "; your record keeps this game apart, with hints";
    }
    status_.set(
        "hint: " + play::path_name(board_.hint_path) + " (marked ?)" +
        (board_.game.puzzle() && !hint.on_a_line ? "; no way to the goal found in time" : "") +
        note);
}

// Plays a person's move made here, keeping the exact chain they built for the mark; a joined
// player's move goes to the host, which plays it and sends it back.
void App::play_here(Move m, std::vector<Square> path) {
    if (!board_.game.is_legal(m)) return status_.set("illegal move " + move_name(m), true);
    if (net_.following()) {
        const bool sent =
            net_.send_move(chain_name(board_.game.position(), m, board_.game.rules().longjumps));
        board_.builder.clear();
        if (sent) return status_.hint("move sent");
        return status_.set("the host is gone", true);
    }
    (void)make_move(m);
    status_.clear();
    after_change(true);
    if (path.size() >= 2) board_.last_path = std::move(path);
}

// Chooses the square under the cursor (Enter, Space or a click).
void App::choose_square(Square sq) {
    board_.hint_path.clear();
    if (board_.game.over() && net_.in_club())
        return status_.set("the game is over: r review, q back to the lobby");
    if (board_.game.over())
        return status_.set(std::string(board_.game.puzzle() ? "the puzzle" : "the game") +
                           " is over: N new game, U undo, r review, q quit");
    if (!humans_turn()) return status_.set(wait_words());
    const play::ChooseResult r = board_.builder.choose(board_.game, sq);
    if (r.kind == play::ChooseKind::Played)
        play_here(r.move, r.path);
    else
        show_choice(r, sq);
}

// Why a move cannot be made here now: another seat's turn, a move already sent, or this
// terminal only watches.
std::string App::wait_words() const {
    if (club_.game.archived) return "an archived game is only looked at: q goes back to the lobby";
    if (net_.ended()) return "the game is over: q goes back to the lobby";
    if (net_.watching()) return "you are watching";
    if (net_.move_sent()) return "wait: your move is on its way to the host";
    const Seat p = board_.game.to_move();
    std::string who = net_.seat_label(p);
    if (who.empty()) who = seat_is_ai(p) ? "computer" : "human";
    return "wait: it is " + player_words(p) + "'s turn (" + who + ")";
}

// Undo back to the previous turn of a human (the AI replies go with it).
void App::undo_to_human() {
    if (net_.active()) return net_undo();
    stop_thinking();
    board_.anim.reset();
    if (!board_.game.can_undo()) {
        status_.set("nothing to undo", true);
        return after_change();
    }
    board_.game.undo();
    while (human_count() > 0 && board_.game.can_undo() && seat_is_ai(board_.game.to_move()))
        board_.game.undo();
    status_.set(board_.game.puzzle()
                    ? "undone: " + std::to_string(board_.game.ply()) + " moves made (R redoes)"
                    : "undone: " + player_words(board_.game.to_move()) + " to move (R redoes)");
    after_change();
}

// Redo forward to the next human turn (or as far as the redo list goes).
void App::redo_to_human() {
    if (net_.active()) return status_.set("redo is not played in a networked game", true);
    stop_thinking();
    board_.anim.reset();
    if (!board_.game.can_redo()) return status_.set("nothing to redo", true);
    board_.game.redo();
    while (human_count() > 0 && board_.game.can_redo() && seat_is_ai(board_.game.to_move()) &&
           !board_.game.over())
        board_.game.redo();
    status_.set("redone");
    after_change(true);
}

// Asks the computer what the human to move should play: the AI at its strongest in a game,
// the solver in a puzzle; it thinks on the worker, so the screen stays live.
void App::hint() {
    if (between_people()) {
        const bool watching = (net_.following() && net_.my_seat() == kNoSeat) ||
                              (club_.game.id != 0 && !club_.game.play);
        return status_.set(watching ? "no hints for a watcher of a game between people"
                                    : "no hints in a game between people",
                           true);
    }
    if (worker_.busy()) return status_.set("still thinking", true);
    if (board_.game.over())
        return status_.set(board_.game.puzzle() ? "the puzzle is over" : "the game is over", true);
    if (!humans_turn()) return status_.set("a hint is for a human's turn", true);
    ai::Limits lim;
    lim.level = ai::kMaxLevel;
    lim.movetime_ms = cfg_.movetime_ms;
    lim.seed = cfg_.seed + board_.game.ply();
    lim.repeatable = cfg_.seed_given;
    worker_.start(board_.game, lim, kForHint);
    status_.hint("looking for a hint...");
}

// Says on the status line what choosing sq did to the move being built; a move that the
// choice completed is played by the caller.
void App::show_choice(const play::ChooseResult& r, Square sq) {
    using K = play::ChooseKind;
    switch (r.kind) {
    case K::Played:
        break;
    case K::Refused:
        status_.set(r.message, true);
        break;
    case K::Selected:
        status_.hint("selected " + square_name(sq) + ": choose where to go (+ first step or hop)");
        break;
    case K::Hopped:
        if (!r.message.empty()) return status_.set(r.message, true);
        status_.hint(play::path_name(board_.builder.path()) + ": hop on, or choose " +
                     square_name(sq) + " again to end");
        break;
    case K::Deselected:
        status_.hint(r.message);
        break;
    }
}

} // namespace halma::app
