#include "start/listing.hpp"

#include "net/connection.hpp"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <poll.h>

namespace halma::start {

using net::Connection;
using net::Decoder;
using net::From;
using net::Message;
using net::Rendezvous;
using net::user_name;
using net::Verb;
using net::Wait;

namespace {

// A game asked about itself.
struct Asked {
    Connection conn;
    ListedGame game;
    bool answered = false;
};

// Reads what a game's host sent; marks it answered once its "about" line came.
void take_answer(Asked& a, short revents) {
    if (revents & POLLOUT) a.conn.flush();
    if (revents & (POLLIN | POLLHUP | POLLERR)) a.conn.read_some(4096);
    if (a.conn.at_eof()) a.conn.close("answered");
    Message m;
    std::string error;
    while (a.conn.decoder.next(m, error) == Decoder::Got::Message)
        if (m.verb == Verb::About && m.word == a.game.name) {
            a.answered = true;
            a.game.variant = m.text;
            a.game.free = m.count;
            a.game.watchers = m.watchers;
        }
}

} // namespace

Listing list_games(Rendezvous& dir, int wait_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(wait_ms);
    Listing out;
    std::vector<Asked> asked;
    for (const std::string& name : dir.game_names()) {
        Rendezvous::Reached r = dir.reach({name, {}}, Wait::No);
        if (r.failed == ECONNREFUSED) dir.remove_dead(name, r.socket); // only a socket of yours
        if (r.failed == EAGAIN) out.silent.push_back(name);
        if (!r.fd) continue;
        Asked a{Connection(std::move(r.fd), From::Host, 4096), {}};
        a.game.name = name;
        a.game.host = user_name(r.host);
        Message info;
        info.verb = Verb::Info;
        if (a.conn.send(info)) asked.push_back(std::move(a));
    }
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
        for (std::size_t i = 0; i < fds.size(); ++i) take_answer(*who[i], fds[i].revents);
    }
    for (Asked& a : asked)
        if (a.answered)
            out.games.push_back(a.game);
        else if (a.conn.open())
            out.silent.push_back(a.game.name);
    return out;
}

std::string listing_text(const Listing& listing, const std::string& dir) {
    std::string out;
    if (listing.games.empty())
        out = "No games are open in " + dir + ".\n";
    else
        out = "game                             host             free  watchers  variant\n";
    for (const ListedGame& g : listing.games) {
        char line[256];
        std::snprintf(line, sizeof line, "%-32s %-16s %4d  %8d  %s\n", g.name.c_str(),
                      g.host.c_str(), g.free, g.watchers, g.variant.c_str());
        out += line;
    }
    if (!listing.silent.empty()) {
        out += "Not answering:";
        for (const std::string& name : listing.silent) out += " " + name;
        out += "\n";
    }
    return out;
}

} // namespace halma::start
