// The frame: the scene filled from the parts (the game, the board's marks or the move being
// animated, the status line, the network, the form, the race meter, the game-over box, a
// review, a page) and handed to the screen to draw.
#include "app/app_state.hpp"

#include "club/listing.hpp"
#include "files/paths.hpp"
#include "play/help.hpp"
#include "play/words.hpp"
#include "screen/draw.hpp"

#include <algorithm>
#include <ctime>

namespace halma::app {

namespace {
// Under this the time left for a first move takes the warning's colour.
constexpr long long kFirstMoveLowMs = 10000;
} // namespace

using play::MessageLog;
using play::Screen;

Seat App::you() const {
    if (net_.following()) return net_.my_seat();
    Seat only = kNoSeat;
    for (Seat p = 0; p < static_cast<int>(cfg_.seats.size()); ++p)
        if (seat_is_local(p)) {
            if (only != kNoSeat) return kNoSeat;
            only = p;
        }
    return only;
}

// The side of the person at this terminal at the bottom left (own; seat 1's when several
// people share this keyboard, or none plays here); under mover, with no one person here,
// the side of whoever plays at this keyboard on their turn (of every player, to a watcher);
// under fixed, seat 1's always. Then as far as f has turned it.
int App::view_turns() const {
    using settings::Orientation;
    const Orientation way = cfg_.display.orientation;
    Seat side = way == Orientation::Fixed || board_.game.puzzle() ? kNoSeat : you();
    if (side == kNoSeat && way == Orientation::Mover && !board_.game.puzzle()) side = mover_side();
    const int own =
        side == kNoSeat ? 0 : settings::turns_for(seat_camps(board_.game.rules(), side).home);
    return (own + board_.turned) % 4;
}

// The seat to move when it is played here (any seat, to a watcher), else the last one played
// here that moved.
Seat App::mover_side() const {
    const std::size_t n = board_.game.ply();
    for (std::size_t i = n + 1; i-- > 0;) {
        const Seat p = i == n ? board_.game.to_move() : board_.game.mover_at(i);
        if (net_.watching() || seat_is_local(p)) return p;
    }
    return kNoSeat;
}

// The panel beside the board for the game shown (in a review, as it stood then).
play::PanelView App::panel(const Game& shown) const {
    play::PanelView v;
    v.you = you();
    v.networked = net_.active();
    v.watching = net_.watching();
    v.club = net_.in_club();
    v.watchers = net_.watchers();
    v.thinking = worker_.busy() && worker_.purpose() == kForMove ? board_.game.to_move() : kNoSeat;
    v.seat_labels = net_.labels();
    if (v.seat_labels.empty() && !net_.active()) v.seat_labels = seat_names();
    v.line = net_.line();
    if (v.line.empty() && places_.saved_game_waits && board_.game.ply() == 0)
        v.line = "a saved game waits: halma --resume";
    if (net_.active() || club_.game.archived)
        for (const MessageLog::Entry& e : status_.log().chat(kChatLines)) v.chat.push_back(e.text);
    v.race_on = meters_.race.on() && !shown.puzzle();
    if (std::vector<int> judged = review_.figures(); !judged.empty())
        v.race = std::move(judged);
    else if (const std::vector<int>* race = meters_.race.numbers(shown))
        v.race = *race;
    v.figures_found = standing_.figures_found;
    v.standing = standing_.words;
    if (net_.in_club()) v.result = net_.club_ending().words;
    club_clocks(v);
    return v;
}

// A timed club game's clocks as this terminal's copy has them now.
void App::club_clocks(play::PanelView& v) const {
    const ClockCopy& c = net_.clocks();
    if (!net_.in_club() || c.ms.empty() || board_.game.over()) return;
    const auto now = ClockCopy::Clock::now();
    if (club_.game.by_days) {
        if (c.running != kNoSeat) {
            const long long left = c.left(c.running, now) / 1000;
            const std::time_t wall = std::time(nullptr);
            v.due = play::due_words(wall + left, wall) + ", " + club::time_left(left) + " left";
        }
        return;
    }
    v.clock_running = c.running;
    for (Seat p = 0; p < static_cast<int>(c.ms.size()); ++p) {
        const long long left = c.left(p, now);
        // The time for a first move, in the warning's colour under ten seconds.
        const bool first = c.first && p == c.running;
        v.clocks.push_back((first ? "first move " : "") + play::clock_face(left));
        v.clock_low.push_back(left < (first ? kFirstMoveLowMs : c.low_ms));
    }
}

// The game-over box: the result to the person here, the rule that ended it, each player's
// moves and time, and the standing against the computer.
play::OverView App::over_view() const {
    play::OverView o;
    const Seat me = you();
    const auto now = play::SeatClocks::Clock::now();
    const ClubEnding& club = net_.club_ending();
    if (net_.in_club()) { // the club's keys, and its words once they come (names keep case)
        o.club = true;
        o.rematch = !club_.game.rematch.empty();
        o.result = club.words.empty() ? play::result_words(board_.game, me) : club.words;
        o.reason = board_.game.ending().rule >= Ending::Rule::Resigned
                       ? ""
                       : play::ending_words(board_.game, me, view_turns());
    } else if (const Puzzle* p = board_.game.puzzle()) {
        const int moves = static_cast<int>(board_.game.ply());
        if (board_.game.result().outcome == Outcome::Won) {
            o.result = play::solved_words(*p, moves);
        } else {
            o.result = "Failed after " + std::to_string(moves) + " moves" +
                       (board_.game.ending().rule == Ending::Rule::MoveLimit ? " (the limit)"
                                                                             : " (no move left)");
            o.reason = play::capitalised(goal_shortfall(*p, board_.game.position().pieces(0)));
        }
    } else {
        o.result = play::result_words(board_.game, me);
        o.reason = play::ending_words(board_.game, me, view_turns());
    }
    const std::vector<std::string> names = net_.active() ? review_.names : seat_names();
    for (Seat p = 0; p < board_.game.players(); ++p) {
        std::string who = play::who_words(p, me), short_who;
        std::string label = net_.seat_label(p);
        if (label.empty() && p < static_cast<int>(names.size())) label = names[p];
        if (o.club && !label.empty()) // a club's players go by their names
            who = label + (p == me ? " (you)" : "");
        else if (!label.empty() && p != me)
            who += " (" + label + ")";
        else if (seat_is_ai(p)) {
            const std::string level = "level " + std::to_string(cfg_.seats[p].level) + ")";
            short_who = who + " (" + level;
            who += " (computer, " + level;
        }
        std::string rating;
        if (o.club && p < static_cast<int>(club.ratings.size()) && club.ratings[p].first > 0) {
            const auto [before, after] = club.ratings[p];
            const int d = after - before;
            rating = std::to_string(before) + " -> " + std::to_string(after) + " (" +
                     (d >= 0 ? "+" : "") + std::to_string(d) + ")";
        }
        // A club game's times as its server counted them, the same at every terminal.
        const ClockCopy& c = net_.clocks();
        const long seconds = net_.in_club() && !c.used_ms.empty()
                                 ? static_cast<long>((c.used(p, now) + 500) / 1000)
                                 : meters_.clocks.seconds(p, now);
        o.rows.push_back(
            {p, who, short_who, board_.game.moves_made(p), play::clock_words(seconds), rating});
    }
    o.standing = standing_.words;
    return o;
}

// A page's lines: the help's page, the message log, or the saves listed.
void App::fill_page(play::Scene& s) const {
    play::PageView& page = s.page;
    if (screen_ == Screen::Help) {
        const play::HelpPage help =
            pages_.back == Screen::Review && review_.review
                ? play::review_help_page(pages_.help_page, review_.review->here(),
                                         review_.leaving_quits)
                : play::help_page(
                      pages_.help_page, board_.game,
                      {screen::chain_end_mark(term_.style), screen::path_mark(term_.style)},
                      !between_people(), net_.in_club(), net_.watching());
        page.title = help.title;
        page.lines = help.lines;
        page.keys = pages_.back == Screen::Review
                        ? "Tab or left/right turn the page  Esc, q or ? back to the review"
                        : "Tab or left/right turn the page  Esc, q or ? back to the game";
    } else if (screen_ == Screen::Log && !pages_.text.empty()) {
        page.title = pages_.text.front();
        page.lines.assign(pages_.text.begin() + 1, pages_.text.end());
        page.back = pages_.log_back;
        page.keys = "up/down scroll  PgUp/PgDn page  Esc back";
    } else if (screen_ == Screen::Log) {
        page.title = "Messages (the last " + std::to_string(MessageLog::kMax) + ")";
        for (const MessageLog::Entry& e : status_.log().entries()) {
            page.lines.push_back(e.time + " " + e.text);
            page.marked.push_back(e.kind == MessageLog::Kind::Error);
        }
        if (page.lines.empty()) page.lines.push_back("Nothing has been said yet.");
        page.back = pages_.log_back;
        page.keys = "up/down scroll  PgUp/PgDn page  Esc back";
    } else if (screen_ == Screen::Saves) {
        std::string err;
        page.title = "Saved games in " + files::saves_dir(err);
        std::size_t name_w = 0;
        for (const files::SaveEntry& e : pages_.saves) name_w = std::max(name_w, e.name.size());
        name_w = std::min<std::size_t>(name_w, 24);
        for (const files::SaveEntry& e : pages_.saves) {
            std::string name = e.name;
            if (name.size() < name_w) name.resize(name_w, ' ');
            page.lines.push_back(name + "  " + files::local_time(e.when, "%Y-%m-%d %H:%M") + "  " +
                                 e.about);
            page.marked.push_back(!e.readable);
        }
        if (page.lines.empty()) page.lines.push_back("No saved games yet: :save NAME keeps one.");
        page.selected = pages_.saves.empty() ? -1 : pages_.chosen;
        page.keys = "up/down choose  Enter load  Esc back";
    }
}

play::Scene App::scene() const {
    play::Scene s;
    s.screen = screen_;
    const Game& shown = shown_game();
    s.game = &shown;
    s.seats = cfg_.seats;
    s.view_turns = view_turns();
    s.marks.cursor = board_.cursor;
    if (screen_ == Screen::Review && review_.review) {
        const review::Review& r = *review_.review;
        s.shown = shown.position();
        s.marks.last_path = r.path();
        s.moves = r.moves();
        s.review.where = r.where_words();
        s.review.current = r.at() - 1;
        if (r.at() > 0)
            s.review.move = play::capitalised(play::player_words(s.moves.movers[r.at() - 1])) +
                            ": " + s.moves.lines[r.at() - 1];
        s.review.leaving_quits = review_.leaving_quits;
        s.review.can_play_on = !net_.active();
        review_.fill(s);
        if (review_.learn) review_.fill_learning(s);
    } else if (board_.anim) {
        s.shown = board_.anim->before;
        const Square from = board_.anim->path.front(), at = board_.anim->path[board_.anim->shown];
        if (at != from) {
            const int p = s.shown.at(from);
            s.shown.remove(from);
            s.shown.put(at, p);
        }
        s.marks.last_path.assign(board_.anim->path.begin(),
                                 board_.anim->path.begin() + board_.anim->shown + 1);
        s.moves = board_.moves;
    } else {
        s.shown = board_.game.position();
        s.marks.last_path = board_.last_path;
        s.marks.building = board_.builder.path();
        s.marks.next = board_.builder.next_marks(board_.game);
        s.marks.ends = board_.builder.end_marks(board_.game);
        s.marks.hint_path = board_.hint_path;
        s.moves = board_.moves;
    }
    s.status.text = status_.text();
    s.status.error = status_.is_error();
    s.status.whole = status_.whole();
    s.status.prompt_open = status_.prompt_open();
    s.status.prompt = status_.prompt().text();
    s.status.choices = status_.choices();
    s.status.question = screen_ == Screen::Confirm ? pages_.question.text
                        : screen_ == Screen::Lobby ? club_.question()
                                                   : net_.question();
    if (form_) {
        for (int i = 0; i < form_->rows(); ++i)
            s.form.lines.push_back({form_->label(i), form_->value(i), !form_->applies(i)});
        s.form.row = form_->row();
        s.form.description = form_->describe(form_->row());
        s.form.sides = form_->sides();
        s.form.note = form_->note();
    }
    s.panel = panel(shown);
    if (screen_ == Screen::Over)
        s.over = over_view();
    else
        s.over.club = net_.in_club() && board_.game.over(); // the key bar's keys are the club's
    fill_page(s);
    if (club_.lobby && screen_ == Screen::Lobby) {
        s.lobby = club_.lobby->view();
        s.lobby.door = places_.door;
    }
    return s;
}

// Draws the whole frame into curses' buffer and sends what changed, once; the race meter is
// asked for the numbers of the position shown (work starts only for a position not seen),
// except in the review, whose analysis judges every position (the meter's work would be
// the same figures twice, and would go on after the review has them all).
void App::render() {
    if (review_.review)
        meters_.race.rest();
    else
        meters_.race.want(shown_game());
    screen::show(scene(), term_.style);
}

} // namespace halma::app
