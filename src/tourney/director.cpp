#include "tourney/director.hpp"

#include "door/door.hpp"
#include "rating/families.hpp"
#include "tourney/pairing.hpp"
#include "tourney/standings.hpp"

#include <algorithm>

namespace halma::tourney {

namespace {

// The most rounds a Swiss of two can pair without a rematch: an even field n - 1, an odd n.
int most_rounds(int players) { return players % 2 ? players : players - 1; }

} // namespace

std::string Director::run(const Command& c, const Caller& who, std::vector<std::string>& lines,
                          club::Millis now) {
    lines.clear();
    if (c.verb == Verb::List) return list(lines), std::string();
    if (c.verb == Verb::New) return create(c, who, lines, now);
    std::optional<Kept> k = records_.find(c.name);
    if (!k) return "no tournament named " + c.name;
    switch (c.verb) {
    case Verb::Join:
        return join(c, who, *k, lines);
    case Verb::Leave:
        return leave(who, *k, lines);
    case Verb::Start:
        return start(who, *k, lines, now);
    case Verb::Standings:
        lines = standings_text(k->event);
        return {};
    default: { // pairings
        const int paired = static_cast<int>(k->event.rounds.size());
        if (paired == 0) return c.name + " has not started: no round is paired yet";
        if (c.round > paired)
            return c.name + " has paired " + std::to_string(paired) + " round" +
                   (paired == 1 ? "" : "s") + " so far";
        lines = pairings_text(k->event, c.round ? c.round : paired);
        return {};
    }
    }
}

std::string Director::create(const Command& c, const Caller& who, std::vector<std::string>& lines,
                             club::Millis now) {
    if (who.from_door)
        return "a tournament is created by a player of the host; from the door, join one";
    if (records_.find(c.name)) return "a tournament named " + c.name + " exists already";
    store_.transaction([&] { records_.add(c.name, c.description, who.player, now); });
    lines.push_back("tournament " + c.name + ": " + description_text(c.description));
    lines.push_back("players join it with: tournament join " + c.name);
    return {};
}

std::string Director::join(const Command& c, const Caller& who, Kept& k,
                           std::vector<std::string>& lines) {
    const std::string& name = k.event.name;
    if (k.stage != Stage::Entry) return name + " has started: its entry is closed";
    long long player = who.player;
    if (c.ai_level) {
        if (who.player != k.creator)
            return "only " + name + "'s creator, " + k.creator_name + ", enters computer members";
        store_.transaction([&] { player = store_.ai_player(c.ai_level); });
    } else {
        const auto& entry = k.event.description.entry;
        if (!entry.empty() && std::find(entry.begin(), entry.end(), who.name) == entry.end())
            return name + "'s entry is by invitation, and " + who.name + " is not named";
        if (std::find(k.players.begin(), k.players.end(), player) != k.players.end())
            return who.name + " is in " + name + " already";
        if (who.most_tournaments >= 0 && entered(who.player) >= who.most_tournaments)
            return club::limit_refusal(club::kTournamentsPerPlayer, who.most_tournaments, "at once",
                                       "frees when one is over");
    }
    store_.transaction([&] { records_.add_entrant(k.id, player); });
    const std::size_t field = k.players.size() + 1;
    lines.push_back((c.ai_level ? "ai:" + std::to_string(c.ai_level) : who.name) + " joined " +
                    name + " (" + std::to_string(field) + (field == 1 ? " player)" : " players)"));
    return {};
}

std::string Director::leave(const Caller& who, Kept& k, std::vector<std::string>& lines) {
    const std::string& name = k.event.name;
    const auto at = std::find(k.players.begin(), k.players.end(), who.player);
    if (at == k.players.end()) return who.name + " is not in " + name;
    if (k.stage == Stage::Over) return name + " is over";
    const int entrant = static_cast<int>(at - k.players.begin());
    if (k.stage == Stage::Entry) {
        store_.transaction([&] { records_.remove_entrant(k.id, who.player); });
        lines.push_back(who.name + " left " + name);
    } else {
        if (k.event.entrants[entrant].withdrawn) return who.name + " has withdrawn from " + name;
        store_.transaction([&] { records_.withdraw(k.id, entrant); });
        lines.push_back(who.name + " withdrew from " + name + ": paired no more");
    }
    return {};
}

std::string Director::start(const Caller& who, Kept& k, std::vector<std::string>& lines,
                            club::Millis now) {
    Event& e = k.event;
    if (who.player != k.creator)
        return "only " + e.name + "'s creator, " + k.creator_name + ", starts it";
    if (k.stage != Stage::Entry) return e.name + " has started already";
    const int field = static_cast<int>(e.entrants.size()), least = std::max(2, e.table_size());
    if (field < least)
        return e.name + " needs " + std::to_string(least) + " players to start; it has " +
               std::to_string(field);
    if (e.description.system == System::Swiss && e.table_size() == 2 &&
        e.description.rounds > most_rounds(field))
        return "a Swiss of " + std::to_string(field) + " players pairs at most " +
               std::to_string(most_rounds(field)) + " rounds without a rematch; " + e.name +
               " has " + std::to_string(e.description.rounds) + ": more players are needed";
    const std::string family = club::rating_family(e.description.game.rules);
    std::vector<double> ratings;
    for (std::size_t i = 0; i < k.players.size(); ++i)
        e.entrants[i].rating = ratings.emplace_back(store_.rating(k.players[i], family).rating);
    const Round first = pair_next_round(e);
    store_.transaction([&] {
        records_.start(k.id, ratings, now);
        records_.add_round(k.id, 1, first);
    });
    e.rounds.push_back(first);
    begin_round(store_, hall_, k);
    lines.push_back(state_text(e));
    const std::vector<std::string> pairings = pairings_text(e, 1);
    lines.insert(lines.end(), pairings.begin(), pairings.end());
    return {};
}

std::vector<net::Message> answer_words(club::Store& store, Hall& hall, const Caller& who,
                                       const std::string& words, club::Millis now) {
    Command c;
    std::vector<std::string> lines;
    std::string why = parse_command(words, c);
    try {
        if (why.empty()) why = Director(store, hall).run(c, who, lines, now);
    } catch (const std::exception& e) {
        lines.clear();
        why = std::string("the club could not keep it: ") + e.what();
    }
    std::vector<net::Message> out;
    if (!why.empty()) out.push_back(net::with_text(net::Verb::Error, why));
    for (std::string& line : lines) out.push_back(net::with_text(net::Verb::TourneyLine, line));
    net::Message end;
    end.verb = net::Verb::End;
    out.push_back(end);
    return out;
}

int Director::entered(long long player) {
    int n = 0;
    for (const Kept& k : records_.all())
        for (std::size_t i = 0; i < k.players.size(); ++i)
            n += k.stage != Stage::Over && k.players[i] == player && !k.event.entrants[i].withdrawn;
    return n;
}

void Director::list(std::vector<std::string>& lines) {
    for (const Kept& k : records_.all())
        lines.push_back(state_text(k.event) + " (by " + k.creator_name + ")");
    if (lines.empty()) lines.push_back("No tournaments.");
}

} // namespace halma::tourney
