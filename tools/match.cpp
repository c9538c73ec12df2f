// match: AI levels (or a one-ply greedy player) playing each other, the engine judging.
//
//   match --seats LINEUP [RULES] [--movetime MS] [--nodes N] [--seeds A-B] [--cycles K]
//         [--seatings LIST] [--set ENTRY:KEY=VALUE ...] [--keep] [--engine PROGRAM]
//         [--verbose | --trace]
//   match A B [...]          the same as --seats A,B,B(,B): A in one seat, B in the others
//
// LINEUP is a level 1..5 or "greedy" per seat, comma-separated, e.g. 5,3,3,3; with
// partners, entries 1+3 and 2+4 (opposite) or 1+2 and 3+4 (adjacent) are the sides.
// RULES: --players P (default: the lineup's length), --size S, --camps mixed|small,
// --spoil fill|strict|swap, --evacuate N, --longjumps, --partners opposite|adjacent,
// --win first|both, --maxturns N (default 200; 0 = none).
//
// Every seed plays the lineup in every seating of one rotation cycle (each entry in each
// seat once, partners kept together; seat 1 always moves first), --cycles times over, so a
// match is seeds x cycle x cycles games. --seatings 2,4 plays only those seatings of the
// cycle (numbered as --verbose names them; 1 is the lineup as given), to measure a side from
// one seating alone; each game keeps the seed it has in a whole cycle. The seed feeds the
// AI's seeded choices. With --nodes N the levels that think by the clock get N nodes a move
// instead, searched or made by a plan home (ai::clock_nodes: a level that thinks a third of
// movetime a third of N; level 3 keeps its own budget), so a game repeats exactly and the
// machine's load cannot change it (give a large --movetime too). Each move is chosen as the
// program chooses it, by a fresh search; --keep gives each seat one Searcher for the whole
// game.
// --engine PROGRAM plays the AI seats as shipped, through the engine protocol: one
// `PROGRAM --engine` process per seat, told movetime (and --nodes as its nodes command)
// once, newgame with the rules and its seat's level for every game, before each genmove the
// seed this process would use, and every move relayed with play. This process judges by its
// own rules and checks at each game's end that every engine reports the same board and
// result. Under --nodes both ways play the same games move for move; the processor share is
// then the engines'. --set and --keep change the AI in this process and cannot go with it.
// --set ENTRY:KEY=VALUE changes one entry's level settings (ai/levels.hpp) for tuning;
// keys: depth, nodes, time_divisor, most_ms, root_noise, weight, exit_urge, outside_cost,
// partner_block, trailer_share, idle_at_home, plans (0 never, 1 while apart, 2 always),
// turn_order, best_crossing, and keep (that entry's --keep).
//
// The report starts with the rules in force, then for each contender (the entries sharing a
// level and settings): wins, the fair share, wins by seat, wins by the others dropping out,
// mean and slowest milliseconds per move and how much of that time it had the processor (a
// level that thinks by the clock plays weaker on a busy machine: below about 90% a figure
// says more about the machine than the level), and the most processor time one move took
// (a slowest move over movetime with this under it was kept waiting, not thinking); then
// how often its moves brought its pieces back to a set of squares they held before in the
// game, and its moves inside its home camp that brought no piece nearer its target corner;
// then draws, the mean moves the winner made, how many of the games differ, and the plies a
// game took (median, longest). The last line, "summary: ...", is the same in one line. A move that
// took more processor time than movetime is named on stderr as it happens (its ply, seed, seating,
// and the search's depth and nodes).
#include "halma.hpp"
#include "halma/ai.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <set>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace halma;

