#include "files/stats.hpp"

#include "files/paths.hpp"
#include "files/record_file.hpp"
#include "halma/ai.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <sys/file.h>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

namespace halma::files {

namespace {

constexpr const char* kHeading = "# halma: your record against the computer, one line per variant"
                                 " and AI levels\n# (see FILES in man halma)\n";

// The words naming an entry's variant and levels: its rules as a record writes them (but
// who moves first), then the levels, and whether it counts the games with hints.
std::string entry_key(const Rules& rules, const std::vector<int>& levels, bool hints) {
    std::string out;
    for (const auto& [key, value] : options_of(rules))
        if (key != "first") out += key + "=" + value + " ";
    out += "levels=";
    for (std::size_t i = 0; i < levels.size(); ++i)
        out += (i ? "," : "") + std::to_string(levels[i]);
    return hints ? out + " hints=used" : out;
}

// Reads "2,3,5" into ascending levels; false when it is not a list of levels.
bool read_levels(std::string_view text, std::vector<int>& out) {
    out.clear();
    for (std::string_view word : split_on(text, ',')) {
        const int level = parse_count(word);
        if (level < ai::kMinLevel || level > ai::kMaxLevel) return false;
        out.push_back(level);
    }
    std::sort(out.begin(), out.end());
    return true;
}

// "1 win", "2 wins".
std::string counted(int n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Reads one entry line. Returns an empty string or what is wrong.
std::string read_entry(std::string_view line, StatsEntry& out) {
    StatsEntry e;
    Options rule_words;
    std::vector<std::string_view> seen;
    int* counts[] = {&e.won, &e.lost, &e.drawn, &e.fewest};
    constexpr std::string_view kCountKeys[] = {"won", "lost", "drawn", "fewest"};
    for (std::string_view word : split_words(line)) {
        const std::size_t eq = word.find('=');
        if (eq == std::string_view::npos || eq == 0)
            return "'" + std::string(word.substr(0, 40)) + "' is not key=value";
        const std::string_view key = word.substr(0, eq), value = word.substr(eq + 1);
        if (std::find(seen.begin(), seen.end(), key) != seen.end())
            return "'" + std::string(key) + "' given twice";
        seen.push_back(key);
        const auto count_at = std::find(std::begin(kCountKeys), std::end(kCountKeys), key);
        if (key == "levels") {
            if (!read_levels(value, e.levels))
                return "bad levels '" + std::string(value.substr(0, 40)) + "'";
        } else if (key == "hints") {
            if (value != "used")
                return "bad hints '" + std::string(value.substr(0, 40)) + "' (only hints=used)";
            e.hints = true;
        } else if (count_at != std::end(kCountKeys)) {
            int& n = *counts[count_at - std::begin(kCountKeys)];
            if ((n = parse_count(value)) < 0)
                return "bad count '" + std::string(value.substr(0, 40)) + "' for " +
                       std::string(key);
        } else if (key == "first") {
            return "who moves first is not part of a variant";
        } else {
            rule_words.emplace_back(key, value); // rules_from_options() knows the rule keys
        }
    }
    for (std::string_view key : {"levels", "won", "lost", "drawn", "fewest"})
        if (std::find(seen.begin(), seen.end(), key) == seen.end())
            return "no " + std::string(key) + "=";
    if (TextError err = rules_from_kept(rule_words, e.rules); err.failed()) return err.text;
    if (static_cast<int>(e.levels.size()) != e.rules.players - 1)
        return "a " + std::to_string(e.rules.players) + "-player game has " +
               counted(e.rules.players - 1, "AI seat", "AI seats") + ", not " +
               std::to_string(e.levels.size());
    if (e.hints && e.fewest != 0) return "a line with hints keeps no fewest";
    if (!e.hints && (e.won > 0) != (e.fewest > 0))
        return "fewest is given with the first win, and only then";
    out = std::move(e);
    return {};
}

// Adds one to a count, up to kMaxCount.
void bump(int& count) { count = std::min(count + 1, kMaxCount); }

} // namespace

bool StatsEntry::counts(const Rules& r, const std::vector<int>& lv, bool with_hints) const {
    std::vector<int> sorted = lv;
    std::sort(sorted.begin(), sorted.end());
    return entry_key(rules, levels, hints) == entry_key(r, sorted, with_hints);
}

TextError read_stats(std::string_view text, Stats& out) {
    Stats stats;
    std::set<std::string> keys;
    LineReader lines(text);
    while (lines.next()) {
        if (has_control_character(lines.line())) return lines.error("control characters");
        const std::string_view line = without_comment(lines.line());
        if (line.empty()) continue;
        StatsEntry e;
        if (std::string why = read_entry(line, e); !why.empty()) return lines.error(why);
        if (!keys.insert(entry_key(e.rules, e.levels, e.hints)).second)
            return lines.error(e.hints ? "a second line with hints for the same variant and levels"
                                       : "a second line for the same variant and levels");
        stats.entries.push_back(std::move(e));
    }
    out = std::move(stats);
    return {};
}

std::string write_stats(const Stats& stats) {
    std::string out = kHeading;
    for (const StatsEntry& e : stats.entries)
        out += entry_key(e.rules, e.levels, e.hints) + " won=" + std::to_string(e.won) +
               " lost=" + std::to_string(e.lost) + " drawn=" + std::to_string(e.drawn) +
               " fewest=" + std::to_string(e.fewest) + "\n";
    return out;
}

std::optional<GameTally> tally_game(const Game& game, const std::vector<int>& seat_levels) {
    if (!game.over() || game.from_setup() || static_cast<int>(seat_levels.size()) != game.players())
        return std::nullopt;
    GameTally tally;
    int person = -1;
    for (int p = 0; p < game.players(); ++p) {
        if (seat_levels[p] > 0) {
            tally.levels.push_back(seat_levels[p]);
        } else if (person >= 0) {
            return std::nullopt; // two people: whose record would it be?
        } else {
            person = p;
        }
    }
    if (person < 0) return std::nullopt;
    const Result result = game.result();
    tally.rules = game.rules();
    tally.verdict = result.outcome == Outcome::Draw ? Verdict::Drawn
                    : result.won_by(person)         ? Verdict::Won
                                                    : Verdict::Lost;
    tally.moves = game.moves_made(person);
    return tally;
}

const StatsEntry* find_entry(const Stats& stats, const Rules& rules, const std::vector<int>& levels,
                             bool hints) {
    for (const StatsEntry& e : stats.entries)
        if (e.counts(rules, levels, hints)) return &e;
    return nullptr;
}

const StatsEntry& add_game(Stats& stats, const GameTally& tally) {
    StatsEntry* e =
        const_cast<StatsEntry*>(find_entry(stats, tally.rules, tally.levels, tally.hints));
    if (!e) {
        StatsEntry fresh;
        fresh.rules = tally.rules;
        fresh.rules.first = 0;
        fresh.hints = tally.hints;
        fresh.levels = tally.levels;
        std::sort(fresh.levels.begin(), fresh.levels.end());
        stats.entries.push_back(std::move(fresh));
        e = &stats.entries.back();
    }
    switch (tally.verdict) {
    case Verdict::Won: {
        bump(e->won);
        if (e->hints) break; // a win with hints is no best
        const int moves = std::clamp(tally.moves, 1, kMaxCount);
        if (e->fewest == 0 || moves < e->fewest) e->fewest = moves;
        break;
    }
    case Verdict::Lost:
        bump(e->lost);
        break;
    case Verdict::Drawn:
        bump(e->drawn);
        break;
    }
    return *e;
}

std::string variant_words(const Rules& r) {
    std::string s = std::to_string(r.size) + "x" + std::to_string(r.size);
    if (r.players != 2) s += ", " + std::to_string(r.players) + " players";
    if (r.partners != Partners::None) s += std::string(", partners ") + partners_name(r.partners);
    if (r.win == PartnerWin::Both) s += ", both to finish";
    if (r.spoil != Rules::default_spoil(r.size)) s += std::string(", spoil ") + spoil_name(r.spoil);
    if (r.evacuate != Rules::default_evacuate(r.size))
        s += r.evacuate == 0 ? ", no evacuation" : ", evacuate by " + std::to_string(r.evacuate);
    if (r.longjumps) s += ", long jumps";
    if (r.maxturns > 0) s += ", draw after " + std::to_string(r.maxturns);
    return s;
}

std::string levels_words(const std::vector<int>& levels) {
    if (levels.empty()) return "nobody";
    if (levels.size() == 1) return "level " + std::to_string(levels[0]);
    if (std::all_of(levels.begin(), levels.end(), [&](int l) { return l == levels[0]; }))
        return std::string(levels.size() == 2 ? "two" : "three") + " at level " +
               std::to_string(levels[0]);
    std::string s = "levels ";
    for (std::size_t i = 0; i < levels.size(); ++i)
        s += (i == 0 ? "" : i + 1 == levels.size() ? " and " : ", ") + std::to_string(levels[i]);
    return s;
}

std::string standing_line(const StatsEntry& e) {
    std::string s = std::string(e.hints ? "with hints: " : "") + counted(e.won, "win", "wins") +
                    ", " + counted(e.lost, "loss", "losses");
    if (e.drawn) s += ", " + counted(e.drawn, "draw", "draws");
    return s + " against " + levels_words(e.levels) + " on " + variant_words(e.rules);
}

std::string render_stats(const Stats& stats) {
    if (stats.entries.empty()) return "No games against the computer finished yet.\n";
    std::vector<const StatsEntry*> rows;
    for (const StatsEntry& e : stats.entries) rows.push_back(&e);
    // The big board first, then by players, the variant's words and the levels.
    auto order = [](const StatsEntry* e) {
        return std::make_tuple(-e->rules.size, e->rules.players, variant_words(e->rules), e->levels,
                               e->hints);
    };
    std::stable_sort(rows.begin(), rows.end(),
                     [&](const StatsEntry* a, const StatsEntry* b) { return order(a) < order(b); });
    // The columns are as wide as their longest text, headings and the totals' label included.
    std::size_t variant_w = std::string("all games").size(),
                against_w = std::string("against").size();
    auto against = [](const StatsEntry* e) {
        return levels_words(e->levels) + (e->hints ? " with hints" : "");
    };
    const bool any_hints =
        std::any_of(rows.begin(), rows.end(), [](const StatsEntry* e) { return e->hints; });
    const std::string all = any_hints ? "without hints" : "all games";
    for (const StatsEntry* e : rows) {
        variant_w = std::max(variant_w, variant_words(e->rules).size());
        against_w = std::max(against_w, against(e).size());
    }
    variant_w = std::max(variant_w, all.size());
    auto spaces = [](const std::string& s, std::size_t w) {
        return std::string(w > s.size() ? w - s.size() : 0, ' ');
    };
    auto pad = [&](const std::string& s, std::size_t w) { return s + spaces(s, w); };
    auto right = [&](const std::string& s, std::size_t w) { return spaces(s, w) + s; };
    auto row = [&](const std::string& variant, const std::string& against, const std::string& won,
                   const std::string& lost, const std::string& drawn, const std::string& fewest) {
        std::string line = pad(variant, variant_w) + "  " + pad(against, against_w) +
                           right(won, 6) + right(lost, 6) + right(drawn, 7) + right(fewest, 8);
        return line.erase(line.find_last_not_of(' ') + 1) + "\n";
    };
    std::string out = "Your record against the computer\n\n" +
                      row("variant", "against", "won", "lost", "drawn", "fewest");
    int won[2] = {}, lost[2] = {}, drawn[2] = {}; // without hints, with hints
    for (const StatsEntry* e : rows) {
        out += row(variant_words(e->rules), against(e), std::to_string(e->won),
                   std::to_string(e->lost), std::to_string(e->drawn),
                   e->fewest ? std::to_string(e->fewest) : "-");
        won[e->hints] += e->won, lost[e->hints] += e->lost, drawn[e->hints] += e->drawn;
    }
    out += "\n" + row(all, "", std::to_string(won[0]), std::to_string(lost[0]),
                      std::to_string(drawn[0]), "");
    if (any_hints)
        out += row("with hints", "", std::to_string(won[1]), std::to_string(lost[1]),
                   std::to_string(drawn[1]), "");
    return out;
}

std::string stats_path(const std::string& dir) { return dir + "/stats"; }

TextError load_stats(const std::string& path, Stats& out) {
    struct stat st;
    if (stat(path.c_str(), &st) != 0 && errno == ENOENT) {
        out = {};
        return {};
    }
    std::string text;
    if (std::string err = read_file(path, text); !err.empty()) return {{}, 0, {}, err};
    TextError err = read_stats(text, out);
    err.file = path;
    return err.failed() ? err : TextError{};
}

StatsOutcome record_game(const std::string& path, const GameTally& tally) {
    StatsOutcome out;
    // 1. One halma at a time: another one finishing a game now waits for this one.
    const std::size_t slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "."
                            : slash == 0               ? "/"
                                                       : path.substr(0, slash);
    const int lock = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (lock >= 0) (void)flock(lock, LOCK_EX);
    // 2. The record so far; a damaged one is moved aside, never written over.
    Stats stats;
    struct stat st;
    const bool present = stat(path.c_str(), &st) == 0;
    if (present && !S_ISREG(st.st_mode)) {
        out.error = true;
        out.message = path + " is not a file; this game is not counted";
    } else if (TextError err = load_stats(path, stats); err.failed()) {
        const std::string aside = set_aside(path);
        if (aside.empty()) {
            out.error = true;
            out.message = "damaged record " + err.message() +
                          "; it could not be moved aside, "
                          "so this game is not counted";
        } else {
            out.message = "damaged record kept as " + aside + " (" + err.message() + ")";
        }
        stats = {};
    }
    // 3. Count the game and write the record back.
    if (!out.error) {
        const StatsEntry* before = find_entry(stats, tally.rules, tally.levels, tally.hints);
        const int best_before = before ? before->fewest : 0;
        out.entry = add_game(stats, tally);
        out.new_best = tally.verdict == Verdict::Won && out.entry.fewest != best_before;
        if (std::string err = write_file_atomically(path, write_stats(stats)); !err.empty()) {
            out.error = true;
            out.message =
                (out.message.empty() ? "" : out.message + "; ") + "game not counted: " + err;
        }
    }
    if (lock >= 0) close(lock);
    return out;
}

} // namespace halma::files
