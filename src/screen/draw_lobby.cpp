// The club's lobby as a page of its own: the player and the games waiting for their move on
// the top line; the lists (your games, open seeks, live games, the archive) on the left with
// the chosen row marked; who is here and the player's ratings on the right; the chat with its
// scrolled history below; the keys and the status line or prompt at the bottom.
#include "screen/draw_parts.hpp"

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
    "  PgUp PgDn               scroll the chat back and on",
    "  r  ?  q                 ask the club again, this page, quit",
    "",
    "Commands (: prompt)",
    "  seek [key=value ...]    a game: players=2 size=8 ... to=NAME (ai:LEVEL",
    "                          for the computer), pace=live|live:SECONDS|days:N,",
    "                          rated=no",
    "  accept N   watch N   play N   open N   resign N",
    "  history [NAME | *]      the archive of a player, yours, or everyone's",
    "  record N FILE           write a finished game's record to FILE",
    "  say TEXT                to everyone in the lobby",
    "In a club game: the keys of a networked game; :resign ends it, q comes back.",
    "",
    "Esc, q or ? goes back to the lobby.",
};

void draw_lobby_help() {
    int y = 0;
    for (const char* line : kLobbyHelp) {
        if (y >= LINES) break;
        const std::string text = line;
        attrset(y == 0 || text.rfind("Commands", 0) == 0 ? A_BOLD : A_NORMAL);
        put_clipped(y++, 0, text, COLS - 1);
    }
    attrset(A_NORMAL);
}

// One game's row: its number, players, state, when its move is due, and its terms.
void draw_row(int y, int width, const play::LobbyRow& r, bool chosen, const Style& st) {
    attrset(chosen ? A_REVERSE : A_NORMAL);
    mvhline(y, 0, ' ', width);
    put_clipped(y, 0, chosen ? ">" : " ", 1);
    put_clipped(y, 1, std::to_string(r.id), 5);
    put_clipped(y, 7, r.players, 22);
    if (r.urgent) attron(A_BOLD | (st.color ? COLOR_PAIR(kMarkPair) : 0));
    put_clipped(y, 30, r.state, r.when.empty() ? 31 : 17); // with no time, its room too
    if (r.urgent) attroff(A_BOLD | (st.color ? COLOR_PAIR(kMarkPair) : 0));
    put_clipped(y, 48, r.when, 13);
    if (width > 62) put_clipped(y, 62, r.variant, width - 62);
    attrset(A_NORMAL);
}

// The lists, scrolled so that the chosen row shows, between rows top and bottom (excluded).
void draw_lists(const LobbyView& v, int top, int bottom, int width, const Style& st) {
    struct Line {
        const play::LobbySection* section = nullptr;
        const play::LobbyRow* row = nullptr;
        bool chosen = false;
        std::string text; // a title or a note
    };
    std::vector<Line> lines;
    int chosen_line = 0;
    for (std::size_t i = 0; i < v.sections.size(); ++i) {
        const play::LobbySection& s = v.sections[i];
        lines.push_back({&s, nullptr, false, s.title});
        if (s.rows.empty()) lines.push_back({nullptr, nullptr, false, "  " + s.empty});
        for (std::size_t j = 0; j < s.rows.size(); ++j) {
            const bool chosen =
                static_cast<int>(i) == v.chosen_section && static_cast<int>(j) == v.chosen_row;
            if (chosen) chosen_line = static_cast<int>(lines.size());
            lines.push_back({nullptr, &s.rows[j], chosen, {}});
        }
    }
    const int room = bottom - top;
    int first = 0;
    if (chosen_line >= room) first = chosen_line - room + 1;
    for (int y = top, i = first; y < bottom && i < static_cast<int>(lines.size()); ++y, ++i) {
        const Line& l = lines[static_cast<std::size_t>(i)];
        if (l.row) {
            draw_row(y, width, *l.row, l.chosen, st);
            continue;
        }
        attrset(l.section ? A_BOLD : A_NORMAL);
        put_clipped(y, 0, l.text, width);
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
std::string key_line(const std::string& enter_does, int width) {
    std::vector<std::string> keys = {"s seek",    "c chat",    "a archive", "PgUp/PgDn chat",
                                     "r refresh", ": command", "? help",    "q quit"};
    if (!enter_does.empty()) keys.insert(keys.begin(), "Enter " + enter_does);
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
    if (v.help) return draw_lobby_help();
    // The top line: who, and what waits.
    attrset(A_BOLD);
    put_clipped(0, 0, "HALMA CLUB  " + v.me, COLS - 1);
    attrset(A_NORMAL);
    const int after_name = 13 + static_cast<int>(v.me.size());
    const std::string right = !v.link.empty() ? v.link : v.turns;
    if (!right.empty() && after_name + 2 < COLS) {
        if (!v.link.empty() || !v.turns.empty())
            attrset(A_BOLD | (st.color ? COLOR_PAIR(v.link.empty() ? kMarkPair : kErrorPair) : 0));
        put_clipped(0, after_name + 2, right, COLS - after_name - 3);
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
    put_clipped(LINES - 2, 0, key_line(v.enter_does, COLS - 1), COLS - 1);
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