namespace {

[[noreturn]] void usage_error(const std::string& why) {
    std::fprintf(
        stderr,
        "match: %s\n"
        "usage: match --seats L,L[,L[,L]] | A B  [--players P] [--size S]\n"
        "       [--camps mixed|small] [--spoil fill|strict|swap] [--evacuate N]\n"
        "       [--longjumps] [--partners opposite|adjacent] [--win first|both]\n"
        "       [--maxturns N] [--movetime MS] [--nodes N] [--seeds A-B] [--cycles K]\n"
        "       [--seatings LIST]\n"
        "       [--set ENTRY:KEY=VALUE] [--keep] [--engine PROGRAM] [--verbose] [--trace]\n"
        "levels: 1..5 or greedy\n",
        why.c_str());
    std::exit(2);
}

// One entry of the lineup: an AI level (0 for the greedy player) and its settings.
struct Entry {
    int level = 0;
    std::string name;
    std::vector<std::pair<std::string, int>> sets; // --set overrides, in order
    bool keep = false; // keeps one Searcher for the game (--keep, or --set N:keep=1)
};

// What a contender (the entries with one name) did over the match.
struct Tally {
    std::string name;
    int entries = 0;
    int wins = 0, by_dropout = 0;
    int seat_games[kMaxPlayers] = {}, seat_wins[kMaxPlayers] = {};
    double ms = 0, slowest = 0;
    double cpu_ms = 0;   // the processor time its moves took: below ms when the machine is busy
    double most_cpu = 0; // the most processor time one move took: over movetime, the search's
                         // fault; slowest over movetime with this under it, the machine's
    long moves = 0;
    // A move bringing the mover's pieces back to squares they all stood on before in the game.
    long repeats = 0;
    // A move inside the mover's home camp that brings the piece no nearer its target corner.
    long home_shuffles = 0;
};

// The processor time this thread has used, in milliseconds.
double cpu_now_ms() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1000.0 + static_cast<double>(ts.tv_nsec) / 1e6;
}

struct Config {
    Rules rules;
    std::vector<Entry> lineup;
    int movetime = ai::kDefaultMovetimeMs;
    std::uint64_t nodes = 0, seed_from = 1, seed_to = 1;
    int cycles = 1;
    unsigned seatings = ~0U; // bit r: seating r+1 of the cycle is played
    bool keep = false, verbose = false, trace = false;
    std::string engine; // the program whose --engine plays the AI seats ("": in this process)
};

// Parses "greedy" or a level.
Entry parse_entry(const std::string& text) {
    Entry e;
    if (text == "greedy") {
        e.name = "greedy";
        return e;
    }
    e.level = parse_count(text);
    if (e.level < ai::kMinLevel || e.level > ai::kMaxLevel)
        usage_error("a player is a level 1..5 or greedy, not '" + text + "'");
    e.name = "L" + text;
    return e;
}

// Applies one --set override to a level's settings; false for an unknown key.
bool apply_setting(ai::LevelSettings& s, const std::string& key, int v) {
    if (key == "depth")
        s.depth = v;
    else if (key == "nodes")
        s.nodes = static_cast<std::uint64_t>(v);
    else if (key == "time_divisor")
        s.time_divisor = std::max(1, v);
    else if (key == "most_ms")
        s.most_ms = std::max(0, v);
    else if (key == "root_noise")
        s.root_noise = std::max(1, v);
    else if (key == "weight")
        s.opponent_weight = v;
    else if (key == "exit_urge")
        s.exit_urge = v;
    else if (key == "outside_cost")
        s.outside_cost = v;
    else if (key == "partner_block")
        s.partner_block = v;
    else if (key == "trailer_share")
        s.trailer_share = std::max(1, v);
    else if (key == "turn_order")
        s.turn_order = v != 0;
    else if (key == "idle_at_home")
        s.idle_at_home = v;
    else if (key == "best_crossing")
        s.best_crossing = v != 0;
    else if (key == "plans")
        s.plans = static_cast<ai::Plans>(std::min(v, 2));
    else
        return false;
    return true;
}

// Reads "ENTRY:KEY=VALUE" into the lineup's entry (1-based), and renames it.
void parse_set(Config& c, const std::string& text) {
    const std::size_t colon = text.find(':'), eq = text.find('=');
    if (colon == std::string::npos || eq == std::string::npos || eq < colon)
        usage_error("--set takes ENTRY:KEY=VALUE, not '" + text + "'");
    const int entry = parse_count(text.substr(0, colon));
    const int value = parse_count(text.substr(eq + 1));
    const std::string key = text.substr(colon + 1, eq - colon - 1);
    if (entry < 1 || entry > static_cast<int>(c.lineup.size()) || value < 0)
        usage_error("--set: no entry or value in '" + text + "'");
    Entry& e = c.lineup[entry - 1];
    ai::LevelSettings probe;
    if (key == "keep" && e.level)
        e.keep = value != 0;
    else if (e.level && apply_setting(probe, key, value))
        e.sets.emplace_back(key, value);
    else
        usage_error("--set: '" + key + "' is no setting of entry " + std::to_string(entry));
    e.name += "[" + key + "=" + std::to_string(value) + "]";
}

