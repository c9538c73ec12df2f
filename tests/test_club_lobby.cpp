// The club's lobby as a player reads it at 80 columns: the terms of a seek (its variant, pace,
// rated or not, the seeker's rating in the game's family), the other lists in columns that
// fit, and the header naming the club. The lobby is fed the club's own lines through a socket.
#include "app/lobby.hpp"
#include "club/listing.hpp"
#include "club/place.hpp"
#include "screen/lobby_rows.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

using namespace halma;

namespace {

// The list's width on a terminal of 80 columns: the rest goes to who is here and the ratings.
constexpr int kListWidth = 80 - 22 - 2;

// A lobby whose club says these lines: the welcome, then the answers to what the lobby asks
// (games, who, ratings, history), read until the lists are in.
play::LobbyView lobby_told(const std::vector<std::string>& lines, const std::string& club) {
    int ends[2];
    REQUIRE(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) == 0);
    net::UniqueFd theirs(ends[1]);
    int ours = ends[0];
    app::Lobby lobby(
        [&](app::ClubWay& way, bool) {
            way.fd.reset(ours);
            ours = -1;
            return std::string();
        },
        club);
    std::string said = "welcome lobby - bob\n";
    for (const std::string& l : lines) said += l + "\n";
    REQUIRE(write(theirs.get(), said.data(), said.size()) == static_cast<ssize_t>(said.size()));
    REQUIRE(lobby.open(2000) == "");
    for (int i = 0; i < 200; ++i) {
        std::vector<pollfd> fds;
        lobby.add_fds(fds);
        if (poll(fds.data(), fds.size(), 10) > 0) lobby.serve(fds.data(), fds.size());
        for (app::LobbyAction a; lobby.next(a);) {
        }
        const play::LobbyView v = lobby.view();
        if (!v.ratings.empty() && v.sections.size() > 3 && !v.sections[3].rows.empty()) return v;
    }
    FAIL("the lobby did not take the club's lists");
    return {};
}

std::string joined(const screen::LobbyRowText& t) {
    std::string out;
    for (const std::string& l : t.lines) out += (out.empty() ? "" : "\n") + l;
    return out;
}

} // namespace

TEST_CASE("club lobby: a game's terms said short", "[club][lobby]") {
    CHECK(club::pace_short("live") == "live");
    CHECK(club::pace_short("live:30") == "live 30s/move");
    CHECK(club::pace_short("live:120") == "live 2m/move");
    CHECK(club::pace_short("live:7200") == "live 2h/move");
    CHECK(club::pace_short("days:1") == "1 day/move");
    CHECK(club::pace_short("days:3") == "3 days/move");
    CHECK(club::pace_short("clock:3+2") == "clock 3m+2s");
    club::GameInfo g;
    g.seats = {"alice", "-"};
    g.variant = "2 players 8x8";
    g.terms.pace = "clock:3+2";
    g.terms.rated = true;
    CHECK(club::terms_short(g) == "2p 8x8  clock 3m+2s  rated");
    CHECK(club::rating_family_of(g) == "2p-small");
    g.variant = "2 players 16x16 longjumps=1";
    g.terms.rated = false;
    CHECK(club::terms_short(g) == "2p 16x16 longjumps=1  clock 3m+2s  unrated");
    CHECK(club::rating_family_of(g) == "2p16");
    g.seats = {"alice", "-", "-"};
    g.variant = "3 players 16x16";
    CHECK(club::rating_family_of(g) == "3-4p");
}

