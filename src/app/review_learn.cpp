// Learning from a game reviewed (l): the positions where a player lost two moves of race or
// more, one after another, as puzzles. The player builds a move there as on the board; the
// race planner judges it (off the loop); a move at most one worse than the best solves the
// puzzle, else the player is told how much it loses and tries again. The puzzles solved are
// kept in the state directory's "learned" file (files/learned.hpp).
#include "app/app_state.hpp"

#include "files/learned.hpp"
#include "files/paths.hpp"
#include "files/record_file.hpp"
#include "play/words.hpp"
#include "screen/terminal.hpp"
#include "think/kept_analysis.hpp"

#include <algorithm>

namespace halma::app {

namespace {

constexpr int kLearnFrom = 2;  // a move that lost this many moves of race or more is a puzzle
constexpr int kGoodEnough = 1; // a try at most this much worse than the best solves it

// The seats whose moves are puzzles: the people's (every seat when the computer played
// them all).
std::vector<bool> learners(const Game& game, const std::vector<SeatSpec>& seats) {
    std::vector<bool> out(static_cast<std::size_t>(game.players()), false);
    bool any = false;
    for (Seat p = 0; p < game.players(); ++p)
        any = any || (out[static_cast<std::size_t>(p)] =
                          p >= static_cast<int>(seats.size()) || !seats[p].ai);
    if (!any) out.assign(out.size(), true);
    return out;
}

} // namespace

Reply ReviewState::start_learning(const Game& game, const std::vector<SeatSpec>& seats, bool door) {
    const think::Analysis& a = judge.analysis();
    if (!a.complete() || a.moves() != review->plies())
        return {"still analysing: l once every move is judged", true};
    Learning fresh;
    const std::vector<bool> who = learners(review->here(), seats);
    for (int i = 0; i < a.moves(); ++i)
        if (who[static_cast<std::size_t>(a.mover(i))] && a.cost(i) >= kLearnFrom)
            fresh.moves.push_back(i);
    if (fresh.moves.empty()) return {"no move lost two moves of race: nothing to learn"};
    // Those solved in an earlier review are marked, and the first unsolved one comes first.
    const std::vector<int> before = learned_before(game, door);
    std::size_t first = fresh.moves.size(), solved = 0;
    for (std::size_t k = 0; k < fresh.moves.size(); ++k) {
        const bool done =
            std::find(before.begin(), before.end(), fresh.moves[k] + 1) != before.end();
        fresh.solved.push_back(done);
        solved += done;
        if (!done && first == fresh.moves.size()) first = k;
    }
    const std::size_t n = fresh.moves.size();
    learn = std::move(fresh);
    learn_puzzle(first == n ? 0 : first);
    if (solved > 0)
        learn->note = std::to_string(solved) + " of " + std::to_string(n) + " solved before" +
                      (solved == n ? ": find them again" : "; here the first unsolved") +
                      ": a move at most one worse than the best";
    return {};
}

void ReviewState::learn_puzzle(std::size_t index) {
    Learning& l = *learn;
    l.index = index;
    review->go_to(l.moves[index]);
    l.position = review->here();
    l.builder.clear();
    l.judging = false;
    l.note = l.solved[index] ? "solved before: find it again, or n the next"
                             : "find a move at most one worse than the best";
}

void App::learn_key(int ch) {
    Learning& l = *review_.learn;
    const play::KeyCodes& codes = screen::key_codes();
    if (status_.prompt_open()) { // a move typed: e4-g6-g8
        const play::LineEdit::State state = status_.prompt().key(ch, codes);
        if (state == play::LineEdit::State::Cancelled) status_.close_prompt();
        if (state != play::LineEdit::State::Done) return;
        status_.close_prompt();
        const ParsedMove pm = parse_move(l.position, status_.prompt().text());
        if (!pm.error.empty()) return status_.set(pm.error, true);
        return status_.error(review_.learn_try(pm.move));
    }
    if (ch == ':') return status_.open_prompt();
    if (ch == codes.mouse) {
        if (screen::clicked_square(board_size(), view_turns(), board_.cursor)) {
            status_.clear();
            tell(review_.learn_choose(board_.cursor));
        }
        return;
    }
    if (ch == 'n' || ch == 'N') {
        const std::size_t n = l.moves.size();
        review_.learn_puzzle((l.index + (ch == 'n' ? 1 : n - 1)) % n);
        return status_.clear();
    }
    if (ch == 'q' || ch == 'l') {
        const int at = l.moves[l.index] + 1;
        review_.learn.reset();
        review_.review->go_to(at);
        return status_.set("back to the review");
    }
    const play::Intent in = play::board_intent(ch, codes);
    switch (in.action) {
    case play::Action::Cursor:
        return board_key(ch); // the cursor moves as on the board
    case play::Action::Choose:
        status_.clear();
        return tell(review_.learn_choose(board_.cursor));
    case play::Action::Back:
        if (!l.builder.back()) status_.set("nothing chosen to take back");
        return;
    case play::Action::Cancel:
        return l.builder.clear();
    case play::Action::Help:
        return open_page(play::Screen::Help);
    default:
        return status_.set("learning: arrows and Enter (or : and the move) make a move, n the "
                           "next, q back",
                           true);
    }
}

Reply ReviewState::learn_choose(Square sq) {
    Learning& l = *learn;
    if (l.judging) return {"judging the move tried...", true};
    const play::ChooseResult r = l.builder.choose(l.position, sq);
    if (r.kind == play::ChooseKind::Refused) return {r.message, true};
    if (r.kind == play::ChooseKind::Played) return {learn_try(r.move), true};
    return {};
}

std::string ReviewState::learn_try(Move m) {
    Learning& l = *learn;
    if (l.judging) return "judging the move tried...";
    l.builder.clear();
    l.tried = l.position;
    l.tried.make(m);
    l.judging = true;
    l.note =
        "judging " + chain_name(l.position.position(), m, l.position.rules().longjumps) + "...";
    judge.judge_try(l.tried);
    return {};
}

int ReviewState::learn_judged() {
    Learning& l = *learn;
    const std::vector<think::SeatRace>* lines = judge.tried();
    if (!l.judging || !lines) return 0;
    l.judging = false;
    const think::Analysis& a = judge.analysis();
    const int i = l.moves[l.index];
    const Seat mover = a.mover(i);
    const Move tried = l.tried.move_at(l.tried.ply() - 1);
    const std::string name = chain_name(l.position.position(), tried, l.position.rules().longjumps);
    const int after = mover < static_cast<int>(lines->size()) ? (*lines)[mover].figure : -1;
    const int before = a.figure(i, mover);
    const int cost = tried == a.best(i)        ? 0
                     : after < 0 || before < 0 ? -1
                                               : std::max(0, after - (before - 1));
    int solved = 0;
    if (cost >= 0 && cost <= kGoodEnough) {
        if (!l.solved[l.index]) solved = i + 1;
        l.solved[l.index] = true;
        l.note = "solved: " + name + (cost == 0 ? " is as good as the best" : " loses 1 move") +
                 "; n: the next";
    } else {
        l.note = name +
                 (cost < 0 ? " leaves no line home"
                           : " loses " + std::to_string(cost) + " moves against the best") +
                 ": try again";
    }
    return solved;
}

void ReviewState::fill_learning(play::Scene& s) const {
    const Learning& l = *learn;
    const think::Analysis& a = judge.analysis();
    const int i = l.moves[l.index];
    std::size_t solved = 0;
    for (bool b : l.solved) solved += b;
    s.game = &l.position;
    s.shown = l.position.position();
    s.marks.last_path.clear();
    s.marks.building = l.builder.path();
    s.marks.next = l.builder.next_marks(l.position);
    s.marks.ends = l.builder.end_marks(l.position);
    s.marks.hint_path.clear();
    if (l.solved[l.index]) // the best move, once found or matched
        s.marks.hint_path =
            move_path(l.position.position(), a.best(i), l.position.rules().longjumps);
    s.review.learning = true;
    s.review.where = "learn " + std::to_string(l.index + 1) + " of " +
                     std::to_string(l.moves.size()) + " (" + std::to_string(solved) + " solved)";
    s.review.move = play::capitalised(play::player_words(a.mover(i))) + " to move; played " +
                    s.moves.lines[static_cast<std::size_t>(i)] + ", -" + std::to_string(a.cost(i));
    s.review.cost = l.note;
    s.review.costly = false;
    s.review.chart.clear();
    s.review.costliest.clear();
    s.review.costliest_seats.clear();
}

std::vector<int> ReviewState::learned_before(const Game& game, bool door) {
    std::string err, text;
    const std::string dir = door ? "" : files::state_dir(err);
    if (dir.empty() || !files::read_file(files::learned_path(dir), text).empty()) return {};
    return files::solved_moves(text, think::game_key(game));
}

Reply ReviewState::keep_learned(const Game& game, int move, bool door) {
    if (door) return {}; // the door's account keeps nothing for a key
    std::string err, text;
    const std::string dir = files::ready_state_dir(err);
    if (dir.empty()) return {"the puzzle solved is not kept: " + err, true};
    const std::string path = files::learned_path(dir);
    (void)files::read_file(path, text); // none yet: a new file
    err = files::write_file_atomically(path, files::with_solved(text, think::game_key(game), move));
    if (!err.empty()) return {"the puzzle solved is not kept: " + err, true};
    return {};
}

} // namespace halma::app