// Reads "A-B" or "A" into a seed range.
void parse_seeds(Config& c, const std::string& text) {
    const std::size_t dash = text.find('-');
    const int a = parse_count(text.substr(0, dash));
    const int b = dash == std::string::npos ? a : parse_count(text.substr(dash + 1));
    if (a < 0 || b < a) usage_error("--seeds takes A-B or A, not '" + text + "'");
    c.seed_from = static_cast<std::uint64_t>(a), c.seed_to = static_cast<std::uint64_t>(b);
}

// Reads a comma-separated list of seatings (1..4) into a mask.
void parse_seatings(Config& c, const std::string& text) {
    c.seatings = 0;
    for (std::string_view w : split_on(text, ',')) {
        const int r = parse_count(w);
        if (r < 1 || r > kMaxPlayers)
            usage_error("--seatings takes seatings 1.." + std::to_string(kMaxPlayers) + ", not '" +
                        text + "'");
        c.seatings |= 1U << (r - 1);
    }
}

// A whole number option value; exits on anything else.
int number(const std::string& option, const std::string& text) {
    const int n = parse_count(text);
    if (n < 0) usage_error(option + " needs a whole number, not '" + text + "'");
    return n;
}

// Reads the command line: the lineup, then the rule options (as the protocol's keys) and
// the match's own options.
Config parse_args(int argc, char** argv) {
    Config c;
    Options rules;
    std::vector<std::string> positional, sets;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a.rfind("--", 0) != 0) {
            positional.push_back(a);
            continue;
        }
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage_error(a + " needs a value");
            return argv[++i];
        };
        const std::string key = a.substr(2);
        if (key == "players" || key == "size" || key == "camps" || key == "spoil" ||
            key == "evacuate" || key == "partners" || key == "win" || key == "maxturns")
            rules.emplace_back(key, value());
        else if (key == "longjumps")
            rules.emplace_back("longjumps", "1");
        else if (key == "seats")
            for (std::string_view w : split_on(value(), ',')) positional.emplace_back(w);
        else if (key == "movetime")
            c.movetime = std::max(1, number(a, value()));
        else if (key == "nodes") {
            const std::string v = value();
            if (!parse_u64(v, c.nodes) || c.nodes > ai::kMaxNodes)
                usage_error("--nodes needs a whole number up to " + std::to_string(ai::kMaxNodes) +
                            ", not '" + v + "'");
        } else if (key == "seeds")
            parse_seeds(c, value());
        else if (key == "seed")
            parse_seeds(c, value()); // one seed
        else if (key == "cycles")
            c.cycles = std::max(1, number(a, value()));
        else if (key == "seatings")
            parse_seatings(c, value());
        else if (key == "set")
            sets.push_back(value());
        else if (key == "keep")
            c.keep = true;
        else if (key == "engine")
            c.engine = value();
        else if (key == "verbose")
            c.verbose = true;
        else if (key == "trace")
            c.verbose = c.trace = true;
        else
            usage_error("unknown option " + a);
    }
    if (positional.size() < 2) usage_error("name the players");
    bool has_players = false, has_maxturns = false;
    for (const auto& kv : rules)
        has_players |= kv.first == "players", has_maxturns |= kv.first == "maxturns";
    if (!has_players) rules.emplace_back("players", std::to_string(positional.size()));
    if (!has_maxturns) rules.emplace_back("maxturns", "200");
    if (TextError err = rules_from_options(rules, c.rules); err.failed())
        usage_error(err.message());
    // "A B": A in the first seat, B in every other.
    if (positional.size() == 2)
        positional.resize(static_cast<std::size_t>(c.rules.players), positional[1]);
    if (static_cast<int>(positional.size()) != c.rules.players)
        usage_error("the lineup names " + std::to_string(positional.size()) + " seats for " +
                    std::to_string(c.rules.players) + " players");
    for (const std::string& p : positional) c.lineup.push_back(parse_entry(p));
    for (const std::string& s : sets) parse_set(c, s);
    if ((c.seatings & ((1U << c.rules.players) - 1)) == 0)
        usage_error("--seatings names no seating of " + std::to_string(c.rules.players) +
                    " players");
    if (!c.engine.empty() && (c.keep || !sets.empty()))
        usage_error("--keep and --set change the AI in this process; --engine plays it as shipped");
    return c;
}

