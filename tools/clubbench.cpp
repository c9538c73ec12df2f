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

} // namespace

int main(int argc, char** argv) {
    if (argc < 2)
        return std::fprintf(stderr, "usage: clubbench HALMA [CLIENTS [GAMES [SERVERS [again]]]]\n"),
               2;
    setenv("HALMA", argv[1], 1);
    const int clients = argc > 2 ? std::atoi(argv[2]) : 500;
    const int games = argc > 3 ? std::atoi(argv[3]) : 100;
    const int hosts = argc > 4 ? std::atoi(argv[4]) : 1;
    if (geteuid() != 0 || clients < 2 * games || games < 1 || hosts < 1)
        return std::fprintf(stderr, "clubbench: run as root, with at least two clients a game\n"),
               2;
    // The club's directories and servers: one, or several on one PostgreSQL store.
    const std::string store = fresh_postgres_store();
    if (hosts > 1 && store.empty())
        return std::fprintf(stderr, "clubbench: several servers need PG_TEST_CONNINFO\n"), 2;
    std::vector<std::unique_ptr<ClubDir>> dirs;
    std::vector<std::unique_ptr<ClubServer>> servers;
    long before = 0;
    for (int h = 0; h < hosts; ++h) {
        dirs.push_back(std::make_unique<ClubDir>(store));
        servers.push_back(std::make_unique<ClubServer>(dirs.back()->path));
        before += rss_kib(servers.back()->pid);
    }
    // Where client i connects: a game's two players at two servers, watchers dealt round.
    const auto host_of = [&](int i) { return i < 2 * games ? (i % 2) % hosts : i % hosts; };
    // 1. Everyone connects and says hello, one at a time (the server holds only a few
    //    connections of a user that have not said hello).
    std::vector<Sim> sims(static_cast<std::size_t>(clients));
    for (int i = 0; i < clients; ++i) {
        const uid_t uid = i < 2 * games ? kFirstUid + static_cast<uid_t>(i) : geteuid();
        sims[i].conn =
            net::Connection(connect_as(dirs[host_of(i)]->path, uid), net::From::Host, 1u << 22);
        sims[i].conn.send("hello 1 lobby - -\n");
        bool welcomed = false;
        std::vector<Sim> one;
        one.push_back(std::move(sims[i]));
        pump(
            one,
            [&](std::size_t, const Message& m) { welcomed = welcomed || m.verb == Verb::Welcome; },
            [&] { return welcomed; });
        sims[i] = std::move(one[0]);
        if (!welcomed) return std::fprintf(stderr, "clubbench: client %d was not welcomed\n", i), 1;
    }
    long idle = 0;
    for (const auto& server : servers) idle += rss_kib(server->pid);
    const std::string where =
        hosts > 1 ? ", " + std::to_string(hosts) + " servers on one PostgreSQL" : std::string();
    std::printf("club%s: server memory per idle client: %.1f KiB (resident %.1f MiB with %d "
                "clients connected, %.1f MiB before)\n",
                where.c_str(), static_cast<double>(idle - before) / clients, idle / 1024.0, clients,
                before / 1024.0);
    // 2. The games: player 2k seeks, player 2k+1 accepts, both sit down, watchers follow.
    std::vector<Game> boards(static_cast<std::size_t>(games));
    std::vector<long long> ids(static_cast<std::size_t>(games));
    for (int k = 0; k < games; ++k) {
        Sim& a = sims[2 * k];
        a.conn.send("seek first=1 evacuate=0 to=" + net::user_name(kFirstUid + 2 * k + 1) + "\n");
        long long id = 0;
        std::vector<Sim> one;
        one.push_back(std::move(a));
        pump(
            one,
            [&](std::size_t, const Message& m) {
                if (m.verb == Verb::GameLine) id = m.count;
            },
            [&] { return id != 0; });
        sims[2 * k] = std::move(one[0]);
        ids[k] = id;
        sims[2 * k].seat = 0;
        sims[2 * k + 1].seat = 1;
        sims[2 * k + 1].game = id;
        sims[2 * k + 1].conn.send("accept " + std::to_string(id) + "\n");
    }
    // A live game brings its players in as it begins (a record each); the watchers come in
    // once every game has begun (a record each). At another server a seek or a game may not
    // be known yet when it is asked for: asked again.
    int entered = 0;
    std::vector<std::size_t> again;
    const auto count_records = [&](std::size_t i, const Message& m) {
        entered += m.verb == Verb::Record;
        if (m.verb == Verb::Error && hosts > 1) again.push_back(i);
    };
    const auto ask_again = [&](const char* verb) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        for (std::size_t i : std::exchange(again, {}))
            sims[i].conn.send(std::string(verb) + " " + std::to_string(sims[i].game) + "\n");
    };
    for (int tries = 0; tries < 100 && entered < 2 * games; ++tries) {
        pump(sims, count_records, [&] { return entered == 2 * games || !again.empty(); });
        ask_again("accept");
    }
    for (int i = 0; i < clients; ++i) {
        const int k = i < 2 * games ? i / 2 : (i - 2 * games) % games;
        sims[i].game = ids[k];
        if (sims[i].seat < 0) sims[i].conn.send("watch " + std::to_string(ids[k]) + "\n");
    }
    for (int tries = 0; tries < 100 && entered < clients; ++tries) {
        pump(sims, count_records, [&] { return entered == clients || !again.empty(); });
        ask_again("watch");
    }
    // Moves: each is timed from its sending to the last of its game's clients reading it.
    std::vector<int> waiting(static_cast<std::size_t>(games), 0);
    std::vector<double> sent(static_cast<std::size_t>(games), 0);
    std::vector<int> per_game(static_cast<std::size_t>(games), 0);
    for (int i = 0; i < clients; ++i) ++per_game[(i < 2 * games ? i / 2 : (i - 2 * games) % games)];
    std::vector<double> one_at_a_time, all_at_once, other_host;
    std::vector<int> mover_of(static_cast<std::size_t>(games), -1);
    std::mt19937 rng(2026);
    std::vector<double>* into = nullptr;
    int in_flight = 0;
    const auto on_move = [&](std::size_t i, const Message& m) {
        if (m.verb != Verb::Moved) return;
        const int k =
            static_cast<int>(std::find(ids.begin(), ids.end(), sims[i].game) - ids.begin());
        // The mover's opponent, at the other server when there are several.
        if (into == &one_at_a_time && hosts > 1 && sims[i].seat >= 0 &&
            static_cast<int>(i) != mover_of[k])
            other_host.push_back(now_ms() - sent[k]);
        if (--waiting[k] == 0) {
            into->push_back(now_ms() - sent[k]);
            --in_flight;
        }
    };
    const auto move = [&](int k) {
        Game& g = boards[k];
        const Move m = forward_move(g, rng);
        const std::string text = chain_name(g.position(), m, false);
        const int mover = 2 * k + g.to_move();
        mover_of[k] = mover;
        g.play(m);
        waiting[k] = per_game[k];
        sent[k] = now_ms();
        ++in_flight;
        sims[mover].conn.send("move " + text + "\n");
    };
    into = &one_at_a_time;
    for (int n = 0; n < 500; ++n) {
        move(n % games);
        pump(sims, on_move, [&] { return in_flight == 0; });
    }
    into = &all_at_once;
    for (int round = 0; round < 20; ++round) {
        for (int k = 0; k < games; ++k)
            if (!boards[k].over()) move(k);
        pump(sims, on_move, [&] { return in_flight == 0; });
        std::this_thread::sleep_for(
            std::chrono::milliseconds(100)); // players within the rate limit
    }
    std::printf("club%s: %d clients connected, %d live games (%d players, %d watchers)\n",
                where.c_str(), clients, games, 2 * games, clients - 2 * games);
    std::printf("club%s: move to every client of its game, one move at a time: %s\n", where.c_str(),
                median_p99(one_at_a_time).c_str());
    std::printf("club%s: move to every client of its game, all %d games at once: %s\n",
                where.c_str(), games, median_p99(all_at_once).c_str());
    if (hosts > 1 && !other_host.empty()) {
        // The worst of each 10 moves in a row, as a player sees them: their median and max.
        std::vector<double> worst_of_10;
        for (std::size_t i = 0; i + 10 <= other_host.size(); i += 10)
            worst_of_10.push_back(
                *std::max_element(other_host.begin() + static_cast<long>(i),
                                  other_host.begin() + static_cast<long>(i + 10)));
        std::sort(other_host.begin(), other_host.end());
        std::sort(worst_of_10.begin(), worst_of_10.end());
        std::printf("club%s: move to its player at the other server, one move at a time: median "
                    "%.2f ms, max %.2f ms (%zu moves); the worst of 10 in a row: median %.2f ms, "
                    "max %.2f ms (%zu tens)\n",
                    where.c_str(), other_host[other_host.size() / 2], other_host.back(),
                    other_host.size(),
                    worst_of_10.empty() ? 0 : worst_of_10[worst_of_10.size() / 2],
                    worst_of_10.empty() ? 0 : worst_of_10.back(), worst_of_10.size());
    }
    for (auto& server : servers) server->stop(SIGTERM);
    if (hosts == 1 && !(argc > 5 && std::string(argv[5]) == "again")) archive_size();
    return 0;
}
