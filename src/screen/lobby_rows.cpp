#include "screen/lobby_rows.hpp"

#include <algorithm>

namespace halma::screen {

namespace {

// The columns of a row: the number from 1, the rest from kTextX.
constexpr int kIdWidth = 5;
constexpr int kTextX = 7;
// The columns' widths on a wide list; a narrower one takes from the state's and the time's,
// down to their least, and then from the players'.
constexpr int kPlayersWidth = 22, kStateWidth = 17, kWhenWidth = 13;
constexpr int kLeastPlayers = 12, kLeastState = 15, kLeastWhen = 12;
// The least room for the terms after the rest of a row that is not a seek.
constexpr int kLeastTerms = 10;

// s cut to width, then padded to it.
std::string cell(const std::string& s, int width) {
    if (width <= 0) return {};
    std::string out = s.substr(0, static_cast<std::size_t>(width));
    out.resize(static_cast<std::size_t>(width), ' ');
    return out;
}

std::string trimmed(std::string s) {
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

} // namespace

LobbyRowText lobby_row_text(const play::LobbyRow& row, bool chosen, int width) {
    LobbyRowText out;
    int players = kPlayersWidth, state = kStateWidth, when = kWhenWidth;
    const int fixed = kTextX + players + 1 + state + 1 + when;
    if (fixed > width) {
        int over = fixed - width;
        const int from_state = std::min(over, state - kLeastState);
        state -= from_state, over -= from_state;
        const int from_when = std::min(over, when - kLeastWhen);
        when -= from_when, over -= from_when;
        players -= std::min(over, players - kLeastPlayers);
    }
    // With no time to show, the state has the time's room too.
    const int state_room = row.when.empty() ? state + 1 + when : state;
    std::string line = cell(chosen ? ">" : " ", 1) + cell(std::to_string(row.id), kIdWidth) + " " +
                       cell(row.players, players) + " ";
    out.state_x = static_cast<int>(line.size());
    out.state_width = std::min(static_cast<int>(row.state.size()), state_room);
    line += cell(row.state, state_room);
    if (!row.when.empty()) line += " " + cell(row.when, when);
    const int terms_x = static_cast<int>(line.size()) + 1;
    const int terms_room = width - terms_x;
    const int terms = static_cast<int>(row.terms.size());
    std::string second;
    if (!row.terms.empty() && (terms <= terms_room || (!row.offer && terms_room >= kLeastTerms)))
        line += " " + cell(row.terms, terms_room);
    else if (!row.terms.empty() && row.offer)
        second = std::string(kTextX, ' ') + cell(row.terms, width - kTextX);
    out.lines.push_back(trimmed(cell(line, width)));
    if (!second.empty()) out.lines.push_back(trimmed(second));
    return out;
}

LobbyHeaderText lobby_header_text(const play::LobbyView& v, int width) {
    LobbyHeaderText out;
    out.right = !v.link.empty() ? v.link : v.turns;
    const std::string name = "HALMA CLUB  " + v.me;
    // The right part after the name at least, at the right-hand end when there is room.
    int left_room = width;
    if (!out.right.empty()) {
        const int right = static_cast<int>(out.right.size());
        const int after_name = static_cast<int>(name.size()) + 2;
        if (after_name < width) {
            out.right_x = std::max(after_name, width - right);
            left_room = out.right_x - 2;
        }
    }
    std::vector<std::string> clubs;
    if (!v.club.empty()) {
        clubs.push_back(v.club);
        if (const std::size_t comma = v.club.find(", "); comma != std::string::npos)
            clubs.push_back(v.club.substr(0, comma));
    }
    out.left = name;
    for (const std::string& club : clubs)
        if (static_cast<int>(name.size() + 4 + club.size()) <= left_room) {
            out.left = name + " at " + club;
            break;
        }
    if (out.right_x >= 0)
        out.right = out.right.substr(0, static_cast<std::size_t>(width - out.right_x));
    return out;
}

} // namespace halma::screen