// The seat of lineup entry i in seating r of the rotation cycle: rotations round the table,
// or with adjacent partners (1+2, 3+4) the exchanges that keep the sides together.
int seat_of_entry(const Rules& rules, int i, int r) {
    if (rules.partners == Partners::Adjacent) return i ^ r;
    return (i + r) % rules.players;
}

// The seeded one-ply greedy player: the move that brings a piece nearest its target
// corner, the rearmost piece on ties, then at random.
Move greedy_move(const Game& g, std::uint64_t& random) {
    MoveList list;
    g.legal_moves(list);
    if (list.empty()) return Move::pass();
    const int corner = target_corner(g.rules(), g.owner_to_move());
    auto dist = [&](int sq) {
        const int df = std::abs(file_of(sq) - file_of(corner)),
                  dr = std::abs(rank_of(sq) - rank_of(corner));
        return 2 * std::max(df, dr) + df + dr;
    };
    Move best = list[0];
    long best_key = -1000000;
    for (Move m : list) {
        long key = (dist(m.from()) - dist(m.to())) * 10000L + dist(m.from()) * 100L +
                   static_cast<long>(halma::detail::splitmix64(random) % 100);
        if (key > best_key) best_key = key, best = m;
    }
    return best;
}

// One seat's player as shipped: a `PROGRAM --engine` process, spoken to through pipes.
class EngineProcess {
  public:
    explicit EngineProcess(const std::string& program) {
        int to_child[2], from_child[2];
        if (pipe(to_child) != 0 || pipe(from_child) != 0) fail("pipe", std::strerror(errno));
        pid_ = fork();
        if (pid_ < 0) fail("fork", std::strerror(errno));
        if (pid_ == 0) {
            dup2(to_child[0], 0);
            dup2(from_child[1], 1);
            for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
            execl(program.c_str(), program.c_str(), "--engine", static_cast<char*>(nullptr));
            std::fprintf(stderr, "match: cannot run %s: %s\n", program.c_str(),
                         std::strerror(errno));
            _exit(127);
        }
        close(to_child[0]);
        close(from_child[1]);
        to_ = fdopen(to_child[1], "w");
        from_ = fdopen(from_child[0], "r");
        if (!to_ || !from_ || clock_getcpuclockid(pid_, &clock_) != 0)
            fail("the engine's pipes or clock", std::strerror(errno));
    }
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;
    ~EngineProcess() { // quit, read to the end (the answer, then end of file), and wait
        std::fputs("quit\n", to_);
        std::fclose(to_);
        for (std::string line; read_line(line);) {
        }
        std::fclose(from_);
        waitpid(pid_, nullptr, 0);
    }

    // Sends one command and returns the answer after "= " (its first line); exits the match
    // on an error answer or a lost engine.
    std::string ask(const std::string& command) {
        std::fprintf(to_, "%s\n", command.c_str());
        std::fflush(to_);
        std::string first, line;
        for (bool first_line = true; read_line(line) && !line.empty(); first_line = false)
            if (first_line) first = line;
        if (first.rfind("=", 0) != 0) fail(command, first.empty() ? "no answer" : first);
        return first.size() > 2 ? first.substr(2) : std::string();
    }

    // The processor time the engine has used, in milliseconds.
    [[nodiscard]] double cpu_ms() const {
        timespec ts{};
        clock_gettime(clock_, &ts);
        return static_cast<double>(ts.tv_sec) * 1000.0 + static_cast<double>(ts.tv_nsec) / 1e6;
    }

  private:
    bool read_line(std::string& line) {
        line.clear();
        for (int c; (c = std::fgetc(from_)) != EOF;) {
            if (c == '\n') return true;
            line.push_back(static_cast<char>(c));
        }
        return !line.empty();
    }
    [[noreturn]] static void fail(const std::string& what, const std::string& why) {
        std::fprintf(stderr, "match: engine: %s: %s\n", what.c_str(), why.c_str());
        std::exit(1);
    }

    pid_t pid_ = -1;
    clockid_t clock_{};
    FILE* to_ = nullptr;
    FILE* from_ = nullptr;
};

// The engines of the seats (--engine), started for the first game and kept for the match.
using Engines = std::vector<std::unique_ptr<EngineProcess>>;

// One game in progress: the lineup's seats and each seat's searcher, or engine.
struct Table {
    explicit Table(const Config& c, Engines& e) : config(c), engines(e) {}
    const Config& config;
    Engines& engines;
    int entry_at[kMaxPlayers] = {}; // the lineup entry in each seat
    ai::Searcher searchers[kMaxPlayers];
    std::uint64_t seed = 0, random = 0;
};

