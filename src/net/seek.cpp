#include "net/seek.hpp"

#include "halma/ai/limits.hpp"

namespace halma::net {

namespace {

// Reads one to= list into names: login names or ai:LEVEL (1 to the AI's top level).
std::string read_invited(std::string_view list, std::vector<std::string>& names) {
    names.clear();
    for (std::string_view name : split_on(list, ',')) {
        if (!valid_occupant(name) || name == "-")
            return "'" + clean_text(name, 40) +
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
            return "'" + clean_text(word, 40) + "' is not key=value";
        const std::string key(word.substr(0, eq));
        const std::string_view value = word.substr(eq + 1);
        for (const std::string& g : given)
            if (g == key) return key + "= is given twice";
        given.push_back(key);
        if (key == "to") {
            if (std::string e = read_invited(value, s.invited); !e.empty()) return e;
        } else if (key == "pace") {
            if (std::string e = read_pace(value, s.pace); !e.empty())
                return "bad pace '" + clean_text(value, 40) + "': " + e;
        } else if (key == "rated") {
            if (value != "yes" && value != "no") return "rated= is yes or no";
            s.rated = value == "yes";
            rated_given = true;
        } else if (TextError e = check_option_value(key, value); e.failed()) {
            return clean_text(e.text, kMaxText);
        } else {
            s.rule_options.emplace_back(key, std::string(value));
        }
    }
    if (TextError e = rules_from_options(s.rule_options, s.rules); e.failed())
        return clean_text(e.text, kMaxText);
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

} // namespace halma::net
