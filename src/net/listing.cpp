#include "net/listing.hpp"

#include "net/connection.hpp"

#include <chrono>
#include <cstdio>
#include <poll.h>

namespace halma::net {

std::vector<ListedGame> list_games(Rendezvous& dir, int wait_ms) {
    struct Asked {
        std::string name;
        Connection conn;
        bool answered = false;
        ListedGame game;
    };
    std::vector<Asked> asked;
    for (const std::string& name : dir.game_names()) {
        UniqueFd fd;
        uid_t host = 0;
        if (!dir.connect(name, fd, host).empty()) {
            (void)dir.clear_name(name); // tidies a dead game's socket of yours, nothing else
            continue;
        }
        Asked a{name, Connection(std::move(fd), From::Host, 4096), false, {}};
        a.game.host = user_name(host);
        Message info;
        info.verb = Verb::Info;
        if (a.conn.send(info)) asked.push_back(std::move(a));
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(wait_ms);
    for (;;) {
        std::vector<pollfd> fds;
        std::vector<Asked*> who;
        for (Asked& a : asked)
            if (!a.answered && a.conn.open()) {
                fds.push_back({a.conn.fd(), a.conn.events(), 0});
                who.push_back(&a);
            }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                              deadline - std::chrono::steady_clock::now())
                              .count();
        if (fds.empty() || left <= 0) break;
        if (poll(fds.data(), fds.size(), static_cast<int>(left)) <= 0) continue;
        for (std::size_t i = 0; i < fds.size(); ++i) {
            Asked& a = *who[i];
            if (fds[i].revents & POLLOUT) a.conn.flush();
            if (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) a.conn.read_some(4096);
            if (a.conn.at_eof()) a.conn.close("answered");
            Message m;
            std::string error;
            while (a.conn.decoder.next(m, error) == Decoder::Got::Message)
                if (m.verb == Verb::About && m.word == a.name) {
                    a.answered = true;
                    a.game.name = m.word;
                    a.game.variant = m.text;
                    a.game.free = m.count;
                    a.game.watchers = m.watchers;
                }
        }
    }
    std::vector<ListedGame> out;
    for (Asked& a : asked)
        if (a.answered) out.push_back(a.game);
    return out;
}

std::string listing_text(const std::vector<ListedGame>& games, const std::string& dir) {
    if (games.empty()) return "No games are open in " + dir + ".\n";
    std::string out = "game                             host             free  watchers  variant\n";
    for (const ListedGame& g : games) {
        char line[256];
        std::snprintf(line, sizeof line, "%-32s %-16s %4d  %8d  %s\n", g.name.c_str(),
                      g.host.c_str(), g.free, g.watchers, g.variant.c_str());
        out += line;
    }
    return out;
}

} // namespace halma::net