// The AI's seed for the move at ply of seat: the same in this process and through an engine
// (whose seed command takes six digits at most).
std::uint64_t move_seed(const Table& t, std::size_t ply, int seat) {
    return (t.seed * 1000003 + ply * 31 + static_cast<std::uint64_t>(seat)) % 1000000;
}

// The move of the seat to move from its engine, given the seed this process would use.
Move engine_move(Table& t, const Game& g, const Entry& e) {
    EngineProcess& engine = *t.engines[static_cast<std::size_t>(g.to_move())];
    engine.ask("seed " + std::to_string(move_seed(t, g.ply(), g.to_move())));
    const std::string text = engine.ask("genmove");
    const ParsedMove pm = parse_move(g, text);
    if (!pm.error.empty()) {
        std::fprintf(stderr, "match: %s answered %s: %s\n", e.name.c_str(), text.c_str(),
                     pm.error.c_str());
        std::exit(1);
    }
    if (t.config.trace)
        std::printf("%4zu %-8s %-10s\n", g.ply(), e.name.c_str(), move_name(pm.move).c_str());
    return pm.move;
}

// Chooses the move of the seat to move, as the entry in it plays.
Move choose(Table& t, const Game& g) {
    const int seat = g.to_move();
    const Entry& e = t.config.lineup[static_cast<std::size_t>(t.entry_at[seat])];
    if (e.level == 0) return greedy_move(g, t.random);
    if (!t.config.engine.empty()) return engine_move(t, g, e);
    ai::Limits lim;
    lim.level = e.level;
    lim.movetime_ms = t.config.movetime;
    lim.seed = move_seed(t, g.ply(), seat);
    ai::Searcher& searcher = t.searchers[seat];
    std::optional<ai::LevelSettings> custom;
    ai::LevelSettings settings = ai::level_settings(e.level, g.rules());
    if (!e.sets.empty()) {
        for (const auto& [key, value] : e.sets) apply_setting(settings, key, value);
        custom = settings;
    }
    lim.nodes = ai::clock_nodes(settings, t.config.nodes); // --nodes stands in for the clock
    if (!t.config.keep && !e.keep) searcher.clear();
    searcher.use_settings(custom);
    Move m = searcher.choose(g, lim);
    if (t.config.trace) {
        const ai::SearchInfo& in = searcher.info();
        std::printf("%4zu %-8s %-10s depth %d score %d nodes %llu%s\n", g.ply(), e.name.c_str(),
                    move_name(m).c_str(), in.depth, in.score,
                    static_cast<unsigned long long>(in.nodes), in.race ? " race" : "");
    }
    return m;
}

// Finds the tally of a name, adding it if new.
Tally& tally_of(std::vector<Tally>& tallies, const std::string& name) {
    for (Tally& t : tallies)
        if (t.name == name) return t;
    tallies.push_back({});
    tallies.back().name = name;
    return tallies.back();
}

// The seat whose moves stand for the winner's: the first winner to finish, or (a win by the
// others dropping out) the winner with the most moves; under win=both the last to finish.
int winner_seat(const Game& g) {
    const Result res = g.result();
    int w = -1;
    for (int p = 0; p < g.players(); ++p) {
        if (!res.won_by(p)) continue;
        const bool both = g.rules().win == PartnerWin::Both;
        const bool better = w < 0 || (g.finished(p) && !g.finished(w)) ||
                            (g.finished(p) == g.finished(w) &&
                             (both || !g.finished(p) ? g.moves_made(p) > g.moves_made(w)
                                                     : g.moves_made(p) < g.moves_made(w)));
        if (better) w = p;
    }
    return w;
}

