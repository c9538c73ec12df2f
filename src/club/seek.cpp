#include "club/seek.hpp"

#include "halma/ai/limits.hpp"
#include "net/wire.hpp"

namespace halma::club {

namespace {

constexpr int kMaxLiveSeconds = 86400;
constexpr int kMaxDays = 30;
// A game clock: the longest game FICS and lichess offer is 180 minutes, the largest
// increment 60 seconds (their "classical" and "correspondence" limits lie beyond).
constexpr int kMaxClockMinutes = 180;
constexpr int kMaxIncrement = 60;

// Reads one to= list into names: login names or ai:LEVEL (1 to the AI's top level).
std::string read_invited(std::string_view list, std::vector<std::string>& names) {
    names.clear();
    for (std::string_view name : split_on(list, ',')) {
        if (!net::valid_occupant(name) || name == "-")
            return "'" + net::clean_text(name, 40) +
                   "' in to= is not a player (a login name or ai:LEVEL)";
        const int level = ai_level_of(name);
        if (level > ai::kMaxLevel)
            return "no AI level " + std::to_string(level) + " (ai:1 to ai:5)";
        names.emplace_back(name);
    }
    if (names.empty()) return "to= names at least one player";
    return {};
}

} // namespace

std::string pace_text(const Pace& pace) {
    switch (pace.kind) {
    case Pace::Kind::Days:
        return "days:" + std::to_string(pace.days);
    case Pace::Kind::Clock:
        return "clock:" + std::to_string(pace.minutes) + "+" + std::to_string(pace.seconds);
    default:
        return pace.seconds ? "live:" + std::to_string(pace.seconds) : "live";
    }
}

std::string read_pace(std::string_view text, Pace& out) {
    Pace p;
    if (text == "live") return out = p, std::string();
    const std::size_t colon = text.find(':');
    const std::string_view kind = text.substr(0, colon);
    const std::string_view value =
        colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
    if (kind == "live") {
        p.seconds = parse_count(value);
        if (p.seconds < 1 || p.seconds > kMaxLiveSeconds)
            return "live:SECONDS takes 1 to " + std::to_string(kMaxLiveSeconds) + " seconds a move";
    } else if (kind == "days") {
        p.kind = Pace::Kind::Days;
        p.days = parse_count(value);
        if (p.days < 1 || p.days > kMaxDays)
            return "days:N takes 1 to " + std::to_string(kMaxDays) + " days a move";
    } else if (kind == "clock") {
        p.kind = Pace::Kind::Clock;
        const std::size_t plus = value.find('+');
        if (plus == std::string_view::npos)
            return "clock:M+S takes the minutes and the seconds added a move (clock:5+3)";
        p.minutes = parse_count(value.substr(0, plus));
        p.seconds = parse_count(value.substr(plus + 1));
        if (p.minutes < 1 || p.minutes > kMaxClockMinutes)
            return "a game clock has 1 to " + std::to_string(kMaxClockMinutes) + " minutes";
        if (p.seconds < 0 || p.seconds > kMaxIncrement)
            return "a game clock adds 0 to " + std::to_string(kMaxIncrement) + " seconds a move";
    } else {
        return "a pace is live, live:SECONDS, clock:M+S or days:N";
    }
    out = p;
    return {};
}

int ai_level_of(std::string_view occupant) noexcept {
    if (occupant.size() != 4 || occupant.substr(0, 3) != "ai:") return 0;
    return occupant[3] >= '1' && occupant[3] <= '9' ? occupant[3] - '0' : 0;
}

std::string parse_seek(std::string_view words, Seek& out) {
    Seek s;
    std::vector<std::string> given;
    bool rated_given = false;
    for (std::string_view word : split_words(words)) {
        const std::size_t eq = word.find('=');
        if (eq == std::string_view::npos || eq == 0)
            return "'" + net::clean_text(word, 40) + "' is not key=value";
        const std::string key(word.substr(0, eq));
        const std::string_view value = word.substr(eq + 1);
        for (const std::string& g : given)
            if (g == key) return key + "= is given twice";
        given.push_back(key);
        if (key == "to") {
            if (std::string e = read_invited(value, s.invited); !e.empty()) return e;
        } else if (key == "pace") {
            if (std::string e = read_pace(value, s.pace); !e.empty())
                return "bad pace '" + net::clean_text(value, 40) + "': " + e;
        } else if (key == "rated") {
            if (value != "yes" && value != "no") return "rated= is yes or no";
            s.rated = value == "yes";
            rated_given = true;
        } else if (TextError e = check_option_value(key, value); e.failed()) {
            return net::clean_text(e.text, net::kMaxText);
        } else {
            s.rule_options.emplace_back(key, std::string(value));
        }
    }
    if (TextError e = rules_from_options(s.rule_options, s.rules); e.failed())
        return net::clean_text(e.text, net::kMaxText);
    // Rated means timed: a player who may take for ever can stop a lost game by not moving.
    if (!rated_given) s.rated = s.pace.timed();
    if (s.rated && !s.pace.timed())
        return "a rated game needs a clock: pace=live:SECONDS, clock:M+S or days:N (or rated=no)";
    if (static_cast<int>(s.invited.size()) >= s.rules.players)
        return "to= names " + std::to_string(s.invited.size()) + " players for the " +
               std::to_string(s.rules.players - 1) + " other seats";
    out = std::move(s);
    return {};
}

std::string seek_text(const Seek& seek) {
    std::string out;
    for (const auto& kv : seek.rule_options) out += kv.first + "=" + kv.second + " ";
    if (!seek.invited.empty()) {
        out += "to=";
        for (std::size_t i = 0; i < seek.invited.size(); ++i)
            out += (i ? "," : "") + seek.invited[i];
        out += " ";
    }
    out += "pace=" + pace_text(seek.pace) + (seek.rated ? " rated=yes" : " rated=no");
    return out;
}

std::string rating_family(const Rules& rules) {
    if (rules.players > 2) return "3-4p";
    return rules.size == 16 ? "2p16" : "2p-small";
}

} // namespace halma::club
