// clubbench: what the club costs. Runs the real club server in a temporary directory and
// simulates its clients at the wire from this one process:
//  1. connects CLIENTS clients (two players for each of GAMES games, each player a Unix user
//     of its own, the rest watchers): the server's resident memory per idle client;
//  2. starts GAMES live 2-player 16x16 games, each with its players and an equal share of
//     the watchers, and plays moves: the time from a move sent to every one of its game's
//     clients having it, one move at a time and with every game moving at once (median, p99);
//  3. writes 1000 finished games to a fresh database as the server does (each a game played
//     out by a seeded forward-leaning random player): the database's size per 1000 archived
//     games.
// With SERVERS (and PG_TEST_CONNINFO naming a PostgreSQL server, as tests/sh/pg_lib.bash
// gives it), the club has that many servers on one PostgreSQL database, its hosts: the two
// players of each game at different servers, the watchers dealt round them; parts 1 and 2
// only, and in part 2 also the time from a move to its opponent at the other server (median,
// max, and the worst of each 10 moves in a row).
// With "again" after SERVERS, part 3 is left out (a run repeated for its figures of part 2).
//   clubbench HALMA [CLIENTS [GAMES [SERVERS [again]]]]   (run as root: the players take user
//   ids of their own)
#include "../tests/club_support.hpp"

#include "store/store.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <random>
#include <utility>

using namespace club_support;