// With --engine, readies every seat's engine for a game of rules: started (and told the
// movetime and any node budget) before the first game, then the new game and its seat's level
// (a greedy seat's engine only follows the game).
void start_engines(Table& t, const Rules& rules) {
    const Config& c = t.config;
    if (c.engine.empty()) return;
    for (int p = static_cast<int>(t.engines.size()); p < rules.players; ++p) {
        t.engines.push_back(std::make_unique<EngineProcess>(c.engine));
        t.engines.back()->ask("movetime " + std::to_string(c.movetime));
        // Without --nodes the clock decides, also for the seeded moves (the protocol's seed
        // alone would make the engine think by the nodes standing for movetime).
        t.engines.back()->ask("nodes " + std::to_string(c.nodes));
    }
    std::string newgame = "newgame";
    for (const auto& [key, value] : options_of(rules)) newgame += " " + key + "=" + value;
    for (int p = 0; p < rules.players; ++p) {
        EngineProcess& e = *t.engines[static_cast<std::size_t>(p)];
        e.ask(newgame);
        const int level = c.lineup[static_cast<std::size_t>(t.entry_at[p])].level;
        e.ask("level " + std::to_string(level ? level : ai::kMinLevel));
    }
}

// With --engine, checks that every engine ends the game where the judge (this process's
// rules) does: a relayed move that went wrong would show here.
void check_engines(Engines& engines, const Game& g) {
    const std::string board = position_string(g.position()), status = status_text(g);
    for (std::size_t p = 0; p < engines.size(); ++p)
        if (engines[p]->ask("board") != board || engines[p]->ask("status") != status) {
            std::fprintf(stderr, "match: the engine of seat %zu ends the game elsewhere\n", p + 1);
            std::exit(1);
        }
}

// What the match has seen so far, beyond the tallies.
struct Totals {
    int games = 0, draws = 0, decided = 0;
    long winner_moves = 0;
    std::set<std::uint64_t> distinct;
    std::vector<std::size_t> plies; // each game's length
};

// The median of a game length list (0 for none).
std::size_t median(std::vector<std::size_t> v) {
    if (v.empty()) return 0;
    std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
    return v[v.size() / 2];
}

// How far sq is from p's target corner in king steps, then files and ranks.
int corner_distance(const Game& g, int p, int sq) {
    const int corner = target_corner(g.rules(), p);
    const int df = std::abs(file_of(sq) - file_of(corner)),
              dr = std::abs(rank_of(sq) - rank_of(corner));
    return 2 * std::max(df, dr) + df + dr;
}

// Counts the move m just played with owner's pieces into who: a return to a set of squares
// they held before (held lists them, the start's included), a shuffle inside its home camp.
void count_move(const Game& g, int owner, Move m, std::vector<Bitboard>& held, Tally& who,
                bool trace) {
    const Bitboard now = g.position().pieces(owner);
    if (std::find(held.begin(), held.end(), now) != held.end()) ++who.repeats;
    held.push_back(now);
    const Bitboard& home = g.camps().home[owner];
    if (!m.is_pass() && home.test(m.from()) && home.test(m.to()) &&
        corner_distance(g, owner, m.to()) >= corner_distance(g, owner, m.from())) {
        ++who.home_shuffles;
        if (trace)
            std::printf("     (a move inside home, not forward: %s)\n", move_name(m).c_str());
    }
}

