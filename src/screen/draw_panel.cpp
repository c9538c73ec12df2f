// The side panel (the players, whose turn, the last moves; a puzzle's score) and the two
// lines under the board (the status or the prompt, and the keys).
#include "screen/draw_parts.hpp"

#include "play/words.hpp"

#include <algorithm>
#include <cstdio>

namespace halma::screen {

namespace {

// The seat description: "human" or "AI level 3".
std::string seat_name(const Scene& s, int p) {
    if (p < static_cast<int>(s.seat_labels.size()) && !s.seat_labels[p].empty())
        return s.seat_labels[p];
    if (p >= static_cast<int>(s.seats.size())) return "?";
    return s.seats[p].ai ? "AI level " + std::to_string(s.seats[p].level) : "human";
}

// The seat in a few letters: "human" or "AI 3".
std::string seat_short(const Scene& s, int p) {
    if (p < static_cast<int>(s.seat_labels.size()) && !s.seat_labels[p].empty())
        return s.seat_labels[p];
    if (p >= static_cast<int>(s.seats.size())) return "?";
    return s.seats[p].ai ? "AI " + std::to_string(s.seats[p].level) : "human";
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
    put_clipped(y++, x, "SOLITAIRE  " + p.name, w);
    attrset(A_NORMAL);
    // The title, over two lines when it is long (cut at a space).
    std::string title = p.title;
    if (static_cast<int>(title.size()) > w) {
        std::size_t cut = title.rfind(' ', static_cast<std::size_t>(w));
        if (cut != std::string::npos && cut > 0) {
            put_clipped(y++, x, title.substr(0, cut), w);
            title = title.substr(cut + 1);
        }
    }
    if (!title.empty()) put_clipped(y++, x, title, w);
    attrset(A_BOLD);
    switch (g.result().outcome) {
    case Outcome::Won: {
        put_clipped(y++, x, "Solved in " + std::to_string(moves) + " moves", w);
        if (p.par > 0) put_clipped(y++, x, play::par_words(p.par, moves), w);
        break;
    }
    case Outcome::Playing:
        put_clipped(y++, x, "Playing", w);
        break;
    default:
        put_clipped(y++, x, "Failed after " + std::to_string(moves) + " moves", w);
        break;
    }
    attrset(A_NORMAL);
    ++y;
    attrset(player_attr(0, st));
    mvaddstr(y, x, player_glyph(0, st));
    attrset(A_NORMAL);
    put_clipped(y++, x + 2, "moves " + std::to_string(moves), w - 2);
    put_clipped(y++, x + 2, p.par > 0 ? "par   " + std::to_string(p.par) : "par   unknown", w - 2);
    if (p.limit > 0) put_clipped(y++, x + 2, "limit " + std::to_string(p.limit), w - 2);
    if (p.goal == GoalKind::Fill)
        put_clipped(y++, x + 2,
                    "goal  " + std::to_string((s.shown.pieces(0) & p.goal_squares).count()) + "/" +
                        std::to_string(p.goal_squares.count()) + " filled",
                    w - 2);
    // The old books' test of a fair player: fifty different figures.
    if (s.figures_found >= 0)
        put_clipped(y++, x + 2, "figures found: " + std::to_string(s.figures_found) + " of 50",
                    w - 2);
    ++y;
    put_clipped(y++, x, "Last moves:", w);
    const int room = l.status_y - 1 - y;
    const int n = static_cast<int>(s.moves.lines.size());
    for (int i = std::max(0, n - room); i < n; ++i)
        put_clipped(y++, x + 3, s.moves.lines[i], w - 3);
}

} // namespace

void draw_panel(const Scene& s, const Layout& l, const Style& st) {
    if (s.game->puzzle()) return draw_solo_panel(s, l, st);
    const Game& g = *s.game;
    const int x = l.panel_x, w = l.panel_w;
    int y = l.board_y;
    attrset(A_BOLD);
    put_clipped(y++, x,
                "HALMA  " + std::to_string(g.rules().size) + "x" + std::to_string(g.rules().size) +
                    ", " + std::to_string(g.players()) + " players" +
                    (g.rules().partners == Partners::Opposite   ? ", 1+3 v 2+4"
                     : g.rules().partners == Partners::Adjacent ? ", 1+2 v 3+4"
                                                                : ""),
                w);
    attrset(A_NORMAL);
    if (g.over()) {
        attrset(A_BOLD);
        put_clipped(y++, x, "Game over: " + play::result_words(g), w);
        attrset(A_NORMAL);
        for (const std::string& line : wrap_words(s.standing, w)) put_clipped(y++, x, line, w);
    } else {
        int p = g.to_move();
        std::string turn = "Player " + std::to_string(p + 1) + " to move (" + seat_name(s, p) + ")";
        put_clipped(y++, x, turn, w);
    }
    ++y;
    for (int p = 0; p < g.players(); ++p) {
        int home = (s.shown.pieces(p) & g.camps().target[p]).count();
        int camp = g.camps().target[p].count();
        attrset(player_attr(p, st));
        mvaddstr(y, x, player_glyph(p, st));
        attrset(p == g.to_move() && !g.over() ? A_BOLD : A_NORMAL);
        char line[96];
        std::snprintf(line, sizeof line, "%c%d %-6s home %2d/%-2d %3d moves",
                      p == g.to_move() && !g.over() ? '>' : ' ', p + 1, seat_short(s, p).c_str(),
                      home, camp, g.moves_made(p));
        std::string text = line;
        if (g.dropped(p))
            text += " out";
        else if (g.finished(p))
            text += " done";
        put_clipped(y++, x + 1, text, w - 1);
        attrset(A_NORMAL);
    }
    ++y;
    if (s.thinking >= 0) {
        attrset(player_attr(s.thinking, st));
        put_clipped(y, x, "Player " + std::to_string(s.thinking + 1) + " is thinking...", w);
        attrset(A_NORMAL);
    } else if (!s.net_line.empty()) {
        put_clipped(y, x, s.net_line, w);
    }
    ++y;
    put_clipped(y++, x, "Last moves:", w);
    const int room = l.status_y - 1 - y;
    const int n = static_cast<int>(s.moves.lines.size());
    for (int i = std::max(0, n - room); i < n; ++i) {
        int p = s.moves.movers[i];
        attrset(player_attr(p, st));
        mvaddstr(y, x + 1, player_glyph(p, st));
        attrset(A_NORMAL);
        put_clipped(y++, x + 3, s.moves.lines[i], w - 3);
    }
}

void draw_lines(const Scene& s, const Layout& l, const Style& st) {
    const int cols = COLS;
    if (s.screen == Screen::Confirm) {
        attrset(A_BOLD | A_REVERSE);
        put_clipped(l.status_y, 0, "Quit this game? (y/n)", cols - 1);
    } else if (!s.status.question.empty()) {
        attrset(A_BOLD | A_REVERSE);
        put_clipped(l.status_y, 0, s.status.question, cols - 1);
        attrset(A_NORMAL);
    } else if (s.status.prompt_open) {
        attrset(A_BOLD);
        put_clipped(l.status_y, 0, ":" + s.status.prompt, cols - 1);
        attrset(A_NORMAL);
    } else if (!s.status.text.empty()) {
        attrset(s.status.error ? (st.color ? COLOR_PAIR(kErrorPair) | A_BOLD : A_BOLD | A_REVERSE)
                               : A_NORMAL);
        put_clipped(l.status_y, 0, s.status.text, cols - 1);
        attrset(A_NORMAL);
    }
    const char* hint;
    if (s.game->over())
        hint = "n new game  u undo  : command  ? help  q quit";
    else if (!s.marks.building.empty())
        hint = "Enter/Space hop or end here  Bksp take back  Esc cancel  ? help  q quit";
    else
        hint = "arrows/hjkl/yubn move  Enter choose  : command  U undo  ? help  q quit";
    attrset(A_DIM);
    put_clipped(l.hint_y, 0, hint, cols - 1);
    attrset(A_NORMAL);
}

} // namespace halma::screen
