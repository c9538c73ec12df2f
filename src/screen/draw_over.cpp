// The game-over box, drawn over the middle of the board screen: the result in the player's
// words, the rule that ended the game, each player's moves and time, how the player stands
// against the computer, and the keys that go on from here.
#include "screen/draw_parts.hpp"

#include <algorithm>

namespace halma::screen {

namespace {

// A line of the box: its text, and how it is drawn.
struct BoxLine {
    std::string text;
    attr_t attr = A_NORMAL;
    int glyph = -1; // a player whose glyph starts the line
};

// The box's lines at an inner width.
std::vector<BoxLine> box_lines(const Scene& s, int inner, bool unicode) {
    const play::OverView& o = s.over;
    std::vector<BoxLine> lines;
    for (const std::string& l : wrap_words(o.result, inner)) lines.push_back({l, A_BOLD});
    for (const std::string& l : wrap_words(o.reason, inner)) lines.push_back({l});
    lines.push_back({});
    // Each row's player, in its short words where the long ones do not fit.
    const int room = inner - 22;
    std::vector<std::string> whos;
    int who_w = 0;
    for (const play::OverRow& r : o.rows) {
        whos.push_back(text_columns(r.who) > room && !r.short_who.empty() ? r.short_who : r.who);
        who_w = std::max(who_w, text_columns(whos.back()));
    }
    who_w = std::min(who_w, room);
    for (std::size_t i = 0; i < o.rows.size(); ++i) {
        const play::OverRow& r = o.rows[i];
        const std::string who = fit_words(whos[i], who_w, unicode);
        const std::string moves = std::to_string(r.moves) + (r.moves == 1 ? " move" : " moves");
        std::string line =
            who + std::string(static_cast<std::size_t>(who_w - text_columns(who)), ' ');
        line +=
            std::string(static_cast<std::size_t>(std::max(1, 11 - static_cast<int>(moves.size()))),
                        ' ') +
            moves;
        line += "  " + r.time;
        if (!r.rating.empty()) {
            std::string rating = r.rating;
            if (const std::size_t arrow = rating.find(" -> ");
                unicode && arrow != std::string::npos)
                rating.replace(arrow, 4, " \u2192 ");
            line += "  " + rating;
        }
        lines.push_back({line, A_NORMAL, r.seat});
    }
    if (!o.standing.empty()) {
        lines.push_back({});
        for (const std::string& l : wrap_words(o.standing, inner)) lines.push_back({l});
    }
    lines.push_back({});
    const std::vector<KeyItem> keys =
        o.club
            ? std::vector<KeyItem>{{o.rematch ? "r rematch" : "r review", 9},
                                   {"q back to the lobby", 9}}
            : std::vector<KeyItem>{
                  {"r review", 9}, {"s save", 8}, {"N new game", 8}, {"U undo", 6}, {"q quit", 9}};
    lines.push_back({key_line(keys, inner), A_BOLD});
    lines.push_back({"Esc: the board", A_DIM});
    return lines;
}

// Draws the box's lines in a frame bw columns wide, centred, the title in its top border.
void draw_box(const std::vector<BoxLine>& lines, int bw, const std::string& title,
              const Style& st) {
    const int bh = std::min(LINES, static_cast<int>(lines.size()) + 2);
    const int x0 = (COLS - bw) / 2, y0 = std::max(0, (LINES - 2 - bh) / 2);
    const bool u = st.unicode;
    attrset(A_NORMAL);
    for (int y = y0; y < y0 + bh; ++y) {
        const bool top = y == y0, bottom = y == y0 + bh - 1;
        std::string row = top      ? (u ? "\u250c" : "+")
                          : bottom ? (u ? "\u2514" : "+")
                                   : (u ? "\u2502" : "|");
        for (int i = 0; i < bw - 2; ++i) row += top || bottom ? (u ? "\u2500" : "-") : " ";
        row += top ? (u ? "\u2510" : "+") : bottom ? (u ? "\u2518" : "+") : (u ? "\u2502" : "|");
        mvaddstr(y, x0, row.c_str());
        clrtoeol(); // the panel's words cut by the box would read as its own: none beside it
    }
    attrset(A_BOLD);
    mvaddstr(y0, x0 + 2, title.c_str());
    for (int i = 0; i + 2 < bh; ++i) {
        const BoxLine& line = lines[static_cast<std::size_t>(i)];
        int x = x0 + 2;
        if (line.glyph >= 0) {
            attrset(player_attr(line.glyph, st));
            mvaddstr(y0 + 1 + i, x, player_glyph(line.glyph, st));
            x += 2;
        }
        attrset(line.attr);
        put_clipped(y0 + 1 + i, x, line.text, bw - 4 - (x - x0 - 2));
    }
    attrset(A_NORMAL);
}

} // namespace

void draw_over(const Scene& s, const Style& st) {
    // As wide as its widest line needs (within the screen), the text wrapped to that.
    constexpr int kWidest = 58, kNarrowest = 44;
    const int bw = std::min(COLS - 2, kWidest);
    if (bw < 24) return;
    int inner = bw - 4 - 2; // borders, a space each side, and the glyph's two columns
    int need = 0;
    for (const BoxLine& l : box_lines(s, inner, st.unicode))
        need = std::max(need, text_columns(l.text) + (l.glyph >= 0 ? 2 : 0));
    const int width = std::clamp(need + 4, std::min(kNarrowest, bw), bw);
    inner = width - 4;
    const std::vector<BoxLine> lines = box_lines(s, inner, st.unicode);
    draw_box(lines, width, s.game->puzzle() ? " Puzzle over " : " Game over ", st);
}

} // namespace halma::screen