// Plays one game of seating r under seed and adds it to the tallies.
void play_game(const Config& c, Engines& engines, std::uint64_t seed, int r,
               std::vector<Tally>& tallies, Totals& totals) {
    Table t(c, engines);
    t.seed = seed * 97 + static_cast<std::uint64_t>(r);
    t.random = t.seed * 7919;
    for (int i = 0; i < c.rules.players; ++i) t.entry_at[seat_of_entry(c.rules, i, r)] = i;
    Rules rules = c.rules;
    rules.first = 0;
    Game g(rules);
    start_engines(t, rules);
    std::uint64_t line = 0;
    std::vector<std::vector<Bitboard>> held(static_cast<std::size_t>(rules.players));
    for (int p = 0; p < rules.players; ++p)
        held[static_cast<std::size_t>(p)].push_back(g.position().pieces(p));
    while (!g.over()) {
        const int seat = g.to_move();
        const Entry& entry = c.lineup[static_cast<std::size_t>(t.entry_at[seat])];
        EngineProcess* engine = engines.empty() || !entry.level ? nullptr : engines[seat].get();
        auto cpu_clock = [&] { return engine ? engine->cpu_ms() : cpu_now_ms(); };
        const auto t0 = std::chrono::steady_clock::now();
        const double cpu0 = cpu_clock();
        const Move m = choose(t, g);
        const double cpu = cpu_clock() - cpu0;
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count();
        Tally& who = tally_of(tallies, c.lineup[static_cast<std::size_t>(t.entry_at[seat])].name);
        who.ms += ms, who.cpu_ms += cpu, ++who.moves;
        who.slowest = std::max(who.slowest, ms), who.most_cpu = std::max(who.most_cpu, cpu);
        if (cpu > c.movetime) { // the search ran past its clock: say where, to find out why
            std::string search = " (through its engine)";
            if (!engine) {
                const ai::SearchInfo& in = t.searchers[seat].info();
                search = ": depth " + std::to_string(in.depth) + ", " + std::to_string(in.nodes) +
                         " nodes" + (in.race ? ", race" : "") + (in.stopped ? ", stopped" : "");
            }
            std::fprintf(stderr,
                         "match: %s thought %.0f ms (movetime %d) at ply %zu, seed %llu seating "
                         "%d%s\n",
                         who.name.c_str(), cpu, c.movetime, g.ply(),
                         static_cast<unsigned long long>(seed), r, search.c_str());
        }
        const std::string text = chain_name(g.position(), m, rules.longjumps);
        if (!g.play(m)) {
            std::fprintf(stderr, "match: %s chose an illegal move %s\n", who.name.c_str(),
                         move_name(m).c_str());
            std::exit(1);
        }
        const int owner = m.is_pass() ? kEmpty : g.position().at(m.to()); // none: dropped out
        if (owner >= 0)
            count_move(g, owner, m, held[static_cast<std::size_t>(owner)], who, c.trace);
        for (int p = 0; p < static_cast<int>(engines.size()); ++p)
            if (p != seat) engines[static_cast<std::size_t>(p)]->ask("play " + text);
        line = line * 0x9E3779B97F4A7C15ULL + g.position().hash();
    }
    check_engines(engines, g);
    ++totals.games;
    totals.distinct.insert(line);
    totals.plies.push_back(g.ply());
    std::string outcome = "draw";
    for (int p = 0; p < c.rules.players; ++p)
        ++tally_of(tallies, c.lineup[static_cast<std::size_t>(t.entry_at[p])].name).seat_games[p];
    if (g.result().outcome == Outcome::Draw) {
        ++totals.draws;
    } else {
        const int w = winner_seat(g);
        // A side's win counts once for each contender on it.
        std::set<std::string> counted;
        for (int p = 0; p < c.rules.players; ++p) {
            if (!g.result().won_by(p)) continue;
            Tally& tw = tally_of(tallies, c.lineup[static_cast<std::size_t>(t.entry_at[p])].name);
            ++tw.seat_wins[p];
            if (!counted.insert(tw.name).second) continue;
            ++tw.wins;
            if (!g.finished(w)) ++tw.by_dropout;
        }
        ++totals.decided;
        totals.winner_moves += g.moves_made(w);
        outcome = "seat " + std::to_string(w + 1) + " (" +
                  c.lineup[static_cast<std::size_t>(t.entry_at[w])].name + ") in " +
                  std::to_string(g.moves_made(w)) + " moves" +
                  (g.finished(w) ? "" : ", the others dropped out");
    }
    if (c.verbose) {
        std::string seats, home;
        for (int p = 0; p < c.rules.players; ++p) {
            seats += (p ? "," : "") + c.lineup[static_cast<std::size_t>(t.entry_at[p])].name;
            home += " " + std::to_string((g.camps().target[p] & g.position().pieces(p)).count());
        }
        std::printf("game %d (seed %llu, seating %d: %s): %s; pieces home by seat:%s; %zu plies\n",
                    totals.games, static_cast<unsigned long long>(seed), r + 1, seats.c_str(),
                    outcome.c_str(), home.c_str(), g.ply());
    }
    std::fflush(stdout);
}

// The rules in force and how the match is played, in one line.
std::string conditions(const Config& c) {
    const Rules& r = c.rules;
    std::string s =
        std::to_string(r.players) + "p " + std::to_string(r.size) + "x" + std::to_string(r.size);
    if (r.players == 3) s += std::string(" camps=") + camps_name(r.camps);
    if (r.partners != Partners::None)
        s += std::string(" partners=") + partners_name(r.partners) + " win=" + win_name(r.win);
    s += std::string(" spoil=") + spoil_name(r.spoil) + " evacuate=" + std::to_string(r.evacuate);
    if (r.longjumps) s += " longjumps";
    s += " maxturns=" + std::to_string(r.maxturns);
    s += c.nodes ? " nodes=" + std::to_string(c.nodes) : " movetime=" + std::to_string(c.movetime);
    if (c.keep) s += " keep";
    std::string lineup;
    for (const Entry& e : c.lineup) lineup += (lineup.empty() ? "" : ",") + e.name;
    std::string seatings;
    for (int r = 0; r < c.rules.players; ++r)
        if ((c.seatings >> r) & 1)
            seatings += (seatings.empty() ? "" : ",") + std::to_string(r + 1);
    if (c.seatings != ~0U) lineup += " (seatings " + seatings + ")";
    return s + "; lineup " + lineup + " rotated; seeds " + std::to_string(c.seed_from) + "-" +
           std::to_string(c.seed_to);
}

