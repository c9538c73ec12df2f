// The club's lobby as a page of its own: the player and the games waiting for their move on
// the top line; the lists (your games, open seeks, live games, the archive) on the left with
// the chosen row marked; who is here and the player's ratings on the right; the chat with its
// scrolled history below; the keys and the status line or prompt at the bottom.
#include "screen/draw_parts.hpp"
#include "screen/lobby_rows.hpp"

#include <algorithm>

namespace halma::screen {

namespace {

using play::LobbyView;

// The right-hand column: who is here and the ratings, when the terminal is wide enough.
constexpr int kSideWidth = 22;
constexpr int kSideFrom = 64; // the narrowest terminal that shows it
// The chat's lines on a terminal of 24 rows; fewer on a shorter one.
constexpr int kChatRows = 5;

constexpr const char* kLobbyHelp[] = {
    "HALMA CLUB - keys",
    "  up/down, j k, Home End  choose a game",
    "  Enter                   on your game: play it; on a seek: accept it;",
    "                          on a live game: watch it; archived: open it",
    "  s  c                    prompt with :seek / :say",
    "  a                       the archive: your games or the latest of all",
    "  w                       watch a tournament's top table (its round under way)",
    "  PgUp PgDn               scroll the chat back and on",
    "  r  ?  q                 ask the club again, this page, quit",
    "",
    "Commands (: prompt)",
    "  seek [key=value ...]    a game: players=2 size=8 ... to=NAME (ai:LEVEL",
    "                          for the computer), pace=..., rated=yes|no",
    "    pace=live             one sitting, no clock, unrated",
    "    pace=live:SECONDS     one sitting, SECONDS a move",
    "    pace=clock:M+S        M minutes each, S seconds added a move",
    "    pace=days:N           correspondence, N days a move",
    "  accept N   watch N   play N   open N   resign N",
    "  history [NAME | *]      the archive of a player, yours, or everyone's",
    "  record N FILE           write a finished game's record to FILE",
    "  say TEXT                to everyone in the lobby",
    "  tournament WORDS        new, join, start, list, standings, pairings (man page)",
    "In a club game: a networked game's keys, q back here; :resign, :draw,",
    "  :abort (before all have moved), :claim (one away a minute); r rematch",
    "Esc, q or ? goes back to the lobby.",
};

// The lobby's help; at the door, without what the door refuses (it keeps no files).
void draw_lobby_help(bool door) {
    int y = 0;
    for (const char* line : kLobbyHelp) {
        if (y >= LINES) break;
        const std::string text = line;
        if (door && text.rfind("  record N FILE", 0) == 0) continue;
        attrset(y == 0 || text.rfind("Commands", 0) == 0 ? A_BOLD : A_NORMAL);
        put_clipped(y++, 0, text, COLS - 1);
    }
    attrset(A_NORMAL);
}

// One game's row from line y: its number, players, state, when its move is due, and its
// terms (screen/lobby_rows.hpp lays it out); the chosen row in reverse, the state of a game
// waiting for the player's move in the theme's mark colour.
void draw_row(int y, int width, const LobbyRowText& text, bool urgent, bool chosen,
              const Style& st) {
    for (std::size_t i = 0; i < text.lines.size(); ++i) {
        attrset(chosen ? A_REVERSE : A_NORMAL);
        mvhline(y + static_cast<int>(i), 0, ' ', width);
        put_clipped(y + static_cast<int>(i), 0, text.lines[i], width);
    }
    if (urgent && text.state_width > 0) {
        attron(A_BOLD | (st.color ? COLOR_PAIR(kUrgentPair) : 0));
        put_clipped(y, text.state_x,
                    text.lines[0].substr(static_cast<std::size_t>(text.state_x),
                                         static_cast<std::size_t>(text.state_width)),
                    text.state_width);
    }
    attrset(A_NORMAL);
}

// The lists, scrolled so that the chosen row shows, between rows top and bottom (excluded).
void draw_lists(const LobbyView& v, int top, int bottom, int width, const Style& st) {
    struct Line {
        bool title = false;
        const play::LobbyRow* row = nullptr;
        LobbyRowText text; // a row's lines, or a title's or a note's one line
        bool chosen = false;
    };
    std::vector<Line> lines;
    int chosen_from = 0, chosen_to = 0; // the chosen row's first line and one past its last
    int at = 0;
    const auto one_line = [](std::string text) {
        LobbyRowText t;
        t.lines.push_back(std::move(text));
        return t;
    };
    for (std::size_t i = 0; i < v.sections.size(); ++i) {
        const play::LobbySection& s = v.sections[i];
        lines.push_back({true, nullptr, one_line(s.title), false});
        ++at;
        if (s.rows.empty()) {
            lines.push_back({false, nullptr, one_line("  " + s.empty), false});
            ++at;
        }
        for (std::size_t j = 0; j < s.rows.size(); ++j) {
            const bool chosen =
                static_cast<int>(i) == v.chosen_section && static_cast<int>(j) == v.chosen_row;
            Line l{false, &s.rows[j], lobby_row_text(s.rows[j], chosen, width), chosen};
            const int n = static_cast<int>(l.text.lines.size());
            if (chosen) chosen_from = at, chosen_to = at + n;
            at += n;
            lines.push_back(std::move(l));
        }
    }
    const int room = bottom - top;
    const int first = chosen_to > room ? std::min(chosen_from, chosen_to - room) : 0;
    int y = top - first;
    for (const Line& l : lines) {
        const int n = static_cast<int>(l.text.lines.size());
        if (y >= bottom) break;
        if (y >= top && y + n <= bottom) {
            if (l.row) {
                draw_row(y, width, l.text, l.row->urgent, l.chosen, st);
            } else {
                attrset(l.title ? A_BOLD : A_NORMAL);
                put_clipped(y, 0, l.text.lines[0], width);
            }
        }
        y += n;
    }
    attrset(A_NORMAL);
}

// Who is here and the player's ratings, in the right-hand column.
void draw_side(const LobbyView& v, int top, int bottom, int x) {
    int y = top;
    attrset(A_BOLD);
    put_clipped(y++, x, "Here (" + std::to_string(v.here.size()) + ")", kSideWidth);
    attrset(A_NORMAL);
    const int ratings_rows = 2 + std::max<int>(1, static_cast<int>(v.ratings.size()));
    const int here_end = std::max(y + 1, bottom - ratings_rows);
    for (std::size_t i = 0; i < v.here.size() && y < here_end; ++i) {
        const bool more = y == here_end - 1 && i + 1 < v.here.size();
        put_clipped(y++, x,
                    more ? "+" + std::to_string(v.here.size() - i) + " more" : "  " + v.here[i],
                    kSideWidth);
    }
    y = std::max(y + 1, here_end + 1);
    if (y >= bottom) return;
    attrset(A_BOLD);
    put_clipped(y++, x, "Your ratings", kSideWidth);
    attrset(A_NORMAL);
    if (v.ratings.empty() && y < bottom) put_clipped(y++, x, "  none yet", kSideWidth);
    for (const play::LobbyRating& r : v.ratings) {
        if (y >= bottom) break;
        char line[64];
        std::snprintf(line, sizeof line, "  %-9s %4d +-%d", r.family.c_str(), r.rating,
                      r.deviation);
        put_clipped(y++, x, line, kSideWidth);
    }
}

// The chat between rows top and bottom (excluded), its newest lines at the bottom less those
// scrolled back.
void draw_chat(const LobbyView& v, int top, int bottom) {
    const int total = static_cast<int>(v.chat.size());
    attrset(A_BOLD);
    std::string title = "Chat";
    if (v.chat_back > 0) title += " (" + std::to_string(v.chat_back) + " lines back; PgDn goes on)";
    put_clipped(top, 0, title, COLS - 1);
    attrset(A_NORMAL);
    const int rows = bottom - top - 1;
    const int last = total - v.chat_back; // one past the newest line shown
    for (int y = bottom - 1, i = last - 1; y > top && i >= 0; --y, --i)
        put_clipped(y, 1, v.chat[static_cast<std::size_t>(i)], COLS - 2);
    if (total == 0 && rows > 0) put_clipped(top + 1, 1, "(c to say something)", COLS - 2);
}

// The keys at the foot of the lobby, as many as fit in width; ? and q always (? lists all).
std::string key_line(const LobbyView& v, int width) {
    std::vector<std::string> keys = {"s seek",    "c chat",    "a archive", "PgUp/PgDn chat",
                                     "r refresh", ": command", "? help",    "q quit"};
    if (v.top_table) keys.insert(keys.begin(), "w top table");
    if (!v.enter_does.empty()) keys.insert(keys.begin(), "Enter " + v.enter_does);
    const auto joined = [&] {
        std::string line;
        for (const std::string& k : keys) line += (line.empty() ? "" : "  ") + k;
        return line;
    };
    // The first to go when the line is too long: the ones ? lists and the lobby shows anyway.
    for (const char* dropped : {"PgUp/PgDn chat", "r refresh", "a archive", ": command"}) {
        if (static_cast<int>(joined().size()) <= width) break;
        keys.erase(std::find(keys.begin(), keys.end(), dropped));
    }
    return joined();
}

} // namespace

void draw_lobby(const Scene& s, const Style& st) {
    const LobbyView& v = s.lobby;
    if (v.help) return draw_lobby_help(v.door);
    // The top line: who, at which club, and what waits.
    const LobbyHeaderText head = lobby_header_text(v, COLS - 1);
    const std::size_t kTitle = std::min(head.left.size(), 12 + v.me.size()); // in bold
    attrset(A_BOLD);
    put_clipped(0, 0, head.left.substr(0, kTitle), COLS - 1);
    attrset(A_NORMAL);
    if (head.left.size() > kTitle)
        put_clipped(0, static_cast<int>(kTitle), head.left.substr(kTitle),
                    COLS - 1 - static_cast<int>(kTitle));
    if (head.right_x >= 0) {
        attrset(A_BOLD | (st.color ? COLOR_PAIR(v.link.empty() ? kUrgentPair : kErrorPair) : 0));
        put_clipped(0, head.right_x, head.right, COLS - 1 - head.right_x);
        attrset(A_NORMAL);
    }
    // The lower part: the chat, the keys, the status line.
    const int chat_rows = std::clamp(LINES - 14, 2, kChatRows) + 1;
    const int chat_top = LINES - 2 - chat_rows;
    const bool side = COLS >= kSideFrom;
    const int list_width = side ? COLS - kSideWidth - 2 : COLS - 1;
    draw_lists(v, 1, chat_top, list_width, st);
    if (side) draw_side(v, 1, chat_top, COLS - kSideWidth - 1);
    draw_chat(v, chat_top, LINES - 2);
    // A question's keys while it is asked: y answers yes, any other key no.
    const std::string keys =
        s.status.question.empty()
            ? key_line(v, COLS - 1)
            : key_line(std::vector<KeyItem>{{"y yes", 9}, {"any other key no", 8}}, COLS - 1);
    put_clipped(LINES - 2, 0, keys, COLS - 1);
    if (!s.status.question.empty()) {
        attrset(A_BOLD | A_REVERSE);
        put_clipped(LINES - 1, 0, s.status.question, COLS - 1);
        attrset(A_NORMAL);
        move(LINES - 1, 0);
        return;
    }
    if (s.status.prompt_open) {
        put_clipped(LINES - 1, 0, ":" + s.status.prompt, COLS - 1);
        int columns = 0;
        (void)fit_columns(s.status.prompt, COLS, &columns);
        move(LINES - 1, std::min(1 + columns, COLS - 1));
        return;
    }
    if (s.status.error) attrset(A_BOLD | (st.color ? COLOR_PAIR(kErrorPair) : 0));
    put_clipped(LINES - 1, 0, s.status.text, COLS - 1);
    attrset(A_NORMAL);
    move(LINES - 1, 0);
}

} // namespace halma::screen
