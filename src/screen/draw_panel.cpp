// The side panel (the players with their pieces home, moves and moves to go, whose turn, where
// the person here goes, the leave-home warnings, how many watch, the chat, the last moves; a
// puzzle's score; in a review, where it stands and every move) and the two lines under the
// board (the status or the prompt, and the keys: a watcher's are a watcher's).
#include "screen/draw_parts.hpp"

#include "play/words.hpp"
#include "review/chart.hpp"
#include "think/race.hpp"

#include <algorithm>
#include <cstdio>

namespace halma::screen {

using play::PanelView;
using play::ReviewView;

// The review's chart: its rows (a title and the cells), and the fewest worth drawing.
constexpr int kChartRows = 7;
constexpr int kChartRowsLeast = 4;

namespace {

// The computer's seat at a level, shorter for each step of squeeze: "computer, level 3",
// "level 3", "L3".
constexpr const char* kComputerLevel = "computer, level ";
std::string computer_words(const std::string& level, int squeeze) {
    return (squeeze == 0 ? kComputerLevel : squeeze == 1 ? "level " : "L") + level;
}

// The seat in a few words: "you", the computer's (see computer_words), "human", the name
// given to the person there, or who sits there in a networked game ("bob", "bob (you)" for
// this terminal's seat; the computer's as the host names it).
std::string seat_name(const Scene& s, int p, int squeeze = 0) {
    const PanelView& v = s.panel;
    if (p < static_cast<int>(v.seat_labels.size()) && !v.seat_labels[p].empty()) {
        const std::string& label = v.seat_labels[p];
        const std::size_t prefix = std::char_traits<char>::length(kComputerLevel);
        if (label.compare(0, prefix, kComputerLevel) == 0)
            return computer_words(label.substr(prefix), squeeze);
        return label + (v.networked && p == v.you ? " (you)" : "");
    }
    if (p == v.you) return "you";
    if (p >= static_cast<int>(s.seats.size())) return "?";
    if (!s.seats[p].ai) return "human";
    return computer_words(std::to_string(s.seats[p].level), squeeze);
}

// What the race meter says of a player: its moves to go, "done", "out", "?" when no line
// home was found, "..." while the numbers for this position are being worked out.
std::string race_text(const Scene& s, int p) {
    const PanelView& v = s.panel;
    if (s.game->finished(p)) return "done";
    if (s.game->dropped(p)) return "out";
    if (v.race.empty()) return "...";
    const int n = v.race[p];
    return n == think::kRaceOut ? "out" : n < 0 ? "?" : std::to_string(n);
}

// The glyph of player p at (y, x), in its colour.
void put_glyph(int y, int x, int p, const Style& st) {
    attrset(player_attr(p, st));
    mvaddstr(y, x, player_glyph(p, st));
    attrset(A_NORMAL);
}

// The side panel of a puzzle: its title, the score so far against par and limit, how it
// stands, and the last moves.
void draw_solo_panel(const Scene& s, const Layout& l, const Style& st) {
    const Game& g = *s.game;
    const Puzzle& p = *g.puzzle();
    const int moves = static_cast<int>(g.ply());
    const int x = l.panel_x, w = l.panel_w;
    int y = l.board_y;
    attrset(A_BOLD);
    put_words(y++, x, "SOLITAIRE  " + p.name, w, st);
    attrset(A_NORMAL);
    y += put_wrapped(y, x, p.title, w, 2, st);
    attrset(A_BOLD);
    switch (g.result().outcome) {
    case Outcome::Won: {
        put_words(y++, x, "Solved in " + std::to_string(moves) + " moves", w, st);
        if (p.par > 0) put_words(y++, x, play::par_words(p.par, moves), w, st);
        break;
    }
    case Outcome::Playing:
        put_words(y++, x, "Playing", w, st);
        break;
    default:
        put_words(y++, x, "Failed after " + std::to_string(moves) + " moves", w, st);
        break;
    }
    attrset(A_NORMAL);
    ++y;
    put_glyph(y, x, 0, st);
    put_words(y++, x + 2, "moves " + std::to_string(moves), w - 2, st);
    put_words(y++, x + 2, p.par > 0 ? "par   " + std::to_string(p.par) : "par   unknown", w - 2,
              st);
    if (p.limit > 0) put_words(y++, x + 2, "limit " + std::to_string(p.limit), w - 2, st);
    if (p.goal == GoalKind::Fill)
        put_words(y++, x + 2,
                  "goal  " + std::to_string((s.shown.pieces(0) & p.goal_squares).count()) + "/" +
                      std::to_string(p.goal_squares.count()) + " filled",
                  w - 2, st);
    // The old books' test of a fair player: fifty different figures.
    if (s.panel.figures_found >= 0)
        put_words(y++, x + 2, "figures found: " + std::to_string(s.panel.figures_found) + " of 50",
                  w - 2, st);
    ++y;
    put_words(y++, x, "Last moves:", w, st);
    const int room = l.status_y - 1 - y;
    const int n = static_cast<int>(s.moves.lines.size());
    for (int i = std::max(0, n - room); i < n; ++i)
        put_words(y++, x + 3, s.moves.lines[i], w - 3, st);
}

// The panel's first line: the game and, with partners, its sides.
std::string title_line(const Game& g, const std::string& head, int w, bool unicode) {
    const std::string size = std::to_string(g.rules().size) + "x" + std::to_string(g.rules().size);
    const std::string sides = g.rules().partners == Partners::Opposite   ? ", 1+3 v 2+4"
                              : g.rules().partners == Partners::Adjacent ? ", 1+2 v 3+4"
                                                                         : "";
    return first_fitting(
        {head + "  " + size + ", " + std::to_string(g.players()) + " players" + sides,
         head + " " + size + ", " + std::to_string(g.players()) + "p" + sides},
        w, unicode);
}

// Whose turn it is, or how the game ended, in the words of the person here.
std::string turn_line(const Scene& s, int w, bool unicode) {
    const Game& g = *s.game;
    if (g.over() && !s.panel.result.empty()) return "Game over: " + s.panel.result;
    const Ending::Rule rule = g.ending().rule;
    if (g.concluded() && rule != Ending::Rule::Agreement && rule != Ending::Rule::Aborted)
        return "Game over: " + play::ending_words(g, s.panel.you, s.view_turns);
    if (g.over()) return "Game over: " + play::result_words(g, s.panel.you);
    const int p = g.to_move();
    if (p == s.panel.you) return "Your turn";
    // Short of room the players' table below says who sits there.
    const std::string mover = "Player " + std::to_string(p + 1) + " to move";
    return first_fitting(
        {mover + " (" + seat_name(s, p) + ")", mover + " (" + seat_name(s, p, 1) + ")", mover}, w,
        unicode);
}

// The move list from row y down to the status line, each line after the glyph of its mover:
// in a review around `current` (highlighted; -1, the start), elsewhere the newest lines.
void draw_move_list(const Scene& s, const Layout& l, const Style& st, int y, int current) {
    const int x = l.panel_x, w = l.panel_w;
    const int room = l.status_y - 1 - y;
    const int n = static_cast<int>(s.moves.lines.size());
    if (room <= 0) return;
    int first = std::max(0, n - room);
    if (s.screen == Screen::Review) // the move shown (or, at the start, the first) in the middle
        first = std::clamp(current - room / 2, 0, std::max(0, n - room));
    for (int i = first; i < n && y < l.status_y - 1; ++i, ++y) {
        put_glyph(y, x + 1, s.moves.movers[i], st);
        if (i == current) attrset(A_REVERSE);
        put_words(y, x + 3, s.moves.lines[i], w - 3, st);
        attrset(A_NORMAL);
    }
}

} // namespace

int draw_players(const Scene& s, const Layout& l, const Style& st, int y) {
    const Game& g = *s.game;
    const int x = l.panel_x, w = l.panel_w;
    bool race = s.panel.race_on;
    const bool timed = !s.panel.clocks.empty();
    // The clocks as wide as the widest ("4:59", "first move 0:23").
    int clock_w = 6;
    for (const std::string& c : s.panel.clocks) clock_w = std::max(clock_w, text_columns(c));
    const int clock_columns = timed ? clock_w + 1 : 0;
    // ">1 NAME  home moves to go  clock" after the glyph: the room a name has beside the
    // columns shown. A folded panel leaves out the moves made; short of room even so (a first
    // move's time), the moves to go give way to the clock.
    const auto name_room = [&](bool with_moves, bool with_race) {
        return w - 10 - (with_moves ? 6 : 0) - (with_race ? 6 : 0) - clock_columns;
    };
    const bool moves = name_room(true, race) >= 5;
    if (race && name_room(moves, true) < 4) race = false;
    // The computer's seats say "computer, level N" when every name fits, else "level N",
    // else "LN": the level is never cut.
    const int room = name_room(moves, race);
    int squeeze = 0, name_w = 5;
    for (;; ++squeeze) {
        int widest = 0;
        for (int p = 0; p < g.players(); ++p)
            widest = std::max(widest, text_columns(seat_name(s, p, squeeze)));
        name_w = std::max(5, widest);
        if (name_w <= room || squeeze == 2) break;
    }
    name_w = std::max(4, std::min(name_w, room));
    char line[160];
    std::snprintf(line, sizeof line, "%*s %5s%s%s%*s", 3 + name_w, "", "home",
                  moves ? " moves" : "", race ? " to go" : "", clock_columns, timed ? "clock" : "");
    attrset(A_DIM);
    put_clipped(y++, x + 1, line, w - 1);
    attrset(A_NORMAL);
    for (int p = 0; p < g.players(); ++p) {
        const std::string home = std::to_string((s.shown.pieces(p) & g.camps().target[p]).count()) +
                                 "/" + std::to_string(g.camps().target[p].count());
        // Short of room, "bob (you)" is "bob": the line "You:" above says whose seat it is.
        std::string full = seat_name(s, p, squeeze);
        if (text_columns(full) > name_w && p == s.panel.you && s.panel.networked &&
            p < static_cast<int>(s.panel.seat_labels.size()) && !s.panel.seat_labels[p].empty())
            full = s.panel.seat_labels[p];
        const std::string name = fit_words(full, name_w, st.unicode);
        const bool turn = p == g.to_move() && !g.over();
        put_glyph(y, x, p, st);
        attrset(turn ? A_BOLD : A_NORMAL);
        std::snprintf(line, sizeof line, "%c%d %s%*s %5s", turn ? '>' : ' ', p + 1, name.c_str(),
                      name_w - text_columns(name), "", home.c_str());
        std::string text = line;
        if (moves) {
            std::snprintf(line, sizeof line, " %5d", g.moves_made(p));
            text += line;
        }
        if (race) {
            std::snprintf(line, sizeof line, " %5s", race_text(s, p).c_str());
            text += line;
        } else if (!timed && (g.dropped(p) || g.finished(p))) {
            text += g.dropped(p) ? "  out" : "  done";
        }
        put_clipped(y, x + 1, text, w - 1);
        if (timed && p < static_cast<int>(s.panel.clocks.size())) {
            // The clock running stands out; one running low takes the warning's colour.
            const bool low = s.panel.clock_low[p], runs = p == s.panel.clock_running;
            // The running clock in reverse video, to be found at a glance in every theme.
            attrset((low && st.color ? COLOR_PAIR(kErrorPair) | A_BOLD
                     : low || runs   ? A_BOLD
                                     : A_DIM) |
                    (runs ? A_REVERSE : A_NORMAL));
            std::snprintf(line, sizeof line, " %*s", clock_w, s.panel.clocks[p].c_str());
            put_clipped(y, x + 1 + text_columns(text), line, w - 1 - text_columns(text));
        }
        ++y;
        attrset(A_NORMAL);
    }
    if (!s.panel.due.empty() && !g.over()) {
        attrset(A_BOLD);
        put_words(y++, x, "Move due " + s.panel.due, w, st);
        attrset(A_NORMAL);
    }
    // The leave-home deadline drawing near: pieces still at home, moves left.
    for (int p = 0; p < g.players(); ++p) {
        const play::HomeWarning hw = play::home_warning(g, p);
        if (hw.pieces == 0) continue;
        const std::string pieces = play::count_words(hw.pieces, "piece", "pieces");
        const std::string moves = play::count_words(hw.moves_left, "move", "moves");
        put_glyph(y, x, p, st);
        attrset(st.color ? COLOR_PAIR(kErrorPair) | A_BOLD : A_BOLD);
        put_words(y++, x + 2,
                  first_fitting({"leave home: " + pieces + ", " + moves + " left",
                                 std::to_string(hw.pieces) + " at home, " + moves + " left"},
                                w - 2, st.unicode),
                  w - 2, st);
        attrset(A_NORMAL);
    }
    return y;
}

void draw_panel(const Scene& s, const Layout& l, const Style& st) {
    if (s.screen == Screen::Review) return draw_review_panel(s, l, st);
    if (s.game->puzzle()) return draw_solo_panel(s, l, st);
    const Game& g = *s.game;
    const PanelView& v = s.panel;
    const int x = l.panel_x, w = l.panel_w;
    int y = l.board_y;
    attrset(A_BOLD);
    put_clipped(y++, x, title_line(g, "HALMA", w, st.unicode), w);
    attrset(A_NORMAL);
    const bool yours = !g.over() && g.to_move() == v.you;
    attrset(g.over() || yours ? A_BOLD : A_NORMAL);
    if (g.over()) { // how it ended may take two lines
        const std::vector<std::string> lines = wrap_words(turn_line(s, w, st.unicode), w);
        for (std::size_t i = 0; i < lines.size() && i < 2; ++i) put_words(y++, x, lines[i], w, st);
    } else {
        put_words(y++, x, turn_line(s, w, st.unicode), w, st);
    }
    attrset(A_NORMAL);
    if (g.over()) {
        for (const std::string& line : wrap_words(v.standing, w)) put_clipped(y++, x, line, w);
    } else if (v.you != kNoSeat) { // where the person here goes
        put_clipped(y, x, "You:", w);
        put_glyph(y, x + 5, v.you, st);
        const std::string corner =
            play::corner_words(seat_camps(g.rules(), v.you).target, s.view_turns);
        const std::string square = square_name(target_corner(g.rules(), v.you));
        put_words(y++, x + 7,
                  first_fitting({"to " + play::target_words(g, v.you, s.view_turns),
                                 "to the " + corner + " (" + square + ")", "to " + square},
                                w - 7, st.unicode),
                  w - 7, st);
    }
    ++y;
    y = draw_players(s, l, st, y);
    ++y;
    if (v.thinking >= 0) {
        attrset(player_attr(v.thinking, st));
        put_words(y++, x, "Player " + std::to_string(v.thinking + 1) + " is thinking...", w, st);
        attrset(A_NORMAL);
    } else if (!v.line.empty()) {
        // A line too wide for the panel breaks at its two spaces (the join command, then
        // the invite code), so that neither part is cut.
        const std::size_t gap = v.line.find("  ");
        if (gap != std::string::npos && text_columns(v.line) > w) {
            put_words(y++, x, v.line.substr(0, gap), w, st);
            put_words(y++, x, v.line.substr(gap + 2), w, st);
        } else {
            put_words(y++, x, v.line, w, st);
        }
    }
    if (v.networked && v.watchers > 0)
        put_words(y++, x, std::to_string(v.watchers) + " watching", w, st);
    if (!v.chat.empty()) {
        attrset(A_DIM);
        put_clipped(y++, x, "Chat:", w);
        attrset(A_NORMAL);
        for (const std::string& line : v.chat) put_words(y++, x + 1, line, w - 1, st);
    }
    if (v.thinking >= 0 || !v.line.empty() || !v.chat.empty() || (v.networked && v.watchers > 0))
        ++y;
    put_clipped(y++, x, "Last moves:", w);
    draw_move_list(s, l, st, y, -1);
}

namespace {

// The chart of every player's moves to go from row y, h rows high, and a line below saying
// what its colours mean: each series in its player's colour, cells where series meet in
// none, the position shown marked by a column in reverse video. While the analysis runs, the
// heading says its range is that of the positions judged so far.
void draw_chart(const Scene& s, const Layout& l, const Style& st, int y, int h) {
    const int x = l.panel_x, w = l.panel_w;
    const review::ChartCells c =
        review::chart_cells(s.review.chart, w - 2, h - 1, st.unicode, s.review.chart_at);
    const std::string range = std::to_string(c.bottom) + " to " + std::to_string(c.top);
    attrset(A_DIM);
    put_clipped(y, x,
                s.review.chart_whole ? "Moves to go (" + range + "):"
                                     : "Moves to go, so far (" + range + "):",
                w);
    const std::string legend = "colours: each player's; plain: lines meet";
    const std::string narrow = "player colours; plain: lines meet"; // an 80-column panel
    put_clipped(y + h, x + 1, static_cast<int>(legend.size()) <= w - 1 ? legend : narrow, w - 1);
    attrset(A_NORMAL);
    for (int row = 0; row < static_cast<int>(c.rows.size()); ++row) {
        // One cell at a time: its owner's colour, the marked column reversed.
        const std::string& line = c.rows[static_cast<std::size_t>(row)];
        std::size_t at = 0;
        for (int col = 0; col < w - 2 && at < line.size(); ++col) {
            const std::size_t len = st.unicode && (line[at] & 0x80) ? 3 : 1;
            const int k = c.owner[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
            attr_t a = k >= 0 ? player_attr(k, st) : k == review::kSharedCell ? A_BOLD : A_NORMAL;
            if (col == c.column) a |= A_REVERSE;
            attrset(a);
            mvaddnstr(y + 1 + row, x + 1 + col, line.c_str() + at, static_cast<int>(len));
            at += len;
        }
        attrset(A_NORMAL);
    }
}

// Each player's costliest moves on a line of its own ("● 12 -3  20 -2"), the one chosen with
// Tab reversed; returns the row after them.
int draw_costliest(const Scene& s, const Layout& l, const Style& st, int y) {
    const ReviewView& v = s.review;
    const int x = l.panel_x, w = l.panel_w;
    attrset(A_DIM);
    put_clipped(y++, x, "Costliest moves (Tab, Enter):", w);
    attrset(A_NORMAL);
    for (Seat p = 0; p < s.game->players(); ++p) {
        int col = x + 3;
        bool any = false;
        for (std::size_t i = 0; i < v.costliest.size(); ++i) {
            if (v.costliest_seats[i] != p) continue;
            if (!any) put_glyph(y, x + 1, p, st);
            any = true;
            if (static_cast<int>(i) == v.chosen) attrset(A_REVERSE);
            put_clipped(y, col, v.costliest[i], x + w - col);
            attrset(A_NORMAL);
            col += text_columns(v.costliest[i]) + 2;
        }
        if (any) ++y;
    }
    return y;
}

} // namespace

void draw_review_panel(const Scene& s, const Layout& l, const Style& st) {
    const Game& g = *s.game;
    const ReviewView& v = s.review;
    const int x = l.panel_x, w = l.panel_w;
    int y = l.board_y;
    attrset(A_BOLD);
    put_clipped(y++, x, title_line(g, "REVIEW", w, st.unicode), w);
    put_words(y++, x, play::capitalised(v.where), w, st);
    attrset(A_NORMAL);
    y += put_wrapped(y, x, v.move.empty() ? "Before the first move" : v.move, w, 2, st);
    if (!v.cost.empty()) {
        if (v.costly) attrset(A_BOLD | (st.color ? COLOR_PAIR(kErrorPair) : 0));
        y += put_wrapped(y, x, v.cost, w, 3, st);
        attrset(A_NORMAL);
    }
    ++y;
    if (g.puzzle()) {
        put_clipped(y++, x, "Moves:", w);
        return draw_move_list(s, l, st, y, v.current);
    }
    y = draw_players(s, l, st, y) + 1;
    // The chart and the costliest moves where they fit, the moves below in what is left.
    int costly_rows = 0;
    for (Seat p = 0; p < g.players(); ++p)
        costly_rows += std::count(v.costliest_seats.begin(), v.costliest_seats.end(), p) > 0;
    const int room = l.status_y - 1 - y;
    const int chart_rows = std::min(kChartRows, room - (costly_rows ? costly_rows + 2 : 0) - 1);
    if (!v.chart.empty() && chart_rows >= kChartRowsLeast) {
        draw_chart(s, l, st, y, chart_rows);
        y += chart_rows + 1;
    }
    if (costly_rows && l.status_y - 1 - y > costly_rows) y = draw_costliest(s, l, st, y) + 1;
    if (l.status_y - 1 - y < 2) return;
    put_clipped(y++, x, "Moves:", w);
    draw_move_list(s, l, st, y, v.current);
}

void draw_lines(const Scene& s, const Layout& l, const Style& st) {
    const int cols = COLS;
    if (!s.status.question.empty()) {
        attrset(A_BOLD | A_REVERSE);
        put_words(l.status_y, 0, s.status.question, cols - 1, st);
        attrset(A_NORMAL);
    } else if (s.status.prompt_open) {
        attrset(A_BOLD);
        // The end of a long line stays in view: the prompt shows its last columns.
        std::string shown = ":" + s.status.prompt;
        while (text_columns(shown) > cols - 1) shown.erase(1, 1);
        put_clipped(l.status_y, 0, shown, cols - 1);
        attrset(A_NORMAL);
    } else if (!s.status.text.empty()) {
        attrset(s.status.error ? (st.color ? COLOR_PAIR(kErrorPair) | A_BOLD : A_BOLD | A_REVERSE)
                               : A_NORMAL);
        // An error said at the start goes on over the key line until the next key.
        const bool wrap = s.status.whole && text_columns(s.status.text) > cols - 1;
        if (wrap)
            put_wrapped(l.status_y, 0, s.status.text, cols - 1, 2, st);
        else
            put_words(l.status_y, 0, s.status.text, cols - 1, st);
        attrset(A_NORMAL);
        if (wrap) return;
    }
    std::vector<KeyItem> keys;
    if (s.status.prompt_open && !s.status.choices.empty()) {
        attrset(A_BOLD);
        put_words(l.hint_y, 0, s.status.choices, cols - 1, st);
        attrset(A_NORMAL);
        return;
    }
    // A question's keys while it is asked: a question of this terminal's is no to any other
    // key; the host's (a draw offered, a takeback asked) is y or n, the prompt still open.
    if (!s.status.question.empty() && !s.status.prompt_open && s.screen == Screen::Confirm)
        keys = {{"y yes", 9}, {"any other key no", 8}};
    else if (!s.status.question.empty() && !s.status.prompt_open)
        keys = {{"y yes", 9}, {"n no", 9}, {": command", 5}};
    else if (s.status.prompt_open)
        keys = {
            {"Enter run", 9}, {"Tab complete", 8}, {"up/down earlier lines", 6}, {"Esc cancel", 7}};
    else if (s.screen == Screen::Review && s.review.learning)
        keys = {{"arrows move", 9}, {"Enter choose", 9},      {": type it", 5},
                {"Esc back", 6},    {"n/N next/previous", 7}, {"q review", 8}};
    else if (s.screen == Screen::Review)
        keys = {{"left/right step", 9},
                {"l learn", 6},
                {"Tab/Enter costly", 6},
                {"Home/End", 7},
                {"PgUp/PgDn 10 moves", 4},
                {"p play on from here", 8},
                {"? help", 5},
                {s.review.leaving_quits ? "q quit" : "q back", 9}};
    else if (s.panel.watching && (!s.game->over() || !s.over.club))
        // A watcher looks, reviews and talks; it neither moves nor takes moves back.
        keys = {
            {"arrows look around", 9}, {"r review", 8}, {"L log", 3},
            {": command (say)", 7},    {"? help", 5},   {s.panel.club ? "q lobby" : "q quit", 9}};
    else if (s.game->over() && s.over.club)
        keys = {{s.over.rematch ? "r rematch" : "r review", 9},
                {"L log", 3},
                {"? help", 5},
                {"q lobby", 9}};
    else if (s.game->over())
        keys = {{"r review", 9}, {"s save", 8}, {"N new game", 8}, {"U undo", 7},
                {"L log", 3},    {"? help", 5}, {"q quit", 9}};
    else if (!s.marks.building.empty())
        keys = {{"Enter/Space hop or end here", 9},
                {"Bksp take back", 8},
                {"Esc cancel", 7},
                {"? help", 5},
                {s.panel.club ? "q lobby" : "q quit", 6}};
    else
        keys = {{"arrows/hjkl/yubn move", 9},
                {"Enter choose", 8},
                {": command", 6},
                {"U undo", 6},
                {"r review", 3},
                {"L log", 2},
                {"f turn", 1},
                {"? help", 7},
                {s.panel.club ? "q lobby" : "q quit", 7}};
    attrset(A_DIM);
    put_clipped(l.hint_y, 0, key_line(keys, cols - 1), cols - 1);
    attrset(A_NORMAL);
}

} // namespace halma::screen