TEST_CASE("club lobby: at 80 columns a seek's row says its variant, pace, rated and the "
          "seeker's rating",
          "[club][lobby]") {
    const play::LobbyView v = lobby_told(
        {
            "turns 1",
            "game 7 seeking - alice,- days:3 - rated - - 2 players 8x8",
            "game 8 seeking - carol,- live:30 - unrated - - 2 players 16x16",
            "game 9 seeking - bob,-,- days:1 - rated - - 3 players 16x16",
            "game 5 playing 2 alice,bob days:3 200000 rated - - 2 players 10x10",
            "game 6 playing 1 carol,bob live:60 41 rated - - 2 players 8x8",
            "end",
            "here alice",
            "end",
            "rating alice 2p-small 1512 80 9",
            "rating alice 2p16 1620 90 3",
            "rating bob 2p-small 1480 60 4",
            "end",
            "game 3 over - alice,bob days:3 - rated 2>1 resign 2 players 8x8",
            "end",
        },
        "the host's club, /var/lib/halma");
    REQUIRE(v.sections.size() == 4);
    const play::LobbySection& seeks = v.sections[1];
    REQUIRE(seeks.rows.size() == 3);
    // Two lines each: the seeker with their rating in the game's family and the seats open,
    // then the terms.
    const std::string alice = joined(screen::lobby_row_text(seeks.rows[0], false, kListWidth));
    CHECK(alice == " 7     alice 1512           1 seat open\n"
                   "       2p 8x8  3 days/move  rated");
    const std::string carol = joined(screen::lobby_row_text(seeks.rows[1], true, kListWidth));
    CHECK(carol == ">8     carol (new)          1 seat open\n"
                   "       2p 16x16  live 30s/move  unrated");
    // Bob's own seek: his rating in three-player games is still to come.
    const std::string bob = joined(screen::lobby_row_text(seeks.rows[2], false, kListWidth));
    CHECK(bob == " 9     bob (new)            yours, 2 to come\n"
                 "       3p 16x16  1 day/move  rated");
    for (const play::LobbyRow& r : seeks.rows)
        for (const std::string& line : screen::lobby_row_text(r, false, kListWidth).lines)
            CHECK(static_cast<int>(line.size()) <= kListWidth);
    // On a wide terminal a seek takes one line.
    CHECK(screen::lobby_row_text(seeks.rows[0], false, 120).lines ==
          std::vector<std::string>{" 7     alice 1512             1 seat open"
                                   "                     2p 8x8  3 days/move  rated"});

    // The other lists keep their columns within the width: the time to move is whole.
    REQUIRE(v.sections[0].rows.size() == 2);
    for (const play::LobbyRow& r : v.sections[0].rows) {
        const screen::LobbyRowText t = screen::lobby_row_text(r, false, kListWidth);
        REQUIRE(t.lines.size() == 1);
        CHECK(static_cast<int>(t.lines[0].size()) <= kListWidth);
        if (!r.when.empty()) CHECK(t.lines[0].find(r.when) != std::string::npos);
    }
    const play::LobbyRow& mine = v.sections[0].rows[0];
    CHECK(mine.urgent);
    const screen::LobbyRowText t = screen::lobby_row_text(mine, false, kListWidth);
    CHECK(t.lines[0].substr(static_cast<std::size_t>(t.state_x),
                            static_cast<std::size_t>(t.state_width)) == "your move");
    REQUIRE(v.sections[3].rows.size() == 1);
    CHECK(screen::lobby_row_text(v.sections[3].rows[0], false, kListWidth).lines[0] ==
          " 3     alice, bob           bob > alice (resigned)");

    // Bob's own ratings stay his: the others' are only for the rows.
    REQUIRE(v.ratings.size() == 1);
    CHECK(v.ratings[0].family == "2p-small");
    CHECK(v.ratings[0].rating == 1480);

    // The header names the club: whole when there is room, else whose it is.
    CHECK(v.club == "the host's club, /var/lib/halma");
    const screen::LobbyHeaderText head = screen::lobby_header_text(v, 79);
    CHECK(head.left == "HALMA CLUB  bob at the host's club, /var/lib/halma");
    CHECK(head.right == "1 game waits for your move");
    CHECK(head.right_x == 79 - 26);
    play::LobbyView narrow = v;
    narrow.club = "your own club, ~/.local/state/halma/club";
    CHECK(screen::lobby_header_text(narrow, 79).left == "HALMA CLUB  bob at your own club");
}

TEST_CASE("club lobby: the header says whose club it is and where", "[club][lobby]") {
    CHECK(club::describe_club_dir("/var/lib/halma") == "the host's club, /var/lib/halma");
    CHECK(club::describe_remote_club("games.example.org") == "club@games.example.org");
    CHECK(club::describe_remote_club("alice@games.example.org") == "club@games.example.org");
    const char* home = std::getenv("HOME");
    if (home && *home && std::string(home) != "/")
        CHECK(club::describe_club_dir(std::string(home) + "/.local/state/halma/club") ==
              "your own club, ~/.local/state/halma/club");
    CHECK(club::describe_club_dir("/nonexistent/halma-club") ==
          "your own club, /nonexistent/halma-club");
    if (geteuid() != 0) CHECK(club::describe_club_dir("/") == "root's club, /");
}

