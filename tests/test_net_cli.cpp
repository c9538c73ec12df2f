// The command line of network play: --host, --join NAME [CODE], --seat, --watch, --games,
// remote seats, and what cannot go together.
#include "settings/command_line.hpp"

#include <catch2/catch.hpp>
#include <vector>

using namespace halma::settings;

namespace {

// Parses and finishes a command line; returns the error (empty when it is fine).
std::string parse(std::vector<const char*> args, Config& cfg) {
    args.insert(args.begin(), "halma");
    std::string e = parse_command_line(static_cast<int>(args.size()), args.data(), cfg);
    return e.empty() ? finish_config(cfg) : e;
}

} // namespace

TEST_CASE("net cli: hosting defaults to a human, then remote seats", "[net]") {
    Config cfg;
    REQUIRE(parse({"--host", "club", "--players", "3"}, cfg) == "");
    CHECK(cfg.network.host == "club");
    REQUIRE(cfg.seats.size() == 3);
    CHECK_FALSE(cfg.seats[0].remote);
    CHECK_FALSE(cfg.seats[0].ai);
    CHECK(cfg.seats[1].remote);
    CHECK(cfg.seats[2].remote);
    CHECK(seats_text(cfg.seats) == "human remote remote");
    Config given;
    REQUIRE(parse({"--host", "club", "--seats", "human,ai:2,remote"}, given) == "");
    CHECK(seats_text(given.seats) == "human ai:2 remote");
}

TEST_CASE("net cli: --join and --watch take a name and an optional code", "[net]") {
    Config a;
    REQUIRE(parse({"--join", "club", "k3m9xq", "--seat", "2"}, a) == "");
    CHECK(a.network.join == "club");
    CHECK(a.network.code == "k3m9xq");
    CHECK(a.network.seat == 1);
    Config b;
    REQUIRE(parse({"--join", "club", "--ascii"}, b) == "");
    CHECK(b.network.code.empty());
    CHECK(b.display.ascii);
    Config c;
    REQUIRE(parse({"--watch=club", "abc"}, c) == "");
    CHECK(c.network.watch == "club");
    CHECK(c.network.code == "abc");
    Config d;
    REQUIRE(parse({"--games"}, d) == "");
    CHECK((d.mode == Mode::Games));
}

TEST_CASE("net cli: what does not go together is refused", "[net]") {
    struct Case {
        std::vector<const char*> args;
        const char* says;
    };
    const std::vector<Case> cases = {
        {{"--seats", "human,remote"}, "remote seats are for a hosted game"},
        {{"--host", "a", "--join", "b"}, "one at a time"},
        {{"--games", "--watch", "b"}, "one at a time"},
        {{"--join", "a", "--resume"}, "take the game from its host"},
        {{"--watch", "a", "--load", "f"}, "take the game from its host"},
        {{"--seat", "2"}, "--seat goes with --join"},
        {{"--join", "a", "--seat", "5"}, "bad value '5' for --seat (1 to 4)"},
        {{"--host", "a", "--solo"}, "not over the network"},
        {{"--join"}, "--join needs a value"},
        {{"--seats", "human,robot"}, "(human, remote, ai or ai:LEVEL)"},
    };
    for (const Case& c : cases) {
        Config cfg;
        INFO(c.says);
        CHECK_THAT(parse(c.args, cfg), Catch::Contains(c.says));
    }
}

TEST_CASE("club cli: --club-store goes with the server, export and import", "[club]") {
    const std::string pg = "postgresql:host=/run/postgresql dbname=halma";
    Config server, into, lobby, games;
    CHECK(parse({"--club-server", "--club-store", pg.c_str()}, server) == "");
    CHECK(server.club.store == pg);
    CHECK(parse({"--club-store", pg.c_str(), "--club", "import", "f"}, into) == "");
    CHECK(into.club.words == "import f");
    const std::string refused =
        "--club-store goes with --club-server, --club export and --club import";
    CHECK(parse({"--club-store", pg.c_str(), "--club"}, lobby) == refused);
    CHECK(parse({"--club-store", "sqlite", "--club", "games"}, games) == refused);
    Config empty;
    CHECK(parse({"--club-server", "--club-store="}, empty) ==
          "--club-store needs sqlite or postgresql:CONNINFO");
}
