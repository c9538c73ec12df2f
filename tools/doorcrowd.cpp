// doorcrowd: a thousand strangers at the club's door, simulated at the wire as the door's
// account (uid 65534) speaking for a key of each stranger's own, each from an address of its
// own, against the real club server with door.conf's default limits on strangers:
//  1. every stranger tries to take a name: how many come in, and which limit refuses the rest;
//  2. every one who came in opens eleven games against the computer (ai:1, moving first) and
//     six open seeks: how many of each the limits refuse;
//  3. the server's resident memory and processor time over it all, and the time until the
//     computer has made its first move in every game, taken in turn across the players.
//   doorcrowd HALMA [STRANGERS]   (run as root: the door's connections take uid 65534)
#include "../tests/club_support.hpp"

#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sys/resource.h>

using namespace club_support;

namespace {

constexpr uid_t kDoor = 65534;

long status_kib(pid_t pid, const std::string& field) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind(field + ":", 0) == 0) return std::atol(line.c_str() + field.size() + 1);
    return 0;
}

// The processor time the process has used, all its threads, in seconds.
double cpu_seconds(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::vector<std::string_view> w = halma::split_words(text.substr(text.rfind(')') + 2));
    return (std::atof(std::string(w[11]).c_str()) + std::atof(std::string(w[12]).c_str())) /
           static_cast<double>(sysconf(_SC_CLK_TCK));
}

std::string key_of(int n) {
    static const char kDigits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string k = "SHA256:" + std::string(43, 'A');
    for (int i = 0; i < 4; ++i, n /= 64) k[k.size() - 1 - i] = kDigits[n % 64];
    return k;
}

// The limit a refusal names, or its text.
std::string limit_named(const Message& m) {
    const std::size_t at = m.text.find("limit ");
    return at == std::string::npos ? m.text : m.text.substr(at + 6, m.text.find(':', at) - at - 6);
}

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) return std::fputs("usage: doorcrowd HALMA [STRANGERS]\n", stderr), 2;
    setenv("HALMA", argv[1], 1);
    setvbuf(stdout, nullptr, _IOLBF, 0);
    const int strangers = argc > 2 ? std::atoi(argv[2]) : 1000;
    rlimit r;
    if (getrlimit(RLIMIT_NOFILE, &r) == 0) r.rlim_cur = r.rlim_max, setrlimit(RLIMIT_NOFILE, &r);
    ClubDir dir;
    mkdir(dir.path.c_str(), 0755);
    std::ofstream(dir.path + "/door.conf") << "account: " << net::user_name(kDoor) << "\n";
    ClubServer server(dir.path);
    const long rss_start = status_kib(server.pid, "VmRSS");
    const double cpu_start = cpu_seconds(server.pid);
    const auto started = std::chrono::steady_clock::now();

    // 1. Names.
    std::vector<std::unique_ptr<WireClient>> players;
    std::map<std::string, int> refused;
    for (int n = 0; n < strangers; ++n) {
        auto c = std::make_unique<WireClient>(dir.path, kDoor);
        c->send("as " + key_of(n) + " 10." + std::to_string(n / 65536 % 256) + "." +
                std::to_string(n / 256 % 256) + "." + std::to_string(n % 256));
        Message m;
        if (!c->wait_verb(Verb::Key, &m))
            return std::fputs("doorcrowd: no key answer\n", stderr), 1;
        c->send("name s" + std::to_string(n));
        c->wait([](const Message& x) { return x.verb == Verb::Key || x.verb == Verb::Error; }, &m);
        if (m.verb == Verb::Key && c->hello())
            players.push_back(std::move(c));
        else
            ++refused[limit_named(m)];
    }
    const auto tally = [](const std::map<std::string, int>& t) {
        std::string s;
        for (const auto& [why, n] : t)
            s += (s.empty() ? "" : ", ") + std::to_string(n) + " by " + why;
        return s.empty() ? std::string("none refused") : s;
    };
    std::printf("door crowd: %d strangers tried names: %zu came in, %s\n", strangers,
                players.size(), tally(refused).c_str());

    // 2. Games against the computer and open seeks. A seek's answer is the line of a game
    // newer than any the stranger has seen (lines of older games arrive meanwhile), or an
    // error.
    std::map<std::string, int> games_refused, seeks_refused;
    std::vector<std::set<int>> made(players.size());
    int games = 0, seeks = 0;
    for (std::size_t i = 0; i < players.size(); ++i) {
        WireClient& p = *players[i];
        int newest = 0;
        for (int k = 0; k < 17; ++k) {
            const bool computer = k < 11;
            p.send(computer ? "seek to=ai:1 first=2 pace=days:3" : "seek size=8 pace=days:3");
            Message m;
            p.wait(
                [&](const Message& x) {
                    return x.verb == Verb::Error || (x.verb == Verb::GameLine && x.game > newest);
                },
                &m);
            if (m.verb == Verb::GameLine) {
                newest = m.game;
                ++(computer ? games : seeks);
                if (computer) made[i].insert(m.game);
            } else {
                ++(computer ? games_refused : seeks_refused)[limit_named(m)];
            }
        }
    }
    std::printf("door crowd: games against the computer: %d made, %s; open seeks: %d made, %s\n",
                games, tally(games_refused).c_str(), seeks, tally(seeks_refused).c_str());

    // 3. Every computer's first move (each game's line then says the stranger's seat is to
    // move), then the server's costs.
    int moved = 0;
    for (std::size_t i = 0; i < players.size(); ++i) {
        std::set<int> ready;
        const auto count = [&](const Message& x) {
            if (x.verb == Verb::GameLine && x.seat == 1 && made[i].count(x.game))
                ready.insert(x.game);
            return ready.size() >= made[i].size();
        };
        for (const Message& x : players[i]->seen) count(x);
        if (ready.size() < made[i].size()) (void)players[i]->wait(count, nullptr, 120000);
        moved += static_cast<int>(ready.size());
    }
    std::printf("door crowd: the computer's first move in %d games, all made %.1f s after the "
                "first stranger came; the server used %.2f s of processor time, resident "
                "%ld KiB at the start, %ld KiB at the end (peak %ld KiB)\n",
                moved, seconds_since(started), cpu_seconds(server.pid) - cpu_start, rss_start,
                status_kib(server.pid, "VmRSS"), status_kib(server.pid, "VmHWM"));
    return 0;
}
