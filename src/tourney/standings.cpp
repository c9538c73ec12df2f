#include "tourney/standings.hpp"

#include "halma/text.hpp"
#include "tourney/pairing.hpp"

#include <algorithm>
#include <cstdio>
#include <string_view>
#include <tuple>

namespace halma::tourney {

namespace {

constexpr int kNameWidth = 16;
constexpr int kCellWidth = 5;
constexpr std::string_view kWithdrawnMark = " (w)";
// Place, name, points and the two tie-breaks: what a line holds before its round cells.
constexpr int kFixedWidth = 3 + 1 + kNameWidth + 1 + 5 + 1 + 6 + 1 + 6;

// A number of points as the standings write it: "2", "2.5", "4.25".
std::string points_text(double p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", p);
    return buf;
}

std::string cut(const std::string& name, int width) {
    return std::string(utf8_prefix(name, static_cast<std::size_t>(width)));
}

std::string padded(std::string text, int width) {
    if (static_cast<int>(text.size()) < width) text.append(width - text.size(), ' ');
    return text;
}

// How far seat s finished ahead of seat t: 1 ahead, 0.5 level, 0 behind.
double ahead(const Board& b, int s, int t) {
    return b.ranks[s] < b.ranks[t] ? 1 : b.ranks[s] == b.ranks[t] ? 0.5 : 0;
}

const char* system_name(const Event& e) {
    if (e.description.system == System::Robin) return "round robin";
    return e.table_size() == 2   ? "Swiss"
           : e.table_size() == 3 ? "Swiss of tables of three"
                                 : "Swiss of tables of four";
}

} // namespace

std::vector<Standing> standings_of(const Event& event) {
    const std::vector<double> points = points_of(event);
    std::vector<Standing> out(event.entrants.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i].entrant = static_cast<int>(i);
        out[i].points = points[i];
    }
    for (const Round& r : event.rounds)
        for (const Board& b : r.boards)
            for (int s = 0; b.over() && s < static_cast<int>(b.seats.size()); ++s)
                for (int t = 0; t < static_cast<int>(b.seats.size()); ++t) {
                    if (s == t || b.seats[s] == kComputer || b.seats[t] == kComputer) continue;
                    Standing& me = out[b.seats[s]];
                    me.buchholz += points[b.seats[t]];
                    me.sonneborn_berger += ahead(b, s, t) * points[b.seats[t]];
                }
    // Then rating and the order they joined (the entrants' order): every place one player's.
    auto key = [&](const Standing& s) {
        return std::make_tuple(-s.points, -s.buchholz, -s.sonneborn_berger,
                               -event.entrants[s.entrant].rating);
    };
    std::stable_sort(out.begin(), out.end(),
                     [&](const Standing& a, const Standing& b) { return key(a) < key(b); });
    for (std::size_t i = 0; i < out.size(); ++i) out[i].place = static_cast<int>(i) + 1;
    return out;
}

std::string state_text(const Event& event) {
    const int rounds = event.planned_rounds();
    std::string out = event.name + ": " + system_name(event) + " of " + std::to_string(rounds) +
                      (rounds == 1 ? " round, " : " rounds, ") +
                      std::to_string(event.entrants.size()) +
                      (event.entrants.size() == 1 ? " player, " : " players, ");
    const int played = static_cast<int>(event.rounds.size());
    if (event.finished) return out + "finished";
    if (played == 0) return out + "taking entries";
    return out + "round " + std::to_string(played) + " of " + std::to_string(rounds) +
           (event.rounds_over() ? " over" : " under way");
}

namespace {

// The crosstable's cell of an entrant in a round, given every entrant's place.
std::string cell(const Event& e, const Round& r, int entrant, const std::vector<int>& place_of) {
    if (r.bye == entrant) return bye_points(e) > 0 ? "+bye" : "rest";
    for (std::size_t table = 0; table < r.boards.size(); ++table) {
        const Board& b = r.boards[table];
        const auto at = std::find(b.seats.begin(), b.seats.end(), entrant);
        if (at == b.seats.end()) continue;
        const int s = static_cast<int>(at - b.seats.begin());
        if (e.table_size() > 2) {
            std::string text = "t" + std::to_string(table + 1);
            if (!b.over()) return text;
            if (b.forfeit(s)) return text + "F";
            return text + "/" + std::to_string(place_at(b, s));
        }
        const int other = b.seats[1 - s];
        std::string text;
        if (b.over())
            text = b.forfeit(s)              ? "F"
                   : ahead(b, s, 1 - s) == 1 ? "+"
                   : ahead(b, s, 1 - s) == 0 ? "-"
                                             : "=";
        return text + std::to_string(place_of[other]) + (s == 0 ? "f" : "s");
    }
    return "";
}

} // namespace