// Prints the report: the conditions, each contender's line, the totals, the summary line.
void report(const Config& c, const std::vector<Tally>& tallies, const Totals& totals) {
    const std::string cond = conditions(c);
    std::printf("%s\n", cond.c_str());
    std::string summary;
    for (const Tally& t : tallies) {
        int entries = 0;
        for (const Entry& e : c.lineup) entries += e.name == t.name;
        int sides = c.rules.partners == Partners::None ? c.rules.players : 2;
        int share_entries = c.rules.partners == Partners::None ? entries : (entries + 1) / 2;
        const double pct = totals.games ? 100.0 * t.wins / totals.games : 0.0;
        std::string by_seat;
        for (int p = 0; p < c.rules.players; ++p)
            by_seat += " " + std::to_string(p + 1) + ":" + std::to_string(t.seat_wins[p]) + "/" +
                       std::to_string(t.seat_games[p]);
        const double share = t.ms > 0 ? 100.0 * t.cpu_ms / t.ms : 100.0; // of the processor
        std::printf("  %s (%d of %d seats): won %d of %d (%.0f%%; fair share %.0f%%); wins by "
                    "seat%s; by the others dropping out %d; ms/move %.1f (%.0f%% of it on the "
                    "processor), slowest %.0f (the most processor time in one move %.0f); "
                    "back to squares held before in %ld of %ld moves, %ld moves inside home "
                    "not forward\n",
                    t.name.c_str(), entries, c.rules.players, t.wins, totals.games, pct,
                    100.0 * share_entries / sides, by_seat.c_str(), t.by_dropout,
                    t.moves ? t.ms / static_cast<double>(t.moves) : 0.0, share, t.slowest,
                    t.most_cpu, t.repeats, t.moves, t.home_shuffles);
        summary += " " + t.name + " " + std::to_string(t.wins) + "/" +
                   std::to_string(totals.games) + " seats" + by_seat + " slowest " +
                   std::to_string(static_cast<int>(t.slowest + 0.5)) + " processor-most " +
                   std::to_string(static_cast<int>(t.most_cpu + 0.5)) + " cpu " +
                   std::to_string(static_cast<int>(share)) + "% repeats " +
                   std::to_string(t.repeats) + "/" + std::to_string(t.moves) + " home-shuffles " +
                   std::to_string(t.home_shuffles) + ";";
    }
    std::printf("  draws %d; mean moves to finish %.1f; %zu of %d games differ\n", totals.draws,
                totals.decided ? static_cast<double>(totals.winner_moves) / totals.decided : 0.0,
                totals.distinct.size(), totals.games);
    const std::size_t longest =
        totals.plies.empty() ? 0 : *std::max_element(totals.plies.begin(), totals.plies.end());
    std::printf("  plies a game: median %zu, longest %zu\n", median(totals.plies), longest);
    std::printf("summary: %d games [%s]%s draws %d plies median %zu max %zu\n", totals.games,
                cond.c_str(), summary.c_str(), totals.draws, median(totals.plies), longest);
}

} // namespace

int main(int argc, char** argv) {
    const Config c = parse_args(argc, argv);
    const int cycle = c.rules.players;
    std::vector<Tally> tallies;
    for (const Entry& e : c.lineup) tally_of(tallies, e.name);
    Totals totals;
    Engines engines;               // --engine: one per seat
    std::signal(SIGPIPE, SIG_IGN); // a lost engine shows as an answer missing
    for (std::uint64_t seed = c.seed_from; seed <= c.seed_to; ++seed)
        for (int k = 0; k < c.cycles; ++k)
            for (int r = 0; r < cycle; ++r)
                if ((c.seatings >> r) & 1)
                    play_game(c, engines, seed + static_cast<std::uint64_t>(k) * 100003, r, tallies,
                              totals);
    report(c, tallies, totals);
    return 0;
}
