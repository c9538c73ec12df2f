// What a player at a club table reads on the status line as the others come and go: the
// club's seat lines fed to the front end's network part through a socket.
#include "app/net_play.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

using namespace halma;

namespace {

// A club game of two seen from seat 1, fed the club's lines.
struct TableSeen {
    net::UniqueFd club;
    app::NetPlay net;
    Game game{Rules{}};

    TableSeen() {
        int ends[2];
        REQUIRE(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) == 0);
        club.reset(ends[1]);
        auto client = std::make_unique<net::Client>();
        REQUIRE(client->open_lobby(net::UniqueFd(ends[0]), "the club") == "");
        net.join(std::move(client), 0, 2, true);
    }
    // The status lines the club's lines come to.
    std::vector<std::string> told(const std::string& lines) {
        REQUIRE(write(club.get(), lines.data(), lines.size()) == ssize_t(lines.size()));
        std::vector<std::string> said;
        for (int i = 0; i < 20; ++i) {
            std::vector<pollfd> fds;
            net.add_fds(fds);
            if (poll(fds.data(), fds.size(), 5) > 0) net.serve(fds.data(), fds.size(), game, {});
            for (app::NetAction a; net.next(game, a);)
                if (a.kind == app::NetAction::Kind::Say && !a.chat) said.push_back(a.text);
        }
        return said;
    }
};

} // namespace

TEST_CASE("club table: a player who goes away is said away, then back", "[club][net]") {
    TableSeen t;
    CHECK(t.told("seat 1 joined alice\nseat 2 joined bob\nwatchers 0\n").empty());
    CHECK(t.told("seat 2 waiting bob\n") == std::vector<std::string>{"bob: away, seat held"});
    CHECK(t.net.seat_label(1) == "bob, away");
    CHECK(t.told("seat 2 waiting bob\n").empty()); // said once
    CHECK(t.told("seat 2 joined bob\n") == std::vector<std::string>{"bob is back"});
    CHECK(t.net.seat_label(1) == "bob");
}

TEST_CASE("club table: a player away when this one came in is not said back, only shown",
          "[club][net]") {
    // So it is at a server started again: it learns who sits at the other hosts a moment after
    // a player comes in, and they never left.
    TableSeen t;
    CHECK(t.told("seat 1 joined alice\nseat 2 waiting bob\nwatchers 0\n").empty());
    CHECK(t.net.seat_label(1) == "bob, away");
    CHECK(t.told("seat 2 joined bob\n").empty());
    CHECK(t.net.seat_label(1) == "bob");
}