std::vector<std::string> standings_text(const Event& event) {
    const std::vector<Standing> table = standings_of(event);
    std::vector<int> place_of(event.entrants.size());
    for (std::size_t i = 0; i < table.size(); ++i)
        place_of[table[i].entrant] = static_cast<int>(i) + 1;
    const int rounds = static_cast<int>(event.rounds.size());
    const int shown = std::min(rounds, (kColumns - kFixedWidth) / kCellWidth);
    std::vector<std::string> out{state_text(event)};
    char buf[128];
    std::snprintf(buf, sizeof buf, "%-3s %-*s %5s %6s %6s", "Pl", kNameWidth, "Name", "Pts", "Bh",
                  "SB");
    std::string head = buf;
    for (int r = rounds - shown; r < rounds; ++r)
        head += padded(" R" + std::to_string(r + 1), kCellWidth);
    while (head.back() == ' ') head.pop_back();
    out.push_back(head);
    bool withdrawn = false;
    for (const Standing& s : table) {
        const Entrant& who = event.entrants[s.entrant];
        withdrawn = withdrawn || who.withdrawn;
        const std::string name = who.withdrawn ? cut(who.name, kNameWidth - kWithdrawnMark.size()) +
                                                     std::string(kWithdrawnMark)
                                               : cut(who.name, kNameWidth);
        std::snprintf(buf, sizeof buf, "%-3d %s %5s %6s %6s", s.place,
                      padded(name, kNameWidth).c_str(), points_text(s.points).c_str(),
                      points_text(s.buchholz).c_str(), points_text(s.sonneborn_berger).c_str());
        std::string line = buf;
        for (int r = rounds - shown; r < rounds; ++r)
            line += " " + padded(cell(event, event.rounds[r], s.entrant, place_of), kCellWidth - 1);
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out.push_back(line);
    }
    if (withdrawn)
        out.push_back("(w) withdrawn (left, or lost two games by forfeit): paired no more");
    return out;
}

namespace {

std::string seat_name(const Event& e, int entrant) {
    return entrant == kComputer ? "(ai:" + std::to_string(kFillLevel) + ")"
                                : cut(e.entrants[entrant].name, kNameWidth);
}

} // namespace

std::vector<std::string> pairings_text(const Event& event, int round) {
    const Round& r = event.rounds.at(static_cast<std::size_t>(round - 1));
    std::vector<std::string> out{event.name + ": round " + std::to_string(round) + " of " +
                                 std::to_string(event.planned_rounds())};
    char buf[160];
    for (std::size_t i = 0; i < r.boards.size(); ++i) {
        const Board& b = r.boards[i];
        std::snprintf(buf, sizeof buf, "%-3zu", i + 1);
        std::string line = buf;
        if (b.seats.size() == 2) {
            const char* result = !b.over()                 ? "playing"
                                 : b.ranks[0] < b.ranks[1] ? "1-0"
                                 : b.ranks[0] > b.ranks[1] ? "0-1"
                                                           : "1/2";
            std::snprintf(buf, sizeof buf, " %-*s %-*s %s", kNameWidth,
                          seat_name(event, b.seats[0]).c_str(), kNameWidth,
                          seat_name(event, b.seats[1]).c_str(), result);
            out.push_back(line + buf);
            continue;
        }
        // A table: each name cut to fit four in a line, and its place once the game is over.
        const int k = static_cast<int>(b.seats.size());
        const int width = std::min(kNameWidth, (kColumns - 3 - 4 * k) / k);
        for (int s = 0; s < k; ++s) {
            std::string who = cut(seat_name(event, b.seats[s]), width);
            if (b.over()) who = padded(who, width) + " " + std::to_string(place_at(b, s));
            line += "  " + who;
        }
        out.push_back(line);
    }
    if (r.bye >= 0)
        out.push_back("bye " + seat_name(event, r.bye) +
                      (bye_points(event) > 0 ? ", worth a win" : ", worth nothing (a rest)"));
    return out;
}

} // namespace halma::tourney