namespace {

constexpr uid_t kFirstUid = 30000;

long rss_kib(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
    return 0;
}

double now_ms() {
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// A legal move that tends to go forward: the best progress toward the target camp among a
// few drawn at random (so games end, as people's do).
Move forward_move(const Game& g, std::mt19937& rng) {
    MoveList list;
    g.legal_moves(list);
    if (list.empty()) return Move::pass();
    const int p = g.owner_to_move();
    int tf = 0, tr = 0, n = 0;
    for_each_square(g.camps().target[p],
                    [&](int sq) { tf += file_of(sq), tr += rank_of(sq), ++n; });
    const auto dist = [&](int sq) {
        return std::abs(file_of(sq) * n - tf) + std::abs(rank_of(sq) * n - tr);
    };
    Move best = list[static_cast<int>(rng() % static_cast<unsigned>(list.size()))];
    for (int i = 0; i < 6; ++i) {
        const Move m = list[static_cast<int>(rng() % static_cast<unsigned>(list.size()))];
        if (dist(best.from()) - dist(best.to()) < dist(m.from()) - dist(m.to())) best = m;
    }
    return best;
}

std::string median_p99(std::vector<double> v) {
    if (v.empty()) return "none";
    std::sort(v.begin(), v.end());
    char buf[96];
    std::snprintf(buf, sizeof buf, "median %.2f ms, p99 %.2f ms (%zu moves)", v[v.size() / 2],
                  v[std::min(v.size() - 1, v.size() * 99 / 100)], v.size());
    return buf;
}

// One simulated client: its connection and what it waits for.
struct Sim {
    net::Connection conn;
    long long game = 0;
    int seat = -1;
};

// Reads every client's messages until pred says it is done or 30 seconds pass; calls
// on_message for each.
void pump(std::vector<Sim>& sims,
          const std::function<void(std::size_t, const Message&)>& on_message,
          const std::function<bool()>& done) {
    const double end = now_ms() + 30000;
    std::vector<pollfd> fds(sims.size());
    while (!done() && now_ms() < end) {
        for (std::size_t i = 0; i < sims.size(); ++i)
            fds[i] = {sims[i].conn.fd(), sims[i].conn.events(), 0};
        if (poll(fds.data(), fds.size(), 1000) <= 0) continue;
        for (std::size_t i = 0; i < sims.size(); ++i) {
            if (!fds[i].revents) continue;
            if (fds[i].revents & POLLOUT) sims[i].conn.flush();
            sims[i].conn.read_some(1u << 20);
            Message m;
            std::string error;
            while (sims[i].conn.decoder.next(m, error) == net::Decoder::Got::Message)
                on_message(i, m);
        }
    }
}

// Part 3: the size of 1000 archived games, written as the server writes them.
void archive_size() {
    test_support::TempDir dir;
    const std::string path = dir.path + "/club.db";
    club::Store store;
    if (!store.open(path, true).empty()) return;
    const long long a = store.unix_player(kFirstUid, "alice", 0);
    const long long b = store.unix_player(kFirstUid + 1, "bob", 0);
    std::mt19937 rng(1);
    long long moves = 0;
    const int kGames = 1000;
    for (int i = 0; i < kGames; ++i) {
        Game g(Rules::for_game(2, 16));
        club::GameRow row;
        row.state = "seeking";
        row.rules = "players=2 size=16 first=1";
        row.pace = "days:3";
        row.family = "2p16";
        row.created = club::now_millis();
        row.seats = {{a, "alice", 0, 0, "", ""}, {b, "bob", 0, 0, "", ""}};
        store.transaction([&] { row.id = store.add_game(row); });
        store.transaction([&] { store.start_game(row.id, row.created, 0); });
        while (!g.over() && g.ply() < 600) {
            const Move m = forward_move(g, rng);
            const std::string text = chain_name(g.position(), m, false);
            const int ply = static_cast<int>(g.ply()), seat = g.to_move();
            g.play(m);
            store.transaction([&] { store.add_move(row.id, ply, seat, text, row.created); });
        }
        moves += static_cast<long long>(g.ply());
        store.transaction([&] {
            store.finish_game(row.id, "1>2", "moves", write_record(g, {{"seats", "human human"}}),
                              row.created);
        });
    }
    store.transaction([] {});
    store.connection().exec("PRAGMA wal_checkpoint(TRUNCATE)");
    struct stat st;
    stat(path.c_str(), &st);
    std::printf("club: database per 1000 archived games: %.2f MiB (2 players 16x16, %lld moves a "
                "game on average, the record kept, the moves rows dropped)\n",
                static_cast<double>(st.st_size) / (1 << 20) * 1000 / kGames, moves / kGames);
}

// The club under test: its servers, the clients simulated at the wire, and the games.
struct Bench {
    int clients = 0, games = 0, hosts = 0;
    std::string where; // how the figures name the club ("" for one server)
    std::vector<std::unique_ptr<ClubDir>> dirs;
    std::vector<std::unique_ptr<ClubServer>> servers;
    std::vector<Sim> sims;
    std::vector<long long> ids; // each game's number
    std::vector<Game> boards;   // each game as its players see it

    // Where client i connects: a game's two players at two servers, watchers dealt round.
    [[nodiscard]] int host_of(int i) const { return i < 2 * games ? (i % 2) % hosts : i % hosts; }
    // The game client i plays or watches.
    [[nodiscard]] int game_of(int i) const {
        return i < 2 * games ? i / 2 : (i - 2 * games) % games;
    }
    [[nodiscard]] long resident_kib() const {
        long kib = 0;
        for (const auto& server : servers) kib += rss_kib(server->pid);
        return kib;
    }
};

// Reads one client's messages until done says so (pump() on that client alone).
void pump_one(Sim& sim, const std::function<void(const Message&)>& on_message,
              const std::function<bool()>& done) {
    std::vector<Sim> one;
    one.push_back(std::move(sim));
    pump(
        one, [&](std::size_t, const Message& m) { on_message(m); }, done);
    sim = std::move(one[0]);
}

// Part 1: everyone connects and says hello, one at a time (the server holds only a few
// connections of a user that have not said hello). False when one is not welcomed.
bool connect_clients(Bench& b) {
    b.sims.resize(static_cast<std::size_t>(b.clients));
    for (int i = 0; i < b.clients; ++i) {
        const uid_t uid = i < 2 * b.games ? kFirstUid + static_cast<uid_t>(i) : geteuid();
        b.sims[i].conn =
            net::Connection(connect_as(b.dirs[b.host_of(i)]->path, uid), net::From::Host, 1u << 22);
        b.sims[i].conn.send("hello 1 lobby - -\n");
        bool welcomed = false;
        pump_one(
            b.sims[i], [&](const Message& m) { welcomed = welcomed || m.verb == Verb::Welcome; },
            [&] { return welcomed; });
        if (!welcomed)
            return std::fprintf(stderr, "clubbench: client %d was not welcomed\n", i), false;
    }
    return true;
}

// Part 2's start: player 2k seeks, player 2k+1 accepts, both sit down, watchers follow. A
// live game brings its players in as it begins (a record each); the watchers come in once
// every game has begun (a record each). At another server a seek or a game may not be known
// yet when it is asked for: asked again.
void start_games(Bench& b) {
    b.boards.resize(static_cast<std::size_t>(b.games));
    b.ids.resize(static_cast<std::size_t>(b.games));
    for (int k = 0; k < b.games; ++k) {
        Sim& a = b.sims[2 * k];
        a.conn.send("seek first=1 evacuate=0 to=" + net::user_name(kFirstUid + 2 * k + 1) + "\n");
        long long id = 0;
        pump_one(
            a,
            [&](const Message& m) {
                if (m.verb == Verb::GameLine) id = m.game;
            },
            [&] { return id != 0; });
        b.ids[k] = id;
        a.seat = 0;
        b.sims[2 * k + 1].seat = 1;
        b.sims[2 * k + 1].game = id;
        b.sims[2 * k + 1].conn.send("accept " + std::to_string(id) + "\n");
    }
    int entered = 0;
    std::vector<std::size_t> again;
    const auto count_records = [&](std::size_t i, const Message& m) {
        entered += m.verb == Verb::Record;
        if (m.verb == Verb::Error && b.hosts > 1) again.push_back(i);
    };
    const auto ask_again = [&](const char* verb) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        for (std::size_t i : std::exchange(again, {}))
            b.sims[i].conn.send(std::string(verb) + " " + std::to_string(b.sims[i].game) + "\n");
    };
    for (int tries = 0; tries < 100 && entered < 2 * b.games; ++tries) {
        pump(b.sims, count_records, [&] { return entered == 2 * b.games || !again.empty(); });
        ask_again("accept");
    }
    for (int i = 0; i < b.clients; ++i) {
        b.sims[i].game = b.ids[b.game_of(i)];
        if (b.sims[i].seat < 0)
            b.sims[i].conn.send("watch " + std::to_string(b.sims[i].game) + "\n");
    }
    for (int tries = 0; tries < 100 && entered < b.clients; ++tries) {
        pump(b.sims, count_records, [&] { return entered == b.clients || !again.empty(); });
        ask_again("watch");
    }
}

// The times from a move to its opponent at the other server: their median and max, and
// those of the worst of each 10 moves in a row, as a player sees them.
void print_other_host(const std::string& where, std::vector<double> other_host) {
    std::vector<double> worst_of_10;
    for (std::size_t i = 0; i + 10 <= other_host.size(); i += 10)
        worst_of_10.push_back(*std::max_element(other_host.begin() + static_cast<long>(i),
                                                other_host.begin() + static_cast<long>(i + 10)));
    std::sort(other_host.begin(), other_host.end());
    std::sort(worst_of_10.begin(), worst_of_10.end());
    std::printf("club%s: move to its player at the other server, one move at a time: median "
                "%.2f ms, max %.2f ms (%zu moves); the worst of 10 in a row: median %.2f ms, "
                "max %.2f ms (%zu tens)\n",
                where.c_str(), other_host[other_host.size() / 2], other_host.back(),
                other_host.size(), worst_of_10.empty() ? 0 : worst_of_10[worst_of_10.size() / 2],
                worst_of_10.empty() ? 0 : worst_of_10.back(), worst_of_10.size());
}

// Part 2's moves: each is timed from its sending to the last of its game's clients reading
// it, 500 one at a time, then 20 rounds of every game moving at once.
void time_moves(Bench& b) {
    const std::size_t games = static_cast<std::size_t>(b.games);
    std::vector<int> waiting(games, 0), per_game(games, 0), mover_of(games, -1);
    std::vector<double> sent(games, 0);
    for (int i = 0; i < b.clients; ++i) ++per_game[b.game_of(i)];
    std::vector<double> one_at_a_time, all_at_once, other_host;
    std::mt19937 rng(2026);
    std::vector<double>* into = nullptr;
    int in_flight = 0;
    const auto on_move = [&](std::size_t i, const Message& m) {
        if (m.verb != Verb::Moved) return;
        const int k =
            static_cast<int>(std::find(b.ids.begin(), b.ids.end(), b.sims[i].game) - b.ids.begin());
        // The mover's opponent, at the other server when there are several.
        if (into == &one_at_a_time && b.hosts > 1 && b.sims[i].seat >= 0 &&
            static_cast<int>(i) != mover_of[k])
            other_host.push_back(now_ms() - sent[k]);
        if (--waiting[k] == 0) {
            into->push_back(now_ms() - sent[k]);
            --in_flight;
        }
    };
    const auto move = [&](int k) {
        Game& g = b.boards[k];
        const Move m = forward_move(g, rng);
        const std::string text = chain_name(g.position(), m, false);
        const int mover = 2 * k + g.to_move();
        mover_of[k] = mover;
        g.play(m);
        waiting[k] = per_game[k];
        sent[k] = now_ms();
        ++in_flight;
        b.sims[mover].conn.send("move " + text + "\n");
    };
    into = &one_at_a_time;
    for (int n = 0; n < 500; ++n) {
        move(n % b.games);
        pump(b.sims, on_move, [&] { return in_flight == 0; });
    }
    into = &all_at_once;
    for (int round = 0; round < 20; ++round) {
        for (int k = 0; k < b.games; ++k)
            if (!b.boards[k].over()) move(k);
        pump(b.sims, on_move, [&] { return in_flight == 0; });
        std::this_thread::sleep_for(
            std::chrono::milliseconds(100)); // players within the rate limit
    }
    const char* where = b.where.c_str();
    std::printf("club%s: %d clients connected, %d live games (%d players, %d watchers)\n", where,
                b.clients, b.games, 2 * b.games, b.clients - 2 * b.games);
    std::printf("club%s: move to every client of its game, one move at a time: %s\n", where,
                median_p99(one_at_a_time).c_str());
    std::printf("club%s: move to every client of its game, all %d games at once: %s\n", where,
                b.games, median_p99(all_at_once).c_str());
    if (b.hosts > 1 && !other_host.empty()) print_other_host(b.where, std::move(other_host));
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2)
        return std::fprintf(stderr, "usage: clubbench HALMA [CLIENTS [GAMES [SERVERS [again]]]]\n"),
               2;
    setenv("HALMA", argv[1], 1);
    Bench b;
    b.clients = argc > 2 ? std::atoi(argv[2]) : 500;
    b.games = argc > 3 ? std::atoi(argv[3]) : 100;
    b.hosts = argc > 4 ? std::atoi(argv[4]) : 1;
    if (geteuid() != 0 || b.clients < 2 * b.games || b.games < 1 || b.hosts < 1)
        return std::fprintf(stderr, "clubbench: run as root, with at least two clients a game\n"),
               2;
    // The club's directories and servers: one, or several on one PostgreSQL store.
    const std::string store = fresh_postgres_store();
    if (b.hosts > 1 && store.empty())
        return std::fprintf(stderr, "clubbench: several servers need PG_TEST_CONNINFO\n"), 2;
    for (int h = 0; h < b.hosts; ++h) {
        b.dirs.push_back(std::make_unique<ClubDir>(store));
        b.servers.push_back(std::make_unique<ClubServer>(b.dirs.back()->path));
    }
    const long before = b.resident_kib();
    if (!connect_clients(b)) return 1;
    const long idle = b.resident_kib();
    if (b.hosts > 1) b.where = ", " + std::to_string(b.hosts) + " servers on one PostgreSQL";
    std::printf("club%s: server memory per idle client: %.1f KiB (resident %.1f MiB with %d "
                "clients connected, %.1f MiB before)\n",
                b.where.c_str(), static_cast<double>(idle - before) / b.clients, idle / 1024.0,
                b.clients, before / 1024.0);
    start_games(b);
    time_moves(b);
    for (auto& server : b.servers) server->stop(SIGTERM);
    if (b.hosts == 1 && !(argc > 5 && std::string(argv[5]) == "again")) archive_size();
    return 0;
}
