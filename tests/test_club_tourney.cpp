// Tournaments at the club's server, through the shell's verbs (`halma --club tournament
// ...`): created, joined by computer members, started (round 1 paired as counted by hand),
// and kept by the store across a SIGKILL of the server; bad words refused with the reason.
#include "club_support.hpp"

#include <catch2/catch.hpp>
#include <pwd.h>

using namespace club_support;

namespace {

struct Shell {
    std::string dir;
    int status = 0;
    std::string err;
    std::string operator()(const std::string& words) {
        return test_support::run_program("--club-dir " + dir + " --club " + words, "", status,
                                         &err);
    }
};

} // namespace

TEST_CASE("club tournaments: new, join, start and pairings from the shell, kept across a "
          "SIGKILL of the server",
          "[club][server][tourney]") {
    ClubDir dir;
    ClubServer server(dir.path);
    Shell club{dir.path, 0, {}};
    const std::string me = getpwuid(geteuid())->pw_name;

    CHECK(club("tournament list") == "No tournaments.\n");
    CHECK(club("tournament new evening system=swiss rounds=3 size=8") ==
          "tournament evening: system=swiss rounds=3 size=8 pace=live rated=no entry=open\n"
          "players join it with: tournament join evening\n");
    CHECK(club.status == 0);
    CHECK(club("tournament new evening system=robin size=8") == "");
    CHECK(club.status == 1);
    CHECK(club.err == "halma: a tournament named evening exists already\n");
    CHECK(club("tournament new late system=robin rounds=2") == "");
    CHECK(club.status == 2);
    CHECK(club.err == "halma: system=robin plays as many rounds as the field needs: no rounds=\n");

    CHECK(club("tournament join evening") == me + " joined evening (1 player)\n");
    CHECK(club("tournament join evening") == "");
    CHECK(club.err == "halma: " + me + " is in evening already\n");
    CHECK(club("tournament start evening") == "");
    CHECK(club.err == "halma: evening needs 2 players to start; it has 1\n");
    for (int level = 1; level <= 4; ++level)
        CHECK(club("tournament join evening ai:" + std::to_string(level)) ==
              "ai:" + std::to_string(level) + " joined evening (" + std::to_string(level + 1) +
                  " players)\n");
    CHECK(club("tournament pairings evening") == "");
    CHECK(club.err == "halma: evening has not started: no round is paired yet\n");

    // Ratings in 2p-small: ai:4 1750, me 1500 (a newcomer, joined before ai:3's 1500), ai:3,
    // ai:2 1250, ai:1 1000. Five: ai:1, the lowest, has the bye; the rest top half against
    // bottom half, the better placed moving first on board 1, the other on board 2.
    const std::string round1 = "evening: round 1 of 3\n"
                               "1   ai:4             ai:3             playing\n"
                               "2   ai:2             " +
                               me + std::string(17 - me.size(), ' ') +
                               "playing\n"
                               "bye ai:1, worth a win\n";
    CHECK(club("tournament start evening") ==
          "evening: Swiss of 3 rounds, 5 players, round 1 of 3 under way\n" + round1);
    CHECK(club("tournament join evening ai:5") == "");
    CHECK(club.err == "halma: evening has started: its entry is closed\n");
    CHECK(club("tournament list") ==
          "evening: Swiss of 3 rounds, 5 players, round 1 of 3 under way (by " + me + ")\n");

    server.stop(SIGKILL);
    server.start();
    CHECK(club("tournament pairings evening 1") == round1);
    const std::string standings = club("tournament standings evening");
    CHECK(standings.rfind("evening: Swiss of 3 rounds, 5 players, round 1 of 3 under way\n"
                          "Pl  Name               Pts     Bh     SB R1\n"
                          "1   ai:1                 1      0      0 +bye\n",
                          0) == 0);
    CHECK(club("tournament leave evening") == me + " withdrew from evening: paired no more\n");
}