namespace {

// Everything one end of a socket has been sent so far (it waits up to 50 ms for more).
std::string read_all(int fd) {
    std::string got;
    char buf[4096];
    for (pollfd p{fd, POLLIN, 0}; poll(&p, 1, 50) > 0;) {
        const ssize_t n = read(fd, buf, sizeof buf);
        if (n <= 0) break;
        got.append(buf, static_cast<std::size_t>(n));
    }
    return got;
}

void serve_a_while(app::Lobby& lobby, std::vector<std::string>& said) {
    for (int i = 0; i < 20; ++i) {
        std::vector<pollfd> fds;
        lobby.add_fds(fds);
        if (poll(fds.data(), fds.size(), 5) > 0) lobby.serve(fds.data(), fds.size());
        for (app::LobbyAction a; lobby.next(a);) said.push_back(a.text);
    }
}

// A lobby its club welcomed, then back from a game: it has asked for the club's welcome back,
// on a second connection (club_back, the club's end), and waits for it.
struct LobbyComingBack {
    static constexpr const char* kWelcome = "welcome lobby - bob\n";
    net::UniqueFd club_end, club_back;
    int ours = -1;
    app::Lobby lobby{[this](app::ClubWay& way, bool) {
        if (ours < 0) return std::string("no club here");
        way.fd.reset(ours);
        ours = -1;
        return std::string();
    }};

    LobbyComingBack() {
        int first[2], second[2];
        REQUIRE(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, first) == 0);
        REQUIRE(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, second) == 0);
        club_end.reset(first[1]);
        club_back.reset(second[1]);
        ours = first[0];
        welcome(club_end);
        REQUIRE(lobby.open(2000) == "");
        (void)read_all(club_end.get()); // the hello and the lobby's first questions
        auto client = std::make_unique<net::Client>();
        REQUIRE(client->open_lobby(net::UniqueFd(second[0]), "the club") == "");
        lobby.back_from_game(std::move(client), 0, true);
    }
    static void welcome(const net::UniqueFd& end) {
        const std::string w = kWelcome;
        REQUIRE(write(end.get(), w.data(), w.size()) == static_cast<ssize_t>(w.size()));
    }
};

} // namespace

TEST_CASE("club lobby: a command typed while the club's welcome back is on the way is done "
          "when it comes",
          "[club][lobby]") {
    LobbyComingBack c;
    app::Lobby& lobby = c.lobby;
    CHECK(lobby.seek("size=8 pace=live") == "");
    CHECK(lobby.say("hello") == "");
    // A game entered is not held: what came after it would reach the game.
    CHECK(lobby.enter(5, true) == "wait a moment: the club has not answered yet");
    std::string sent = read_all(c.club_back.get());
    CHECK(sent.find("\nlobby\n") != std::string::npos);
    CHECK(sent.find("seek ") == std::string::npos); // not before the club answered
    CHECK(lobby.view().link == "reaching the club...");

    LobbyComingBack::welcome(c.club_back);
    std::vector<std::string> said;
    serve_a_while(lobby, said);
    sent = read_all(c.club_back.get());
    const auto seek = sent.find("seek size=8 pace=live\n");
    CHECK(seek != std::string::npos);
    CHECK(sent.find("say hello\n") > seek); // in the order typed
    CHECK(sent.find("say hello\n") != std::string::npos);
    CHECK(said.empty()); // nothing refused
    CHECK(lobby.view().link.empty());
}

TEST_CASE("club lobby: a command held when the connection is lost is said not sent",
          "[club][lobby]") {
    LobbyComingBack c;
    CHECK(c.lobby.seek("size=8") == "");
    c.club_back.reset(); // the club goes away before its welcome
    std::vector<std::string> said;
    serve_a_while(c.lobby, said);
    CHECK(std::find(said.begin(), said.end(),
                    "a command typed was not sent: the connection to the club was lost") !=
          said.end());
}
