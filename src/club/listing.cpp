#include "club/listing.hpp"

#include "club/seek.hpp"
#include "halma/options.hpp"
#include "halma/text.hpp"
#include "rating/families.hpp"

#include <charconv>
#include <cstdio>

namespace halma::club {

bool GameInfo::seats_player(const std::string& name) const {
    for (const std::string& s : seats)
        if (s == name) return true;
    return false;
}

std::string GameInfo::to_move() const {
    if (state != "playing" || turn < 1 || turn > static_cast<int>(seats.size())) return {};
    return seats[static_cast<std::size_t>(turn - 1)];
}

bool read_game(const net::Message& m, GameInfo& out) {
    if (m.verb != net::Verb::GameLine) return false;
    GameInfo g;
    g.id = m.game;
    g.state = m.word;
    g.turn = m.seat;
    for (std::string_view s : split_on(m.user, ',')) g.seats.emplace_back(s);
    g.terms = m.terms;
    g.variant = m.text;
    out = std::move(g);
    return true;
}

std::string occupant_words(const std::string& seat) { return seat == "-" ? "(open)" : seat; }

std::string players_words(const GameInfo& g) {
    std::string out;
    for (std::size_t i = 0; i < g.seats.size(); ++i)
        out += (i ? ", " : "") + occupant_words(g.seats[i]);
    return out;
}

std::string outcome_words(const GameInfo& g) {
    if (g.terms.how == "abort") return "aborted";
    if (g.terms.result.empty()) return "withdrawn";
    std::string order;
    for (char c : g.terms.result) {
        const int seat = c - '1';
        if (c == '>' || c == '=')
            order += c == '>' ? " > " : " = ";
        else if (seat >= 0 && seat < static_cast<int>(g.seats.size()))
            order += occupant_words(g.seats[static_cast<std::size_t>(seat)]);
    }
    return order + (g.terms.how == "resign"      ? " (resigned)"
                    : g.terms.how == "time"      ? " (on time)"
                    : g.terms.how == "left"      ? " (left)"
                    : g.terms.how == "agreement" ? " (agreed)"
                                                 : "");
}

std::string variant_short(const GameInfo& g) {
    // "N players SxS ..." as describe_variant() writes it.
    const std::vector<std::string_view> w = split_words(g.variant);
    if (w.size() < 3 || w[1] != "players") return g.variant;
    std::string out = std::string(w[0]) + "p";
    for (std::size_t i = 2; i < w.size(); ++i) out += " " + std::string(w[i]);
    return out;
}

std::string pace_short(const std::string& pace) {
    Pace p;
    if (!read_pace(pace, p).empty()) return pace;
    const auto per = [](int n, const char* unit) { return std::to_string(n) + unit + "/move"; };
    switch (p.kind) {
    case Pace::Kind::Clock: // minutes a game + seconds a move
        return "clock " + std::to_string(p.minutes) + "m+" + std::to_string(p.seconds) + "s";
    case Pace::Kind::Days:
        return std::to_string(p.days) + (p.days == 1 ? " day/move" : " days/move");
    case Pace::Kind::Live:
        if (!p.seconds) return "live";
        if (p.seconds % 3600 == 0) return "live " + per(p.seconds / 3600, "h");
        if (p.seconds % 60 == 0) return "live " + per(p.seconds / 60, "m");
        return "live " + per(p.seconds, "s");
    }
    return pace;
}

std::string terms_short(const GameInfo& g) {
    return variant_short(g) + "  " + pace_short(g.terms.pace) + "  " +
           (g.terms.rated ? "rated" : "unrated");
}

std::string rating_family_of(const GameInfo& g) {
    int size = 0;
    for (std::string_view w : split_words(g.variant))
        if (const std::size_t x = w.find('x'); x != std::string_view::npos && x > 0) {
            size = parse_count(w.substr(0, x));
            break;
        }
    Rules rules;
    rules.players = static_cast<int>(g.seats.size());
    rules.size = size;
    return rating_family(rules);
}

std::string time_left(long long seconds) {
    char buf[32];
    if (seconds >= 86400)
        std::snprintf(buf, sizeof buf, "%lldd %02lldh", seconds / 86400, seconds % 86400 / 3600);
    else if (seconds >= 3600)
        std::snprintf(buf, sizeof buf, "%lldh %02lldm", seconds / 3600, seconds % 3600 / 60);
    else if (seconds >= 60)
        std::snprintf(buf, sizeof buf, "%lldm %02llds", seconds / 60, seconds % 60);
    else
        std::snprintf(buf, sizeof buf, "%llds", seconds);
    return buf;
}

std::string game_text(const GameInfo& g, const std::string& me) {
    std::string state;
    if (g.state == "seeking") {
        state = "seeking players";
    } else if (g.state == "playing") {
        const std::string who = g.to_move();
        state = who.empty() ? "? to move"
                : who == me ? "your move"
                            : occupant_words(who) + " to move";
        if (g.terms.due >= 0) state += " (" + time_left(g.terms.due) + " left)";
    } else {
        state = outcome_words(g);
    }
    return std::to_string(g.id) + "  " + players_words(g) + "  " + state + "  " + g.variant + ", " +
           g.terms.pace + ", " + (g.terms.rated ? "rated" : "unrated");
}

} // namespace halma::club
