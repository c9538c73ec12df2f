#include "tourney/words.hpp"

#include "halma/ai/limits.hpp"
#include "net/wire.hpp"

namespace halma::tourney {

namespace {

using net::clean_text;

const char* const kSystems[] = {"swiss", "robin"};

std::string quoted(std::string_view word) { return "'" + clean_text(word, 40) + "'"; }

// Reads entry=: "open", or login names separated by commas (each once).
std::string read_entry(std::string_view value, std::vector<std::string>& names) {
    names.clear();
    if (value == "open") return {};
    for (std::string_view name : split_on(value, ',')) {
        if (!net::valid_name(name))
            return quoted(name) + " in entry= is not a player's name (entry=open or NAME,NAME...)";
        for (const std::string& n : names)
            if (n == name) return quoted(name) + " is named twice in entry=";
        if (static_cast<int>(names.size()) == kMaxEntryNames)
            return "entry= names at most " + std::to_string(kMaxEntryNames) + " players";
        names.emplace_back(name);
    }
    return {};
}

// What the description's own keys say about the game, once all are read.
std::string check_description(const Description& d, bool rounds_given) {
    if (d.system == System::Robin && d.table_size() != 2)
        return "system=robin pairs two players a game; tables of 3 or 4 play system=swiss";
    if (d.system == System::Robin && rounds_given)
        return "system=robin plays as many rounds as the field needs: no rounds=";
    if (d.system == System::Swiss && !rounds_given) return "system=swiss needs rounds=N";
    return {};
}

// Reads a name for a tournament (a login name's characters).
std::string read_name(std::string_view word, std::string& out) {
    if (!net::valid_name(word))
        return quoted(word) + " is not a tournament's name (letters, digits, '_', '-', '.')";
    out = std::string(word);
    return {};
}

} // namespace

std::string parse_description(std::string_view words, Description& out) {
    Description d;
    std::string seek_words;
    bool system_given = false, rounds_given = false, entry_given = false;
    for (std::string_view word : split_words(words)) {
        const std::size_t eq = word.find('=');
        const std::string_view key = word.substr(0, eq), value = word.substr(eq + 1);
        if (eq == std::string_view::npos || eq == 0) {
            return quoted(word) + " is not key=value";
        } else if (key == "system") {
            if (system_given) return "system= is given twice";
            if (!parse_choice(value, kSystems, d.system))
                return "system= is swiss or robin, not " + quoted(value);
            system_given = true;
        } else if (key == "rounds") {
            if (rounds_given) return "rounds= is given twice";
            d.rounds = parse_count(value);
            if (d.rounds < 1 || d.rounds > kMaxRounds)
                return "rounds= is a number from 1 to " + std::to_string(kMaxRounds);
            rounds_given = true;
        } else if (key == "entry") {
            if (entry_given) return "entry= is given twice";
            if (std::string e = read_entry(value, d.entry); !e.empty()) return e;
            entry_given = true;
        } else if (key == "to") {
            return "to= is a seek's: entry= says who may join a tournament";
        } else if (key == "first") {
            return "first= is not a tournament's: the pairing says who moves first";
        } else {
            seek_words.append(word).push_back(' ');
        }
    }
    if (std::string e = net::parse_seek(seek_words, d.game); !e.empty()) return e;
    if (std::string e = check_description(d, rounds_given); !e.empty()) return e;
    out = std::move(d);
    return {};
}

std::string description_text(const Description& d) {
    std::string out = std::string("system=") + kSystems[static_cast<int>(d.system)];
    if (d.system == System::Swiss) out += " rounds=" + std::to_string(d.rounds);
    out += " " + net::seek_text(d.game) + " entry=";
    if (d.entry.empty()) return out + "open";
    for (std::size_t i = 0; i < d.entry.size(); ++i) out += (i ? "," : "") + d.entry[i];
    return out;
}

namespace {

const char* const kVerbs[] = {"new", "join", "leave", "start", "list", "standings", "pairings"};

// Reads what follows a verb's tournament name.
std::string read_rest(Command& c, const std::vector<std::string_view>& rest,
                      std::string_view after_name) {
    switch (c.verb) {
    case Verb::New:
        return parse_description(after_name, c.description);
    case Verb::Join:
        if (rest.empty()) return {};
        if (rest.size() > 1 || (c.ai_level = net::ai_level_of(rest[0])) == 0)
            return "tournament join NAME takes at most ai:LEVEL after the name";
        if (c.ai_level > ai::kMaxLevel)
            return "no AI level " + std::to_string(c.ai_level) +
                   " (ai:1 to ai:" + std::to_string(ai::kMaxLevel) + ")";
        return {};
    case Verb::Pairings:
        if (rest.empty()) return {};
        c.round = parse_count(rest[0]);
        if (rest.size() > 1 || c.round < 1 || c.round > 99)
            return "tournament pairings NAME takes at most a round's number (1 to 99)";
        return {};
    default:
        if (!rest.empty())
            return std::string("tournament ") + kVerbs[static_cast<int>(c.verb)] +
                   " takes the name alone";
        return {};
    }
}

} // namespace

std::string parse_command(std::string_view words, Command& out) {
    const std::vector<std::string_view> all = split_words(words);
    Command c;
    if (all.empty() || !parse_choice(all[0], kVerbs, c.verb))
        return "tournament takes new, join, leave, start, list, standings or pairings" +
               (all.empty() ? std::string() : ", not " + quoted(all[0]));
    if (c.verb == Verb::List) {
        if (all.size() > 1) return "tournament list takes no more words";
        out = std::move(c);
        return {};
    }
    if (all.size() < 2)
        return std::string("tournament ") + kVerbs[static_cast<int>(c.verb)] +
               " needs the tournament's name";
    if (std::string e = read_name(all[1], c.name); !e.empty()) return e;
    const std::string_view after_name =
        words.substr(static_cast<std::size_t>(all[1].data() + all[1].size() - words.data()));
    if (std::string e = read_rest(c, {all.begin() + 2, all.end()}, after_name); !e.empty())
        return e;
    out = std::move(c);
    return {};
}

std::string command_text(const Command& c) {
    std::string out = kVerbs[static_cast<int>(c.verb)];
    if (c.verb == Verb::List) return out;
    out += " " + c.name;
    if (c.verb == Verb::New) out += " " + description_text(c.description);
    if (c.verb == Verb::Join && c.ai_level) out += " ai:" + std::to_string(c.ai_level);
    if (c.verb == Verb::Pairings && c.round) out += " " + std::to_string(c.round);
    return out;
}

} // namespace halma::tourney
